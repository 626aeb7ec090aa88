import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';
import { ContactDashboardsScreen, ContactTypeDashboardsScreen } from './contact-type-screens';
import { DashboardListScreen } from './dashboard-list-screen';
import { DashboardPageScreen } from './dashboard-page-screen';
import { DashboardMatrixScreen } from './matrix-screen';
import {
  CONTACT_TYPE_ID,
  DASHBOARD_ID,
  dashboardsServer,
  makeDashboard,
  renderAt,
  summaryOf,
} from './dashboards-test-utils';

staffSessionPerTest({ quietDebug: true });

const sales = makeDashboard();

describe('custom dashboards: list', { timeout: 60_000 }, () => {
  it('lists dashboards with who sees them, creates one and opens its builder', async () => {
    const api = installFakeApi(
      dashboardsServer('ADMIN', [sales], (call) =>
        call.path === '/api/custom-dashboard/create'
          ? ok(makeDashboard({ _id: 'new-id', name: 'Support' }))
          : undefined,
      ),
    );
    renderAt(<DashboardListScreen />, '/custom/dashboard-list', '/custom/dashboard-list');
    const row = await waitFor(() => rowWithText('dashboard-row', 'Sales'));
    expect(within(row).getByText('Manager')).toBeTruthy();
    expect(await within(row).findByText('Tenant')).toBeTruthy();
    expect(within(row).getByText('2 widgets')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dashboard' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Support' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByTestId('config-screen')).toBeTruthy();
    expect(api.callsTo('/api/custom-dashboard/create')[0]?.body).toEqual({
      name: 'Support',
      description: '',
    });
  });

  it('deletes after asking', async () => {
    const api = installFakeApi(
      dashboardsServer('OWNER', [sales], (call) =>
        call.method === 'DELETE' ? ok({ _id: DASHBOARD_ID }) : undefined,
      ),
    );
    renderAt(<DashboardListScreen />, '/custom/dashboard-list', '/custom/dashboard-list');
    await screen.findByText('Sales');
    fireEvent.click(screen.getByRole('button', { name: 'More actions for Sales' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete dashboard' });
    expect(api.callsTo(`/api/custom-dashboard/${DASHBOARD_ID}`, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/custom-dashboard/${DASHBOARD_ID}`, 'DELETE')).toHaveLength(1),
    );
  });

  it('a member sees the dashboards assigned to them without create, configure or delete', async () => {
    installFakeApi(dashboardsServer('MEMBER', [sales]));
    renderAt(<DashboardListScreen />, '/custom/dashboard-list', '/custom/dashboard-list');
    // Members hold `custom-dashboards:view` by default, nothing more.
    await screen.findByText('Sales');
    expect(screen.queryByTestId('no-access')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions for Sales' })).toBeNull();
  });

  it('a manager opens the list but has no create, configure or delete', async () => {
    installFakeApi(dashboardsServer('MANAGER', [sales]));
    renderAt(<DashboardListScreen />, '/custom/dashboard-list', '/custom/dashboard-list');
    await screen.findByText('Sales');
    expect(screen.queryByRole('button', { name: 'New dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions for Sales' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      `/page-dashboard/${DASHBOARD_ID}`,
    );
  });
});

describe('custom dashboards: page', { timeout: 60_000 }, () => {
  it('loads the widgets in parallel, each with its own data', async () => {
    const api = installFakeApi(dashboardsServer('MANAGER', [sales]));
    renderAt(<DashboardPageScreen />, '/page-dashboard/:dashboardId', `/page-dashboard/${DASHBOARD_ID}`);
    expect(await screen.findByTestId('stat-value')).toHaveProperty('textContent', '42');
    const chart = await screen.findByRole('table', { name: 'Deals by status data' });
    expect(within(chart).getByText('Open')).toBeTruthy();
    expect(within(chart).getByText('30')).toBeTruthy();
    expect(api.callsTo('/api/entities-data/count')[0]?.body).toEqual({
      entity_id: sales.widgets[0]!.type === 'STAT' ? sales.widgets[0]!.entity_id : '',
      apply_global_filters: false,
      metric: 'COUNT',
    });
    expect(api.callsTo('/api/entities-data/charts')[0]?.body).toMatchObject({
      group_by: 't1#status',
      metric: 'COUNT',
      limit: 12,
    });
    // A manager cannot edit: no builder link.
    expect(screen.queryByRole('link', { name: 'Edit dashboard' })).toBeNull();
  });

  it('a failing widget shows its own error and retries; the others still show', async () => {
    let chartFails = true;
    installFakeApi(
      dashboardsServer('ADMIN', [sales], (call) =>
        call.path === '/api/entities-data/charts' && chartFails
          ? fail(422, 'Not a field of this entity')
          : undefined,
      ),
    );
    renderAt(<DashboardPageScreen />, '/page-dashboard/:dashboardId', `/page-dashboard/${DASHBOARD_ID}`);
    const failed = await screen.findByRole('alert', { name: 'Deals by status failed' });
    expect(within(failed).getByText('Not a field of this entity')).toBeTruthy();
    expect((await screen.findByTestId('stat-value')).textContent).toBe('42');
    expect(screen.getByRole('link', { name: 'Edit dashboard' }).getAttribute('href')).toBe(
      `/custom/dashboard/config/${DASHBOARD_ID}`,
    );
    chartFails = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Deals by status data' })).toBeTruthy();
  });

  it('a sum is shown in the field currency', async () => {
    const sum = makeDashboard({
      widgets: [
        { ...sales.widgets[0]!, metric: 'SUM', value_field: 't1#amount' } as (typeof sales.widgets)[number],
      ],
    });
    installFakeApi(dashboardsServer('ADMIN', [sum]));
    renderAt(<DashboardPageScreen />, '/page-dashboard/:dashboardId', `/page-dashboard/${DASHBOARD_ID}`);
    await waitFor(() => expect(screen.getByTestId('stat-value').textContent).toBe('$1,250.50'));
    expect(screen.getByText('Total of Amount')).toBeTruthy();
  });

  it('an unknown dashboard says so', async () => {
    installFakeApi(dashboardsServer('ADMIN', []));
    renderAt(<DashboardPageScreen />, '/page-dashboard/:dashboardId', `/page-dashboard/${DASHBOARD_ID}`);
    expect(await screen.findByText('Could not open the dashboard')).toBeTruthy();
  });
});

describe('custom dashboards: who sees what', { timeout: 60_000 }, () => {
  it('the matrix assigns a user type in place', async () => {
    const api = installFakeApi(
      dashboardsServer('ADMIN', [sales], (call) =>
        call.path === `/api/custom-dashboard/${DASHBOARD_ID}` && call.method === 'POST'
          ? ok(makeDashboard({ user_types: ['MANAGER', 'MEMBER'], updated_at: '2026-03-05T10:00:00.000Z' }))
          : undefined,
      ),
    );
    renderAt(<DashboardMatrixScreen />, '/custom/CustomEntityMention', '/custom/CustomEntityMention');
    const member = await screen.findByRole('checkbox', { name: 'Sales: Member' });
    expect(screen.getByRole('checkbox', { name: 'Sales: Manager' })).toHaveProperty('checked', true);
    expect(await screen.findByRole('checkbox', { name: 'Sales: Tenant' })).toHaveProperty('checked', true);
    fireEvent.click(member);
    await waitFor(() =>
      expect(api.callsTo(`/api/custom-dashboard/${DASHBOARD_ID}`, 'POST')[0]?.body).toEqual({
        user_types: ['MANAGER', 'MEMBER'],
        expected_updated_at: sales.updated_at,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Sales: Member' })).toHaveProperty('checked', true),
    );
  });

  it('a manager sees the matrix without changing it', async () => {
    installFakeApi(dashboardsServer('MANAGER', [sales]));
    renderAt(<DashboardMatrixScreen />, '/custom/CustomEntityMention', '/custom/CustomEntityMention');
    expect(await screen.findByRole('checkbox', { name: 'Sales: Member' })).toHaveProperty('disabled', true);
  });

  it("a contact type's screen unassigns a dashboard and previews it", async () => {
    const other = makeDashboard({ _id: 'other', name: 'Support', contact_type_ids: [] });
    const api = installFakeApi(
      dashboardsServer('ADMIN', [other, sales], (call) =>
        call.method === 'POST' ? ok(makeDashboard({ contact_type_ids: [] })) : undefined,
      ),
    );
    renderAt(
      <ContactTypeDashboardsScreen />,
      '/ap-user/custom-dashboards/:entityId',
      `/ap-user/custom-dashboards/${CONTACT_TYPE_ID}`,
    );
    expect(await screen.findByRole('heading', { name: 'Dashboards of Tenant' })).toBeTruthy();
    const rows = screen.getAllByTestId('contact-type-dashboard');
    expect(within(rows[0]!).getByText('Sales')).toBeTruthy();
    fireEvent.click(within(rows[0]!).getByRole('switch', { name: 'Show Sales to Tenant' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/custom-dashboard/${DASHBOARD_ID}`, 'POST')[0]?.body).toEqual({
        contact_type_ids: [],
        expected_updated_at: sales.updated_at,
      }),
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Preview' }).getAttribute('href')).toBe(
      `/page-dashboard/${DASHBOARD_ID}?preview_contact_type=${CONTACT_TYPE_ID}`,
    );
  });

  it("a contact's dashboards link to their pages", async () => {
    installFakeApi(
      dashboardsServer('ADMIN', [], (call) =>
        call.path === `/api/ap/custom-dashboard/entity-type/${CONTACT_TYPE_ID}`
          ? ok([summaryOf(sales)])
          : undefined,
      ),
    );
    renderAt(
      <ContactDashboardsScreen />,
      '/ap/custom/dashboard/:entityId',
      `/ap/custom/dashboard/${CONTACT_TYPE_ID}`,
    );
    const card = await screen.findByTestId('contact-dashboard-card');
    expect(within(card).getByRole('link', { name: 'Sales' }).getAttribute('href')).toBe(
      `/ap/page-dashboard/${DASHBOARD_ID}`,
    );
  });
});
