import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan, type Can } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  IconActions,
  ListScreen,
  ListView,
  NoValue,
  useDeleteConfirm,
  useListQuery,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { RoleDialog, type RoleDialogTarget } from './role-dialog';
import { deleteRole, fetchRoles, type TRole } from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { USER_TYPE_COLORS, USER_TYPE_LABELS, assignableUserTypes } from './team-labels';

export const ROLES_PAGE_SIZE = 10;

const TYPE_FILTERS = [
  { value: '', label: 'All user types' },
  ...USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] })),
];

type RoleActions = {
  rights: Pick<Can, 'canActOnUserType'>;
  onEdit: (role: TRole) => void;
  onDelete: (role: TRole) => void;
};

/** Edit and delete, as far as the caller may act on roles of this user type. */
function RoleRowActions({ role, rights, onEdit, onDelete }: RoleActions & { role: TRole }) {
  const canEdit = rights.canActOnUserType(role.user_type, 'roles:update');
  const canDelete = rights.canActOnUserType(role.user_type, 'roles:delete');
  return (
    <IconActions
      whenNone={<NoValue />}
      actions={[
        canEdit && { tip: 'Edit', label: `Edit ${role.name}`, icon: IconEdit, onClick: () => onEdit(role) },
        canDelete && {
          tip: 'Delete',
          label: `Delete ${role.name}`,
          icon: IconTrash,
          color: 'red',
          onClick: () => onDelete(role),
        },
      ]}
    />
  );
}

function roleColumns(actions: RoleActions): ListColumn<TRole>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (role) => (
        <Text size="sm" fw={500}>
          {role.name}
        </Text>
      ),
    },
    {
      key: 'type',
      header: 'User type',
      cell: ({ user_type: type }) => (
        <Badge color={USER_TYPE_COLORS[type]} variant="light">
          {USER_TYPE_LABELS[type]}
        </Badge>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      maw: 360,
      cell: ({ description }) => (
        <Text size="sm" c={description ? undefined : 'dimmed'} lineClamp={2}>
          {description || '—'}
        </Text>
      ),
    },
    { key: 'users', header: 'Users', align: 'right', cell: (role) => role.user_count },
    {
      key: 'actions',
      header: 'Actions',
      width: 100,
      align: 'right',
      cell: (role) => <RoleRowActions role={role} {...actions} />,
    },
  ];
}

/** /roles: the company's roles (named groups within a user type): list, create, edit, delete. */
export function RolesScreen() {
  usePageTitle('Roles');
  const rights = useCan();
  const [dialog, setDialog] = useState<RoleDialogTarget | null>(null);
  const canView = rights.can('roles:view');
  const list = useListQuery({
    pageSize: ROLES_PAGE_SIZE,
    filters: { user_type: '' as UserType | '' },
    queryKey: TEAM_KEYS.rolePage,
    queryFn: fetchRoles,
    enabled: canView,
  });
  const remove = useDeleteConfirm({
    remove: (role: TRole) => deleteRole(role._id),
    invalidate: TEAM_KEYS.roles,
    notice: (role) => ({ title: 'Role deleted', message: role.name }),
  });
  const actions: RoleActions = {
    rights,
    onEdit: (role) => setDialog({ kind: 'edit', id: role._id }),
    onDelete: remove.ask,
  };

  return (
    <ListScreen
      title="Roles"
      description="Group people of the same user type, for example by team or office. Roles can be given when inviting or editing users."
      actions={
        rights.can('roles:create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
            New role
          </Button>
        )
      }
      rights={rights}
      canView={canView}
      list={list}
      noAccess="Your user type cannot see roles."
      search={{ label: 'Search roles', placeholder: 'Search roles' }}
      selects={[{ key: 'user_type', label: 'Filter by user type', data: TYPE_FILTERS }]}
      dialogs={
        <>
          <RoleDialog
            target={dialog}
            userTypes={assignableUserTypes(rights.userType)}
            onClose={() => setDialog(null)}
          />
          <DeleteDialog confirm={remove} title="Delete role" confirmLabel="Delete role">
            {(role) => (
              <>
                Delete the role <strong>{role.name}</strong>? Users must be moved to another role first.
              </>
            )}
          </DeleteDialog>
        </>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the roles"
        empty={{
          icon: IconShieldCheck,
          title: 'No roles yet',
          text: 'Create a role to group users of one type.',
          filtered: { title: 'No roles match', text: 'Try another search or filter.' },
        }}
        columns={roleColumns(actions)}
        rowTestId="role-row"
        minWidth={720}
        skeletonRows={4}
      />
    </ListScreen>
  );
}
