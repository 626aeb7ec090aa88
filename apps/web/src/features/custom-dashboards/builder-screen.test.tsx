import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TDashboard, TDashboardUpdate } from '@esigns/contracts/custom-dashboards';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { DashboardBuilderScreen } from './builder-screen';
import {
  DASHBOARD_ID,
  ENTITY_ID,
  dashboardsServer,
  makeDashboard,
  renderAt,
  statWidget,
} from './dashboards-test-utils';

staffSessionPerTest({ quietDebug: true });

const PATTERN = '/custom/dashboard/config/:dashboardId';
const AT = `/custom/dashboard/config/${DASHBOARD_ID}`;
/** Answers a save with the saved dashboard, a newer `updated_at`. */
const savingServer = (dashboard: TDashboard) =>
  dashboardsServer('ADMIN', [dashboard], (call) =>
    call.method === 'POST' && call.path === `/api/custom-dashboard/${DASHBOARD_ID}`
      ? ok({ ...dashboard, ...(call.body as object), updated_at: '2026-03-06T10:00:00.000Z' })
      : undefined,
  );
const saveCalls = (api: ReturnType<typeof installFakeApi>) =>
  api.callsTo(`/api/custom-dashboard/${DASHBOARD_ID}`, 'POST');

describe('dashboard builder', { timeout: 120_000 }, () => {
  it('adds a stat card with a live preview and saves it with the others', async () => {
    const dashboard = makeDashboard();
    const api = installFakeApi(savingServer(dashboard));
    renderAt(<DashboardBuilderScreen />, PATTERN, AT);
    expect(await screen.findByRole('region', { name: 'Open deals' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Stat card/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Stat card widget' });
    expect(within(drawer).getByText('Choose an entity')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Title'), { target: { value: 'All deals' } });
    fireEvent.click(within(drawer).getByPlaceholderText('Choose an entity'));
    fireEvent.click(await screen.findByRole('option', { name: 'Deals' }));
    // The preview reads the real count as soon as the widget is complete.
    await waitFor(() => expect(within(drawer).getByTestId('stat-value').textContent).toBe('42'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Done' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveCalls(api)).toHaveLength(1));
    const body = saveCalls(api)[0]!.body as TDashboardUpdate;
    expect(body.expected_updated_at).toBe(dashboard.updated_at);
    expect(body.name).toBe('Sales');
    expect(body.user_types).toEqual(['MANAGER']);
    expect(body.widgets).toHaveLength(3);
    expect(body.widgets![2]).toMatchObject({
      type: 'STAT',
      title: 'All deals',
      entity_id: ENTITY_ID,
      metric: 'COUNT',
    });
    // The first free spot reading the grid: right of the chart on the first row.
    expect(body.widgets![2]!.layout).toEqual({ x: 9, y: 0, w: 3, h: 3 });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true),
    );
  });

  it('moves one widget, removes another and saves the layout', async () => {
    const api = installFakeApi(savingServer(makeDashboard()));
    renderAt(<DashboardBuilderScreen />, PATTERN, AT);
    fireEvent.click(await screen.findByRole('button', { name: 'More for Open deals' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move right' }));
    fireEvent.click(screen.getByRole('button', { name: 'More for Deals by status' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Deals by status' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveCalls(api)).toHaveLength(1));
    const body = saveCalls(api)[0]!.body as TDashboardUpdate;
    expect(body.widgets).toHaveLength(1);
    expect(body.widgets![0]).toMatchObject({ id: 'w-stat', layout: { x: 1, y: 0, w: 3, h: 3 } });
  });

  it('assigns user types and shows a widget refused by the server on its card', async () => {
    const api = installFakeApi(
      dashboardsServer('OWNER', [makeDashboard()], (call) =>
        call.method === 'POST'
          ? invalid({ 'widgets.0.value_field': 'Choose a number field to add up' })
          : undefined,
      ),
    );
    renderAt(<DashboardBuilderScreen />, PATTERN, AT);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect((saveCalls(api)[0]?.body as TDashboardUpdate).user_types).toEqual(['MANAGER', 'MEMBER']),
    );
    const card = screen.getByRole('region', { name: 'Open deals' });
    expect(await within(card).findByText('Choose a number field to add up')).toBeTruthy();
  });

  it('a save over a newer version offers to reload it', async () => {
    let version = 0;
    installFakeApi(
      dashboardsServer('ADMIN', [makeDashboard()], (call) => {
        if (call.method === 'POST') return fail(409, 'This dashboard was changed by someone else');
        if (call.method === 'GET' && call.path === `/api/custom-dashboard/${DASHBOARD_ID}`) {
          version += 1;
          return ok(makeDashboard(version > 1 ? { name: 'Sales (theirs)', widgets: [statWidget] } : {}));
        }
        return undefined;
      }),
    );
    renderAt(<DashboardBuilderScreen />, PATTERN, AT);
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByTestId('save-conflict');
    fireEvent.click(within(conflict).getByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(screen.getByLabelText(/Name/)).toHaveProperty('value', 'Sales (theirs)'));
    expect(screen.queryByTestId('save-conflict')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Deals by status' })).toBeNull();
  });

  it('a manager cannot open the builder', async () => {
    installFakeApi(dashboardsServer('MANAGER', [makeDashboard()]));
    renderAt(<DashboardBuilderScreen />, PATTERN, AT);
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
