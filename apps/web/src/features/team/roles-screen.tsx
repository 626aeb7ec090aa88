import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconSearch, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatPageRange } from '../../shared/format/range';
import { RoleDialog, type RoleDialogTarget } from './role-dialog';
import { deleteRole, fetchRoles, type RoleQuery, type TRole } from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { USER_TYPE_COLORS, USER_TYPE_LABELS, assignableUserTypes } from './team-labels';
import {
  ConfirmDialog,
  LoadError,
  NoAccess,
  PageHeader,
  Panel,
  StateMessage,
  isForbidden,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';

export const ROLES_PAGE_SIZE = 10;

const TYPE_FILTERS = [
  { value: '', label: 'All user types' },
  ...USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] })),
];

function LoadingRows() {
  return (
    <>
      {Array.from({ length: 4 }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: 5 }, (__, j) => (
            <Table.Td key={j}>
              <Skeleton h={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** /roles: the company's roles (named groups within a user type): list, create, edit, delete. */
export function RolesScreen() {
  usePageTitle('Roles');
  const rights = useCan();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [userType, setUserType] = useState<UserType | ''>('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<RoleDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<TRole | null>(null);

  const canView = rights.can('roles:view');
  const canCreate = rights.can('roles:create');
  const assignable = assignableUserTypes(rights.userType);

  const query: RoleQuery = {
    page,
    limit: ROLES_PAGE_SIZE,
    search: debouncedSearch || undefined,
    user_type: userType || undefined,
  };
  const list = useQuery({
    queryKey: TEAM_KEYS.rolePage(query),
    queryFn: ({ signal }) => fetchRoles(query, signal),
    enabled: canView,
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (role: TRole) => deleteRole(role._id),
    onSuccess: (_result, role) => {
      notifications.show({ color: 'teal', title: 'Role deleted', message: role.name });
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: TEAM_KEYS.roles });
    },
  });

  const header = (
    <PageHeader
      title="Roles"
      description="Group people of the same user type, for example by team or office. Roles can be given when inviting or editing users."
      actions={
        canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
            New role
          </Button>
        )
      }
    />
  );

  if (rights.isLoading) {
    return (
      <Stack gap="lg" maw={1100} aria-busy="true">
        {header}
        <Skeleton h={280} radius="md" />
      </Stack>
    );
  }
  if (rights.error) {
    return (
      <Stack gap="lg" maw={1100}>
        {header}
        <Panel>
          <LoadError title="Could not load your permissions" error={rights.error} onRetry={rights.refetch} />
        </Panel>
      </Stack>
    );
  }
  if (!canView || isForbidden(list.error)) {
    return (
      <Stack gap="lg" maw={1100}>
        {header}
        <Panel>
          <NoAccess>Your user type cannot see roles. Ask an owner or admin if you need access.</NoAccess>
        </Panel>
      </Stack>
    );
  }

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = Math.max(list.data?.total_pages ?? 1, 1);
  const isFiltered = Boolean(debouncedSearch || userType);

  return (
    <Stack gap="lg" maw={1100}>
      {header}
      <Group gap="sm" wrap="wrap">
        <TextInput
          placeholder="Search roles"
          aria-label="Search roles"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
        />
        <NativeSelect
          aria-label="Filter by user type"
          data={TYPE_FILTERS}
          value={userType}
          onChange={(event) => {
            setUserType(event.currentTarget.value as UserType | '');
            setPage(1);
          }}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>

      <Panel>
        {list.isError ? (
          <LoadError
            title="Could not load the roles"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && rows.length === 0 ? (
          <StateMessage
            icon={<IconShieldCheck size={28} />}
            title={isFiltered ? 'No roles match' : 'No roles yet'}
          >
            <Text c="dimmed" size="sm" maw={420}>
              {isFiltered ? 'Try another search or filter.' : 'Create a role to group users of one type.'}
            </Text>
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>User type</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Users</Table.Th>
                  <Table.Th w={100} ta="right">
                    Actions
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? (
                  <LoadingRows />
                ) : (
                  rows.map((role) => {
                    const canEdit = rights.canActOnUserType(role.user_type, 'roles:update');
                    const canDelete = rights.canActOnUserType(role.user_type, 'roles:delete');
                    return (
                      <Table.Tr key={role._id} data-testid="role-row">
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {role.name}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={USER_TYPE_COLORS[role.user_type]} variant="light">
                            {USER_TYPE_LABELS[role.user_type]}
                          </Badge>
                        </Table.Td>
                        <Table.Td maw={360}>
                          <Text size="sm" c={role.description ? undefined : 'dimmed'} lineClamp={2}>
                            {role.description || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{role.user_count}</Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            {canEdit && (
                              <Tooltip label="Edit">
                                <ActionIcon
                                  variant="subtle"
                                  color="gray"
                                  aria-label={`Edit ${role.name}`}
                                  onClick={() => setDialog({ kind: 'edit', id: role._id })}
                                >
                                  <IconEdit size={18} />
                                </ActionIcon>
                              </Tooltip>
                            )}
                            {canDelete && (
                              <Tooltip label="Delete">
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`Delete ${role.name}`}
                                  onClick={() => {
                                    remove.reset();
                                    setDeleting(role);
                                  }}
                                >
                                  <IconTrash size={18} />
                                </ActionIcon>
                              </Tooltip>
                            )}
                            {!canEdit && !canDelete && (
                              <Text size="sm" c="dimmed">
                                —
                              </Text>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Panel>

      {!list.isError && total > 0 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {formatPageRange(page, ROLES_PAGE_SIZE, total)}
          </Text>
          {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} size="sm" />}
        </Group>
      )}

      <RoleDialog target={dialog} userTypes={assignable} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete role"
        confirmLabel="Delete role"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
        isPending={remove.isPending}
        error={remove.error}
      >
        Delete the role <strong>{deleting?.name}</strong>? Users must be moved to another role first.
      </ConfirmDialog>
    </Stack>
  );
}
