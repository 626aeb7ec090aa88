import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconEdit,
  IconEye,
  IconLayoutList,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TEntityView } from '@esigns/contracts/entity-views';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import {
  ConfirmDialog,
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  StateMessage,
  isForbidden,
} from '../../shared/ui/page-kit';
import { useCan, type Can } from '../../shared/permissions/use-can';
import { editPath, viewPath } from './entity-view-editor-screen';
import {
  ENTITY_VIEW_KEYS,
  deleteEntityView,
  fetchEntityViews,
  type EntityViewQuery,
} from './entity-views-api';

export const ENTITY_VIEWS_PAGE_SIZE = 10;

function RowActions({ row, rights }: { row: TEntityView; rights: Pick<Can, 'can'> }) {
  const queryClient = useQueryClient();
  const [isDeleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteEntityView(row._id),
    onSuccess: () => {
      setDeleting(false);
      void queryClient.invalidateQueries({ queryKey: ENTITY_VIEW_KEYS.all });
      notifications.show({ color: 'teal', message: `${row.name} deleted` });
    },
  });
  const canEdit = rights.can('entity-views:update');
  const canDelete = rights.can('entity-views:delete');
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        component={Link}
        to={viewPath(row._id)}
        size="compact-sm"
        variant="light"
        leftSection={<IconEye size={14} />}
      >
        Open
      </Button>
      {(canEdit || canDelete) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`More actions for ${row.name}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canEdit && (
              <Menu.Item component={Link} to={editPath(row._id)} leftSection={<IconEdit size={14} />}>
                Edit
              </Menu.Item>
            )}
            {canDelete && (
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(true)}>
                Delete
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <ConfirmDialog
        opened={isDeleting}
        title="Delete view"
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error}
      >
        Delete <b>{row.name}</b>? Its entities and records stay; menus pointing at it stop working.
      </ConfirmDialog>
    </Group>
  );
}

/** /entity-views: the company's views, searched and paged on the server. */
export function EntityViewsScreen() {
  usePageTitle('Entity views');
  const rights = useCan();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query: EntityViewQuery = { page, limit: ENTITY_VIEWS_PAGE_SIZE, search: debounced || undefined };
  const list = useQuery({
    queryKey: ENTITY_VIEW_KEYS.page(query),
    queryFn: ({ signal }) => fetchEntityViews(query, signal),
    placeholderData: keepPreviousData,
  });
  const canCreate = rights.can('entity-views:create');
  const frame = (content: ReactNode) => (
    <PageFrame
      title="Entity views"
      description="Saved tables and boards over your entities, with their own columns, filters and sort."
      actions={
        canCreate ? (
          <Button component={Link} to="/entity-views/add" leftSection={<IconPlus size={16} />}>
            New view
          </Button>
        ) : undefined
      }
    >
      {content}
    </PageFrame>
  );

  if (rights.isLoading) return frame(<Skeleton h={320} radius="md" aria-busy="true" />);
  if (isForbidden(list.error)) {
    return frame(
      <Panel>
        <NoAccess>
          Your user type cannot open entity views. Ask an owner or admin if you need access.
        </NoAccess>
      </Panel>,
    );
  }
  let body: ReactNode;
  if (list.isPending) body = <Skeleton h={240} m="md" radius="sm" aria-busy="true" />;
  else if (list.isError)
    body = (
      <LoadError error={list.error} onRetry={() => void list.refetch()} title="Could not load the views" />
    );
  else if (list.data.data.length === 0) {
    body = (
      <StateMessage
        icon={<IconLayoutList size={28} />}
        title={debounced ? 'No view matches' : 'No entity views yet'}
      >
        <Text size="sm" c="dimmed" maw={460}>
          {debounced
            ? 'Try other words.'
            : 'A view shows the records of one or more entities with the columns, filters and sort you choose.'}
        </Text>
        {!debounced && canCreate && (
          <Button component={Link} to="/entity-views/add" mt="sm" leftSection={<IconPlus size={16} />}>
            Create the first view
          </Button>
        )}
      </StateMessage>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Entities</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.data.map((row) => (
              <Table.Tr key={row._id} data-testid="entity-view-row">
                <Table.Td>
                  <Anchor component={Link} to={viewPath(row._id)} fw={600} size="sm">
                    {row.name}
                  </Anchor>
                  {row.description && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {row.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {row.entities.map((e) => (
                      <Badge key={e._id} variant="light" size="sm">
                        {e.name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(row.updated_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <RowActions row={row} rights={rights} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return frame(
    <Stack gap="md">
      <TextInput
        aria-label="Search views"
        placeholder="Search by name or description"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <Panel>{body}</Panel>
      {list.data && (
        <ListPager
          page={page}
          limit={ENTITY_VIEWS_PAGE_SIZE}
          total={list.data.total}
          totalPages={list.data.total_pages}
          onPage={setPage}
        />
      )}
    </Stack>,
  );
}
