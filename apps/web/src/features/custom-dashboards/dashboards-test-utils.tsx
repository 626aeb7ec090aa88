import type { ReactElement } from 'react';
import type { UserType } from '@esigns/contracts/auth';
import type { TDashboard, TDashboardSummary, TDashboardWidget } from '@esigns/contracts/custom-dashboards';
import { ok, type FakeCall, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { paged, withPermissions } from '../team/team-test-utils';

export const DASHBOARD_ID = '8e1b2c3d-0000-4000-8000-000000000001';
export const ENTITY_ID = '5e1b2c3d-0000-4000-8000-000000000001';
export const VIEW_ID = '9e1b2c3d-0000-4000-8000-000000000001';
export const CONTACT_TYPE_ID = 'ae1b2c3d-0000-4000-8000-000000000001';

export const FIELDS = [
  {
    ref: 't1#amount',
    label: 'Amount',
    type: 'CURRENCY',
    template_id: 't1',
    template_name: 'Deal',
    key: 'amount',
    currency: 'USD',
  },
  {
    ref: 't1#status',
    label: 'Status',
    type: 'SELECT',
    template_id: 't1',
    template_name: 'Deal',
    key: 'status',
    options: [
      { value: 'open', label: 'Open' },
      { value: 'won', label: 'Won' },
    ],
  },
  {
    ref: 't1#closed_on',
    label: 'Closed on',
    type: 'DATE',
    template_id: 't1',
    template_name: 'Deal',
    key: 'closed_on',
  },
];

export const statWidget: TDashboardWidget = {
  id: 'w-stat',
  type: 'STAT',
  title: 'Open deals',
  layout: { x: 0, y: 0, w: 3, h: 3 },
  entity_id: ENTITY_ID,
  filter_id: null,
  filters: null,
  apply_global_filters: false,
  metric: 'COUNT',
  value_field: null,
};

export const chartWidget: TDashboardWidget = {
  id: 'w-chart',
  type: 'CHART',
  title: 'Deals by status',
  layout: { x: 3, y: 0, w: 6, h: 7 },
  entity_id: ENTITY_ID,
  filter_id: null,
  filters: null,
  apply_global_filters: false,
  chart: 'PIE',
  group_by: 't1#status',
  date_bucket: null,
  metric: 'COUNT',
  value_field: null,
  limit: 12,
};

export function makeDashboard(overrides: Partial<TDashboard> = {}): TDashboard {
  return {
    _id: DASHBOARD_ID,
    name: 'Sales',
    description: 'The pipeline at a glance',
    user_types: ['MANAGER'],
    contact_type_ids: [CONTACT_TYPE_ID],
    widgets: [statWidget, chartWidget],
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export const summaryOf = ({ widgets, ...rest }: TDashboard): TDashboardSummary => ({
  ...rest,
  widget_count: widgets.length,
});

/**
 * Answers permissions, the dashboard calls, entities, fields, contact types and the widgets'
 * data calls (count 42, two status groups); other calls go to `next` first.
 */
export function dashboardsServer(
  userType: UserType,
  dashboards: TDashboard[],
  next: FakeHandler = () => undefined,
): FakeHandler {
  return withPermissions(userType, async (call: FakeCall) => {
    const answer = await next(call);
    if (answer) return answer;
    if (call.path === '/api/custom-dashboard' && call.method === 'GET')
      return ok(paged(dashboards.map(summaryOf)));
    const one = dashboards.find(
      (d) =>
        call.path === `/api/custom-dashboard/${d._id}` || call.path === `/api/ap/custom-dashboard/${d._id}`,
    );
    if (one && call.method === 'GET') return ok(one);
    if (call.path === '/api/entities') return ok(paged([{ _id: ENTITY_ID, name: 'Deals' }]));
    if (call.path === '/api/template-fields') return ok(FIELDS);
    if (call.path === '/api/contact-types')
      return ok([{ _id: CONTACT_TYPE_ID, name: 'Tenant', contact_count: 3, created_at: '', updated_at: '' }]);
    if (call.path === '/api/entity-filter') return ok([{ _id: 'f1', filter_name: 'Big deals' }]);
    if (call.path === '/api/entities-data/count') return ok({ count: 42, capped: false, value: 1250.5 });
    if (call.path === '/api/entities-data/charts')
      return ok([
        { key: 'open', value: 30 },
        { key: 'won', value: 12 },
      ]);
    return undefined;
  });
}

/** Renders `screen` on `pattern` at `path`, with stand-ins for the places the screens go to. */
export function renderAt(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path, [
    standIn('/custom/dashboard/config/:id', 'config-screen'),
    standIn('/page-dashboard/:id', 'page-screen'),
    standIn('*', 'elsewhere'),
  ]);
}
