import { useState, type ReactNode } from 'react';
import { MultiSelect, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import { FormDialog, LoadedInput } from '../../shared/ui/form-dialog';
import { companyUserName } from '../team/team-labels';
import { fetchAllCompanyUsers } from '../templates/templates-api';
import type { ActionDialogProps } from './confirm-dialogs';
import { DOCUMENT_ACTION_KEYS, changeOwnership, shareDocument } from './document-actions-api';
import { closeThenDone, useDocumentAction, useDocumentSettings } from './use-document-action';

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

/** The company users something is shared with (once they have loaded). */
export function ShareWithSelect({
  loadError,
  isPending,
  data,
  value,
  onChange,
  error,
}: {
  loadError: unknown;
  isPending: boolean;
  data: { value: string; label: string }[];
  value: string[];
  onChange: (ids: string[]) => void;
  error: ReactNode;
}) {
  return (
    <LoadedInput error={loadError} isPending={isPending}>
      {() => (
        <MultiSelect
          label="Share with"
          placeholder={value.length ? undefined : 'Pick company users'}
          data={data}
          value={value}
          onChange={onChange}
          searchable
          clearable
          nothingFoundMessage="No user matches"
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </LoadedInput>
  );
}

export function ShareDialog({ document, onClose, onDone }: ActionDialogProps) {
  const { query: users, options } = useCompanyUserOptions();
  const current = useDocumentSettings(document._id);
  const [selected, setSelected] = useState<string[] | null>(null);
  const value = selected ?? current.data?.shared_with ?? [];
  const ownerId = current.data?.owner._id;
  const mutation = useDocumentAction((ids: string[]) => shareDocument(document._id, ids), {
    title: value.length ? 'Document shared' : 'Document no longer shared',
    message: () => document.name,
    onSuccess: closeThenDone({ onClose, onDone }),
  });
  const fieldError = fieldMessage(mutation.error, 'user_ids');
  const isLoading = users.isPending || current.isPending;
  return (
    <FormDialog
      onClose={onClose}
      title="Share document"
      confirmLabel="Save"
      onConfirm={() => mutation.mutate(value)}
      isPending={mutation.isPending}
      isConfirmDisabled={isLoading}
      intro={
        <Text size="sm" c="dimmed">
          People you share <b>{document.name}</b> with see it in their lists and can follow its progress.
        </Text>
      }
      error={fieldError ? null : mutation.error}
    >
      <ShareWithSelect
        loadError={users.error ?? current.error}
        isPending={isLoading}
        data={options.filter((option) => option.value !== ownerId)}
        value={value}
        onChange={setSelected}
        error={fieldError}
      />
    </FormDialog>
  );
}

export function ChangeOwnerDialog({ document, onClose, onDone }: ActionDialogProps) {
  const { query: users, options } = useCompanyUserOptions();
  const current = useDocumentSettings(document._id);
  const [userId, setUserId] = useState<string | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const mutation = useDocumentAction((id: string) => changeOwnership([document._id], id), {
    title: 'Owner changed',
    message: () => document.name,
    onSuccess: closeThenDone({ onClose, onDone }),
  });
  const fieldError = fieldMessage(mutation.error, 'user_id');
  const ownerId = current.data?.owner._id;
  return (
    <FormDialog
      onClose={onClose}
      title="Change owner"
      confirmLabel="Change owner"
      onConfirm={() => (userId ? mutation.mutate(userId) : setCheckError('Pick the new owner'))}
      isPending={mutation.isPending}
      isConfirmDisabled={users.isPending}
      intro={
        <Text size="sm" c="dimmed">
          The new owner becomes the sender of <b>{document.name}</b>: the document moves to their lists and
          mails about it go to them.
          {current.data ? ` The owner now is ${current.data.owner.name || current.data.owner.email}.` : ''}
        </Text>
      }
      error={fieldError ? null : mutation.error}
    >
      <LoadedInput error={users.error} isPending={users.isPending}>
        {() => (
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
      </LoadedInput>
    </FormDialog>
  );
}
