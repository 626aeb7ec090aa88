import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconEye, IconLayoutDashboard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TDashboardSummary } from '@esigns/contracts/custom-dashboards';
import { countOf } from '@esigns/contracts/wording';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { LoadError, NoAccess, PageFrame, Panel, StateMessage } from '../../shared/ui/page-kit';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { toggled } from './assignment';
import { DASHBOARD_KEYS, fetchAllDashboards, fetchContactTypeDashboards } from './custom-dashboards-api';
import { MATRIX_PATH, contactPagePath, contactPreviewPath } from './paths';
import { useAssignmentToggle } from './use-assignment-toggle';
import { useContactTypes } from './use-contact-types';

function Empty({ title, children }: { title: string; children: string }) {
  return (
    <Panel>
      <StateMessage icon={<IconLayoutDashboard size={28} />} title={title}>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </StateMessage>
    </Panel>
  );
}

function AssignRow({
  row,
  typeId,
  typeName,
  canEdit,
}: {
  row: TDashboardSummary;
  typeId: string;
  typeName: string;
  canEdit: boolean;
}) {
  const toggle = useAssignmentToggle();
  const on = row.contact_type_ids.includes(typeId);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="contact-type-dashboard">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            {countOf(row.widget_count, 'widget')}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Switch
            label={on ? 'Shown' : 'Hidden'}
            aria-label={`Show ${row.name} to ${typeName}`}
            checked={on}
            disabled={!canEdit || toggle.isPending}
            onChange={(e) =>
              toggle.mutate({
                row,
                contact_type_ids: toggled(row.contact_type_ids, typeId, e.currentTarget.checked),
              })
            }
          />
          <Button
            component={Link}
            to={contactPreviewPath(row._id, typeId)}
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} />}
          >
            Preview
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * `/ap-user/custom-dashboards/{entityId}` (staff; entityId is a contact type): the dashboards of
 * that contact type first, then the others, each shown or hidden to it in place, with a preview.
 */
export function ContactTypeDashboardsScreen() {
  const { entityId = '' } = useParams();
  const rights = useCan();
  const types = useContactTypes();
  const dashboards = useQuery({
    queryKey: DASHBOARD_KEYS.every,
    queryFn: ({ signal }) => fetchAllDashboards(signal),
  });
  const typeName = types.data?.find((t) => t._id === entityId)?.name ?? 'this contact type';
  usePageTitle(`Dashboards of ${typeName}`);
  const frame = (body: ReactNode) => (
    <PageFrame
      title={`Dashboards of ${typeName}`}
      description="Contacts of this type see the dashboards shown to them in their area, each with their own records. Preview shows the layout they get."
      actions={
        <Button component={Link} to={MATRIX_PATH} variant="default">
          All assignments
        </Button>
      }
    >
      {body}
    </PageFrame>
  );
  if (!rights.isLoading && !rights.can('custom-dashboards:view'))
    return frame(
      <Panel>
        <NoAccess>Your user type cannot see custom dashboards.</NoAccess>
      </Panel>,
    );
  const failed =
    dashboards.error ??
    (types.data && !types.data.some((t) => t._id === entityId)
      ? new Error('This contact type does not exist.')
      : null);
  if (failed || types.isError)
    return frame(
      <Panel>
        <LoadError
          title="Could not load the dashboards"
          error={failed ?? types.error}
          onRetry={() => void dashboards.refetch()}
        />
      </Panel>,
    );
  if (!dashboards.data || !types.data) return frame(<SkeletonStack count={3} />);
  if (dashboards.data.length === 0)
    return frame(<Empty title="No dashboards yet">Create one under Custom dashboards.</Empty>);
  const rows = [...dashboards.data].sort(
    (a, b) => Number(b.contact_type_ids.includes(entityId)) - Number(a.contact_type_ids.includes(entityId)),
  );
  return frame(
    <Stack gap="xs">
      {rows.map((row) => (
        <AssignRow
          key={row._id}
          row={row}
          typeId={entityId}
          typeName={typeName}
          canEdit={rights.can('custom-dashboards:update')}
        />
      ))}
    </Stack>,
  );
}

/** `/ap/custom/dashboard/{entityId}` (contacts; entityId is their contact type): their dashboards. */
export function ContactDashboardsScreen() {
  const { entityId = '' } = useParams();
  usePageTitle('Dashboards');
  const query = useQuery({
    queryKey: DASHBOARD_KEYS.ofContactType(entityId),
    queryFn: ({ signal }) => fetchContactTypeDashboards(entityId, signal),
  });
  const frame = (body: ReactNode) => <PageFrame title="Dashboards">{body}</PageFrame>;
  if (query.isError)
    return frame(
      <Panel>
        <LoadError
          title="Could not load your dashboards"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Panel>,
    );
  if (!query.data) return frame(<SkeletonStack count={3} />);
  if (query.data.length === 0)
    return frame(<Empty title="No dashboards for you yet">Dashboards shared with you appear here.</Empty>);
  return frame(
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {query.data.map((row) => (
        <Card key={row._id} withBorder radius="md" data-testid="contact-dashboard-card">
          <Group gap="xs" mb={4} wrap="nowrap">
            <IconLayoutDashboard size={18} />
            <Anchor component={Link} to={contactPagePath(row._id)} fw={600}>
              {row.name}
            </Anchor>
          </Group>
          {row.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {row.description}
            </Text>
          )}
          <Badge mt="sm" variant="light" w="fit-content">
            {countOf(row.widget_count, 'widget')}
          </Badge>
        </Card>
      ))}
    </SimpleGrid>,
  );
}
