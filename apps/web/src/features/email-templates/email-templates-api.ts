import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TEmailTemplate,
  TEmailTemplateCreate,
  TEmailTemplateUpdate,
  TMergeField,
  TRecordMailBatch,
  TRecordMailRequest,
  TRenderedEmail,
} from '@esigns/contracts/email';
import { api } from '../../shared/api/api-client';

/** The email template calls (apps/server/src/modules/email-templates/README.md). */

export type EmailTemplateQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  /** `ENTITY` or `HEADER_FOOTER` (`TEmailTemplateType`); none: both. */
  type?: string | undefined;
  entity_id?: string | undefined;
};

export const EMAIL_TEMPLATE_KEYS = {
  all: ['email-templates'] as const,
  page: (query: EmailTemplateQuery) => ['email-templates', 'list', query] as const,
  one: (id: string) => ['email-templates', 'one', id] as const,
  ofEntity: (entityId: string) => ['email-templates', 'entity', entityId] as const,
  headerFooters: ['email-templates', 'header-footers'] as const,
  mergeFields: (entityId: string) => ['email-templates', 'merge-fields', entityId] as const,
};

const segment = encodeURIComponent;

export async function fetchEmailTemplates(
  query: EmailTemplateQuery,
  signal?: AbortSignal,
): Promise<TPaged<TEmailTemplate>> {
  const params = { ...query, search: query.search || undefined };
  return (await api.get<TPaged<TEmailTemplate>>('/email-template/list', params, { signal })).data;
}

export async function fetchEntityEmailTemplates(entityId: string, signal?: AbortSignal) {
  const path = `/entity-email-template/getAll/${segment(entityId)}`;
  return (await api.get<TEmailTemplate[]>(path, undefined, { signal })).data;
}

export async function fetchEmailTemplate(id: string, signal?: AbortSignal): Promise<TEmailTemplate> {
  return (await api.get<TEmailTemplate>(`/entity-email-template/${segment(id)}`, undefined, { signal })).data;
}

export async function fetchMergeFields(entityId: string, signal?: AbortSignal): Promise<TMergeField[]> {
  const path = `/entity-email-template/merge-fields/${segment(entityId)}`;
  return (await api.get<TMergeField[]>(path, undefined, { signal })).data;
}

export async function createEmailTemplate(body: TEmailTemplateCreate): Promise<TEmailTemplate> {
  return (await api.post<TEmailTemplate>('/entity-email-template/create', body)).data;
}

export async function updateEmailTemplate(body: TEmailTemplateUpdate): Promise<TEmailTemplate> {
  return (await api.patch<TEmailTemplate>('/entity-email-template/update', body)).data;
}

export async function duplicateEmailTemplate(id: string): Promise<TEmailTemplate> {
  return (await api.post<TEmailTemplate>('/entity-email-template/duplicate', { id })).data;
}

export async function deleteEmailTemplate(id: string): Promise<unknown> {
  return (await api.delete<unknown>(`/entity-email-template/delete/${segment(id)}`)).data;
}

export type PreviewDraft = {
  entity_id: string;
  subject: string;
  body_html: string;
  header_footer_id: string | null;
};

export async function previewEmailTemplate(body: {
  id?: string;
  draft?: PreviewDraft;
  record_id?: string;
  send_to_me?: boolean;
}): Promise<TRenderedEmail> {
  return (await api.post<TRenderedEmail>('/entity-email-template/preview', body)).data;
}

export async function sendRecordMails(body: TRecordMailRequest): Promise<TRecordMailBatch> {
  return (await api.post<TRecordMailBatch>('/entities/emails', body)).data;
}

export async function fetchRecordMailBatch(batchId: string, signal?: AbortSignal): Promise<TRecordMailBatch> {
  const path = `/entities/emails/${segment(batchId)}`;
  return (await api.get<TRecordMailBatch>(path, undefined, { signal })).data;
}
