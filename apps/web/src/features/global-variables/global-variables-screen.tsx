import { useState } from 'react';
import { Anchor, Badge, Box, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash, IconVariable } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TGlobalVariable } from '@esigns/contracts/global-variables';
import { FORM_FIELD_TYPE_INFO } from '@esigns/contracts/nocode-field-types';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  RowActions,
  SegmentedFilter,
  useDeleteConfirm,
  useListQuery,
  type ListColumn,
} from '../../shared/ui/list-screen';
import {
  GLOBAL_VARIABLE_KEYS,
  deleteGlobalVariable,
  fetchGlobalVariables,
  fetchStandardVariables,
  fetchVariableTags,
} from './global-variables-api';
import { ValuePreview } from './value-preview';

export const GLOBAL_VARIABLES_PAGE_SIZE = 10;

type Tab = 'CUSTOM' | 'STANDARD';
const TABS = [
  { value: 'CUSTOM', label: 'Company variables' },
  { value: 'STANDARD', label: 'Standard variables' },
];

export const variablePath = (variable: Pick<TGlobalVariable, '_id'>) =>
  `/global-variables/view/${encodeURIComponent(variable._id)}`;

/** The columns; `onDelete` only for rows the caller may delete (company variables). */
function variableColumns(onDelete?: (row: TGlobalVariable) => void): ListColumn<TGlobalVariable>[] {
  return [
    {
      key: 'label',
      header: 'Label',
      cell: (row) => (
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
      ),
    },
    {
      key: 'type',
      header: 'Type',
      width: 150,
      cell: (row) => <Text size="sm">{FORM_FIELD_TYPE_INFO[row.input_type].label}</Text>,
    },
    { key: 'value', header: 'Value', maw: 280, cell: (row) => <ValuePreview variable={row} /> },
    {
      key: 'tags',
      header: 'Tags',
      width: 180,
      cell: (row) => (
        <Group gap={4}>
          {row.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="outline" color="gray">
              {tag}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 130,
      cell: (row) => (
        <RowActions
          name={row.label}
          open={{ to: variablePath(row), label: 'View' }}
          items={[
            onDelete &&
              row.type === 'CUSTOM' && {
                label: 'Delete',
                icon: <IconTrash size={14} />,
                color: 'red',
                onClick: () => onDelete(row),
              },
          ]}
        />
      ),
    },
  ];
}

const VARIABLE_TABLE = { columns: variableColumns(), rowTestId: 'global-variable-row', minWidth: 760 };

/** The read-only variables every company has (from its profile and the calendar). */
function StandardVariables() {
  const query = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.standard,
    queryFn: ({ signal }) => fetchStandardVariables(signal),
  });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Read-only values taken from your company profile and the calendar; templates can show them like any
        other variable.
      </Text>
      <ListView
        list={{ query, rows: query.data ?? [] }}
        errorTitle="Could not load the variables"
        empty={{ icon: IconVariable, title: 'No standard variables' }}
        skeletonRows={4}
        {...VARIABLE_TABLE}
      />
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
  const [tab, setTab] = useState<Tab>('CUSTOM');
  const isCustom = tab === 'CUSTOM';
  const canCreate = rights.can('global-variables:create');
  const list = useListQuery({
    pageSize: GLOBAL_VARIABLES_PAGE_SIZE,
    filters: { tags: [] as string[] },
    queryKey: GLOBAL_VARIABLE_KEYS.page,
    queryFn: fetchGlobalVariables,
    enabled: isCustom,
  });
  const tagList = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.tags,
    queryFn: ({ signal }) => fetchVariableTags(signal),
  });
  const remove = useDeleteConfirm({
    remove: (row: TGlobalVariable) => deleteGlobalVariable(row._id),
    invalidate: GLOBAL_VARIABLE_KEYS.all,
    notice: (row) => ({ message: `${row.label} deleted` }),
  });
  const { tags } = list.filters;

  return (
    <ListScreen
      title="Global variables"
      description="Company-wide values (fees, addresses, bank details…) that templates and records show."
      actions={
        canCreate && (
          <Button component={Link} to="/global-variables/add" leftSection={<IconPlus size={16} />}>
            New variable
          </Button>
        )
      }
      rights={rights}
      list={list}
      noAccess="Your user type cannot see global variables."
      filters={
        <>
          <SegmentedFilter data={TABS} value={tab} onChange={(value) => setTab(value as Tab)} />
          {isCustom && (
            <MultiSelect
              aria-label="Filter by tags"
              placeholder={tags.length ? undefined : 'All tags'}
              data={(tagList.data ?? []).map((tag) => tag.name)}
              value={tags}
              onChange={(next) => list.setFilter('tags', next)}
              clearable
              searchable
              w={{ base: '100%', xs: 220 }}
            />
          )}
        </>
      }
      search={
        isCustom
          ? { label: 'Search variables', placeholder: 'Search by label, key or description', width: 300 }
          : undefined
      }
      dialogs={
        <DeleteDialog confirm={remove} title="Delete global variable">
          {(row) => (
            <>
              Delete <b>{row.label}</b>? Variables that form templates show cannot be deleted.
            </>
          )}
        </DeleteDialog>
      }
    >
      {!isCustom ? (
        <StandardVariables />
      ) : (
        <ListView
          list={list}
          errorTitle="Could not load the variables"
          empty={{
            icon: IconVariable,
            title: 'No global variables yet',
            text: canCreate
              ? 'Add the values your templates repeat: a booking fee, the registered office, bank details…'
              : 'Variables your company adds appear here.',
            filtered: { title: 'No variable matches', text: 'Try another search or tag.' },
          }}
          {...VARIABLE_TABLE}
          columns={variableColumns(rights.can('global-variables:delete') ? remove.ask : undefined)}
          skeletonRows={4}
        />
      )}
    </ListScreen>
  );
}
