import type {
  TCreateGlobalFilterRequest,
  TGlobalFilter,
  TUpdateGlobalFilterRequest,
} from '@esigns/contracts/entity-filters';
import type { TPaged } from '@esigns/contracts/envelope';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { fieldRef } from '@esigns/contracts/nocode-filters';
import { api } from '../../shared/api/api-client';
import type { TTemplateField } from '../entity-views/entity-views-api';

/**
 * The caller's global filters (`/global-filters`, our API: the spec names only the screen) and
 * the form templates their rules are on. Each answers the envelope's `data`.
 */

export const GLOBAL_FILTER_KEYS = {
  all: ['global-filters'] as const,
  templates: ['global-filters', 'templates'] as const,
  template: (id: string) => ['global-filters', 'template', id] as const,
};

const segment = encodeURIComponent;

export async function fetchGlobalFilters(signal?: AbortSignal): Promise<TGlobalFilter[]> {
  return (await api.get<TGlobalFilter[]>('/global-filters', undefined, { signal })).data;
}

export async function createGlobalFilter(body: TCreateGlobalFilterRequest): Promise<TGlobalFilter> {
  return (await api.post<TGlobalFilter>('/global-filters', body)).data;
}

export async function updateGlobalFilter(
  id: string,
  body: TUpdateGlobalFilterRequest,
): Promise<TGlobalFilter> {
  return (await api.patch<TGlobalFilter>(`/global-filters/${segment(id)}`, body)).data;
}

export async function deleteGlobalFilter(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/global-filters/${segment(id)}`)).data;
}

/** The company's and the standard templates that records can be filtered on (not repeatable ones). */
export async function fetchFilterableTemplates(signal?: AbortSignal): Promise<TFormTemplate[]> {
  const params = { page: 1, limit: 500, include_standard: true, sort: 'name' };
  const page = (await api.get<TPaged<TFormTemplate>>('/template/list', params, { signal })).data;
  return page.data.filter((t) => !t.is_repeatable);
}

export async function fetchTemplate(id: string, signal?: AbortSignal): Promise<TFormTemplate> {
  return (await api.get<TFormTemplate>(`/template/${segment(id)}`, undefined, { signal })).data;
}

/** A template's fields as filter columns (`<template_id>#<key>`). */
export function templateFields(template: TFormTemplate): TTemplateField[] {
  return template.fields.map((field) => ({
    ref: fieldRef(template._id, field.key),
    label: field.label,
    type: field.type,
    template_id: template._id,
    template_name: template.name,
    key: field.key,
    ...('options' in field
      ? { options: field.options.map((o) => ({ value: o.value, label: o.label })) }
      : {}),
  }));
}
