import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPalette, IconPlus, IconPower, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { TEntityCustomization } from '@esigns/contracts/entity-customization';
import { isApiError } from '../../shared/api/api-error';
import { formatDate } from '../../shared/format/date';
import { AppDialog } from '../../shared/ui/app-dialog';
import { NamedIcon } from '../../shared/ui/named-icon';
import {
  ConfirmDialog,
  ErrorAlert,
  LoadError,
  Panel,
  StateMessage,
  errorText,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import {
  CUSTOMIZATION_KEYS,
  createCustomization,
  deleteCustomization,
  fetchEntityCustomizations,
  updateCustomization,
} from './customization-api';
import { CustomizationForm, draftOfCustomization, type CustomizationDraft } from './customization-form';
import { useTargets } from './menu-item-dialog';

type Editing = { row: TEntityCustomization | null; draft: CustomizationDraft };

/** Adds or changes one customization in a dialog; the server's 422 messages show on the fields. */
function EditDialog({
  entityId,
  editing,
  onClose,
}: {
  entityId: string;
  editing: Editing | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CustomizationDraft | null>(null);
  const current = draft ?? editing?.draft ?? null;
  const save = useMutation({
    mutationFn: (value: CustomizationDraft) =>
      editing?.row
        ? updateCustomization({ _id: editing.row._id, ...value, updated_at: editing.row.updated_at })
        : createCustomization({ entity_id: entityId, ...value }),
    onSuccess: (row) => {
      void queryClient.invalidateQueries({ queryKey: CUSTOMIZATION_KEYS.all });
      notifications.show({ color: 'teal', message: `${row.label} is saved` });
      close();
    },
  });
  const close = () => {
    setDraft(null);
    save.reset();
    onClose();
  };
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <AppDialog
      opened={editing !== null}
      onClose={close}
      title={editing?.row ? `Change ${editing.row.label}` : 'New customization'}
      size="xl"
      onConfirm={() => current && save.mutate(current)}
      confirmLabel="Save"
      isConfirmLoading={save.isPending}
    >
      {current && (
        <Stack gap="md">
          {save.isError && !hasFieldErrors && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
          <CustomizationForm entityId={entityId} draft={current} onChange={setDraft} errors={errors} />
        </Stack>
      )}
    </AppDialog>
  );
}

/**
 * The "Entity customization" tab of /menu-management: choose an entity, see its customizations,
 * add, change, activate (one at a time) and delete them.
 */
export function CustomizationPanel() {
  const queryClient = useQueryClient();
  const { can } = useCan();
  const canManage = can('customization:manage');
  const [params, setParams] = useSearchParams();
  const entityId = params.get('entity');
  const entities = useTargets('ENTITY');
  const list = useQuery({
    queryKey: CUSTOMIZATION_KEYS.ofEntity(entityId ?? ''),
    queryFn: ({ signal }) => fetchEntityCustomizations(entityId!, signal),
    enabled: Boolean(entityId),
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<TEntityCustomization | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CUSTOMIZATION_KEYS.all });
  const toggle = useMutation({
    mutationFn: (row: TEntityCustomization) =>
      updateCustomization({ _id: row._id, isActive: !row.isActive, updated_at: row.updated_at }),
    onSuccess: (row) => {
      refresh();
      notifications.show({
        color: 'teal',
        message: row.isActive ? `${row.label} is now active` : `${row.label} is off`,
      });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  const remove = useMutation({
    mutationFn: (row: TEntityCustomization) => deleteCustomization(row._id),
    onSuccess: () => {
      setDeleting(null);
      refresh();
    },
  });

  const entityName = entities.data?.find((e) => e._id === entityId)?.name;
  let body;
  if (!entityId) {
    body = (
      <StateMessage icon={<IconPalette size={28} />} title="Choose an entity">
        <Text c="dimmed" size="sm" maw={460}>
          A customization sets how an entity&apos;s screens look: what records are called, the record
          page&apos;s tabs, the list&apos;s columns and sort, button labels and colours. One of them is active
          at a time.
        </Text>
      </StateMessage>
    );
  } else if (list.isError) {
    body = (
      <LoadError
        error={list.error}
        onRetry={() => void list.refetch()}
        title="The customizations could not be loaded"
      />
    );
  } else if (!list.data) {
    body = (
      <Text c="dimmed" size="sm" p="md">
        Loading...
      </Text>
    );
  } else if (list.data.length === 0) {
    body = (
      <StateMessage
        icon={<IconPalette size={28} />}
        title={`${entityName ?? 'This entity'} has no customization`}
      >
        <Text c="dimmed" size="sm">
          Its screens use the default look.
        </Text>
      </StateMessage>
    );
  } else {
    body = (
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Records called</Table.Th>
            <Table.Th>Columns</Table.Th>
            <Table.Th>Changed</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((row) => (
            <Table.Tr key={row._id} data-testid="customization-row">
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <NamedIcon name={row.config.icon} size={18} color={row.config.primary_color ?? undefined} />
                  <Text size="sm" fw={500}>
                    {row.label}
                  </Text>
                  {row.isActive && (
                    <Badge size="sm" color="teal" variant="light">
                      Active
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.config.labels.plural ?? row.config.labels.singular ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.config.list_columns.length || 'All'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(row.updated_at)}</Text>
              </Table.Td>
              <Table.Td>
                {canManage && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={row.isActive ? 'Turn off' : 'Make active'}>
                      <ActionIcon
                        variant="subtle"
                        color={row.isActive ? 'teal' : 'gray'}
                        aria-label={row.isActive ? `Turn off ${row.label}` : `Make ${row.label} active`}
                        onClick={() => toggle.mutate(row)}
                        loading={toggle.isPending && toggle.variables?._id === row._id}
                      >
                        <IconPower size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Change ${row.label}`}
                      onClick={() => setEditing({ row, draft: draftOfCustomization(row) })}
                    >
                      <IconEdit size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${row.label}`}
                      onClick={() => setDeleting(row)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label="Entity"
          placeholder={entities.isPending ? 'Loading...' : 'Choose an entity'}
          searchable
          w={320}
          data={(entities.data ?? []).map((e) => ({ value: e._id, label: e.name }))}
          value={entityId}
          onChange={(value) =>
            setParams((p) => {
              if (value) p.set('entity', value);
              else p.delete('entity');
              return p;
            })
          }
          error={entities.isError ? errorText(entities.error) : undefined}
        />
        {entityId && canManage && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ row: null, draft: draftOfCustomization(null) })}
          >
            New customization
          </Button>
        )}
      </Group>
      {entities.isSuccess && entities.data.length === 0 && (
        <Alert variant="light" color="gray">
          The company has no entities yet: create one under Entities, then customize it here.
        </Alert>
      )}
      <Panel>{body}</Panel>
      {entityId && <EditDialog entityId={entityId} editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.label ?? ''}?`}
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
        isPending={remove.isPending}
        error={remove.error}
      >
        {deleting?.isActive ? 'It is active: the entity goes back to its default look.' : 'It is not active.'}
      </ConfirmDialog>
    </Stack>
  );
}
