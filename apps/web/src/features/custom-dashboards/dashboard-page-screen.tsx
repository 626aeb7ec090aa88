import { Button, Group } from '@mantine/core';
import { IconLayoutDashboard, IconPencil, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TDashboard } from '@esigns/contracts/custom-dashboards';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { PageFrame, Panel, StateMessage } from '../../shared/ui/page-kit';
import { DASHBOARD_KEYS, fetchContactDashboard, fetchDashboard } from './custom-dashboards-api';
import { DashboardAreaContext, type DashboardArea } from './dashboard-area';
import { DashboardGrid } from './dashboard-grid';
import { DashboardLoadState } from './dashboard-load-state';
import { ContactTypePreview } from './contact-type-preview';
import { configPath } from './paths';
import { WidgetFrame } from './widget-frame';
import { WidgetContent } from './widget-views';

/** Reloads every widget of the page (each refetches on its own). */
function RefreshButton() {
  const queryClient = useQueryClient();
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} />}
      onClick={() => void queryClient.invalidateQueries({ queryKey: ['custom-dashboards', 'widget'] })}
    >
      Refresh
    </Button>
  );
}

/** A dashboard's widgets on its grid, each loading on its own, in the area it is open in. */
export function DashboardBody({ dashboard, area }: { dashboard: TDashboard; area: DashboardArea }) {
  if (dashboard.widgets.length === 0)
    return (
      <Panel>
        <StateMessage icon={<IconLayoutDashboard size={28} />} title="This dashboard is empty">
          Widgets added in the builder show here.
        </StateMessage>
      </Panel>
    );
  return (
    <DashboardAreaContext.Provider value={area}>
      <DashboardGrid
        widgets={dashboard.widgets}
        render={(w) => (
          <WidgetFrame widget={w}>
            <WidgetContent widget={w} />
          </WidgetFrame>
        )}
      />
    </DashboardAreaContext.Provider>
  );
}

function DashboardPage({ area }: { area: DashboardArea }) {
  const { dashboardId = '' } = useParams();
  const rights = useCan();
  const query = useQuery({
    queryKey: area === 'staff' ? DASHBOARD_KEYS.one(dashboardId) : DASHBOARD_KEYS.contactOne(dashboardId),
    queryFn: ({ signal }) =>
      area === 'staff' ? fetchDashboard(dashboardId, signal) : fetchContactDashboard(dashboardId, signal),
  });
  usePageTitle(query.data?.name ?? 'Dashboard');
  if (query.isError || !query.data) return <DashboardLoadState query={query} title="Dashboard" />;
  const canEdit = area === 'staff' && rights.can('custom-dashboards:update');
  return (
    <PageFrame
      title={query.data.name}
      description={query.data.description || undefined}
      actions={
        <Group gap="xs">
          <RefreshButton />
          {canEdit && (
            <Button component={Link} to={configPath(dashboardId)} leftSection={<IconPencil size={16} />}>
              Edit dashboard
            </Button>
          )}
        </Group>
      }
    >
      <DashboardBody dashboard={query.data} area={area} />
    </PageFrame>
  );
}

/**
 * `/page-dashboard/{dashboardId}`: a dashboard as staff open it; with `?preview_contact_type={id}`
 * the layout a contact of that type gets (`contact-type-preview.tsx`).
 */
export function DashboardPageScreen() {
  const { dashboardId = '' } = useParams();
  const [params] = useSearchParams();
  const previewType = params.get('preview_contact_type');
  if (previewType) return <ContactTypePreview dashboardId={dashboardId} typeId={previewType} />;
  return <DashboardPage area="staff" />;
}

/** `/ap/page-dashboard/{dashboardId}`: a dashboard of the contact's type, in the contact area. */
export function ContactDashboardPageScreen() {
  return <DashboardPage area="contact" />;
}
