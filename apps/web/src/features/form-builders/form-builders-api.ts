import type { TPaged } from '@esigns/contracts/envelope';
import type {
  FORM_BUILDER_SORTS,
  TCreateFormBuilderRequest,
  TFormBuilder,
  TFormOwnerType,
  TFormStatus,
  TUpdateFormBuilderRequest,
} from '@esigns/contracts/form-builders';
import { api } from '../../shared/api/api-client';

/** The staff calls of forms (spec 3 §7, "Form builders"), shaped by the shared contracts. */

export type FormBuilderSort = (typeof FORM_BUILDER_SORTS)[number];
export type FormBuilderQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: TFormStatus | undefined;
  owner_type?: TFormOwnerType | undefined;
  sort?: FormBuilderSort | undefined;
};

/** Query keys: every list under `all`, so one invalidation refreshes them all. */
export const FORM_BUILDER_KEYS = {
  all: ['form-builders'] as const,
  page: (query: FormBuilderQuery) => ['form-builders', 'list', query] as const,
  one: (id: string) => ['form-builders', 'one', id] as const,
};

const segment = encodeURIComponent;

export async function fetchFormBuilders(
  query: FormBuilderQuery,
  signal?: AbortSignal,
): Promise<TPaged<TFormBuilder>> {
  const params = { ...query, search: query.search || undefined };
  return (await api.get<TPaged<TFormBuilder>>('/formBuilders', params, { signal })).data;
}

export async function fetchFormBuilder(id: string, signal?: AbortSignal): Promise<TFormBuilder> {
  return (await api.get<TFormBuilder>(`/formBuilders/${segment(id)}`, undefined, { signal })).data;
}

export async function createFormBuilder(body: TCreateFormBuilderRequest): Promise<TFormBuilder> {
  return (await api.post<TFormBuilder>('/formBuilders', body)).data;
}

/** The whole definition with the version read: a form changed meanwhile answers 409. */
export async function updateFormBuilder(body: TUpdateFormBuilderRequest): Promise<TFormBuilder> {
  return (await api.put<TFormBuilder>('/formBuilders', body)).data;
}

export async function deleteFormBuilder(id: string): Promise<unknown> {
  return (await api.delete<unknown>(`/formBuilders/${segment(id)}`)).data;
}

/** The public link of an ACTIVE form (`/public/fbd/{code}`); other statuses answer 409. */
export async function createFormLink(id: string): Promise<{ url: string; code: string }> {
  return (await api.post<{ url: string; code: string }>('/formBuilders-url', { formbuilder_details_id: id }))
    .data;
}

/** Where staff fill a form and read its entries. */
export const formPaths = {
  builder: (form: Pick<TFormBuilder, '_id'>) => `/formBuilders/${segment(form._id)}`,
  fill: (form: Pick<TFormBuilder, 'code'>) => `/fbd/${segment(form.code)}`,
  entries: (form: Pick<TFormBuilder, 'code'>) => `/fbd/${segment(form.code)}/data-list`,
};
