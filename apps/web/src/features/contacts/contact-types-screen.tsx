import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconEdit, IconPlus, IconTags, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZContactTypeName, type TContactType } from '@esigns/contracts/contacts';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import {
  ConfirmDialog,
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  StateMessage,
  errorText,
  isForbidden,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import {
  CONTACT_KEYS,
  createContactType,
  deleteContactType,
  fetchContactTypes,
  renameContactType,
} from './contacts-api';

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

function AddTypeForm() {
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

function TypeRow({
  type,
  canRename,
  canDelete,
  onDelete,
}: {
  type: TContactType;
  canRename: boolean;
  canDelete: boolean;
  onDelete: (type: TContactType) => void;
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
        <Group gap={4} wrap="nowrap">
          {canRename && (
            <Tooltip label="Rename">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Rename ${type.name}`}
                onClick={() => setDraft(type.name)}
              >
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${type.name}`}
                onClick={() => onDelete(type)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )}
    </Group>
  );
}

/** /contact-types: the kinds of contacts (buyer, tenant, vendor...): list, add, rename inline, delete. */
export function ContactTypesScreen() {
  usePageTitle('Contact types');
  const rights = useCan();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<TContactType | null>(null);
  const canView = rights.can('contact-types:view') || rights.can('contacts:view');
  const canCreate = rights.can('contact-types:create');
  const canRename = rights.can('contact-types:update');
  const canDelete = rights.can('contact-types:delete');

  const types = useQuery({
    queryKey: CONTACT_KEYS.types,
    queryFn: ({ signal }) => fetchContactTypes(signal),
    enabled: canView,
  });
  const remove = useMutation({
    mutationFn: (type: TContactType) => deleteContactType(type._id),
    onSuccess: (_result, type) => {
      notifications.show({ color: 'teal', title: 'Contact type deleted', message: type.name });
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.types });
    },
  });

  const frame = (content: ReactNode) => (
    <PageFrame
      title="Contact types"
      description="Group your contacts by the part they play: buyer, tenant, owner, vendor. Each contact has at most one type."
    >
      {content}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete contact type"
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error}
      >
        Delete the type <b>{deleting?.name}</b>? A type that contacts still have cannot be deleted: change
        their type first.
      </ConfirmDialog>
    </PageFrame>
  );

  if (rights.isLoading) return frame(<Skeleton h={240} radius="md" aria-busy="true" />);
  if (!canView || isForbidden(types.error)) {
    return frame(
      <Panel>
        <NoAccess>
          Your user type cannot see contact types. Ask an owner or admin if you need access.
        </NoAccess>
      </Panel>,
    );
  }

  const rows = types.data ?? [];
  return frame(
    <Stack gap="lg" maw={720}>
      {canCreate && <AddTypeForm />}
      <Panel>
        {types.isError ? (
          <LoadError
            title="Could not load the contact types"
            error={types.error}
            onRetry={() => void types.refetch()}
          />
        ) : types.isPending ? (
          <Stack gap="sm" p="md">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h={28} radius="sm" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <StateMessage
            icon={<IconTags size={28} />}
            title="No contact types yet"
            testId="contact-types-empty"
          >
            <Text c="dimmed" size="sm" maw={420}>
              {canCreate
                ? 'Add the kinds of contacts you work with, then give each contact its type.'
                : 'An owner or admin can add the kinds of contacts you work with.'}
            </Text>
          </StateMessage>
        ) : (
          <Box>
            {rows.map((type) => (
              <TypeRow
                key={type._id}
                type={type}
                canRename={canRename}
                canDelete={canDelete}
                onDelete={setDeleting}
              />
            ))}
          </Box>
        )}
      </Panel>
    </Stack>,
  );
}
