import { useState } from 'react';
import { Checkbox, Group, MultiSelect, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { useCompanyUserOptions } from '../document-actions/people-dialogs';
import { USER_TYPE_LABELS } from '../team/team-labels';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { sendNotification } from './record-actions-api';
import { DialogButtons } from '../../shared/ui/form-dialog';

/**
 * "Notify": tell workspace users about an entity (`recordIds` null) or some of its records, in the
 * app and optionally by mail. `what` names it in the dialog title ("Sea view house", "3 records").
 */
export function NotifyDialog({
  opened,
  onClose,
  entityId,
  recordIds,
  what,
}: {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  recordIds: string[] | null;
  what: string;
}) {
  const { options } = useCompanyUserOptions();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [userTypes, setUserTypes] = useState<UserType[]>([]);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [sendEmail, setSendEmail] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      sendNotification(entityId, recordIds, {
        user_ids: userIds,
        user_types: userTypes,
        title: title.trim() || undefined,
        message,
        send_email: sendEmail,
      }),
    onSuccess: (result) => {
      const parts = [`Sent to ${result.notified} ${result.notified === 1 ? 'person' : 'people'}`];
      if (result.emailed > 0) parts.push(`${result.emailed} by mail`);
      if (result.skipped > 0) parts.push(`${result.skipped} left out (cannot open the records)`);
      notifications.show({ color: 'teal', message: parts.join(', ') });
      setUserIds([]);
      setUserTypes([]);
      setTitle('');
      setMessage('');
      onClose();
    },
  });
  const fieldError = (key: string) =>
    isApiError(send.error) && send.error.isValidation ? send.error.fieldErrors[key] : undefined;
  const userError =
    fieldError('user_ids') ??
    Object.entries(isApiError(send.error) ? send.error.fieldErrors : {}).find(([key]) =>
      key.startsWith('user_ids.'),
    )?.[1];

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={`Notify about ${what}`}
      size="lg"
      footer={
        <DialogButtons
          onCancel={onClose}
          isPending={send.isPending}
          confirmLabel="Send"
          isConfirmDisabled={!message.trim() || userIds.length + userTypes.length === 0}
          onConfirm={() => send.mutate()}
        />
      }
    >
      <Stack>
        {send.error && !fieldError('message') && !userError ? (
          <ErrorAlert>{errorText(send.error)}</ErrorAlert>
        ) : null}
        <MultiSelect
          label="People"
          placeholder="Choose users"
          searchable
          data={options}
          value={userIds}
          onChange={setUserIds}
          error={userError}
        />
        <Checkbox.Group
          label="Or everyone who is"
          value={userTypes}
          onChange={(next) => setUserTypes(next as UserType[])}
        >
          <Group mt={4}>
            {USER_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={USER_TYPE_LABELS[type]} />
            ))}
          </Group>
        </Checkbox.Group>
        <TextInput
          label="Title"
          placeholder="Default: <you> shared … with you"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={fieldError('title')}
        />
        <Textarea
          label="Message"
          required
          rows={4}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={fieldError('message')}
        />
        <Switch
          label="Also send an email"
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.currentTarget.checked)}
        />
      </Stack>
    </AppDialog>
  );
}
