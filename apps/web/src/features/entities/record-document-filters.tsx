import { useState } from 'react';
import { Group, SegmentedControl, Select } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TRecordDocument } from '@esigns/contracts/record-extras';
import { api } from '../../shared/api/api-client';

/*
 * The filter of a record's Documents tab: all documents (`getDocuments`), those not made from a
 * document template (`fetchEntityDocumentsNotIncludeTemplates`: files and uploads) or those made
 * from one template (`getEmployeeDocumentsByEntityIdAndConfigurableDocumentId`). The templates to
 * choose from are those the record's documents were made from, read off the full list.
 */

export type DocumentFilter = 'ALL' | 'UPLOADED' | 'TEMPLATE';
type TemplateRef = { _id: string; name: string };

const FILTERS: { value: DocumentFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'UPLOADED', label: 'Uploaded' },
  { value: 'TEMPLATE', label: 'From a template' },
];

export async function fetchRecordDocumentsWithoutTemplates(
  entityId: string,
  recordId: string,
  signal?: AbortSignal,
) {
  const body = { entity_id: entityId, entity_data_id: recordId };
  const path = '/fetchEntityDocumentsNotIncludeTemplates';
  return (await api.post<TRecordDocument[]>(path, body, { signal })).data;
}

export async function fetchRecordDocumentsOfTemplate(
  entityId: string,
  recordId: string,
  templateId: string,
  signal?: AbortSignal,
) {
  const body = { entity_id: entityId, entity_data_id: recordId, configurable_document_id: templateId };
  const path = '/getEmployeeDocumentsByEntityIdAndConfigurableDocumentId';
  return (await api.post<TRecordDocument[]>(path, body, { signal })).data;
}

/** The templates the documents were made from, once each, by name. */
function templatesOf(rows: TRecordDocument[]): TemplateRef[] {
  const byId = new Map<string, TemplateRef>();
  for (const row of rows) if (row.template) byId.set(row.template._id, row.template);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The chosen filter and the query whose documents it shows. `baseKey` is the key of the full
 * list: the filtered lists sit under it, so invalidating it refreshes them too.
 */
export function useRecordDocumentFilter(
  entityId: string,
  recordId: string,
  baseKey: readonly unknown[],
  all: UseQueryResult<TRecordDocument[]>,
) {
  const [filter, setFilter] = useState<DocumentFilter>('ALL');
  const [chosen, setChosen] = useState<string | null>(null);
  const templates = templatesOf(all.data ?? []);
  // The chosen template, or the first one when nothing is chosen or its last document went.
  const templateId = templates.find((t) => t._id === chosen)?._id ?? templates[0]?._id ?? null;
  const uploaded = useQuery({
    queryKey: [...baseKey, 'uploaded'],
    queryFn: ({ signal }) => fetchRecordDocumentsWithoutTemplates(entityId, recordId, signal),
    enabled: filter === 'UPLOADED',
  });
  const fromTemplate = useQuery({
    queryKey: [...baseKey, 'template', templateId],
    queryFn: ({ signal }) => fetchRecordDocumentsOfTemplate(entityId, recordId, templateId!, signal),
    enabled: filter === 'TEMPLATE' && templateId !== null,
  });
  const shown = filter === 'ALL' ? all : filter === 'UPLOADED' ? uploaded : fromTemplate;
  const empty =
    filter === 'ALL'
      ? 'No documents yet. Upload files (PDF, images, Office, text; 50 MB each) or link a document.'
      : filter === 'UPLOADED'
        ? 'No uploaded documents yet.'
        : templateId === null
          ? 'No documents from a template yet.'
          : 'No documents from this template yet.';
  // Without templates there is nothing to ask for: the full list tells that the answer is empty.
  const answered = filter === 'TEMPLATE' && templateId === null ? all : shown;
  const rows = answered === shown ? shown.data : all.data ? [] : undefined;
  return {
    filter,
    setFilter,
    templates,
    templateId,
    setTemplateId: setChosen,
    rows,
    isLoading: answered.isLoading,
    error: answered.error,
    empty,
  };
}

export function DocumentFilterBar({
  filter,
  onFilter,
  templates,
  templateId,
  onTemplate,
}: {
  filter: DocumentFilter;
  onFilter: (filter: DocumentFilter) => void;
  templates: TemplateRef[];
  templateId: string | null;
  onTemplate: (id: string) => void;
}) {
  return (
    <Group gap="sm" align="flex-end">
      <SegmentedControl
        size="xs"
        aria-label="Show documents"
        data={FILTERS}
        value={filter}
        onChange={(value) => onFilter(value as DocumentFilter)}
      />
      {filter === 'TEMPLATE' && templates.length > 0 && (
        <Select
          size="xs"
          aria-label="Document template"
          placeholder="Document template"
          data={templates.map((t) => ({ value: t._id, label: t.name }))}
          value={templateId}
          onChange={(value) => value && onTemplate(value)}
          allowDeselect={false}
          w={220}
        />
      )}
    </Group>
  );
}
