import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CurrentPasswordInput } from '../../shared/ui/account-forms/account-fields';
import { useAuthForm } from '../auth/use-auth-form';
import { FormAlert } from './screen-states';

export type PasswordConfirmDialogProps<T> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  color?: string;
  /** The call, given the typed password. */
  action: (currentPassword: string) => Promise<T>;
  onSuccess: (result: T) => void;
};

function PasswordConfirmForm<T>({
  onClose,
  description,
  confirmLabel,
  color,
  action,
  onSuccess,
}: Omit<PasswordConfirmDialogProps<T>, 'opened' | 'title'>) {
  const form = useAuthForm({ current_password: '' }, ['current_password']);
  const run = useMutation({ mutationFn: action });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.values.current_password) {
      form.setErrors({ current_password: 'Enter your password' });
      return;
    }
    form.setErrors({});
    form.setCritical(null);
    run.mutate(form.values.current_password, { onSuccess, onError: form.showError });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        <FormAlert message={form.critical} />
        <CurrentPasswordInput {...form.inputProps('current_password')} data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={run.isPending}>
            Cancel
          </Button>
          <Button type="submit" color={color} loading={run.isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for the current password before a sensitive change; its 422 shows under the input. */
export function PasswordConfirmDialog<T>({ opened, title, ...props }: PasswordConfirmDialogProps<T>) {
  return (
    <Modal opened={opened} onClose={props.onClose} title={title} centered>
      {opened && <PasswordConfirmForm {...props} />}
    </Modal>
  );
}
