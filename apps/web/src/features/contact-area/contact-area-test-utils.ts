import type {
  TApplicationUserDocument,
  TApplicationUserForm,
  TContactEntityAccess,
} from '@esigns/contracts/application-users';
import type { TMenu } from '@esigns/contracts/menus';
import { CONTACT_TYPE_ID } from '../../shared/testing/fake-api';

export const page = <T>(rows: T[], total = rows.length) => ({
  data: rows,
  total,
  page: 1,
  total_pages: Math.max(1, Math.ceil(total / 20)),
});

export function makeContactDocument(
  overrides: Partial<TApplicationUserDocument> = {},
): TApplicationUserDocument {
  return {
    _id: 'doc-1',
    name: 'Lease agreement',
    status: 'WAITING',
    sender: { name: 'Ada Lovelace', email: 'ada@example.com' },
    recipient: { _id: 'rcp-1', user_type: 'SIGNER', status: 'SENT' },
    waiting_for_me: true,
    sign_url: '/emp-documents/preview/doc-1/pp/vp/rcp-1?t=secret',
    can_download: false,
    progress: { done: 0, required: 1 },
    sent_at: '2026-11-20T10:00:00.000Z',
    expires_at: null,
    completed_at: null,
    ...overrides,
  };
}

export function makeContactForm(overrides: Partial<TApplicationUserForm> = {}): TApplicationUserForm {
  return {
    _id: 'form-1',
    name: 'Move-in checklist',
    code: 'move-in-ab12',
    description: 'Tell us how the flat looked on the day you moved in.',
    availability: 'OPEN',
    allows_many: false,
    submissions: [],
    ...overrides,
  };
}

export function makeAccess(overrides: Partial<TContactEntityAccess> = {}): TContactEntityAccess {
  return {
    entity_id: 'entity-1',
    read: true,
    create: false,
    update: false,
    delete: false,
    scope: 'OWN',
    ...overrides,
  };
}

/** The contact type's stored menu: an entity, a group with a view, and an outside link. */
export function makeContactMenu(): TMenu {
  const leaf = { permission: null, icon: null, children: [] };
  return {
    _id: 'menu-1',
    user_type: CONTACT_TYPE_ID,
    contact_type: { _id: CONTACT_TYPE_ID, name: 'Tenant' },
    version: 1,
    is_default: false,
    updated_at: '2026-11-20T10:00:00.000Z',
    items: [
      { ...leaf, key: 'ap.documents', kind: 'ROUTE', label: 'Documents', route: '/ap/documents' },
      {
        ...leaf,
        key: 'repairs',
        kind: 'ENTITY',
        label: 'Repair requests',
        route: '/ap/entity/entity-1/repairs',
        entity_id: 'entity-1',
      },
      {
        ...leaf,
        key: 'more',
        kind: 'GROUP',
        label: 'My flat',
        route: null,
        children: [
          {
            key: 'payments',
            kind: 'ENTITY_VIEW',
            label: 'Rent payments',
            route: '/ap/entity-views/view/view-1',
            icon: null,
            permission: null,
            entity_view_id: 'view-1',
          },
        ],
      },
      {
        ...leaf,
        key: 'help',
        kind: 'EXTERNAL_LINK',
        label: 'Help centre',
        route: null,
        url: 'https://example.com/help',
      },
    ],
  };
}
