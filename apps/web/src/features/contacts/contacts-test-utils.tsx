import type { ReactElement } from 'react';
import type { TContact, TContactDocument, TContactType } from '@esigns/contracts/contacts';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';

export const CONTACT_ID = 'e1b2c3d4-0000-4000-8000-000000000001';
export const TYPE_ID = 'f1b2c3d4-0000-4000-8000-000000000001';

export function makeContact(overrides: Partial<TContact> = {}): TContact {
  return {
    _id: CONTACT_ID,
    email: 'asha.rao@example.com',
    first_name: 'Asha',
    last_name: 'Rao',
    name: 'Asha Rao',
    phone: '+91 98765 43210',
    title: 'Director',
    account_name: 'Rao Estates',
    contact_type_id: TYPE_ID,
    contact_type: { _id: TYPE_ID, name: 'Buyer' },
    address: {},
    user_id: null,
    created_by: null,
    created_at: '2025-03-04T10:00:00.000Z',
    updated_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function makeContactType(overrides: Partial<TContactType> = {}): TContactType {
  return {
    _id: TYPE_ID,
    name: 'Buyer',
    contact_count: 2,
    created_at: '2025-03-04T10:00:00.000Z',
    updated_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function makeContactDocument(overrides: Partial<TContactDocument> = {}): TContactDocument {
  return {
    _id: 'a9b2c3d4-0000-4000-8000-000000000001',
    name: 'Sale deed',
    status: 'WAITING',
    sent_at: '2025-03-05T10:00:00.000Z',
    completed_at: null,
    updated_at: '2025-03-05T10:00:00.000Z',
    is_archived: false,
    document_user_id: 'b9b2c3d4-0000-4000-8000-000000000001',
    recipient_status: 'VIEWED',
    recipient_type: 'SIGNER',
    ...overrides,
  };
}

/**
 * Renders `screen` on `pattern` (react-router notation, e.g. `/contacts/edit/:contact_id`) at
 * `path`, with the contact list and a sign-in page to land on.
 */
export function renderRoute(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path, [
    standIn('/contacts', 'contacts-list'),
    standIn('*', 'elsewhere'),
  ]);
}
