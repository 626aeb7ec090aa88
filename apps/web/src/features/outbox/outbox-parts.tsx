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
import { IconKey, IconRefresh, IconSearch } from '@tabler/icons-react';
import { formatDateTime } from '../../shared/format/date';
import { formatRelativeTime } from '../../shared/format/relative-time';
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

/** The mails of one page; a row opens the mail. */
export function OutboxTable({
  rows,
  isPending,
  onOpen,
}: {
  rows: OutboxRow[];
  isPending: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Template</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Retries</Table.Th>
            <Table.Th>Transport</Table.Th>
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
                <Table.Td miw={96}>
                  <Badge color={statusColor(row.status)} variant="light">
                    {row.status}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{row.retries}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={row.transport ? undefined : 'dimmed'}>
                    {row.transport ? TRANSPORT_LABELS[row.transport] : '—'}
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
