import type { FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZPasswordUpdateRequest } from '@esigns/contracts/auth';
import { PasswordStrengthHint } from '../auth/password-strength-hint';
import { useAuthForm } from '../auth/use-auth-form';
import { ProfileArea } from './profile-area';
import { updatePassword } from './profile-api';
import { FormAlert } from './screen-states';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/** /profile/change-password: the current password, a new one (with the sign-up rules) twice. */
export function ChangePasswordScreen() {
  const form = useAuthForm(EMPTY, FIELDS);
  const change = useMutation({ mutationFn: updatePassword });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.check(ZPasswordUpdateRequest);
    const isSame = form.values.new_password === form.values.confirm_password;
    if (!isSame && form.values.confirm_password) {
      form.setErrors((errors) => ({ ...errors, confirm_password: 'The passwords do not match' }));
    } else if (!form.values.confirm_password) {
      form.setErrors((errors) => ({ ...errors, confirm_password: 'Type the new password again' }));
    }
    if (!data || !isSame) return;
    if (data.new_password === data.current_password) {
      form.setErrors({ new_password: 'Choose a password different from the current one' });
      return;
    }
    change.mutate(data, {
      onSuccess: () => {
        for (const field of FIELDS) form.setValue(field, '');
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          title: 'Password changed',
          message: 'You stay signed in here; your other sessions were signed out.',
        });
      },
      onError: form.showError,
    });
  };

  return (
    <ProfileArea
      title="Change password"
      description="After the change, every other device you are signed in on is signed out."
    >
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="md" maw={480}>
          <FormAlert message={form.critical} />
          <PasswordInput
            {...form.inputProps('current_password')}
            aria-invalid={Boolean(form.errors.current_password)}
            label="Current password"
            autoComplete="current-password"
            required
          />
          <Stack gap={8}>
            <PasswordInput
              {...form.inputProps('new_password')}
              aria-invalid={Boolean(form.errors.new_password)}
              label="New password"
              autoComplete="new-password"
              aria-describedby="new-password-hint"
              required
            />
            <PasswordStrengthHint password={form.values.new_password} id="new-password-hint" />
          </Stack>
          <PasswordInput
            {...form.inputProps('confirm_password')}
            aria-invalid={Boolean(form.errors.confirm_password)}
            label="Confirm new password"
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileArea>
  );
}
