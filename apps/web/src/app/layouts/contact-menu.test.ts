import { describe, expect, it } from 'vitest';
import { resolveMenu, type TMenu, type TMenuItemStored } from '@esigns/contracts/menus';
import { contactMenuEntries } from './contact-menu';

const BOARD = '8e1b2c3d-0000-4000-8000-000000000001';

const menuOf = (stored: TMenuItemStored[]): TMenu => ({
  _id: 'm1',
  user_type: 'ct1',
  contact_type: { _id: 'ct1', name: 'Tenant' },
  items: resolveMenu(stored, () => true, false, 'APPLICATION'),
  version: 1,
  is_default: false,
  updated_at: null,
});

describe('contactMenuEntries', () => {
  it("adds a contact type's dashboard items as links to /ap/page-dashboard/{id}, in groups too", () => {
    const entries = contactMenuEntries(
      menuOf([
        { kind: 'ROUTE', key: 'home', label: 'Home', icon: null, route: '/ap/dashboard' },
        { kind: 'DASHBOARD', key: 'rent', label: 'My rent', icon: 'chart-pie', dashboard_id: BOARD },
        {
          kind: 'GROUP',
          key: 'boards',
          label: 'Boards',
          icon: null,
          children: [{ kind: 'DASHBOARD', key: 'again', label: 'Again', icon: null, dashboard_id: BOARD }],
        },
      ]),
    );
    expect(entries).toEqual([
      { key: 'rent', label: 'My rent', icon: 'chart-pie', to: `/ap/page-dashboard/${BOARD}` },
      {
        key: 'boards',
        label: 'Boards',
        icon: null,
        children: [{ key: 'again', label: 'Again', icon: null, to: `/ap/page-dashboard/${BOARD}` }],
      },
    ]);
  });
});
