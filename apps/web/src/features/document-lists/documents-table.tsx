import type { KeyboardEvent, MouseEvent } from 'react';
import { Box, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { TDocumentListItem } from '@esigns/contracts/document-lists';
import { formatDate } from '../../shared/format/date';
import { DocumentActionsMenu } from '../document-actions/document-actions-menu';
import { DocumentStatusBadge, ProgressCell, RecipientAvatars } from './document-badges';
import { documentPathOf } from './document-paths';

export type DocumentRowsProps = {
  rows: TDocumentListItem[];
  isPending: boolean;
  /** Show who sent each document (callers who see others' documents). */
  showSender: boolean;
  onActionDone?: () => void;
};

/** Clicks on the row's own controls (menu, links) do not open the document. */
function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('a, button, [role="menu"], [role="menuitem"]') !== null;
}

function useOpen() {
  const navigate = useNavigate();
  return (row: TDocumentListItem) => (event: MouseEvent | KeyboardEvent) => {
    if (isInteractive(event.target)) return;
    if ('key' in event && event.key !== 'Enter') return;
    void navigate(documentPathOf(row));
  };
}

function DateCell({ value, dimmed }: { value: string | null; dimmed?: boolean }) {
  return (
    <Text size="sm" c={dimmed ? 'dimmed' : undefined}>
      {value ? formatDate(value) : '—'}
    </Text>
  );
}

function NameCell({ row, showSender }: { row: TDocumentListItem; showSender: boolean }) {
  return (
    <Stack gap={2}>
      <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.name}
      </Text>
      {showSender && (
        <Text size="xs" c="dimmed">
          from {row.sender.name || row.sender.email}
        </Text>
      )}
      {row.waiting_for_me && (
        <Text size="xs" c="orange.8" fw={500}>
          Waiting for you
        </Text>
      )}
    </Stack>
  );
}

/** A document list as a table: click (or Enter on) a row to open the document. */
export function DocumentsTable({ rows, isPending, showSender, onActionDone }: DocumentRowsProps) {
  const open = useOpen();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th w={170}>Status</Table.Th>
            <Table.Th w={150}>Recipients</Table.Th>
            <Table.Th w={130}>Progress</Table.Th>
            <Table.Th w={110}>Sent</Table.Th>
            <Table.Th w={110}>Expires</Table.Th>
            <Table.Th w={60} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending
            ? Array.from({ length: 5 }, (_, i) => (
                <Table.Tr key={i}>
                  {Array.from({ length: 7 }, (__, j) => (
                    <Table.Td key={j}>
                      <Skeleton h={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr
                  key={row._id}
                  data-testid="document-row"
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  onClick={open(row)}
                  onKeyDown={open(row)}
                  aria-label={`Open ${row.name}`}
                >
                  <Table.Td>
                    <NameCell row={row} showSender={showSender} />
                  </Table.Td>
                  <Table.Td>
                    <DocumentStatusBadge status={row.status} archivedAt={row.archived_at} />
                  </Table.Td>
                  <Table.Td>
                    <RecipientAvatars recipients={row.recipients} />
                  </Table.Td>
                  <Table.Td>
                    <ProgressCell progress={row.progress} />
                  </Table.Td>
                  <Table.Td>
                    <DateCell value={row.sent_at} />
                  </Table.Td>
                  <Table.Td>
                    <DateCell value={row.status === 'WAITING' ? row.expires_at : null} dimmed />
                  </Table.Td>
                  <Table.Td>
                    <DocumentActionsMenu document={row} variant="row" onDone={onActionDone} />
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same list as cards, for phones. */
export function DocumentCards({ rows, isPending, showSender, onActionDone }: DocumentRowsProps) {
  const open = useOpen();
  if (isPending) {
    return (
      <Stack gap="sm" p="md">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={72} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Box>
      {rows.map((row) => (
        <Stack
          key={row._id}
          gap={8}
          p="md"
          data-testid="document-row"
          tabIndex={0}
          onClick={open(row)}
          onKeyDown={open(row)}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', cursor: 'pointer' }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <NameCell row={row} showSender={showSender} />
            <DocumentActionsMenu document={row} variant="row" onDone={onActionDone} />
          </Group>
          <Group gap="sm" justify="space-between">
            <DocumentStatusBadge status={row.status} archivedAt={row.archived_at} />
            <RecipientAvatars recipients={row.recipients} max={3} />
          </Group>
          <Group gap="sm">
            <ProgressCell progress={row.progress} />
            <Text size="xs" c="dimmed">
              {row.sent_at ? `sent ${formatDate(row.sent_at)}` : `created ${formatDate(row.created_at)}`}
            </Text>
          </Group>
        </Stack>
      ))}
    </Box>
  );
}
