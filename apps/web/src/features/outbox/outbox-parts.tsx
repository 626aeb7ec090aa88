import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconKey, IconRefresh, IconSearch } from '@tabler/icons-react';
import { formatDateTime } from '../../shared/format/date';
import { formatRelativeTime } from '../../shared/format/relative-time';
import { ListCards, PHONE_QUERY } from '../../shared/ui/list-screen';
import {
  EMAIL_STATUSES,
  formatRecipients,
  statusColor,
  TRANSPORT_LABELS,
  type OutboxQuery,
  type OutboxRow,
} from './outbox-api';

/* The parts of the Outbox / email log screen: toolbar, table and state messages. */

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...EMAIL_STATUSES.map((status) => ({ value: status, label: status })),
];

export function LoadingRows() {
  return (
    <>
      {Array.from({ length: 6 }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: 8 }, (__, j) => (
            <Table.Td key={j}>
              <Skeleton h={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

export type OutboxToolbarProps = {
  operatorKey: string | null;
  onForgetKey: () => void;
  status: OutboxQuery['status'];
  onStatus: (status: OutboxQuery['status']) => void;
  search: string;
  onSearch: (search: string) => void;
  isFetching: boolean;
  onRefresh: () => void;
};

/** The operator-key badge, the status filter, the search box and the refresh button. */
export function OutboxToolbar({
  operatorKey,
  onForgetKey,
  status,
  onStatus,
  search,
  onSearch,
  isFetching,
  onRefresh,
}: OutboxToolbarProps) {
  return (
    <Group gap="xs">
      {operatorKey && (
        <Tooltip label="This tab uses the operator key from the server console">
          <Badge variant="light" color="gray" leftSection={<IconKey size={12} />} size="lg" radius="sm">
            Operator key{' '}
            <Anchor component="button" type="button" size="xs" ml={4} onClick={onForgetKey}>
              forget
            </Anchor>
          </Badge>
        </Tooltip>
      )}
      <Select
        aria-label="Filter by status"
        data={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(value) => onStatus(EMAIL_STATUSES.find((s) => s === value))}
        allowDeselect={false}
        w={{ base: '100%', xs: 160 }}
      />
      <TextInput
        placeholder="Search recipient or subject"
        aria-label="Search the outbox"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={{ base: '100%', xs: 280 }}
      />
      <Tooltip label="Refresh">
        <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={onRefresh} loading={isFetching}>
          <IconRefresh size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

type RowsProps = { rows: OutboxRow[]; isPending: boolean; onOpen: (id: string) => void };

/** The mails of one page: a table, or cards on a phone; a row opens the mail. */
export function OutboxRows(props: RowsProps) {
  const isPhone = useMediaQuery(PHONE_QUERY) === true;
  if (!isPhone) return <OutboxTable {...props} />;
  const { rows, isPending, onOpen } = props;
  return (
    <ListCards
      rows={rows}
      isPending={isPending}
      rowTestId="outbox-card"
      rowProps={(row) => ({
        onClick: () => onOpen(row._id),
        onKeyDown: (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onOpen(row._id);
          }
        },
        tabIndex: 0,
        'aria-label': `Open message ${row.subject}`,
      })}
      card={(row) => ({
        title: (
          <Text size="sm" fw={500} lineClamp={2}>
            {row.subject || '(no subject)'}
          </Text>
        ),
        actions: (
          <Badge color={statusColor(row.status)} variant="light" style={{ flexShrink: 0 }}>
            {row.status}
          </Badge>
        ),
        meta: (
          <Text size="xs" c="dimmed" truncate maw="100%">
            {formatRecipients(row.to)} · {formatRelativeTime(row.created_at)}
          </Text>
        ),
      })}
    />
  );
}

function OutboxTable({ rows, isPending, onOpen }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Template</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Sent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending ? (
            <LoadingRows />
          ) : (
            rows.map((row) => (
              <Table.Tr
                key={row._id}
                onClick={() => onOpen(row._id)}
                style={{ cursor: 'pointer' }}
                tabIndex={0}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onOpen(row._id);
                  }
                }}
                aria-label={`Open message ${row.subject}`}
              >
                <Table.Td maw={220}>
                  <Text size="sm" truncate>
                    {formatRecipients(row.to)}
                  </Text>
                </Table.Td>
                <Table.Td maw={360}>
                  <Text size="sm" fw={500} truncate>
                    {row.subject || '(no subject)'}
                  </Text>
                  {row.error && (
                    <Text size="xs" c="red" truncate title={row.error}>
                      Error: {row.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={200}>
                  <Text size="sm" truncate>
                    {row.template}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" truncate>
                    {row.kind}
                  </Text>
                </Table.Td>
                <Table.Td miw={140}>
                  <Badge color={statusColor(row.status)} variant="light" style={{ overflow: 'visible' }}>
                    {row.status}
                  </Badge>
                  <Text size="xs" c="dimmed" mt={4}>
                    {row.transport ? TRANSPORT_LABELS[row.transport] : 'Not sent yet'}
                    {row.retries > 0 && ` · ${row.retries === 1 ? '1 retry' : `${row.retries} retries`}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={formatDateTime(row.created_at)} openDelay={300}>
                    <Text size="sm" span>
                      {formatRelativeTime(row.created_at)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={row.sent_at ? undefined : 'dimmed'}>
                    {formatDateTime(row.sent_at) || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
