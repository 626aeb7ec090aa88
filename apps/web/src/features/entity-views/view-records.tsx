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
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconDatabaseOff, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TEntityRecord } from '@esigns/contracts/entities';
import type { TViewEntity } from '@esigns/contracts/entity-views';
import type { TSort } from '@esigns/contracts/nocode-filters';
import { isApiError } from '../../shared/api/api-error';
import { ListPager } from '../../shared/ui/list-pager';
import { LoadError, StateMessage } from '../team/team-ui';
import { ENTITY_VIEW_KEYS, fetchViewData, type TTemplateField } from './entity-views-api';
import { useTemplateFields } from './filter-builder';
import { formatCell, shownColumns, valueOf, type ShownColumn } from './record-cells';

/*
 * The records of one entity of a view, from `POST /entities-data/entity/view/data`: a table with
 * sortable headers, search and paging, or a board with a lane per option. (A plain Mantine table:
 * the record grid of the entities feature replaces it once it exists.)
 */

const PAGE_SIZES = [20, 50, 100] as const;
const BOARD_LIMIT = 200;

function RecordsTable({
  columns,
  records,
  sort,
  onSort,
}: {
  columns: ShownColumn[];
  records: TEntityRecord[];
  sort: TSort | undefined;
  onSort: (field: string) => void;
}) {
  return (
    <ScrollArea type="auto">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        miw={Math.max(480, columns.length * 140)}
        data-testid="view-records"
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.field} style={{ width: column.width ?? undefined, whiteSpace: 'nowrap' }}>
                <UnstyledButton onClick={() => onSort(column.field)} aria-label={`Sort by ${column.label}`}>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {column.label}
                    </Text>
                    {sort?.field === column.field &&
                      (sort.direction === 'asc' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />)}
                  </Group>
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record._id} data-testid="view-record">
              {columns.map((column) => (
                <Table.Td key={column.field} style={{ maxWidth: column.width ?? 320 }}>
                  <Text size="sm" truncate>
                    {formatCell(valueOf(record, column.field), column.field_def) || '—'}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

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

export type ViewRecordsProps = {
  viewId: string;
  entry: TViewEntity;
  /** Where to fix a view a removed field broke; null when the caller may not edit views. */
  editHref: string | null;
};

/** Search, sortable table or board, and paging over one entity of a view. */
export function ViewRecords({ viewId, entry, editHref }: ViewRecordsProps) {
  const { fields, error: fieldsError } = useTemplateFields(entry.entity_id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[0]);
  const [sort, setSort] = useState<TSort | undefined>(undefined);
  const isBoard = entry.layout === 'BOARD';
  const query = {
    entity_view_id: viewId,
    entity_id: entry.entity_id,
    page: isBoard ? 1 : page,
    limit: isBoard ? BOARD_LIMIT : limit,
    search: debounced || undefined,
    sort: sort ? [sort] : [],
  };
  const data = useQuery({
    queryKey: ENTITY_VIEW_KEYS.data(query),
    queryFn: ({ signal }) => fetchViewData(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = fields ? shownColumns(entry.columns, fields) : [];
  const toggleSort = (field: string) => {
    setPage(1);
    setSort(
      sort?.field !== field
        ? { field, direction: 'asc' }
        : sort.direction === 'asc'
          ? { field, direction: 'desc' }
          : undefined,
    );
  };

  let content: ReactNode;
  if (data.isPending || (!fields && !fieldsError))
    content = <Skeleton h={240} radius="sm" aria-busy="true" aria-label="Loading records" />;
  else if (data.isError && isApiError(data.error) && data.error.isValidation) {
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
  } else if (isBoard) {
    content = (
      <RecordsBoard
        columns={columns}
        records={data.data.data}
        laneField={fields?.find((f) => f.ref === entry.board_field)}
      />
    );
  } else {
    content = <RecordsTable columns={columns} records={data.data.data} sort={sort} onSort={toggleSort} />;
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          aria-label="Search records"
          placeholder="Search by title"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        {data.data && (
          <Text size="sm" c="dimmed">
            {data.data.total_capped
              ? `More than ${data.data.total.toLocaleString('en-US')}`
              : data.data.total.toLocaleString('en-US')}{' '}
            records
            {isBoard && data.data.total > BOARD_LIMIT ? ` (the first ${BOARD_LIMIT} on the board)` : ''}
          </Text>
        )}
      </Group>
      {content}
      {!isBoard && data.data && (
        <ListPager
          page={page}
          limit={limit}
          total={data.data.total}
          totalPages={data.data.total_pages}
          onPage={setPage}
          limits={PAGE_SIZES}
          onLimit={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      )}
    </Stack>
  );
}
