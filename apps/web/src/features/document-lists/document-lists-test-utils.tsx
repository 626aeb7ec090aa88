import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type {
  TDocumentListCounts,
  TDocumentListItem,
  TDocumentRecipient,
  TDocumentRecipients,
} from '@esigns/contracts/document-lists';
import type { TDocumentNote } from '@esigns/contracts/document-notes';
import { DOCUMENT_LIST_FILTERS } from '@esigns/contracts/documents';
import { renderWithProviders } from '../../shared/testing/render-with-providers';

export const DOC_ID = 'd0c00000-0000-4000-8000-000000000001';
export const DRAFT_ID = 'd0c00000-0000-4000-8000-000000000002';
export const COMPANY_DOC_ID = 'c0c00000-0000-4000-8000-000000000002';
export const SENDER_ID = 'a0000000-0000-4000-8000-000000000001';

export function makeListItem(overrides: Partial<TDocumentListItem> = {}): TDocumentListItem {
  return {
    _id: DOC_ID,
    name: 'Sale deed',
    status: 'WAITING',
    archived_at: null,
    configurable_document_id: null,
    company_document_id: null,
    sender: { _id: SENDER_ID, name: 'Olive Owner', email: 'olive@example.com' },
    recipients: [
      {
        _id: 'r1',
        name: 'Asha Rao',
        email: 'asha@example.com',
        user_type: 'SIGNER',
        status: 'SIGNED',
        signing_order: 1,
      },
      {
        _id: 'r2',
        name: 'Ben Kay',
        email: 'ben@example.com',
        user_type: 'SIGNER',
        status: 'SENT',
        signing_order: 2,
      },
    ],
    progress: { done: 1, required: 2 },
    waiting_for_me: false,
    seal_failed: false,
    sent_at: '2026-01-05T10:00:00.000Z',
    expires_at: '2026-02-04T10:00:00.000Z',
    completed_at: null,
    created_at: '2026-01-05T09:00:00.000Z',
    updated_at: '2026-01-06T09:00:00.000Z',
    actions: ['view', 'notes', 'download', 'void', 'resend'],
    ...overrides,
  };
}

export function makeCounts(overrides: Partial<TDocumentListCounts> = {}): TDocumentListCounts {
  return {
    ...(Object.fromEntries(DOCUMENT_LIST_FILTERS.map((f) => [f, 0])) as TDocumentListCounts),
    ...overrides,
  };
}

export function makeRecipient(overrides: Partial<TDocumentRecipient> = {}): TDocumentRecipient {
  return {
    _id: 'r1',
    key: 'buyer',
    name: 'Asha Rao',
    first_name: 'Asha',
    last_name: 'Rao',
    email: 'asha@example.com',
    role_name: 'Buyer',
    contact_id: null,
    user_type: 'SIGNER',
    status: 'SIGNED',
    signing_order: 1,
    color: '#F27E0C',
    email_verification: true,
    has_representative_password: false,
    is_due: false,
    sent_at: '2026-01-05T10:00:00.000Z',
    viewed_at: '2026-01-05T11:00:00.000Z',
    finished_at: '2026-01-05T12:00:00.000Z',
    reminders_sent: 0,
    last_reminded_at: null,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<TDocumentRecipients> = {}): TDocumentRecipients {
  return {
    document: makeListItem(),
    signing_order: true,
    sealing: null,
    recipients: [
      makeRecipient(),
      makeRecipient({
        _id: 'r2',
        key: 'seller',
        name: 'Ben Kay',
        email: 'ben@example.com',
        role_name: 'Seller',
        status: 'SENT',
        signing_order: 2,
        is_due: true,
        viewed_at: null,
        finished_at: null,
        reminders_sent: 2,
        last_reminded_at: '2026-01-07T10:00:00.000Z',
      }),
    ],
    ...overrides,
  };
}

export function makeNote(overrides: Partial<TDocumentNote> = {}): TDocumentNote {
  return {
    _id: 'n1',
    employee_document_id: DOC_ID,
    note: 'Called the buyer',
    author: { _id: SENDER_ID, name: 'Olive Owner', email: 'olive@example.com' },
    is_mine: true,
    edited: false,
    created_at: '2026-01-06T10:00:00.000Z',
    updated_at: '2026-01-06T10:00:00.000Z',
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <div data-testid="elsewhere">{location.pathname}</div>;
}

/** Renders `screen` on `pattern` (react-router notation) at `path`; other addresses show their path. */
export function renderRoute(screen: ReactElement, pattern: string, path: string) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: screen },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}
