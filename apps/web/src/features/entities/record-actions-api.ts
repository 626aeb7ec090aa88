import type {
  TCompanyDetails,
  TCreateCompanyRequest,
  TDocumentPrintingRequest,
  TEntityNotificationRequest,
  TFoundRecord,
  TNotificationResult,
  TPublicLink,
  TPublicRecordView,
  TRecordNotificationRequest,
  TRowFieldsPage,
  TTemplateDataAllEntities,
} from '@esigns/contracts/entity-actions';
import { buildAuthHeaders, ensureFreshSession, readSessionAuthDetails } from '../../shared/api/api-client';
import { errorFromFetchResponse } from '../../shared/api/api-error';
import { api } from '../../shared/api/api-client';

/** The spec 3 record calls besides editing (`@esigns/contracts/entity-actions`). */

export const RECORD_ACTION_KEYS = {
  company: (id: string) => ['entities', 'company', id] as const,
  rows: (body: object) => ['entities', 'data-table-rows', body] as const,
  templateData: (query: object) => ['entities', 'template-data', query] as const,
  publicRecord: (id: string, token: string) => ['public-record', id, token] as const,
};

const segment = encodeURIComponent;

type Notify = Omit<TEntityNotificationRequest, 'entity_id'>;

/** `POST /entities/send-notification` or, with records, `/entities-data/send-notification`. */
export async function sendNotification(
  entityId: string,
  recordIds: string[] | null,
  body: Notify,
): Promise<TNotificationResult> {
  if (!recordIds) {
    return (
      await api.post<TNotificationResult>('/entities/send-notification', { entity_id: entityId, ...body })
    ).data;
  }
  const request: TRecordNotificationRequest = { entity_id: entityId, entity_data_ids: recordIds, ...body };
  return (await api.post<TNotificationResult>('/entities-data/send-notification', request)).data;
}

/**
 * `POST /entities-data/document-printing`: the PDF as a blob. A plain fetch (the API client reads
 * JSON), with the session's headers after making sure the token is fresh.
 */
export async function printRecords(
  body: Omit<TDocumentPrintingRequest, 'date_format'> & { date_format?: string },
): Promise<Blob> {
  await ensureFreshSession();
  const response = await fetch('/api/entities-data/document-printing', {
    method: 'POST',
    headers: { ...buildAuthHeaders(readSessionAuthDetails()), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorFromFetchResponse(response);
  return response.blob();
}

export async function createCompany(body: Partial<TCreateCompanyRequest> & { name: string }) {
  return (await api.post<TFoundRecord>('/entities/createCompany', body)).data;
}

export async function fetchCompany(id: string, signal?: AbortSignal): Promise<TCompanyDetails> {
  return (await api.get<TCompanyDetails>(`/entities/getCompany/${segment(id)}`, undefined, { signal })).data;
}

export async function findOrAddPerson(body: {
  entity_id: string;
  user_id?: string;
  contact_id?: string;
}): Promise<TFoundRecord> {
  return (await api.post<TFoundRecord>('/user-entity-data', body)).data;
}

export async function fetchDataTableRows(
  body: { entity_id: string; field: string; entity_data_ids?: string[]; page: number; limit: number },
  signal?: AbortSignal,
): Promise<TRowFieldsPage> {
  return (await api.post<TRowFieldsPage>('/entities-data/data-table/row-fields', body, { signal })).data;
}

export async function fetchTemplateDataAllEntities(
  query: { template_id: string; page: number; limit: number; search?: string | undefined },
  signal?: AbortSignal,
): Promise<TTemplateDataAllEntities> {
  return (
    await api.get<TTemplateDataAllEntities>(
      '/templates-entity-data-all-entities',
      { ...query, search: query.search || undefined },
      { signal },
    )
  ).data;
}

export async function createPublicLink(body: {
  entity_data_id: string;
  template_id?: string;
  expires_in_days: number;
}): Promise<TPublicLink> {
  return (await api.post<TPublicLink>('/entities-data/public-link', body)).data;
}

/** `GET /oa_entitydata/{id}`: no session needed (the link's token is the access). */
export async function fetchPublicRecord(
  params: { id: string; entity_id: string; template_id: string; token: string },
  signal?: AbortSignal,
): Promise<TPublicRecordView> {
  const { id, ...query } = params;
  return (
    await api.get<TPublicRecordView>(`/oa_entitydata/${segment(id)}`, query, {
      signal,
      skipAuthRefresh: true,
    })
  ).data;
}
