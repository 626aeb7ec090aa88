import { useState } from 'react';
import { Button, MultiSelect, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import { AppDialog } from '../../shared/ui/app-dialog';
import { companyUserName } from '../team/team-labels';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { fetchAllCompanyUsers } from '../templates/templates-api';
import type { ActionDialogProps } from './confirm-dialogs';
import {
  DOCUMENT_ACTION_KEYS,
  changeOwnership,
  fetchDocumentSettings,
  shareDocument,
} from './document-actions-api';
import { useDocumentAction } from './use-document-action';

/** The workspace's active members (`GET /getAllCompanyUsers/{company_id}`) as picker options. */
export function useCompanyUserOptions() {
  const companyId = useSession(workspaceIdOf) ?? '';
  const query = useQuery({
    queryKey: DOCUMENT_ACTION_KEYS.companyUsers(companyId),
    queryFn: ({ signal }) => fetchAllCompanyUsers(companyId, signal),
    enabled: Boolean(companyId),
    staleTime: 60_000,
  });
  const options = (query.data ?? [])
    .filter((user) => user.user_id && user.status === 'ACTIVE')
    .map((user) => ({ value: user.user_id!, label: `${companyUserName(user)} (${user.email})` }));
  return { query, options };
}

/** The first message of a 422 whose key starts with `prefix` (e.g. `user_ids.1`). */
function fieldMessage(error: unknown, prefix: string): string | null {
  if (!isApiError(error) || !error.isValidation) return null;
  const entry = Object.entries(error.fieldErrors).find(
    ([key]) => key === prefix || key.startsWith(`${prefix}.`),
  );
  return entry?.[1] ?? null;
}

function DialogFooter({
  onClose,
  onSave,
  isPending,
  label,
  disabled,
}: {
  onClose: () => void;
  onSave: () => void;
  isPending: boolean;
  label: string;
  disabled?: boolean;
}) {
  return (
    <>
      <Button variant="default" onClick={onClose} disabled={isPending}>
        Cancel
      </Button>
      <Button onClick={onSave} loading={isPending} disabled={disabled}>
        {label}
      </Button>
    </>
  );
}

export function ShareDialog({ document, onClose, onDone }: ActionDialogProps) {
  const { query: users, options } = useCompanyUserOptions();
  const current = useQuery({
    queryKey: DOCUMENT_ACTION_KEYS.settings(document._id),
    queryFn: ({ signal }) => fetchDocumentSettings(document._id, signal),
  });
  const [selected, setSelected] = useState<string[] | null>(null);
  const value = selected ?? current.data?.shared_with ?? [];
  const ownerId = current.data?.owner._id;
  const mutation = useDocumentAction((ids: string[]) => shareDocument(document._id, ids), {
    title: value.length ? 'Document shared' : 'Document no longer shared',
    message: () => document.name,
    onSuccess: () => {
      onClose();
      onDone();
    },
  });
  const fieldError = fieldMessage(mutation.error, 'user_ids');
  const isLoading = users.isPending || current.isPending;
  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Share document"
      size="md"
      footer={
        <DialogFooter
          onClose={onClose}
          onSave={() => mutation.mutate(value)}
          isPending={mutation.isPending}
          label="Save"
          disabled={isLoading}
        />
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          People you share <b>{document.name}</b> with see it in their lists and can follow its progress.
        </Text>
        {mutation.error && !fieldError ? <ErrorAlert>{errorText(mutation.error)}</ErrorAlert> : null}
        {users.isError || current.isError ? (
          <ErrorAlert>{errorText(users.error ?? current.error)}</ErrorAlert>
        ) : isLoading ? (
          <Skeleton h={36} />
        ) : (
          <MultiSelect
            label="Share with"
            placeholder={value.length ? undefined : 'Pick company users'}
            data={options.filter((option) => option.value !== ownerId)}
            value={value}
            onChange={setSelected}
            searchable
            clearable
            nothingFoundMessage="No user matches"
            error={fieldError}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Stack>
    </AppDialog>
  );
}

export function ChangeOwnerDialog({ document, onClose, onDone }: ActionDialogProps) {
  const { query: users, options } = useCompanyUserOptions();
  const current = useQuery({
    queryKey: DOCUMENT_ACTION_KEYS.settings(document._id),
    queryFn: ({ signal }) => fetchDocumentSettings(document._id, signal),
  });
  const [userId, setUserId] = useState<string | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const mutation = useDocumentAction((id: string) => changeOwnership([document._id], id), {
    title: 'Owner changed',
    message: () => document.name,
    onSuccess: () => {
      onClose();
      onDone();
    },
  });
  const fieldError = fieldMessage(mutation.error, 'user_id');
  const ownerId = current.data?.owner._id;
  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Change owner"
      size="md"
      footer={
        <DialogFooter
          onClose={onClose}
          onSave={() => (userId ? mutation.mutate(userId) : setCheckError('Pick the new owner'))}
          isPending={mutation.isPending}
          label="Change owner"
          disabled={users.isPending}
        />
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The new owner becomes the sender of <b>{document.name}</b>: the document moves to their lists and
          mails about it go to them.
          {current.data ? ` The owner now is ${current.data.owner.name || current.data.owner.email}.` : ''}
        </Text>
        {mutation.error && !fieldError ? <ErrorAlert>{errorText(mutation.error)}</ErrorAlert> : null}
        {users.isError ? (
          <ErrorAlert>{errorText(users.error)}</ErrorAlert>
        ) : users.isPending ? (
          <Skeleton h={36} />
        ) : (
          <Select
            label="New owner"
            placeholder="Pick a company user"
            data={options.filter((option) => option.value !== ownerId)}
            value={userId}
            onChange={(value) => {
              setUserId(value);
              setCheckError(null);
            }}
            searchable
            withAsterisk
            nothingFoundMessage="No user matches"
            error={checkError ?? fieldError}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Stack>
    </AppDialog>
  );
}
