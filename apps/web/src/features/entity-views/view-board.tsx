import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDatabaseOff, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TEntityRecord } from '@esigns/contracts/entities';
import type { TViewEntity } from '@esigns/contracts/entity-views';
import { isApiError } from '../../shared/api/api-error';
import { LoadError, StateMessage } from '../../shared/ui/page-kit';
import { ENTITY_VIEW_KEYS, fetchViewData, type TTemplateField } from './entity-views-api';
import { useTemplateFields } from './filter-builder';
import { formatCell, shownColumns, valueOf, type ShownColumn } from './record-cells';

/*
 * A BOARD view of one entity, from `POST /entities-data/entity/view/data`: a lane per option of
 * the board field (and one for records without a value), the first 200 matching records as
 * cards, searchable by title. TABLE views use the entities feature's RecordsGrid instead.
 */

const BOARD_LIMIT = 200;

function RecordsBoard({
  columns,
  records,
  laneField,
}: {
  columns: ShownColumn[];
  records: TEntityRecord[];
  laneField: TTemplateField | undefined;
}) {
  const lanes = [
    ...(laneField?.options ?? []).map((o) => ({ value: o.value, label: o.label || o.value })),
    { value: '', label: 'No value' },
  ];
  const laneOf = (record: TEntityRecord) => {
    const value = laneField ? valueOf(record, laneField.ref) : undefined;
    return lanes.some((l) => l.value === value) ? String(value) : '';
  };
  const details = columns.filter((c) => c.field !== 'title' && c.field !== laneField?.ref).slice(0, 3);
  return (
    <ScrollArea type="auto">
      <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm" data-testid="view-board">
        {lanes.map((lane) => {
          const items = records.filter((r) => laneOf(r) === lane.value);
          return (
            <Box
              key={lane.value || 'none'}
              w={260}
              miw={260}
              bg="gray.0"
              p="xs"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              data-testid="board-lane"
            >
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  {lane.label}
                </Text>
                <Badge variant="light" color="gray" size="sm">
                  {items.length}
                </Badge>
              </Group>
              <Stack gap={6}>
                {items.map((record) => (
                  <Card key={record._id} withBorder padding="xs" radius="sm" data-testid="view-record">
                    <Text size="sm" fw={600} truncate>
                      {record.title || 'Untitled'}
                    </Text>
                    {details.map((column) => {
                      const text = formatCell(valueOf(record, column.field), column.field_def);
                      return text ? (
                        <Text key={column.field} size="xs" c="dimmed" truncate>
                          {column.label}: {text}
                        </Text>
                      ) : null;
                    })}
                  </Card>
                ))}
              </Stack>
            </Box>
          );
        })}
      </Group>
    </ScrollArea>
  );
}

export type ViewBoardProps = {
  viewId: string;
  entry: TViewEntity;
  /** Where to fix a view a removed field broke; null when the caller may not edit views. */
  editHref: string | null;
};

/** Search and a board of one entity of a view. */
export function ViewBoard({ viewId, entry, editHref }: ViewBoardProps) {
  const { fields, error: fieldsError } = useTemplateFields(entry.entity_id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = {
    entity_view_id: viewId,
    entity_id: entry.entity_id,
    page: 1,
    limit: BOARD_LIMIT,
    search: debounced || undefined,
  };
  const data = useQuery({
    queryKey: ENTITY_VIEW_KEYS.data(query),
    queryFn: ({ signal }) => fetchViewData(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = fields ? shownColumns(entry.columns, fields) : [];

  let content: ReactNode;
  if (data.isPending || (!fields && !fieldsError)) {
    content = <Skeleton h={240} radius="sm" aria-busy="true" aria-label="Loading records" />;
  } else if (data.isError && isApiError(data.error) && data.error.isValidation) {
    content = (
      <Alert color="orange" variant="light" title="This view needs fixing" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {data.error.message}: a field it uses may have been removed from its template.
          </Text>
          {editHref && (
            <Button component={Link} to={editHref} size="xs" variant="light">
              Edit the view
            </Button>
          )}
        </Stack>
      </Alert>
    );
  } else if (data.isError || fieldsError) {
    content = (
      <LoadError
        error={data.error ?? fieldsError}
        onRetry={() => void data.refetch()}
        title="Could not load the records"
      />
    );
  } else if (data.data.data.length === 0) {
    content = (
      <StateMessage icon={<IconDatabaseOff size={28} />} color="gray" title="No records">
        <Text size="sm" c="dimmed">
          {debounced ? 'No record matches your search.' : 'No record matches this view yet.'}
        </Text>
      </StateMessage>
    );
  } else {
    content = (
      <RecordsBoard
        columns={columns}
        records={data.data.data}
        laneField={fields?.find((f) => f.ref === entry.board_field)}
      />
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          aria-label="Search records"
          placeholder="Search by title"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
        {data.data && (
          <Text size="sm" c="dimmed">
            {data.data.total.toLocaleString('en-US')}
            {data.data.total_capped ? '+' : ''} records
            {data.data.total > BOARD_LIMIT ? ` (the first ${BOARD_LIMIT} on the board)` : ''}
          </Text>
        )}
      </Group>
      {content}
    </Stack>
  );
}
