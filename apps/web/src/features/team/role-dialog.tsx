import type { FormEvent } from 'react';
import { Button, Center, Group, Loader, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserType } from '@esigns/contracts/auth';
import { AppDialog } from '../../shared/ui/app-dialog';
import { useAuthForm } from '../auth/use-auth-form';
import { createRole, fetchRole, updateRole, type TRole, type TRoleRequest } from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { USER_TYPE_LABELS } from './team-labels';
import { ZRoleForm } from './team-schemas';
import { ErrorAlert, LoadError } from '../../shared/ui/page-kit';

/** `{ kind: 'create' }`, or the role to edit (its fresh copy is loaded with `GET /role/{id}`). */
export type RoleDialogTarget = { kind: 'create' } | { kind: 'edit'; id: string };

const FIELDS = ['name', 'user_type', 'description'] as const;

function RoleForm({
  role,
  userTypes,
  onClose,
}: {
  role: TRole | null;
  userTypes: readonly UserType[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const defaultType = role?.user_type ?? (userTypes.includes('MEMBER') ? 'MEMBER' : (userTypes[0] ?? ''));
  const form = useAuthForm(
    { name: role?.name ?? '', user_type: defaultType as string, description: role?.description ?? '' },
    FIELDS,
  );
  const types = role && !userTypes.includes(role.user_type) ? [role.user_type, ...userTypes] : userTypes;

  const save = useMutation({
    mutationFn: (body: TRoleRequest) => {
      if (!role) return createRole(body);
      // Only what changed: the server refuses an empty change and a type change of a role in use.
      const changes: Partial<TRoleRequest> = {};
      if (body.name !== role.name) changes.name = body.name;
      if (body.user_type !== role.user_type) changes.user_type = body.user_type;
      if ((body.description ?? '') !== role.description) changes.description = body.description ?? '';
      return Object.keys(changes).length ? updateRole(role._id, changes) : Promise.resolve(role);
    },
    onSuccess: (saved) => {
      notifications.show({
        color: 'teal',
        title: role ? 'Role updated' : 'Role created',
        message: saved.name,
      });
      void queryClient.invalidateQueries({ queryKey: TEAM_KEYS.roles });
      onClose();
    },
    onError: form.showError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.check(ZRoleForm);
    if (!data) return;
    save.mutate({
      name: data.name,
      user_type: data.user_type,
      ...(data.description ? { description: data.description } : role ? { description: '' } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={role ? 'Edit role' : 'New role'}>
      <Stack gap="md">
        {form.critical && <ErrorAlert>{form.critical}</ErrorAlert>}
        <TextInput
          {...form.inputProps('name')}
          label="Name"
          placeholder="Sales managers"
          required
          data-autofocus
        />
        <NativeSelect
          label="User type"
          name="user_type"
          description="Users of this type can hold the role."
          required
          value={form.values.user_type}
          onChange={(event) => form.setValue('user_type', event.currentTarget.value)}
          error={form.errors.user_type}
          data={types.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))}
        />
        <Textarea
          name="description"
          label="Description"
          minRows={3}
          value={form.values.description}
          onChange={(event) => form.setValue('description', event.currentTarget.value)}
          error={form.errors.description}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {role ? 'Save role' : 'Create role'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditRole({
  id,
  userTypes,
  onClose,
}: {
  id: string;
  userTypes: readonly UserType[];
  onClose: () => void;
}) {
  const role = useQuery({
    queryKey: TEAM_KEYS.role(id),
    queryFn: ({ signal }) => fetchRole(id, signal),
    staleTime: 0,
  });
  if (role.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the role" />
      </Center>
    );
  }
  if (role.isError) {
    return (
      <LoadError title="Could not load the role" error={role.error} onRetry={() => void role.refetch()} />
    );
  }
  return <RoleForm role={role.data} userTypes={userTypes} onClose={onClose} />;
}

/** Create a role (`POST /createRole`) or edit one (`PATCH /updateRole/{_id}`). */
export function RoleDialog({
  target,
  userTypes,
  onClose,
}: {
  target: RoleDialogTarget | null;
  userTypes: readonly UserType[];
  onClose: () => void;
}) {
  return (
    <AppDialog
      opened={target !== null}
      onClose={onClose}
      title={target?.kind === 'edit' ? 'Edit role' : 'New role'}
      footer={null}
      size="md"
    >
      {target?.kind === 'create' && <RoleForm role={null} userTypes={userTypes} onClose={onClose} />}
      {target?.kind === 'edit' && <EditRole id={target.id} userTypes={userTypes} onClose={onClose} />}
    </AppDialog>
  );
}
