/** Addresses of the fill screens (routes.ts: public forms, staff forms). */

/** `/public/fbd/{code}` or, for one submission, `/public/fb/{code}/{id}`. */
export function publicBase(code: string, submissionId?: string | null): string {
  const c = encodeURIComponent(code);
  return submissionId ? `/public/fb/${c}/${encodeURIComponent(submissionId)}` : `/public/fbd/${c}`;
}

export const fillPaths = {
  verify: (code: string, id?: string | null) => `${publicBase(code, id)}/auth/verify`,
  execute: (code: string, id?: string | null) => `${publicBase(code, id)}/execute`,
  view: (code: string, id?: string | null) => `${publicBase(code, id)}/view`,
  completed: (code: string, id?: string | null) => `${publicBase(code, id)}/status/completed`,
  approvalAuth: (code: string, id?: string | null) => `${publicBase(code, id)}/approval/auth`,
  approvalExecute: (code: string, id?: string | null) => `${publicBase(code, id)}/approval/execute`,
  staffFill: (code: string) => `/fbd/${encodeURIComponent(code)}`,
  dataList: (code: string) => `/fbd/${encodeURIComponent(code)}/data-list`,
  submission: (code: string, id: string) => `/fb/${encodeURIComponent(code)}/${encodeURIComponent(id)}`,
  stepView: (code: string, templateCode: string, id: string) =>
    `/fb/view/${encodeURIComponent(code)}/${encodeURIComponent(templateCode)}/${encodeURIComponent(id)}`,
  stepEdit: (code: string, templateCode: string, id: string) =>
    `/fb/edit/${encodeURIComponent(code)}/${encodeURIComponent(templateCode)}/${encodeURIComponent(id)}`,
};

/** `search` without the link's secret `t` (and `approval`), for the address bar. */
export function searchWithout(search: string, ...keys: string[]): string {
  const params = new URLSearchParams(search);
  for (const key of keys) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
