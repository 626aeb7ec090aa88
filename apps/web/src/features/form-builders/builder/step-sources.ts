import type { ComboboxData } from '@mantine/core';
import { fetchEntities } from '../../entities/entities-api';
import { fetchFormTemplates } from '../../form-templates/form-templates-api';
import { fetchTemplates } from '../../templates/templates-api';

/**
 * Where a step's source is chosen from, searched on the server: the company's and the standard
 * form templates (`GET /template/list`), the entities (`GET /entities`) and the active document
 * templates (`GET /document-templates`: a step names the template's `_id`, its configurable document, as
 * the API checks it).
 */

const LIMIT = 50;

export async function searchFormTemplates(search: string, signal: AbortSignal): Promise<ComboboxData> {
  const query = { page: 1, limit: LIMIT, search: search || undefined };
  const [custom, standard] = await Promise.all([
    fetchFormTemplates({ ...query, type: 'CUSTOM', sort: 'name' }, signal),
    fetchFormTemplates({ ...query, type: 'STANDARD', sort: 'name' }, signal),
  ]);
  const items = (rows: typeof custom.data) => rows.map((row) => ({ value: row._id, label: row.name }));
  return [
    { group: 'Company templates', items: items(custom.data) },
    { group: 'Standard templates', items: items(standard.data) },
  ].filter((group) => group.items.length > 0);
}

export async function searchEntities(search: string, signal: AbortSignal): Promise<ComboboxData> {
  const page = await fetchEntities({ page: 1, limit: LIMIT, search: search || undefined }, signal);
  return page.data.map((row) => ({ value: row._id, label: row.name }));
}

export async function searchDocumentTemplates(search: string, signal: AbortSignal): Promise<ComboboxData> {
  const page = await fetchTemplates(
    { page: 1, limit: LIMIT, search: search || undefined, status: 'ACTIVE' },
    signal,
  );
  return page.data.map((row) => ({ value: row._id, label: row.name }));
}
