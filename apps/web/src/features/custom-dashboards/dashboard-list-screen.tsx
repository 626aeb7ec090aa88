import { useMemo, useState } from 'react';
import { Anchor, Box, Button, Text } from '@mantine/core';
import { IconLayoutDashboard, IconPencil, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { TDashboardSummary } from '@esigns/contracts/custom-dashboards';
import { countOf } from '@esigns/contracts/wording';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  RowActions,
  useDeleteConfirm,
  useListQuery,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { AssignmentBadges } from './assignment-badges';
import { DASHBOARD_KEYS, deleteDashboard, fetchDashboards } from './custom-dashboards-api';
import { DashboardNameDialog } from './dashboard-name-dialog';
import { MATRIX_PATH, configPath, pagePath } from './paths';
import { useContactTypes } from './use-contact-types';

export const DASHBOARDS_PAGE_SIZE = 10;

type Handlers = {
  canEdit: boolean;
  onRename?: (row: TDashboardSummary) => void;
  onDelete?: (row: TDashboardSummary) => void;
  contactTypeNames: ReadonlyMap<string, string>;
};

function dashboardColumns({
  canEdit,
  onRename,
  onDelete,
  contactTypeNames,
}: Handlers): ListColumn<TDashboardSummary>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (row) => (
        <Box style={{ minWidth: 0 }}>
          <Anchor component={Link} to={pagePath(row._id)} fw={500} size="sm">
            {row.name}
          </Anchor>
          {row.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {row.description}
            </Text>
          )}
        </Box>
      ),
    },
    {
      key: 'widgets',
      header: 'Widgets',
      width: 100,
      cell: (row) => <Text size="sm">{countOf(row.widget_count, 'widget')}</Text>,
    },
    {
      key: 'assigned',
      header: 'Shown to',
      width: 240,
      cell: (row) => <AssignmentBadges row={row} contactTypeNames={contactTypeNames} />,
    },
    {
      key: 'updated',
      header: 'Changed',
      width: 160,
      cell: (row) => <Text size="sm">{formatDateTime(row.updated_at)}</Text>,
    },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 130,
      cell: (row) => (
        <RowActions
          name={row.name}
          open={{ to: pagePath(row._id), label: 'Open' }}
          items={[
            canEdit && {
              label: 'Configure',
              icon: <IconLayoutDashboard size={14} />,
              to: configPath(row._id),
            },
            onRename && { label: 'Rename', icon: <IconPencil size={14} />, onClick: () => onRename(row) },
            onDelete && {
              label: 'Delete',
              icon: <IconTrash size={14} />,
              color: 'red',
              onClick: () => onDelete(row),
            },
          ]}
        />
      ),
    },
  ];
}

/**
 * `/custom/dashboard-list`: the dashboards the caller sees (owners and admins: all of them),
 * server-paged with a search on the name; create, open, configure, rename and delete (asks).
 */
export function DashboardListScreen() {
  usePageTitle('Custom dashboards');
  const rights = useCan();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ row?: TDashboardSummary } | null>(null);
  const canEdit = rights.can('custom-dashboards:update');
  const types = useContactTypes(rights.can('contact-types:view'));
  const contactTypeNames = useMemo(
    () => new Map((types.data ?? []).map((t) => [t._id, t.name])),
    [types.data],
  );
  const list = useListQuery({
    pageSize: DASHBOARDS_PAGE_SIZE,
    queryKey: DASHBOARD_KEYS.page,
    queryFn: fetchDashboards,
  });
  const remove = useDeleteConfirm({
    remove: (row: TDashboardSummary) => deleteDashboard(row._id),
    invalidate: DASHBOARD_KEYS.all,
    notice: (row) => ({ message: `${row.name} deleted` }),
  });
  return (
    <ListScreen
      title="Custom dashboards"
      description="Stat cards, charts, tables and calendars over your entities, shown to the user types and contact types you choose."
      actions={
        <>
          {canEdit && (
            <Button component={Link} to={MATRIX_PATH} variant="default" leftSection={<IconUsers size={16} />}>
              Who sees what
            </Button>
          )}
          {rights.can('custom-dashboards:create') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})}>
              New dashboard
            </Button>
          )}
        </>
      }
      rights={rights}
      canView={rights.can('custom-dashboards:view')}
      list={list}
      noAccess="Your user type cannot see custom dashboards."
      search={{ label: 'Search dashboards', placeholder: 'Search by name', width: 260 }}
      dialogs={
        <>
          <DeleteDialog confirm={remove} title="Delete dashboard">
            {(row) => (
              <>
                Delete <b>{row.name}</b> and its {countOf(row.widget_count, 'widget')}? Nobody will see it any
                more. This cannot be undone.
              </>
            )}
          </DeleteDialog>
          {dialog && (
            <DashboardNameDialog
              row={dialog.row}
              onClose={() => setDialog(null)}
              onSaved={(saved) => {
                if (!dialog.row) void navigate(configPath(saved._id));
              }}
            />
          )}
        </>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the dashboards"
        empty={{
          icon: IconLayoutDashboard,
          title: 'No dashboards yet',
          text: rights.can('custom-dashboards:create')
            ? 'Create one with the button above, then add widgets.'
            : 'Dashboards assigned to you appear here.',
          filtered: { title: 'No dashboard matches', text: 'Try another search.' },
        }}
        columns={dashboardColumns({
          canEdit,
          contactTypeNames,
          onRename: canEdit ? (row) => setDialog({ row }) : undefined,
          onDelete: rights.can('custom-dashboards:delete') ? remove.ask : undefined,
        })}
        rowTestId="dashboard-row"
        minWidth={760}
        skeletonRows={4}
      />
    </ListScreen>
  );
}
