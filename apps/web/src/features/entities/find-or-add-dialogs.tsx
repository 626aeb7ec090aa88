import { useState } from 'react';
import { Anchor, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { TFoundRecord } from '@esigns/contracts/entity-actions';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ContactPicker, type ContactPickerValue } from '../contacts/contact-picker';
import { useCompanyUserOptions } from '../document-actions/people-dialogs';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { ENTITY_KEYS } from './entities-api';
import { addRecordPath, recordPath } from './paths';
import { createCompany, findOrAddPerson } from './record-actions-api';
import { DialogButtons } from '../../shared/ui/form-dialog';

type DialogProps = { opened: boolean; onClose: () => void; entityId: string; entityName: string };

/** After a find-or-add: say which, refresh the grid, open the record. */
function useFound(entityId: string, onClose: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (found: TFoundRecord) => {
    void queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.records(entityId) });
    notifications.show({
      color: 'teal',
      message: found.created
        ? `${found.record.title || 'Record'} added`
        : `${found.record.title} was already there`,
    });
    onClose();
    void navigate(recordPath(found.entity._id, found.record._id, 'view'));
  };
}

/** A refusal the dialog cannot fix (required fields beyond the name): point at the full form. */
function RefusalWithForm({ error, entityId }: { error: unknown; entityId: string }) {
  const primaryMissing = isApiError(error) && error.isValidation && error.message.includes('Primary fields');
  return (
    <ErrorAlert>
      {errorText(error)}
      {primaryMissing && (
        <>
          {' '}
          <Anchor component={Link} to={addRecordPath(entityId)} size="sm">
            Open the full form
          </Anchor>
        </>
      )}
    </ErrorAlert>
  );
}

/**
 * "Find or add company" (BUSINESS entities): the company of that name when it is there, else a new
 * record with that name; either way its page opens. Never adds the same company twice.
 */
export function FindCompanyDialog({ opened, onClose, entityId, entityName }: DialogProps) {
  const [name, setName] = useState('');
  const done = useFound(entityId, onClose);
  const save = useMutation({
    mutationFn: () => createCompany({ entity_id: entityId, name }),
    onSuccess: (found) => {
      setName('');
      done(found);
    },
  });
  const nameError = isApiError(save.error) ? save.error.fieldErrors.name : undefined;
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={`Find or add a company in ${entityName}`}
      size="md"
      footer={
        <DialogButtons
          onCancel={onClose}
          isPending={save.isPending}
          confirmLabel="Open"
          isConfirmDisabled={!name.trim()}
          onConfirm={() => save.mutate()}
        />
      }
    >
      <Stack>
        {save.error && !nameError ? <RefusalWithForm error={save.error} entityId={entityId} /> : null}
        <TextInput
          label="Company name"
          description="An existing company of this name (ignoring case) opens; otherwise it is added."
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameError}
          data-autofocus
        />
      </Stack>
    </AppDialog>
  );
}

/**
 * "Add a person": the record of a workspace user or a contact, found by email or added with their
 * names, email and phone; either way its page opens.
 */
export function PersonRecordDialog({ opened, onClose, entityId, entityName }: DialogProps) {
  const { can } = useCan();
  const { options } = useCompanyUserOptions();
  const [kind, setKind] = useState<'user' | 'contact'>('user');
  const [userId, setUserId] = useState<string | null>(null);
  const [contact, setContact] = useState<ContactPickerValue | null>(null);
  const done = useFound(entityId, onClose);
  const save = useMutation({
    mutationFn: () =>
      findOrAddPerson(
        kind === 'user'
          ? { entity_id: entityId, user_id: userId ?? '' }
          : { entity_id: entityId, contact_id: contact?.contact_id ?? '' },
      ),
    onSuccess: done,
  });
  const chosen = kind === 'user' ? Boolean(userId) : Boolean(contact?.contact_id);
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={`Add a person to ${entityName}`}
      size="md"
      footer={
        <DialogButtons
          onCancel={onClose}
          isPending={save.isPending}
          confirmLabel="Open"
          isConfirmDisabled={!chosen}
          onConfirm={() => save.mutate()}
        />
      }
    >
      <Stack>
        {save.error ? <RefusalWithForm error={save.error} entityId={entityId} /> : null}
        {can('contacts:view') && (
          <SegmentedControl
            value={kind}
            onChange={(next) => setKind(next as 'user' | 'contact')}
            data={[
              { value: 'user', label: 'Workspace user' },
              { value: 'contact', label: 'Contact' },
            ]}
          />
        )}
        {kind === 'user' ? (
          <Select label="User" searchable data={options} value={userId} onChange={setUserId} />
        ) : (
          <Stack gap={4}>
            <ContactPicker label="Contact" onSelect={setContact} keepValue />
            {contact && (
              <Text size="sm" c="dimmed">
                {`${contact.first_name} ${contact.last_name}`.trim()} ({contact.email})
              </Text>
            )}
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          Their record is found by email; when there is none, one is added with their name, email and phone.
        </Text>
      </Stack>
    </AppDialog>
  );
}
