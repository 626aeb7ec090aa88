import {
  ZDocumentSettings,
  type TConfigurableDocument,
  type TDocumentLayout,
  type TField,
  type TRecipient,
} from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import { blankFieldParts } from './field-catalogue';

/* Test data for the editor's tests (unit and web). */

export const LETTER: TPageSize = { width: 612, height: 792 };

export function makeRecipient(overrides: Partial<TRecipient> = {}): TRecipient {
  return {
    key: 'r1',
    role_name: '',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    contact_id: null,
    user_type: 'SIGNER',
    signing_order: 1,
    color: '#F27E0C',
    email_verification: false,
    ...overrides,
  };
}

export function makeField(overrides: Partial<TField> = {}): TField {
  return {
    key: 'f1',
    type: 'SIGNATURE',
    page: 1,
    x: 100,
    y: 100,
    width: 160,
    height: 48,
    recipient_key: 'r1',
    ...blankFieldParts('SIGNATURE'),
    options: [],
    ...overrides,
  };
}

export function makeLayout(overrides: Partial<TDocumentLayout> = {}): TDocumentLayout {
  return {
    name: 'Lease agreement',
    fields: [],
    document_users: [makeRecipient()],
    settings: ZDocumentSettings.parse({}),
    ...overrides,
  };
}

export const DOCUMENT_ID = '11111111-1111-4111-8111-111111111111';
export const COMPANY_DOCUMENT_ID = '22222222-2222-4222-8222-222222222222';

export function makeConfigurableDocument(
  overrides: Partial<TConfigurableDocument> = {},
): TConfigurableDocument {
  const pages = overrides.pages ?? [LETTER, LETTER];
  return {
    _id: DOCUMENT_ID,
    company_document_id: COMPANY_DOCUMENT_ID,
    name: 'Lease agreement',
    is_template: false,
    status: 'ACTIVE',
    file: {
      file_ref_id: 'companies/c1/documents/a.pdf',
      name: 'lease.pdf',
      original_name: 'lease.pdf',
      mime_type: 'application/pdf',
      size: 1000,
      page_count: pages.length,
      pages,
      sha256: 'a'.repeat(64),
      url: '/api/storage/lease.pdf',
    },
    pages,
    fields: [],
    document_users: [makeRecipient()],
    settings: ZDocumentSettings.parse({}),
    publish: { published: false, secure_access: false, url: null },
    owner: { _id: '33333333-3333-4333-8333-333333333333', name: 'Ada Lovelace', email: 'ada@example.com' },
    shared_with: [],
    employee_document_id: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
