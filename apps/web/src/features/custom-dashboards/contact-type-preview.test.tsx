import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { DashboardPageScreen } from './dashboard-page-screen';
import {
  CONTACT_TYPE_ID,
  DASHBOARD_ID,
  dashboardsServer,
  makeDashboard,
  renderAt,
} from './dashboards-test-utils';

staffSessionPerTest();

const textWidget = {
  id: 'w-text',
  type: 'TEXT' as const,
  title: 'Welcome',
  layout: { x: 0, y: 8, w: 12, h: 2 },
  html: '<p>Hello tenants</p>',
};

const openPreview = (dashboard = makeDashboard()) => {
  const api = installFakeApi(dashboardsServer('ADMIN', [dashboard]));
  renderAt(
    <DashboardPageScreen />,
    '/page-dashboard/:dashboardId',
    `/page-dashboard/${DASHBOARD_ID}?preview_contact_type=${CONTACT_TYPE_ID}`,
  );
  return api;
};

describe('preview of a dashboard for a contact type', { timeout: 30_000 }, () => {
  it('shows the layout with what each widget holds, and reads no records with the staff access', async () => {
    const api = openPreview(makeDashboard({ widgets: [...makeDashboard().widgets, textWidget] }));
    expect(await screen.findByRole('heading', { name: 'Sales: preview for Tenant' })).toBeTruthy();
    expect(within(screen.getByTestId('preview-note')).getByText(/no figures are shown here/)).toBeTruthy();
    const widgets = screen.getAllByTestId('dashboard-widget');
    expect(widgets.map((w) => w.getAttribute('aria-label'))).toEqual([
      'Open deals',
      'Deals by status',
      'Welcome',
    ]);
    expect(screen.getAllByTestId('widget-sample')).toHaveLength(2);
    expect(within(widgets[2]!).getByText('Hello tenants')).toBeTruthy();
    expect(api.callsTo('/api/entities-data/count')).toHaveLength(0);
    expect(api.callsTo('/api/entities-data/charts')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Dashboards of Tenant' }).getAttribute('href')).toBe(
      `/ap-user/custom-dashboards/${CONTACT_TYPE_ID}`,
    );
  });

  it('says when the dashboard is not shown to the contact type yet', async () => {
    openPreview(makeDashboard({ contact_type_ids: [] }));
    expect(await screen.findByText(/This dashboard is not shown to Tenant yet/)).toBeTruthy();
  });
});
