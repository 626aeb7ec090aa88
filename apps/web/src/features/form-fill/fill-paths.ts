import { useAreaBase, type AreaBase } from '../../shared/area/area-base';

/** Addresses of the fill screens (routes.ts: public forms, staff forms, the contact area's forms). */

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

/** The signed-in fill screens' addresses of one area. */
export type SignedInFillPaths = {
  fill: (code: string) => string;
  dataList: (code: string) => string;
  submission: (code: string, id: string) => string;
  /** Filling a draft or a sent-back entry again. */
  edit: (code: string, id: string) => string;
  /** Where the stepper goes once the entry is sent. */
  submitted: (code: string, id: string) => string;
  /** Correcting one TEMPLATE step (staff only). */
  stepEdit: ((code: string, templateCode: string, id: string) => string) | null;
};

const seg = encodeURIComponent;

const STAFF_FILL_PATHS: SignedInFillPaths = {
  fill: fillPaths.staffFill,
  dataList: fillPaths.dataList,
  submission: fillPaths.submission,
  edit: (code, id) => `${fillPaths.staffFill(code)}?submission=${seg(id)}`,
  submitted: fillPaths.submission,
  stepEdit: fillPaths.stepEdit,
};

/** The contact area's forms (`/ap/fbd`, `/ap/fb/view|edit`, `/ap/fbdv`, routes.ts). */
const CONTACT_FILL_PATHS: SignedInFillPaths = {
  fill: (code) => `/ap/fbd/${seg(code)}`,
  dataList: (code) => `/ap/fbdv/${seg(code)}/data-list`,
  submission: (code, id) => `/ap/fb/view/${seg(code)}/${seg(id)}`,
  edit: (code, id) => `/ap/fb/edit/${seg(code)}/${seg(id)}`,
  submitted: (code, id) => `/ap/fb/${seg(code)}/${seg(id)}/status/completed`,
  stepEdit: null,
};

export function signedInFillPaths(base: AreaBase): SignedInFillPaths {
  return base === '' ? STAFF_FILL_PATHS : CONTACT_FILL_PATHS;
}

/** The fill addresses of the area the screen is open in (staff, or the contact area). */
export function useFillPaths(): SignedInFillPaths {
  return signedInFillPaths(useAreaBase());
}

/** `search` without the link's secret `t` (and `approval`), for the address bar. */
export function searchWithout(search: string, ...keys: string[]): string {
  const params = new URLSearchParams(search);
  for (const key of keys) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
