import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFilter, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FILTER_OPERATOR_LABELS, type TGlobalFilter } from '@esigns/contracts/entity-filters';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { formatRuleValue } from '../entity-views/filter-values';
import { DeleteDialog, useDeleteConfirm } from '../../shared/ui/list-screen/delete-confirm';
import { LoadError, Panel, StateMessage, errorText } from '../../shared/ui/page-kit';
import { SettingsArea } from '../settings/settings-area';
import { AddGlobalFilterDialog } from './add-global-filter-dialog';
import {
  GLOBAL_FILTER_KEYS,
  deleteGlobalFilter,
  fetchGlobalFilters,
  updateGlobalFilter,
} from './global-filters-api';
import { LoadingBlocks } from '../settings/settings-form-kit';

/** "Status is Available", with the field's label when it still exists. */
export function describeGlobalFilter(filter: TGlobalFilter): string {
  const field = filter.field_type
    ? { ref: filter.rule.field, label: filter.field_label ?? '', type: filter.field_type as TFormFieldType }
    : undefined;
  const value = formatRuleValue(field, filter.rule.value, filter.rule.operator);
  const label = filter.field_label ?? 'A removed field';
  return `${label} ${FILTER_OPERATOR_LABELS[filter.rule.operator]}${value ? ` ${value}` : ''}`;
}

function FilterRow({ filter }: { filter: TGlobalFilter }) {
  const queryClient = useQueryClient();
  const text = describeGlobalFilter(filter);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: GLOBAL_FILTER_KEYS.all });
  const toggle = useMutation({
    mutationFn: (isActive: boolean) => updateGlobalFilter(filter._id, { is_active: isActive }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TGlobalFilter[]>(GLOBAL_FILTER_KEYS.all, (rows) =>
        rows?.map((row) => (row._id === saved._id ? saved : row)),
      );
      refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  const deletion = useDeleteConfirm<TGlobalFilter>({
    remove: (row) => deleteGlobalFilter(row._id),
    invalidate: GLOBAL_FILTER_KEYS.all,
    notice: () => ({ message: 'Global filter deleted' }),
  });
  const isActive = toggle.isPending ? Boolean(toggle.variables) : filter.is_active;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="md"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="global-filter-row"
    >
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        <Switch
          checked={isActive}
          onChange={(e) => toggle.mutate(e.currentTarget.checked)}
          aria-label={`${text}: on`}
        />
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} c={isActive ? undefined : 'dimmed'} truncate>
            {text}
          </Text>
          <Group gap={6}>
            <Badge size="xs" variant="light" color={filter.template_name ? 'blue' : 'gray'}>
              {filter.template_name ?? 'Deleted template'}
            </Badge>
            {!isActive && (
              <Text size="xs" c="dimmed">
                Off
              </Text>
            )}
          </Group>
        </Box>
      </Group>
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={() => deletion.ask(filter)}
        aria-label={`Delete ${text}`}
      >
        <IconTrash size={16} />
      </ActionIcon>
      <DeleteDialog confirm={deletion} title="Delete global filter">
        {() => (
          <>
            Delete <b>{text}</b>? Your record lists stop being filtered by it.
          </>
        )}
      </DeleteDialog>
    </Group>
  );
}

/** /profilesettings/global-filters: the caller's global filters, switched on or off, added and deleted. */
export function GlobalFiltersScreen() {
  const [isAdding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: GLOBAL_FILTER_KEYS.all,
    queryFn: ({ signal }) => fetchGlobalFilters(signal),
  });
  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
      Add global filter
    </Button>
  );
  let content: ReactNode;
  if (list.isPending) {
    content = <LoadingBlocks label="Loading your global filters" heights={[56, 56]} />;
  } else if (list.isError) {
    content = (
      <LoadError
        error={list.error}
        onRetry={() => void list.refetch()}
        title="Could not load your global filters"
      />
    );
  } else if (list.data.length === 0) {
    content = (
      <Panel>
        <StateMessage icon={<IconFilter size={28} />} title="No global filters">
          <Text size="sm" c="dimmed" maw={460}>
            A global filter narrows every record list of the entities built from a template, for you only: for
            example, only the properties of your city.
          </Text>
        </StateMessage>
      </Panel>
    );
  } else {
    content = (
      <Panel>
        {list.data.map((filter) => (
          <FilterRow key={filter._id} filter={filter} />
        ))}
      </Panel>
    );
  }
  return (
    <SettingsArea
      title="Global filters"
      description="Rules on template fields that narrow every record list and view you open, while they are on."
      actions={add}
    >
      {content}
      {isAdding && <AddGlobalFilterDialog onClose={() => setAdding(false)} />}
    </SettingsArea>
  );
}
