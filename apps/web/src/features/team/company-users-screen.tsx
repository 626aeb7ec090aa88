import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconMailPlus, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatPageRange } from '../../shared/format/range';
import { useSession } from '../../shared/session/session-store';
import { CompanyUserDialog, type CompanyUserDialogMode } from './company-user-dialog';
import { CompanyUserCard, CompanyUserTableRow, type CompanyUserView } from './company-user-row';
import { fetchCompanyUsers, type CompanyUserQuery, type CompanyUserStatusFilter } from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { USER_TYPE_LABELS, assignableUserTypes, companyUserName } from './team-labels';
import {
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  StateMessage,
  isForbidden,
  type ScreenFrame,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { useAllRoles } from './use-roles';

export const COMPANY_USERS_PAGE_SIZE = 10;

const STATUS_FILTERS: { value: '' | CompanyUserStatusFilter; label: string }[] = [
  { value: '', label: 'Active and invited' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INVITED', label: 'Invited' },
  { value: 'DELETED', label: 'Removed' },
  { value: 'ALL', label: 'All' },
];

const TYPE_FILTERS = [
  { value: '', label: 'All user types' },
  ...USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] })),
];

function LoadingRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: 6 }, (__, j) => (
            <Table.Td key={j}>
              <Skeleton h={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** The rows as a table, or as cards on phones. */
function CompanyUserList({
  views,
  isPending,
  isPhone,
}: {
  views: CompanyUserView[];
  isPending: boolean;
  isPhone: boolean;
}) {
  if (isPhone) {
    return isPending ? (
      <Stack gap="sm" p="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={72} radius="sm" />
        ))}
      </Stack>
    ) : (
      <Box>
        {views.map((view) => (
          <CompanyUserCard key={view.row._id} view={view} />
        ))}
      </Box>
    );
  }
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th w={150}>User type</Table.Th>
            <Table.Th w={190}>Role</Table.Th>
            <Table.Th w={150}>Status</Table.Th>
            <Table.Th w={70} ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending ? (
            <LoadingRows />
          ) : (
            views.map((view) => <CompanyUserTableRow key={view.row._id} view={view} />)
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /company/users and /profile/companyUsers: the company's staff and pending invitations, paged,
 * with search and filters; invite, add, change user type and role, resend, remove. Actions the
 * caller may not do are hidden or disabled (the server enforces the same rules).
 */
export function CompanyUsersScreen({ frame: Frame = PageFrame }: { frame?: ScreenFrame }) {
  usePageTitle('Company users');
  const rights = useCan();
  const selfId = useSession((state) => state.user?._id ?? null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [userType, setUserType] = useState<UserType | ''>('');
  const [status, setStatus] = useState<CompanyUserStatusFilter | ''>('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<CompanyUserDialogMode | null>(null);
  const isPhone = useMediaQuery('(max-width: 40em)');

  const canView = rights.can('company-users:view');
  const canInvite = rights.can('company-users:invite');
  const canAdd = rights.can('company-users:add');
  const canSeeRoles = rights.can('roles:view');
  const assignable = assignableUserTypes(rights.userType);
  const roles = useAllRoles(canView && canSeeRoles);

  const query: CompanyUserQuery = {
    page,
    limit: COMPANY_USERS_PAGE_SIZE,
    search: debouncedSearch || undefined,
    user_type: userType || undefined,
    status: status || undefined,
  };
  const list = useQuery({
    queryKey: TEAM_KEYS.companyUserPage(query),
    queryFn: ({ signal }) => fetchCompanyUsers(query, signal),
    enabled: canView,
    placeholderData: keepPreviousData,
  });

  const actions = (canInvite || canAdd) && (
    <>
      {canInvite && (
        <Button leftSection={<IconMailPlus size={16} />} onClick={() => setDialog('invite')}>
          Invite user
        </Button>
      )}
      {canAdd && (
        <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => setDialog('add')}>
          Add user
        </Button>
      )}
    </>
  );
  const frame = (content: ReactNode) => (
    <Frame
      title="Company users"
      description="Everyone in this workspace and the invitations still open. Change a user's type or role right in the list."
      actions={actions || undefined}
    >
      {content}
      <CompanyUserDialog
        mode={dialog}
        onClose={() => setDialog(null)}
        userTypes={assignable}
        canPickRole={canSeeRoles}
      />
    </Frame>
  );

  if (rights.isLoading) return frame(<Skeleton h={320} radius="md" aria-busy="true" />);
  if (rights.error) {
    return frame(
      <Panel>
        <LoadError title="Could not load your permissions" error={rights.error} onRetry={rights.refetch} />
      </Panel>,
    );
  }
  if (!canView || isForbidden(list.error)) {
    return frame(
      <Panel>
        <NoAccess>
          Your user type cannot see the company&apos;s users. Ask an owner or admin if you need access.
        </NoAccess>
      </Panel>,
    );
  }

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = Math.max(list.data?.total_pages ?? 1, 1);
  const isFiltered = Boolean(debouncedSearch || userType || status);
  const views: CompanyUserView[] = rows.map((row) => {
    const mayUpdate =
      row.status === 'ACTIVE' && rights.canActOnUserType(row.user_type, 'company-users:update');
    return {
      row,
      name: companyUserName(row),
      isSelf: Boolean(selfId && row.user_id === selfId),
      canEditType: mayUpdate,
      canEditRole: mayUpdate && canSeeRoles,
      roles: canSeeRoles ? roles.data : undefined,
      assignable,
      rights,
    };
  });

  return frame(
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          placeholder="Search name or email"
          aria-label="Search users"
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
        <NativeSelect
          aria-label="Filter by status"
          data={STATUS_FILTERS}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as CompanyUserStatusFilter | '');
            setPage(1);
          }}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>

      <Panel>
        {list.isError ? (
          <LoadError
            title="Could not load the users"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && rows.length === 0 ? (
          <StateMessage icon={<IconUsers size={28} />} title={isFiltered ? 'No users match' : 'No users yet'}>
            <Text c="dimmed" size="sm" maw={420}>
              {isFiltered
                ? 'Try another search or filter.'
                : 'Invite your colleagues to sign and send documents together.'}
            </Text>
          </StateMessage>
        ) : (
          <CompanyUserList views={views} isPending={list.isPending} isPhone={isPhone === true} />
        )}
      </Panel>

      {!list.isError && total > 0 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {formatPageRange(page, COMPANY_USERS_PAGE_SIZE, total)}
          </Text>
          {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} size="sm" />}
        </Group>
      )}
    </Stack>,
  );
}
