import type { TTemplateRow } from './templates-api';

/** A row of the templates list: an active, unpublished template with 2 recipients and 6 fields on 3 pages. */
export function makeTemplateRow(overrides: Partial<TTemplateRow> = {}): TTemplateRow {
  return {
    _id: '1b1b2c3d-0000-4000-8000-000000000001',
    name: 'Rent agreement',
    company_document_id: '2b1b2c3d-0000-4000-8000-000000000001',
    status: 'ACTIVE',
    owner: { _id: '3b1b2c3d-0000-4000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@example.com' },
    shared_with: [],
    updated_at: '2026-03-04T10:00:00.000Z',
    created_at: '2026-03-01T10:00:00.000Z',
    recipients_count: 2,
    fields_count: 6,
    page_count: 3,
    publish: { published: false, secure_access: false, url: null },
    ...overrides,
  };
}
