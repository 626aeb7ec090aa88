import type { ComboboxData } from '@mantine/core';
import { fetchFormBuilders } from '../../form-builders/form-builders-api';
import { fetchCompanyUsers } from '../../team/team-api';

export { searchDocumentTemplates } from '../../form-builders/builder/step-sources';

/**
 * Where a step's form and a role's company user are chosen from, searched on the server (the
 * document templates come from the forms builder's own search: `GET /document-templates`).
 */
const LIMIT = 50;

export async function searchForms(search: string, signal: AbortSignal): Promise<ComboboxData> {
  const page = await fetchFormBuilders({ page: 1, limit: LIMIT, search: search || undefined }, signal);
  return page.data
    .filter((form) => form.status !== 'INACTIVE')
    .map((form) => ({ value: form._id, label: form.name }));
}

export async function searchCompanyUsers(search: string, signal: AbortSignal): Promise<ComboboxData> {
  const page = await fetchCompanyUsers({ page: 1, limit: LIMIT, search, status: 'ACTIVE' }, signal);
  return page.data.flatMap((user) =>
    user.user_id
      ? [{ value: user.user_id, label: `${user.first_name} ${user.last_name}`.trim() || user.email }]
      : [],
  );
}
