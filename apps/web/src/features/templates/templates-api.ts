import type { TConfigurableDocument, TPublishSettings } from '@esigns/contracts/documents';
import type { TPaged } from '@esigns/contracts/envelope';
import { api, apiRequest } from '../../shared/api/api-client';
import type { TCompanyUser } from '../team/team-api';

/** A row of `GET /document-templates`. */
export type TTemplateRow = {
  _id: string;
  name: string;
  company_document_id: string;
  status: 'ACTIVE' | 'INACTIVE';
  owner: { _id: string; name: string; email: string };
  shared_with: string[];
  updated_at: string;
  created_at: string;
  recipients_count: number;
  fields_count: number;
  page_count: number;
  publish: TPublishSettings;
};

export const TEMPLATE_SORTS = [
  '-updated_at',
  'updated_at',
  'name',
  '-name',
  '-created_at',
  'created_at',
] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

export type TemplateQuery = {
  page: number;
  limit: number;
  search?: string;
  sort?: TemplateSort;
  status?: 'ACTIVE' | 'INACTIVE';
};

/** `GET /bulk-sends/{id}`: the progress of a bulk send. */
export type TBulkSend = {
  _id?: string;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  total: number;
  sent: number;
  failed: number;
  errors: { row: number; message: string }[];
};

export const TEMPLATE_KEYS = {
  all: ['templates'] as const,
  /** Every page of the list (not the publish settings). */
  lists: ['templates', 'page'] as const,
  page: (query: TemplateQuery) => ['templates', 'page', query] as const,
  publish: (id: string) => ['templates', 'publish', id] as const,
  bulkSend: (id: string) => ['bulk-sends', id] as const,
  companyUsers: (companyId: string) => ['company-users', 'all', companyId] as const,
};

const path = (id: string) => encodeURIComponent(id);

export async function fetchTemplates(
  query: TemplateQuery,
  signal?: AbortSignal,
): Promise<TPaged<TTemplateRow>> {
  const params = { ...query, search: query.search || undefined };
  return (await api.get<TPaged<TTemplateRow>>('/document-templates', params, { signal })).data;
}

/** `{id}` is the company document, `configId` the template's configurable document. */
export async function renameTemplate(row: Pick<TTemplateRow, '_id' | 'company_document_id'>, name: string) {
  return (
    await api.post<TConfigurableDocument>(`/document-templates/${path(row.company_document_id)}/rename`, {
      name,
      configId: row._id,
    })
  ).data;
}

export async function duplicateTemplate(id: string, body: { name: string; isShareTemplate: boolean }) {
  return (
    await api.post<TConfigurableDocument>(`/document-templates/${path(id)}/duplicate`, {
      ...body,
      is_duplicate: true,
    })
  ).data;
}

export async function shareTemplate(templateId: string, userIds: string[]) {
  return (
    await api.post<TConfigurableDocument>('/share-template', { template_id: templateId, user_ids: userIds })
  ).data;
}

export async function deleteTemplate(id: string) {
  return (await api.delete<{ _id: string }>(`/document-templates/${path(id)}`)).data;
}

export async function setTemplateStatus(id: string, status: 'ACTIVE' | 'INACTIVE') {
  return (await api.patch<TConfigurableDocument>(`/configurable-documents/${path(id)}/status`, { status }))
    .data;
}

export async function fetchPublishSettings(id: string, signal?: AbortSignal) {
  return (await api.get<TPublishSettings>(`/document-templates/${path(id)}/published`, undefined, { signal }))
    .data;
}

export async function savePublishSettings(id: string, body: { published: boolean; secure_access: boolean }) {
  return (await api.post<TPublishSettings>(`/document-templates/${path(id)}/published`, body)).data;
}

/** A CSV answer of the API, as text. */
async function fetchCsv(apiPath: string): Promise<string> {
  const body = await apiRequest<unknown>({ method: 'GET', path: apiPath, headers: { accept: 'text/csv' } });
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** The sample sheet of a template's bulk send, as CSV text. */
export function fetchBulkSample(id: string): Promise<string> {
  return fetchCsv(`/document-templates/${path(id)}/bulk-send/sample`);
}

/** The data entered in the documents sent from a template, one row per document, as CSV text. */
export function fetchTemplateDataCsv(id: string): Promise<string> {
  return fetchCsv(`/documents/template-documents-data/${path(id)}?format=csv&sort=-sent_at`);
}

export type TBulkSendPreview = {
  total: number;
  rows: { row: number; name: string; recipients: { role: string; name: string; email: string }[] }[];
};

/** The sheet checked as the send checks it, nothing sent: the count and the first rows. */
export async function previewBulkSend(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<TBulkSendPreview>(`/document-templates/${path(id)}/bulk-send/preview`, form)).data;
}

export async function startBulkSend(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return (
    await api.post<{ bulk_send_id: string; total: number }>(`/document-templates/${path(id)}/bulk-send`, form)
  ).data;
}

export async function fetchBulkSend(id: string, signal?: AbortSignal) {
  return (await api.get<TBulkSend>(`/bulk-sends/${path(id)}`, undefined, { signal })).data;
}

/** Every active member of the workspace, for the share picker. */
export async function fetchAllCompanyUsers(companyId: string, signal?: AbortSignal): Promise<TCompanyUser[]> {
  const { data } = await api.get<TCompanyUser[]>(`/getAllCompanyUsers/${path(companyId)}`, undefined, {
    signal,
  });
  return Array.isArray(data) ? data : [];
}
