import type { FormEvent } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserType } from '@esigns/contracts/auth';
import { AppDialog } from '../../shared/ui/app-dialog';
import { useAuthForm } from '../auth/use-auth-form';
import { addCompanyUser, inviteCompanyUser, type TCompanyUser } from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { USER_TYPE_LABELS } from './team-labels';
import { ZAddUserForm, ZInviteUserForm } from './team-schemas';
import { ErrorAlert } from '../../shared/ui/page-kit';
import { roleOptions, useAllRoles } from './use-roles';

export type CompanyUserDialogMode = 'invite' | 'add';

export type CompanyUserDialogProps = {
  mode: CompanyUserDialogMode | null;
  onClose: () => void;
  /** The user types the caller may give, best first (MEMBER is preselected when allowed). */
  userTypes: readonly UserType[];
  /** Roles are offered only to callers who may see them (`roles:view`). */
  canPickRole: boolean;
};

/** Inputs on screen per mode: a 422 message for any other key goes to the alert. */
type Field = 'email' | 'first_name' | 'last_name' | 'user_type' | 'role_id';
const FIELDS: Record<CompanyUserDialogMode, readonly Field[]> = {
  invite: ['email', 'user_type', 'role_id'],
  add: ['email', 'first_name', 'last_name', 'user_type', 'role_id'],
};

const COPY: Record<CompanyUserDialogMode, { title: string; submit: string; done: string }> = {
  invite: { title: 'Invite a user', submit: 'Send invitation', done: 'Invitation sent' },
  add: { title: 'Add a user', submit: 'Add user', done: 'User added' },
};

function CompanyUserForm({
  mode,
  onClose,
  userTypes,
  canPickRole,
}: Omit<CompanyUserDialogProps, 'mode'> & { mode: CompanyUserDialogMode }) {
  const queryClient = useQueryClient();
  const roles = useAllRoles(canPickRole);
  const defaultType: UserType | '' = userTypes.includes('MEMBER') ? 'MEMBER' : (userTypes[0] ?? '');
  const form = useAuthForm(
    { email: '', first_name: '', last_name: '', user_type: defaultType as string, role_id: '' },
    FIELDS[mode],
  );

  const save = useMutation({
    mutationFn: (body: Parameters<typeof inviteCompanyUser>[0]): Promise<TCompanyUser> =>
      mode === 'invite' ? inviteCompanyUser(body) : addCompanyUser(body),
    onSuccess: (row) => {
      notifications.show({ color: 'teal', title: COPY[mode].done, message: row.email });
      void queryClient.invalidateQueries({ queryKey: TEAM_KEYS.companyUsers });
      onClose();
    },
    onError: form.showError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'invite') {
      const data = form.check(ZInviteUserForm);
      if (data) save.mutate(data);
    } else {
      const data = form.check(ZAddUserForm);
      if (data) save.mutate(data);
    }
  };

  const changeType = (value: string) => {
    form.setValue('user_type', value);
    const role = roles.data?.find((r) => r._id === form.values.role_id);
    if (role && role.user_type !== value) form.setValue('role_id', '');
  };

  return (
    <form onSubmit={submit} noValidate aria-label={COPY[mode].title}>
      <Stack gap="md">
        {form.critical && <ErrorAlert>{form.critical}</ErrorAlert>}
        <Text size="sm" c="dimmed">
          {mode === 'invite'
            ? 'We email a link to join the company. It works once and expires after 7 days.'
            : 'The person joins at once. Someone without an account gets one, with an emailed code to choose a password.'}
        </Text>
        <TextInput
          {...form.inputProps('email')}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="colleague@example.com"
          required
          data-autofocus
        />
        {mode === 'add' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              {...form.inputProps('first_name')}
              label="First name"
              description="Needed for a new account"
              autoComplete="off"
            />
            <TextInput
              {...form.inputProps('last_name')}
              label="Last name"
              description="Needed for a new account"
              autoComplete="off"
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, xs: canPickRole ? 2 : 1 }} spacing="md">
          <NativeSelect
            label="User type"
            name="user_type"
            required
            value={form.values.user_type}
            onChange={(event) => changeType(event.currentTarget.value)}
            error={form.errors.user_type}
            data={userTypes.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))}
          />
          {canPickRole && (
            <NativeSelect
              label="Role"
              name="role_id"
              value={form.values.role_id}
              onChange={(event) => form.setValue('role_id', event.currentTarget.value)}
              error={form.errors.role_id}
              disabled={roles.isPending}
              description={roles.isError ? 'Roles could not be loaded' : undefined}
              data={roleOptions(roles.data, form.values.user_type as UserType)}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            leftSection={mode === 'invite' ? <IconMailForward size={16} /> : <IconUserPlus size={16} />}
          >
            {COPY[mode].submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Invite someone by email, or add them directly (`POST /user/inviteUser`, `POST /user/companyUsers`). */
export function CompanyUserDialog({ mode, onClose, userTypes, canPickRole }: CompanyUserDialogProps) {
  return (
    <AppDialog
      opened={mode !== null}
      onClose={onClose}
      title={mode ? COPY[mode].title : ''}
      footer={null}
      size="lg"
    >
      {mode && (
        <CompanyUserForm mode={mode} onClose={onClose} userTypes={userTypes} canPickRole={canPickRole} />
      )}
    </AppDialog>
  );
}
