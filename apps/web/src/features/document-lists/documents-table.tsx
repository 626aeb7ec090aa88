import type { KeyboardEvent, MouseEvent } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TDocumentListItem } from '@esigns/contracts/document-lists';
import type { TPaged } from '@esigns/contracts/envelope';
import { formatDate } from '../../shared/format/date';
import {
  ListView,
  type ListCardContent,
  type ListColumn,
  type ListEmptyProps,
  type RowExtras,
} from '../../shared/ui/list-screen';
import { DocumentActionsMenu } from '../document-actions/document-actions-menu';
import { DocumentStatusBadge, ProgressCell, RecipientAvatars } from './document-badges';
import { documentPathOf } from './document-paths';
import { PAGE_SIZES, type ListState } from './use-list-state';

/** Clicks on the row's own controls (menu, links) do not open the document. */
function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('a, button, [role="menu"], [role="menuitem"]') !== null;
}

/** A row (or card) opens its document on a click or Enter, except on its own controls. */
function useOpenRow() {
  const navigate = useNavigate();
  return (row: TDocumentListItem): RowExtras => {
    const open = (event: MouseEvent | KeyboardEvent) => {
      if (isInteractive(event.target)) return;
      if ('key' in event && event.key !== 'Enter') return;
      void navigate(documentPathOf(row));
    };
    return { tabIndex: 0, onClick: open, onKeyDown: open, 'aria-label': `Open ${row.name}` };
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

/** The table's columns; `showSender` adds who sent each document under its name. */
function documentColumns(showSender: boolean, onActionDone?: () => void): ListColumn<TDocumentListItem>[] {
  return [
    { key: 'name', header: 'Document', cell: (row) => <NameCell row={row} showSender={showSender} /> },
    {
      key: 'status',
      header: 'Status',
      width: 170,
      cell: (row) => (
        <DocumentStatusBadge status={row.status} archivedAt={row.archived_at} sealFailed={row.seal_failed} />
      ),
    },
    {
      key: 'recipients',
      header: 'Recipients',
      width: 150,
      cell: (row) => <RecipientAvatars recipients={row.recipients} />,
    },
    {
      key: 'progress',
      header: 'Progress',
      width: 130,
      cell: (row) => <ProgressCell progress={row.progress} />,
    },
    { key: 'sent', header: 'Sent', width: 110, cell: (row) => <DateCell value={row.sent_at} /> },
    {
      key: 'expires',
      header: 'Expires',
      width: 110,
      cell: (row) => <DateCell value={row.status === 'WAITING' ? row.expires_at : null} dimmed />,
    },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 60,
      cell: (row) => <DocumentActionsMenu document={row} variant="row" onDone={onActionDone} />,
    },
  ];
}

/** The same list as cards, for phones. */
const documentCard =
  (showSender: boolean, onActionDone?: () => void) =>
  (row: TDocumentListItem): ListCardContent => ({
    title: <NameCell row={row} showSender={showSender} />,
    actions: <DocumentActionsMenu document={row} variant="row" onDone={onActionDone} />,
    footer: (
      <>
        <Group gap="sm" justify="space-between">
          <DocumentStatusBadge
            status={row.status}
            archivedAt={row.archived_at}
            sealFailed={row.seal_failed}
          />
          <RecipientAvatars recipients={row.recipients} max={3} />
        </Group>
        <Group gap="sm">
          <ProgressCell progress={row.progress} />
          <Text size="xs" c="dimmed">
            {row.sent_at ? `sent ${formatDate(row.sent_at)}` : `created ${formatDate(row.created_at)}`}
          </Text>
        </Group>
      </>
    ),
  });

export type DocumentListProps = {
  query: UseQueryResult<TPaged<TDocumentListItem>>;
  /** The page and its size, from the address. */
  state: Pick<ListState, 'page' | 'limit'>;
  update: (change: Partial<ListState>) => void;
  /** Show who sent each document (callers who see others' documents). */
  showSender: boolean;
  empty: ListEmptyProps;
  /** A search or filter narrows the list. */
  isFiltered: boolean;
  onActionDone?: () => void;
};

/**
 * A page of documents as a table (cards on phones), with its loading, failure and empty states
 * and the pager with its page sizes; click (or Enter on) a row to open the document.
 */
export function DocumentList({
  query,
  state,
  update,
  showSender,
  empty,
  isFiltered,
  onActionDone,
}: DocumentListProps) {
  const openRow = useOpenRow();
  const pager = {
    page: state.page,
    limit: state.limit,
    total: query.data?.total ?? 0,
    totalPages: query.data?.total_pages,
    onPage: (page: number) => update({ page }),
    limits: PAGE_SIZES,
    onLimit: (limit: number) => update({ limit }),
  };
  return (
    <ListView
      list={{ query, rows: query.data?.data ?? [], pager, isFiltered }}
      errorTitle="Could not load the documents"
      empty={empty}
      columns={documentColumns(showSender, onActionDone)}
      card={documentCard(showSender, onActionDone)}
      rowTestId="document-row"
      rowProps={openRow}
      minWidth={900}
      skeletonHeight={72}
    />
  );
}
