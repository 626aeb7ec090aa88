import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  MultiSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDots, IconEye, IconPlus, IconSearch, IconTrash, IconVariable } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TGlobalVariable } from '@esigns/contracts/global-variables';
import { FORM_FIELD_TYPE_INFO } from '@esigns/contracts/nocode-field-types';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ListPager } from '../../shared/ui/list-pager';
import {
  ConfirmDialog,
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  StateMessage,
  isForbidden,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import {
  GLOBAL_VARIABLE_KEYS,
  deleteGlobalVariable,
  fetchGlobalVariables,
  fetchStandardVariables,
  fetchVariableTags,
  type GlobalVariableQuery,
} from './global-variables-api';
import { ValuePreview } from './value-preview';

export const GLOBAL_VARIABLES_PAGE_SIZE = 10;

export const variablePath = (variable: Pick<TGlobalVariable, '_id'>) =>
  `/global-variables/view/${encodeURIComponent(variable._id)}`;

function DeleteAction({ row }: { row: TGlobalVariable }) {
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteGlobalVariable(row._id),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: GLOBAL_VARIABLE_KEYS.all });
      notifications.show({ color: 'teal', message: `${row.label} deleted` });
    },
  });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`More actions for ${row.label}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setOpen(true)}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={isOpen}
        title="Delete global variable"
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setOpen(false);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error}
      >
        Delete <b>{row.label}</b>? Variables that form templates show cannot be deleted.
      </ConfirmDialog>
    </>
  );
}

function VariableRows({ rows, canDelete }: { rows: TGlobalVariable[]; canDelete: boolean }) {
  return rows.map((row) => (
    <Table.Tr key={row._id} data-testid="global-variable-row">
      <Table.Td>
        <Box style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={variablePath(row)} fw={500} size="sm">
              {row.label}
            </Anchor>
            {row.is_fixed && (
              <Badge size="xs" variant="light" color="grape">
                Fixed
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            {row.key}
          </Text>
        </Box>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{FORM_FIELD_TYPE_INFO[row.input_type].label}</Text>
      </Table.Td>
      <Table.Td maw={280}>
        <ValuePreview variable={row} />
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {row.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="outline" color="gray">
              {tag}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            component={Link}
            to={variablePath(row)}
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} />}
          >
            View
          </Button>
          {canDelete && row.type === 'CUSTOM' && <DeleteAction row={row} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  ));
}

function VariableTable({
  rows,
  isPending,
  canDelete,
}: {
  rows: TGlobalVariable[];
  isPending: boolean;
  canDelete: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Label</Table.Th>
            <Table.Th w={150}>Type</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th w={180}>Tags</Table.Th>
            <Table.Th w={130} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending ? (
            Array.from({ length: 4 }, (_, i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={5}>
                  <Skeleton h={16} />
                </Table.Td>
              </Table.Tr>
            ))
          ) : (
            <VariableRows rows={rows} canDelete={canDelete} />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StandardVariables() {
  const list = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.standard,
    queryFn: ({ signal }) => fetchStandardVariables(signal),
  });
  if (list.error) {
    return (
      <LoadError
        title="Could not load the variables"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Read-only values taken from your company profile and the calendar; templates can show them like any
        other variable.
      </Text>
      <VariableTable rows={list.data ?? []} isPending={list.isPending} canDelete={false} />
    </Stack>
  );
}

/**
 * /global-variables: the company's variables, server-paged with search and a tag filter, and the
 * standard ones on their own tab. Each row previews its value; View opens it, Delete asks first
 * (a variable a form template shows stays, with the server's reason in the dialog).
 */
export function GlobalVariablesScreen() {
  usePageTitle('Global variables');
  const rights = useCan();
  const [tab, setTab] = useState<'CUSTOM' | 'STANDARD'>('CUSTOM');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [tags, setTags] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const canCreate = rights.can('global-variables:create');

  const query: GlobalVariableQuery = {
    page,
    limit: GLOBAL_VARIABLES_PAGE_SIZE,
    search: debouncedSearch || undefined,
    tags,
  };
  const list = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.page(query),
    queryFn: ({ signal }) => fetchGlobalVariables(query, signal),
    placeholderData: keepPreviousData,
    enabled: tab === 'CUSTOM',
  });
  const tagList = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.tags,
    queryFn: ({ signal }) => fetchVariableTags(signal),
  });

  const frame = (content: ReactNode) => (
    <PageFrame
      title="Global variables"
      description="Company-wide values (fees, addresses, bank details…) that templates and records show."
      actions={
        canCreate ? (
          <Button component={Link} to="/global-variables/add" leftSection={<IconPlus size={16} />}>
            New variable
          </Button>
        ) : undefined
      }
    >
      {content}
    </PageFrame>
  );

  if (rights.isLoading) return frame(<Skeleton h={320} radius="md" aria-busy="true" />);
  if (isForbidden(list.error)) {
    return frame(
      <Panel>
        <NoAccess>
          Your user type cannot see global variables. Ask an owner or admin if you need access.
        </NoAccess>
      </Panel>,
    );
  }
  const rows = list.data?.data ?? [];
  const isFiltered = Boolean(debouncedSearch) || tags.length > 0;
  return frame(
    <Panel>
      <Stack gap="md" p="md">
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            data={[
              { value: 'CUSTOM', label: 'Company variables' },
              { value: 'STANDARD', label: 'Standard variables' },
            ]}
            value={tab}
            onChange={(value) => setTab(value as 'CUSTOM' | 'STANDARD')}
          />
          {tab === 'CUSTOM' && (
            <Group gap="xs" wrap="wrap">
              <MultiSelect
                aria-label="Filter by tags"
                placeholder={tags.length ? undefined : 'All tags'}
                data={(tagList.data ?? []).map((tag) => tag.name)}
                value={tags}
                onChange={(next) => {
                  setTags(next);
                  setPage(1);
                }}
                clearable
                searchable
                w={220}
              />
              <TextInput
                placeholder="Search by label, key or description"
                aria-label="Search variables"
                leftSection={<IconSearch size={16} />}
                w={300}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
              />
            </Group>
          )}
        </Group>
        {tab === 'STANDARD' ? (
          <StandardVariables />
        ) : list.error ? (
          <LoadError
            title="Could not load the variables"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && rows.length === 0 ? (
          <StateMessage
            icon={<IconVariable size={22} />}
            color="gray"
            title={isFiltered ? 'No variable matches' : 'No global variables yet'}
          >
            {isFiltered
              ? 'Try another search or tag.'
              : canCreate
                ? 'Add the values your templates repeat: a booking fee, the registered office, bank details…'
                : 'Variables your company adds appear here.'}
          </StateMessage>
        ) : (
          <VariableTable
            rows={rows}
            isPending={list.isPending}
            canDelete={rights.can('global-variables:delete')}
          />
        )}
        {tab === 'CUSTOM' && (
          <ListPager
            page={page}
            limit={GLOBAL_VARIABLES_PAGE_SIZE}
            total={list.data?.total ?? 0}
            totalPages={list.data?.total_pages}
            onPage={setPage}
          />
        )}
      </Stack>
    </Panel>,
  );
}
