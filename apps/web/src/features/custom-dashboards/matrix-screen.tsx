import type { ReactNode } from 'react';
import { Anchor, Checkbox, Paper, Table, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { USER_TYPES } from '@esigns/contracts/auth';
import type { TDashboardSummary } from '@esigns/contracts/custom-dashboards';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { LoadError, NoAccess, PageFrame, Panel, StateMessage } from '../../shared/ui/page-kit';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { USER_TYPE_LABELS, toggled } from './assignment';
import { DASHBOARD_KEYS, fetchAllDashboards } from './custom-dashboards-api';
import { contactTypeDashboardsPath, pagePath } from './paths';
import { useAssignmentToggle } from './use-assignment-toggle';
import { useContactTypes } from './use-contact-types';

type Column = { key: string; label: string; kind: 'user' | 'contact'; link?: string };

function MatrixRow({
  row,
  columns,
  canEdit,
}: {
  row: TDashboardSummary;
  columns: readonly Column[];
  canEdit: boolean;
}) {
  const toggle = useAssignmentToggle();
  const checked = (c: Column) =>
    c.kind === 'user' ? row.user_types.includes(c.key as never) : row.contact_type_ids.includes(c.key);
  const change = (c: Column, on: boolean) =>
    toggle.mutate(
      c.kind === 'user'
        ? { row, user_types: toggled(row.user_types, c.key as (typeof USER_TYPES)[number], on, USER_TYPES) }
        : { row, contact_type_ids: toggled(row.contact_type_ids, c.key, on) },
    );
  return (
    <Table.Tr data-testid="matrix-row">
      <Table.Th scope="row" fw={500}>
        <Anchor component={Link} to={pagePath(row._id)} size="sm">
          {row.name}
        </Anchor>
      </Table.Th>
      {columns.map((c) => (
        <Table.Td key={c.key} ta="center">
          <Checkbox
            aria-label={`${row.name}: ${c.label}`}
            checked={checked(c)}
            disabled={!canEdit || toggle.isPending}
            onChange={(e) => change(c, e.currentTarget.checked)}
            styles={{ body: { justifyContent: 'center' } }}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/**
 * `/custom/CustomEntityMention`: who sees which dashboard. Dashboards (rows) against staff user
 * types and contact types (columns); a tick assigns, toggled in place.
 */
export function DashboardMatrixScreen() {
  usePageTitle('Who sees which dashboard');
  const rights = useCan();
  const dashboards = useQuery({
    queryKey: DASHBOARD_KEYS.every,
    queryFn: ({ signal }) => fetchAllDashboards(signal),
  });
  const types = useContactTypes(rights.can('contact-types:view'));
  const columns: Column[] = [
    ...USER_TYPES.map((t) => ({ key: t, label: USER_TYPE_LABELS[t], kind: 'user' as const })),
    ...(types.data ?? []).map((t) => ({
      key: t._id,
      label: t.name,
      kind: 'contact' as const,
      link: contactTypeDashboardsPath(t._id),
    })),
  ];
  const frame = (body: ReactNode) => (
    <PageFrame
      title="Who sees which dashboard"
      description="Tick a user type or a contact type to show it a dashboard. Owners and admins see every dashboard to build them."
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
  if (dashboards.isError)
    return frame(
      <Panel>
        <LoadError
          title="Could not load the dashboards"
          error={dashboards.error}
          onRetry={() => void dashboards.refetch()}
        />
      </Panel>,
    );
  if (!dashboards.data) return frame(<SkeletonStack count={4} />);
  if (dashboards.data.length === 0)
    return frame(
      <Panel>
        <StateMessage icon={<IconLayoutDashboard size={28} />} title="No dashboards yet">
          <Text size="sm" c="dimmed">
            Dashboards created under Custom dashboards appear here.
          </Text>
        </StateMessage>
      </Panel>,
    );
  return frame(
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={220 + columns.length * 110} type="native">
        <Table aria-label="Who sees which dashboard" striped withColumnBorders verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Dashboard</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.key} ta="center" c={c.kind === 'contact' ? 'grape' : undefined}>
                  {c.link ? (
                    <Anchor component={Link} to={c.link} size="sm" c="grape">
                      {c.label}
                    </Anchor>
                  ) : (
                    c.label
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dashboards.data.map((row) => (
              <MatrixRow
                key={row._id}
                row={row}
                columns={columns}
                canEdit={rights.can('custom-dashboards:update')}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>,
  );
}
