import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconMailPlus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { useSession } from '../../shared/session/session-store';
import { ListScreen, ListView, useListQuery, type ListColumn } from '../../shared/ui/list-screen';
import type { ScreenFrame } from '../../shared/ui/page-kit';
import { CompanyUserDialog, type CompanyUserDialogMode } from './company-user-dialog';
import { CompanyUserCard, CompanyUserTableRow, type CompanyUserView } from './company-user-row';
import { fetchCompanyUsers, type CompanyUserStatusFilter, type TCompanyUser } from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { USER_TYPE_LABELS, assignableUserTypes, companyUserName } from './team-labels';
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

/** The table's headers; each row renders itself (`CompanyUserTableRow`). */
const COLUMNS: ListColumn<TCompanyUser>[] = [
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'Email' },
  { key: 'type', header: 'User type', width: 150 },
  { key: 'role', header: 'Role', width: 190 },
  { key: 'status', header: 'Status', width: 150 },
  { key: 'actions', header: 'Actions', width: 70, align: 'right' },
];

/**
 * /company/users and /profile/companyUsers: the company's staff and pending invitations, paged,
 * with search and filters; invite, add, change user type and role, resend, remove. Actions the
 * caller may not do are hidden or disabled (the server enforces the same rules).
 */
export function CompanyUsersScreen({ frame }: { frame?: ScreenFrame }) {
  usePageTitle('Company users');
  const rights = useCan();
  const selfId = useSession((state) => state.user?._id ?? null);
  const [dialog, setDialog] = useState<CompanyUserDialogMode | null>(null);
  const canView = rights.can('company-users:view');
  const canInvite = rights.can('company-users:invite');
  const canAdd = rights.can('company-users:add');
  const canSeeRoles = rights.can('roles:view');
  const assignable = assignableUserTypes(rights.userType);
  const roles = useAllRoles(canView && canSeeRoles);
  const list = useListQuery({
    pageSize: COMPANY_USERS_PAGE_SIZE,
    filters: { user_type: '' as UserType | '', status: '' as CompanyUserStatusFilter | '' },
    queryKey: TEAM_KEYS.companyUserPage,
    queryFn: fetchCompanyUsers,
    enabled: canView,
  });

  const viewOf = (row: TCompanyUser): CompanyUserView => {
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
  };
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
  return (
    <ListScreen
      frame={frame}
      title="Company users"
      description="Everyone in this workspace and the invitations still open. Change a user's type or role right in the list."
      actions={actions}
      rights={rights}
      canView={canView}
      list={list}
      noAccess="Your user type cannot see the company's users."
      search={{ label: 'Search users', placeholder: 'Search name or email' }}
      selects={[
        { key: 'user_type', label: 'Filter by user type', data: TYPE_FILTERS },
        { key: 'status', label: 'Filter by status', data: STATUS_FILTERS },
      ]}
      dialogs={
        <CompanyUserDialog
          mode={dialog}
          onClose={() => setDialog(null)}
          userTypes={assignable}
          canPickRole={canSeeRoles}
        />
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the users"
        empty={{
          icon: IconUsers,
          title: 'No users yet',
          text: 'Invite your colleagues to sign and send documents together.',
          filtered: { title: 'No users match', text: 'Try another search or filter.' },
        }}
        columns={COLUMNS}
        renderRow={(row) => <CompanyUserTableRow view={viewOf(row)} />}
        renderCard={(row) => <CompanyUserCard view={viewOf(row)} />}
        phoneQuery="(max-width: 40em)"
        skeletonHeight={72}
        minWidth={880}
      />
    </ListScreen>
  );
}
