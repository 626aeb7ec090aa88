import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconEdit, IconPlus, IconShieldLock, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZContactTypeName, type TContactType } from '@esigns/contracts/contacts';
import { isApiError } from '../../shared/api/api-error';
import { IconActions } from '../../shared/ui/list-screen';
import { errorText } from '../../shared/ui/page-kit';
import { CONTACT_KEYS, createContactType, renameContactType } from './contacts-api';

/* The parts of the contact types screen: the add form and the rows, renamed in place. */

/** The message to show under a name input for a failed save (422 on name, 409 duplicate...). */
function nameError(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && error.isValidation) return error.fieldErrors.name ?? error.message;
  return errorText(error);
}

function checkName(value: string): string | null {
  const parsed = ZContactTypeName.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid name');
}

/** The form that adds a contact type. */
export function AddTypeForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: createContactType,
    onSuccess: (type) => {
      notifications.show({ color: 'teal', title: 'Contact type added', message: type.name });
      setName('');
      void queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.types });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = checkName(name);
    setProblem(invalid);
    if (!invalid) add.mutate(name.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add contact type">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          aria-label="New contact type"
          placeholder="New type, e.g. Buyer"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblem(null);
            add.reset();
          }}
          error={problem ?? nameError(add.error)}
          style={{ flex: 1 }}
          maw={360}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending}>
          Add
        </Button>
      </Group>
    </form>
  );
}

/** One contact type: its name and count, renamed inline, its entity permissions and its delete. */
export function TypeRow({
  type,
  canRename,
  canDelete,
  onDelete,
  onPermissions,
}: {
  type: TContactType;
  canRename: boolean;
  canDelete: boolean;
  onDelete: (type: TContactType) => void;
  onPermissions: (type: TContactType) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (name: string) => renameContactType(type._id, name),
    onSuccess: (renamed) => {
      notifications.show({ color: 'teal', title: 'Contact type renamed', message: renamed.name });
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.all });
    },
  });
  const cancel = () => {
    setDraft(null);
    setProblem(null);
    rename.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    const invalid = checkName(draft);
    setProblem(invalid);
    if (!invalid) rename.mutate(draft.trim());
  };

  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="md"
      py="sm"
      data-testid="contact-type-row"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      {draft === null ? (
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {type.name}
          </Text>
          <Badge variant="light" color="gray" style={{ textTransform: 'none', flexShrink: 0 }}>
            {type.contact_count} {type.contact_count === 1 ? 'contact' : 'contacts'}
          </Badge>
        </Group>
      ) : (
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          style={{ flex: 1 }}
          aria-label={`Rename ${type.name}`}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label="Contact type name"
              value={draft}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                setProblem(null);
                rename.reset();
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') cancel();
              }}
              error={problem ?? nameError(rename.error)}
              size="sm"
              style={{ flex: 1 }}
              maw={360}
              data-autofocus
              autoFocus
            />
            <ActionIcon type="submit" size="lg" aria-label="Save name" loading={rename.isPending}>
              <IconCheck size={18} />
            </ActionIcon>
            <ActionIcon variant="default" size="lg" aria-label="Cancel renaming" onClick={cancel}>
              <IconX size={18} />
            </ActionIcon>
          </Group>
        </Box>
      )}
      {draft === null && (
        <IconActions
          actions={[
            {
              tip: 'Entity permissions',
              label: `Entity permissions of ${type.name}`,
              icon: IconShieldLock,
              onClick: () => onPermissions(type),
            },
            canRename && {
              tip: 'Rename',
              label: `Rename ${type.name}`,
              icon: IconEdit,
              onClick: () => setDraft(type.name),
            },
            canDelete && {
              tip: 'Delete',
              label: `Delete ${type.name}`,
              icon: IconTrash,
              color: 'red',
              onClick: () => onDelete(type),
            },
          ]}
        />
      )}
    </Group>
  );
}
