import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconEdit, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { TGlobalVariable } from '@esigns/contracts/global-variables';
import { FORM_FIELD_TYPE_INFO } from '@esigns/contracts/nocode-field-types';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { ConfirmDialog, NoAccess, PageFrame, Panel, QueryFailure } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import {
  GLOBAL_VARIABLE_KEYS,
  createGlobalVariable,
  deleteGlobalVariable,
  fetchGlobalVariable,
  updateGlobalVariable,
} from './global-variables-api';
import { variablePath } from './global-variables-screen';
import { ValuePreview } from './value-preview';
import { VariableForm } from './variable-form';

const LIST = '/global-variables';

const backLink = (
  <Anchor
    component={Link}
    to={LIST}
    size="sm"
    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
  >
    <IconArrowLeft size={14} /> Global variables
  </Anchor>
);

/** /global-variables/add: the form; saving opens the new variable. */
export function AddVariableScreen() {
  usePageTitle('New global variable');
  const rights = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createGlobalVariable,
    onSuccess: (variable) => {
      void queryClient.invalidateQueries({ queryKey: GLOBAL_VARIABLE_KEYS.all });
      notifications.show({ color: 'teal', message: `${variable.label} created` });
      void navigate(variablePath(variable));
    },
  });
  let content: ReactNode;
  if (rights.isLoading) content = <Skeleton h={360} radius="md" aria-busy="true" />;
  else if (!rights.can('global-variables:create')) {
    content = (
      <Panel>
        <NoAccess>Your user type cannot add global variables.</NoAccess>
      </Panel>
    );
  } else {
    content = (
      <Panel>
        <Stack p="lg">
          <VariableForm
            submitLabel="Create variable"
            onSubmit={(body) => create.mutate(body)}
            onCancel={() => void navigate(LIST)}
            isPending={create.isPending}
            error={create.error}
          />
        </Stack>
      </Panel>
    );
  }
  return (
    <PageFrame title="New global variable" description={backLink}>
      {content}
    </PageFrame>
  );
}

function Details({ variable }: { variable: TGlobalVariable }) {
  const rows: [string, ReactNode][] = [
    ['Value', <ValuePreview key="value" variable={variable} lines={6} />],
    [
      'Key',
      <Text key="key" size="sm" ff="monospace">
        {variable.key}
      </Text>,
    ],
    ['Type', FORM_FIELD_TYPE_INFO[variable.input_type].label],
    [
      'Tags',
      variable.tags.length ? (
        <Group key="tags" gap={4}>
          {variable.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="outline" color="gray">
              {tag}
            </Badge>
          ))}
        </Group>
      ) : (
        '—'
      ),
    ],
    ['Description', variable.description || '—'],
    ['Last changed', variable.updated_at ? formatDateTime(variable.updated_at) : '—'],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false} verticalSpacing="sm">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td>{typeof value === 'string' ? <Text size="sm">{value}</Text> : value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /global-variables/view/{global_variable_id}: the variable, edited in place, or deleted. */
export function ViewVariableScreen() {
  const { global_variable_id: id = '' } = useParams();
  const rights = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isEditing, setEditing] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const query = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.one(id),
    queryFn: ({ signal }) => fetchGlobalVariable(id, signal),
  });
  usePageTitle(query.data?.label ?? 'Global variable');
  const update = useMutation({
    mutationFn: (body: Parameters<typeof updateGlobalVariable>[1]) => updateGlobalVariable(id, body),
    onSuccess: (variable) => {
      queryClient.setQueryData(GLOBAL_VARIABLE_KEYS.one(id), variable);
      void queryClient.invalidateQueries({ queryKey: GLOBAL_VARIABLE_KEYS.all });
      notifications.show({ color: 'teal', message: `${variable.label} saved` });
      setEditing(false);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteGlobalVariable(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: GLOBAL_VARIABLE_KEYS.all });
      notifications.show({ color: 'teal', message: `${query.data?.label ?? 'Variable'} deleted` });
      void navigate(LIST);
    },
  });

  if (query.isPending) {
    return (
      <PageFrame title="Global variable" description={backLink}>
        <Skeleton h={320} radius="md" aria-busy="true" />
      </PageFrame>
    );
  }
  if (query.error) {
    return (
      <PageFrame title="Global variable" description={backLink}>
        <QueryFailure
          query={query}
          title="Could not load the variable"
          noAccess="Your user type cannot see global variables."
        />
      </PageFrame>
    );
  }
  const variable = query.data;
  const isCustom = variable.type === 'CUSTOM';
  const actions =
    isCustom && !isEditing ? (
      <>
        {rights.can('global-variables:delete') && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
        )}
        {rights.can('global-variables:update') && (
          <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </>
    ) : undefined;
  return (
    <PageFrame title={variable.label} description={backLink} actions={actions}>
      <Group gap={6}>
        <Badge variant="light">{FORM_FIELD_TYPE_INFO[variable.input_type].label}</Badge>
        {!isCustom && (
          <Badge variant="light" color="teal">
            Standard · from the company
          </Badge>
        )}
        {variable.is_fixed && (
          <Badge variant="light" color="grape">
            Fixed
          </Badge>
        )}
      </Group>
      <Panel>
        <Stack p="lg">
          {isEditing ? (
            <VariableForm
              initial={variable}
              submitLabel="Save changes"
              onSubmit={(body) => update.mutate(body)}
              onCancel={() => {
                setEditing(false);
                update.reset();
              }}
              isPending={update.isPending}
              error={update.error}
            />
          ) : (
            <Details variable={variable} />
          )}
        </Stack>
      </Panel>
      <ConfirmDialog
        opened={isDeleting}
        title="Delete global variable"
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error}
      >
        Delete <b>{variable.label}</b>? Variables that form templates show cannot be deleted.
      </ConfirmDialog>
    </PageFrame>
  );
}
