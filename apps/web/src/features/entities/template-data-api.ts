import type {
  TTemplatesFieldsResult,
  TValueCheckRequest,
  TValueCheckResult,
} from '@esigns/contracts/template-data-lookups';
import { api } from '../../shared/api/api-client';

/** Spec 3 §7 reads of template data the record screens use (`@esigns/contracts/template-data-lookups`). */

export const TEMPLATE_DATA_KEYS = {
  fieldsText: (entityId: string, recordId: string) =>
    ['entities', 'fields-text', entityId, recordId] as const,
};

/** `POST /entities-data/check`: the records (up to 5) already holding this value of a field. */
export async function checkValueTaken(
  body: TValueCheckRequest,
  signal?: AbortSignal,
): Promise<TValueCheckResult> {
  return (await api.post<TValueCheckResult>('/entities-data/check', body, { signal })).data;
}

/** `POST /TemplatesFieldsDataFromEntities`: the record's templates, each field with its value as text. */
export async function fetchRecordFieldsText(
  body: { entity_id: string; entity_data_id: string; template_ids?: string[] },
  signal?: AbortSignal,
): Promise<TTemplatesFieldsResult> {
  return (await api.post<TTemplatesFieldsResult>('/TemplatesFieldsDataFromEntities', body, { signal })).data;
}
