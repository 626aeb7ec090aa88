import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconEdit, IconLayoutList, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TEntityView } from '@esigns/contracts/entity-views';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { useCan, type Can } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  RowActions,
  useDeleteConfirm,
  useListQuery,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { editPath, viewPath } from './entity-view-editor-screen';
import { ENTITY_VIEW_KEYS, deleteEntityView, fetchEntityViews } from './entity-views-api';

export const ENTITY_VIEWS_PAGE_SIZE = 10;

function viewColumns(
  rights: Pick<Can, 'can'>,
  onDelete: (row: TEntityView) => void,
): ListColumn<TEntityView>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (row) => (
        <>
          <Anchor component={Link} to={viewPath(row._id)} fw={600} size="sm">
            {row.name}
          </Anchor>
          {row.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {row.description}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'entities',
      header: 'Entities',
      cell: (row) => (
        <Group gap={4}>
          {row.entities.map((e) => (
            <Badge key={e._id} variant="light" size="sm">
              {e.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'updated', header: 'Updated', cell: (row) => <Text size="sm">{formatDate(row.updated_at)}</Text> },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      cell: (row) => (
        <RowActions
          name={row.name}
          open={{ to: viewPath(row._id), label: 'Open' }}
          items={[
            rights.can('entity-views:update') && {
              label: 'Edit',
              icon: <IconEdit size={14} />,
              to: editPath(row._id),
            },
            rights.can('entity-views:delete') && {
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

/** /entity-views: the company's views, searched and paged on the server. */
export function EntityViewsScreen() {
  usePageTitle('Entity views');
  const rights = useCan();
  const list = useListQuery({
    pageSize: ENTITY_VIEWS_PAGE_SIZE,
    queryKey: ENTITY_VIEW_KEYS.page,
    queryFn: fetchEntityViews,
  });
  const remove = useDeleteConfirm({
    remove: (row: TEntityView) => deleteEntityView(row._id),
    invalidate: ENTITY_VIEW_KEYS.all,
    notice: (row) => ({ message: `${row.name} deleted` }),
  });
  const newView = (label: string) =>
    rights.can('entity-views:create') && (
      <Button component={Link} to="/entity-views/add" leftSection={<IconPlus size={16} />}>
        {label}
      </Button>
    );
  return (
    <ListScreen
      title="Entity views"
      description="Saved tables and boards over your entities, with their own columns, filters and sort."
      actions={newView('New view')}
      rights={rights}
      list={list}
      noAccess="Your user type cannot open entity views."
      search={{ label: 'Search views', placeholder: 'Search by name or description', width: 360 }}
      dialogs={
        <DeleteDialog confirm={remove} title="Delete view">
          {(row) => (
            <>
              Delete <b>{row.name}</b>? Its entities and records stay; menus pointing at it stop working.
            </>
          )}
        </DeleteDialog>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the views"
        empty={{
          icon: IconLayoutList,
          title: 'No entity views yet',
          text: 'A view shows the records of one or more entities with the columns, filters and sort you choose.',
          actions: newView('Create the first view'),
          filtered: { title: 'No view matches', text: 'Try other words.' },
        }}
        columns={viewColumns(rights, remove.ask)}
        rowTestId="entity-view-row"
        minWidth={640}
      />
    </ListScreen>
  );
}
