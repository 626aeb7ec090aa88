import type { UserType } from '@esigns/contracts/auth';
import type { TEntityCustomization } from '@esigns/contracts/entity-customization';
import { defaultCustomizationConfig } from '@esigns/contracts/entity-customization';
import { defaultMenuItems, resolveMenu, type TMenu, type TMenuItemStored } from '@esigns/contracts/menus';
import { ok, type FakeCall, type FakeHandler } from '../../shared/testing/fake-api';
import { paged, withPermissions } from '../team/team-test-utils';

export const ENTITY_ID = '5e5e5e5e-0000-4000-8000-000000000001';
export const VIEW_ID = '5e5e5e5e-0000-4000-8000-000000000002';
export const TEMPLATE_ID = '5e5e5e5e-0000-4000-8000-000000000003';
export const DASHBOARD_ID = '5e5e5e5e-0000-4000-8000-000000000004';
export const BOARD_ONLY_ID = '5e5e5e5e-0000-4000-8000-000000000005';

/** Custom dashboards as `GET /custom-dashboard` lists them: one for MANAGER, one for nobody. */
export const DASHBOARDS = [
  { _id: DASHBOARD_ID, name: 'Sales board', user_types: ['MANAGER'], contact_type_ids: [] },
  { _id: BOARD_ONLY_ID, name: 'Board only', user_types: [], contact_type_ids: [] },
].map((d) => ({
  ...d,
  description: '',
  created_by: null,
  widget_count: 2,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
}));

export const ENTITIES = [
  { _id: ENTITY_ID, name: 'Property', icon: 'building' },
  { _id: '5e5e5e5e-0000-4000-8000-000000000009', name: 'Lead', icon: null },
];

export const CONTACT_TYPES = [
  { _id: '5e5e5e5e-0000-4000-8000-0000000000c1', name: 'Buyer' },
  { _id: '5e5e5e5e-0000-4000-8000-0000000000c2', name: 'Tenant' },
].map((t) => ({
  ...t,
  contact_count: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
}));

/**
 * A menu as `GET /menu/v2/{userType}` answers it, from stored items (every item resolved).
 * `userType`: a staff user type or the `_id` of one of `CONTACT_TYPES` (an application menu).
 */
export function makeMenu(userType: string, stored: TMenuItemStored[] | null, version = 3): TMenu {
  const contactType = CONTACT_TYPES.find((t) => t._id === userType);
  const area = contactType ? 'APPLICATION' : 'STAFF';
  return {
    _id: stored ? `menu-${userType}` : null,
    user_type: userType,
    contact_type: contactType ? { _id: contactType._id, name: contactType.name } : null,
    items: resolveMenu(stored ?? defaultMenuItems(area), () => true, true, area),
    version: stored ? version : 0,
    is_default: !stored,
    updated_at: stored ? '2026-03-04T10:00:00.000Z' : null,
  };
}

export const SALES_MENU: TMenuItemStored[] = [
  { key: 'home', kind: 'ROUTE', label: 'Home', icon: 'layout-dashboard', route: '/dashboard' },
  {
    key: 'sales',
    kind: 'GROUP',
    label: 'Sales',
    icon: 'building-store',
    children: [
      { key: 'properties', kind: 'ENTITY', label: 'Properties', icon: 'building', entity_id: ENTITY_ID },
      {
        key: 'open-deals',
        kind: 'ENTITY_VIEW',
        label: 'Open deals',
        icon: 'rocket',
        entity_view_id: VIEW_ID,
      },
    ],
  },
  { key: 'help', kind: 'EXTERNAL_LINK', label: 'Help', icon: null, url: 'https://example.com/help' },
];

export function makeCustomization(overrides: Partial<TEntityCustomization> = {}): TEntityCustomization {
  return {
    _id: '6c6c6c6c-0000-4000-8000-000000000001',
    company_id: 'c1',
    entity_id: ENTITY_ID,
    entity_name: 'Property',
    label: 'Sales look',
    isActive: true,
    config: { ...defaultCustomizationConfig(), labels: { singular: 'Listing', plural: 'Listings' } },
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The lists the editor picks from, the icon library, and whatever `next` answers. */
export function menuServer(userType: UserType, next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions(userType, (call: FakeCall) => {
    switch (call.path) {
      case '/api/entities':
        return ok(paged(ENTITIES));
      case '/api/contact-types':
        return ok(CONTACT_TYPES);
      case '/api/entity-view-configuration':
        return ok(paged([{ _id: VIEW_ID, name: 'Open deals', entity_name: 'Property' }]));
      case '/api/custom-dashboard':
        return ok(paged(DASHBOARDS));
      case '/api/template/list':
        return ok(paged([{ _id: TEMPLATE_ID, name: 'Site visit', type: 'CUSTOM' }]));
      case '/api/icons/getAllIcons':
        return ok([
          {
            _id: 'rocket',
            name: 'rocket',
            type: 'OUTLINE',
            content: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1"/></svg>',
          },
        ]);
      default:
        return next(call);
    }
  });
}
