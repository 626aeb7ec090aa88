import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TDuplicateTitle,
  TFormTemplate,
  TFormTemplateType,
  TTemplateFromExcelPreview,
} from '@esigns/contracts/form-templates';
import type { TFormFieldInput } from '@esigns/contracts/nocode-fields';
import { api } from '../../shared/api/api-client';

/**
 * The form template calls of spec 3 §7 ("Templates"), shaped by the shared contracts. Each
 * answers the envelope's `data`.
 */

export type FormTemplateSort = 'name' | '-name' | 'created_at' | '-created_at' | 'updated_at' | '-updated_at';
export type FormTemplateQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  type: TFormTemplateType;
  sort?: FormTemplateSort;
};

/** What the builder saves: the template's settings and its fields as edited. */
export type FormTemplateDraft = {
  name: string;
  description: string;
  fields: TFormFieldInput[];
  is_repeatable: boolean;
  max_entries: number | null;
};

/** Query keys: every list under `all`, so one invalidation refreshes them all. */
export const FORM_TEMPLATE_KEYS = {
  all: ['form-templates'] as const,
  page: (query: FormTemplateQuery) => ['form-templates', 'list', query] as const,
  one: (id: string) => ['form-templates', 'one', id] as const,
};

const segment = encodeURIComponent;

export async function fetchFormTemplates(
  query: FormTemplateQuery,
  signal?: AbortSignal,
): Promise<TPaged<TFormTemplate>> {
  const params = {
    page: query.page,
    limit: query.limit,
    search: query.search || undefined,
    type: query.type,
    sort: query.sort,
  };
  return (await api.get<TPaged<TFormTemplate>>('/template/list', params, { signal })).data;
}

export async function fetchFormTemplate(id: string, signal?: AbortSignal): Promise<TFormTemplate> {
  return (await api.get<TFormTemplate>(`/template/${segment(id)}`, undefined, { signal })).data;
}

export async function createFormTemplate(draft: FormTemplateDraft): Promise<TFormTemplate> {
  return (await api.post<TFormTemplate>('/template/create', draft)).data;
}

export async function updateFormTemplate(
  id: string,
  version: number,
  draft: FormTemplateDraft,
): Promise<TFormTemplate> {
  return (await api.put<TFormTemplate>('/template', { _id: id, version, ...draft })).data;
}

export async function deleteFormTemplate(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/template/${segment(id)}`)).data;
}

export async function duplicateFormTemplate(templateId: string, name?: string): Promise<TFormTemplate> {
  const body = name ? { template_id: templateId, name } : { template_id: templateId };
  return (await api.post<TFormTemplate>('/template/duplicateFormTemplate', body)).data;
}

/** Whether `name` is free (or "Copy of <the template's name>" without one), and a free one. */
export async function checkTemplateTitle(body: {
  name?: string;
  template_id?: string;
}): Promise<TDuplicateTitle> {
  return (await api.post<TDuplicateTitle>('/template/duplicateFormTemplateTitle', body)).data;
}

/** `POST template/create-from-excel`: the inferred template (`preview`) or the created one. */
export async function createTemplateFromSpreadsheet(
  file: File,
  options: { name?: string; preview: boolean },
): Promise<TFormTemplate | TTemplateFromExcelPreview> {
  const form = new FormData();
  if (options.name) form.append('name', options.name);
  if (options.preview) form.append('preview', 'true');
  form.append('file', file);
  return (await api.post<TFormTemplate | TTemplateFromExcelPreview>('/template/create-from-excel', form))
    .data;
}
