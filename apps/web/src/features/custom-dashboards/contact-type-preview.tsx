import { Alert, Badge, Button, Center, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TDashboardWidget } from '@esigns/contracts/custom-dashboards';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame } from '../../shared/ui/page-kit';
import { DASHBOARD_KEYS, fetchDashboard } from './custom-dashboards-api';
import { DashboardAreaContext } from './dashboard-area';
import { DashboardGrid } from './dashboard-grid';
import { DashboardLoadState } from './dashboard-load-state';
import { contactTypeDashboardsPath } from './paths';
import { useContactTypes } from './use-contact-types';
import { WidgetFrame } from './widget-frame';
import { WidgetContent } from './widget-views';

/*
 * "Preview" of a dashboard for a contact type (`/page-dashboard/{id}?preview_contact_type={typeId}`):
 * the layout a contact of that type gets, without figures. A contact's widgets read only the
 * records their contact type lets them (their own, with an OWN scope), so there is no one set of
 * numbers "as the type" to show; and the staff member's own figures would be wrong (they see every
 * record). Text and check-in widgets show as contacts see them: they read no records.
 */

const SAMPLE_TEXT: Record<Exclude<TDashboardWidget['type'], 'TEXT' | 'CHECK_IN'>, string> = {
  STAT: 'A number computed from the records this contact may see',
  CHART: 'A chart of the records this contact may see',
  TABLE: "Rows of the view, limited to this contact's records",
  CALENDAR: "This contact's records by date",
};

function PreviewContent({ widget }: { widget: TDashboardWidget }) {
  if (widget.type === 'TEXT' || widget.type === 'CHECK_IN') return <WidgetContent widget={widget} />;
  return (
    <Center h="100%" mih={60} data-testid="widget-sample">
      <Stack align="center" gap={4}>
        <Badge variant="light" color="gray">
          Contact's own data
        </Badge>
        <Text size="sm" c="dimmed" ta="center">
          {SAMPLE_TEXT[widget.type]}
        </Text>
      </Stack>
    </Center>
  );
}

/** The preview screen: what a contact of the type would see, layout only. */
export function ContactTypePreview({ dashboardId, typeId }: { dashboardId: string; typeId: string }) {
  const dashboard = useQuery({
    queryKey: DASHBOARD_KEYS.one(dashboardId),
    queryFn: ({ signal }) => fetchDashboard(dashboardId, signal),
  });
  const types = useContactTypes();
  const typeName = types.data?.find((t) => t._id === typeId)?.name ?? 'this contact type';
  const title = dashboard.data ? `${dashboard.data.name}: preview for ${typeName}` : 'Dashboard preview';
  usePageTitle(title);
  const back = (
    <Button
      component={Link}
      to={contactTypeDashboardsPath(typeId)}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      Dashboards of {typeName}
    </Button>
  );
  if (dashboard.isError || !dashboard.data)
    return <DashboardLoadState query={dashboard} title="Dashboard preview" actions={back} />;
  const isShown = dashboard.data.contact_type_ids.includes(typeId);
  return (
    <PageFrame title={title} actions={back}>
      <Stack gap="md">
        <Alert
          icon={<IconInfoCircle size={18} />}
          title="Layout preview, no figures"
          data-testid="preview-note"
        >
          This is the layout contacts of {typeName} get in their area. Each contact sees only the records
          their contact type allows them (for example their own), so no figures are shown here: your own would
          include every record.
          {!isShown && ` This dashboard is not shown to ${typeName} yet.`}
        </Alert>
        <DashboardAreaContext.Provider value="contact">
          <DashboardGrid
            widgets={dashboard.data.widgets}
            render={(w) => (
              <WidgetFrame widget={w}>
                <PreviewContent widget={w} />
              </WidgetFrame>
            )}
          />
        </DashboardAreaContext.Provider>
      </Stack>
    </PageFrame>
  );
}
