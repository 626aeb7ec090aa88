import { Badge, NativeSelect, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserType } from '@esigns/contracts/auth';
import { updateCompanyUser, type TCompanyUser, type TRole, type TUpdateCompanyUserRequest } from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { USER_TYPE_COLORS, USER_TYPE_LABELS } from './team-labels';
import { errorText } from '../../shared/ui/page-kit';
import { roleOptions } from './use-roles';

/** `PUT /user/companyUsers` for one row, with the outcome as a notification. */
function useUpdateCompanyUser(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCompanyUserRequest) => updateCompanyUser(body),
    onSuccess: async () => {
      notifications.show({ color: 'teal', title: 'User updated', message: name });
      // Pending until the list shows the change, so the select never flips back meanwhile.
      await queryClient.invalidateQueries({ queryKey: TEAM_KEYS.companyUsers });
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: `Could not update ${name}`, message: errorText(error) });
    },
  });
}

const targetId = (row: TCompanyUser) => row.user_id ?? row._id;

/** The user type, as a select when the caller may change it (only to types they may give). */
export function CompanyUserTypeCell({
  row,
  name,
  isEditable,
  assignable,
}: {
  row: TCompanyUser;
  name: string;
  isEditable: boolean;
  assignable: readonly UserType[];
}) {
  const update = useUpdateCompanyUser(name);
  if (!isEditable) {
    return (
      <Badge color={USER_TYPE_COLORS[row.user_type]} variant="light">
        {USER_TYPE_LABELS[row.user_type]}
      </Badge>
    );
  }
  const types = assignable.includes(row.user_type) ? assignable : [row.user_type, ...assignable];
  const shown = update.isPending && update.variables.user_type ? update.variables.user_type : row.user_type;
  return (
    <NativeSelect
      size="xs"
      aria-label={`User type of ${name}`}
      value={shown}
      disabled={update.isPending}
      onChange={(event) => {
        const next = event.currentTarget.value as UserType;
        if (next !== row.user_type) update.mutate({ user_id: targetId(row), user_type: next });
      }}
      data={types.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))}
    />
  );
}

/** The role, as a select of the roles of the row's user type when the caller may change it. */
export function CompanyUserRoleCell({
  row,
  name,
  roles,
  isEditable,
}: {
  row: TCompanyUser;
  name: string;
  roles: TRole[] | undefined;
  isEditable: boolean;
}) {
  const update = useUpdateCompanyUser(name);
  if (!isEditable || !roles) {
    return (
      <Text size="sm" c={row.role_name ? undefined : 'dimmed'}>
        {row.role_name ?? 'No role'}
      </Text>
    );
  }
  const options = roleOptions(roles, row.user_type);
  // A role the list does not know (created since it loaded) still shows by name.
  if (row.role_id && !options.some((option) => option.value === row.role_id)) {
    options.push({ value: row.role_id, label: row.role_name ?? 'Current role' });
  }
  const shown =
    update.isPending && update.variables.role_id !== undefined
      ? (update.variables.role_id ?? '')
      : (row.role_id ?? '');
  return (
    <NativeSelect
      size="xs"
      aria-label={`Role of ${name}`}
      value={shown}
      disabled={update.isPending}
      onChange={(event) => {
        const next = event.currentTarget.value || null;
        if (next !== row.role_id) update.mutate({ user_id: targetId(row), role_id: next });
      }}
      data={options}
    />
  );
}
