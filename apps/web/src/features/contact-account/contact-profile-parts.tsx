import { Card, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApplicationUserDetails } from '@esigns/contracts/application-users';
import { ZPasswordUpdateRequest } from '@esigns/contracts/auth';
import { sessionStore, type SessionUser } from '../../shared/session/session-store';
import { CurrentPasswordInput, confirmationError } from '../../shared/ui/account-forms/account-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { NewPasswordFields } from '../../shared/ui/account-forms/new-password-fields';
import { ErrorAlert } from '../../shared/ui/error-alert';
import { MarkEditor } from '../../shared/ui/mark-editor/mark-editor';
import { MarkPreview } from '../../shared/ui/mark-editor/mark-preview';
import { useAuthForm } from '../auth/use-auth-form';
import { fetchMark, saveMark, updatePassword, type MarkKind } from '../profile/profile-api';
import { updateContactProfile } from './contact-account-api';

export const CONTACT_PROFILE_KEY = ['contact-account', 'profile'] as const;

const saved = (message: string) =>
  notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message });

/** Names and phone of the signed-in contact (their login's). */
export function ContactDetailsForm({ profile }: { profile: TApplicationUserDetails }) {
  const queryClient = useQueryClient();
  const form = useAuthForm(
    { first_name: profile.first_name, last_name: profile.last_name, phone: profile.phone ?? '' },
    ['first_name', 'last_name', 'phone'],
  );
  const save = useMutation({ mutationFn: updateContactProfile });
  const submit = () =>
    save.mutate(
      {
        first_name: form.values.first_name,
        last_name: form.values.last_name,
        phone: form.values.phone.trim() || null,
      },
      {
        onSuccess: (details) => {
          queryClient.setQueryData(CONTACT_PROFILE_KEY, details);
          sessionStore.setState((state) =>
            state.user
              ? {
                  user: {
                    ...state.user,
                    first_name: details.first_name,
                    last_name: details.last_name,
                  } as SessionUser,
                }
              : {},
          );
          saved('Details saved');
        },
        onError: form.showError,
      },
    );
  return (
    <AccountForm
      label="Your details"
      problem={form.critical}
      onSubmit={submit}
      submitLabel="Save details"
      isSubmitAtEnd
      isPending={save.isPending}
    >
      <TextInput {...form.inputProps('first_name')} label="First name" autoComplete="given-name" required />
      <TextInput {...form.inputProps('last_name')} label="Last name" autoComplete="family-name" required />
      <TextInput {...form.inputProps('phone')} label="Phone" autoComplete="tel" inputMode="tel" />
      <TextInput label="Email" value={profile.email} readOnly description="Ask the company to change it." />
    </AccountForm>
  );
}

const PASSWORD_FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
const NO_PASSWORDS = { current_password: '', new_password: '', confirm_password: '' };

/** The current password, then a new one twice (`PATCH /password/update` admits contact sessions). */
export function ContactPasswordForm() {
  const form = useAuthForm(NO_PASSWORDS, PASSWORD_FIELDS);
  const change = useMutation({ mutationFn: updatePassword });
  const submit = () => {
    const data = form.check(ZPasswordUpdateRequest);
    const differ = confirmationError(form.values.new_password, form.values.confirm_password);
    if (differ) form.setErrors((errors) => ({ ...errors, confirm_password: differ }));
    if (!data || differ) return;
    change.mutate(data, {
      onSuccess: () => {
        for (const field of PASSWORD_FIELDS) form.setValue(field, '');
        saved('Password changed: your other sessions were signed out');
      },
      onError: form.showError,
    });
  };
  return (
    <AccountForm
      label="Change password"
      problem={form.critical}
      onSubmit={submit}
      submitLabel="Change password"
      isSubmitAtEnd
      isPending={change.isPending}
    >
      <CurrentPasswordInput {...form.inputProps('current_password')} />
      <NewPasswordFields
        password={form.inputProps('new_password')}
        hintId="contact-new-password-hint"
        confirmation={form.inputProps('confirm_password')}
      />
    </AccountForm>
  );
}

/** The saved signature or initials and the staff profile's editor (draw, type, upload). */
export function ContactMarkPanel({
  kind,
  defaultText,
  userId,
}: {
  kind: MarkKind;
  defaultText: string;
  userId: string;
}) {
  const queryClient = useQueryClient();
  const key = ['contact-account', 'mark', kind, userId];
  const current = useQuery({ queryKey: key, queryFn: () => fetchMark(kind) });
  const noun = kind === 'signature' ? 'signature' : 'initials';
  const save = useMutation({
    mutationFn: (dataUrl: string) => saveMark(kind, dataUrl),
    onSuccess: (url) => {
      queryClient.setQueryData(key, url);
      saved(kind === 'signature' ? 'Signature saved' : 'Initials saved');
    },
  });
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Text fw={600} size="sm" mb="xs">
          Current {noun}
        </Text>
        {current.data ? (
          <MarkPreview
            src={current.data}
            alt={`Your saved ${noun}`}
            maxHeight={120}
            padding="md"
            testId={`contact-${kind}`}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {current.isPending ? 'Loading…' : `No ${noun} saved yet: make one below.`}
          </Text>
        )}
      </Card>
      {save.error && <ErrorAlert>{save.error.message}</ErrorAlert>}
      <MarkEditor
        kind={kind}
        defaultText={defaultText}
        doneLabel={`Save ${noun}`}
        isBusy={save.isPending}
        onDone={(dataUrl) => save.mutate(dataUrl)}
      />
    </Stack>
  );
}
