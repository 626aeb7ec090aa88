import type {
  TCreateEntityCustomizationRequest,
  TEntityCustomization,
  TUpdateEntityCustomizationRequest,
} from '@esigns/contracts/entity-customization';
import { SYSTEM_COLUMNS, fieldRef } from '@esigns/contracts/nocode-filters';
import { api } from '../../shared/api/api-client';

/** The entity customization calls (`/entity-customization/*`, spec 1 §7). */

export const CUSTOMIZATION_KEYS = {
  all: ['entity-customization'] as const,
  ofEntity: (entityId: string) => ['entity-customization', 'entity', entityId] as const,
  fields: (entityId: string) => ['entity-customization', 'fields', entityId] as const,
};

const segment = encodeURIComponent;

export async function fetchEntityCustomizations(
  entityId: string,
  signal?: AbortSignal,
): Promise<TEntityCustomization[]> {
  return (
    await api.get<TEntityCustomization[]>(`/entity-customization/entity_id/${segment(entityId)}`, undefined, {
      signal,
    })
  ).data;
}

export async function createCustomization(
  body: TCreateEntityCustomizationRequest,
): Promise<TEntityCustomization> {
  return (await api.post<TEntityCustomization>('/entity-customization/create', body)).data;
}

export async function updateCustomization(
  body: TUpdateEntityCustomizationRequest,
): Promise<TEntityCustomization> {
  return (await api.put<TEntityCustomization>('/entity-customization/update', body)).data;
}

export async function deleteCustomization(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/entity-customization/${segment(id)}`)).data;
}

/** A column the record list can show: a field of one of the entity's templates, or a system column. */
export type ColumnOption = { value: string; label: string; group: string };

const SYSTEM_LABELS: Record<(typeof SYSTEM_COLUMNS)[number], string> = {
  title: 'Title',
  created_at: 'Created',
  updated_at: 'Updated',
  created_by: 'Created by',
};

type EntityTemplates = { templates: { template_id: string; name?: string }[] };
type TemplateFields = { _id: string; name: string; fields: { key: string; label: string }[] };

/** The fields of the entity's templates (`<template_id>#<key>`), then the system columns. */
export async function fetchColumnOptions(entityId: string, signal?: AbortSignal): Promise<ColumnOption[]> {
  const entity = (await api.get<EntityTemplates>(`/entities/${segment(entityId)}`, undefined, { signal }))
    .data;
  const templates = await Promise.all(
    entity.templates.map(
      async (t) =>
        (await api.get<TemplateFields>(`/template/${segment(t.template_id)}`, undefined, { signal })).data,
    ),
  );
  const fields = templates.flatMap((template) =>
    template.fields.map((field) => ({
      value: fieldRef(template._id, field.key),
      label: `${field.label}`,
      group: template.name,
    })),
  );
  return [...fields, ...SYSTEM_COLUMNS.map((c) => ({ value: c, label: SYSTEM_LABELS[c], group: 'Record' }))];
}
