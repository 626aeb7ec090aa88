import { Badge, Group, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type {
  TApplicationUserDocument,
  TApplicationUserDocumentFilter,
} from '@esigns/contracts/application-users';
import { RECIPIENT_TYPE_LABELS } from '@esigns/contracts/documents';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import {
  ListScreen,
  ListView,
  SegmentedFilter,
  useListQuery,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { DocumentStatusBadge, RECIPIENT_STATUS_LOOK } from '../document-lists/document-badges';
import { CONTACT_AREA_KEYS, fetchContactDocuments } from './contact-area-api';
import { CONTACT_RIGHTS } from './contact-rights';
import { ContactDocumentActions } from './document-actions';
import { actionsColumn } from './list-parts';

type Row = TApplicationUserDocument;

const FILTERS: { value: TApplicationUserDocumentFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'waiting', label: 'Waiting for me' },
  { value: 'completed', label: 'Completed' },
];

/** "Signer · Viewed", or "Your turn" while it waits for them. */
function YourPart({ row }: { row: Row }) {
  const look = RECIPIENT_STATUS_LOOK[row.recipient.status];
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{RECIPIENT_TYPE_LABELS[row.recipient.user_type]}</Text>
      {row.waiting_for_me ? (
        <Badge color="orange" variant="filled" tt="none" size="sm">
          Your turn
        </Badge>
      ) : (
        <Badge color={look.color} variant="light" tt="none" size="sm">
          {look.label}
        </Badge>
      )}
    </Group>
  );
}

const sentText = (row: Row) => (row.sent_at ? `Sent ${formatDate(row.sent_at)}` : 'Not sent yet');

const COLUMNS: ListColumn<Row>[] = [
  {
    key: 'name',
    header: 'Document',
    cell: (row) => (
      <div>
        <Text fw={600} size="sm" lineClamp={1}>
          {row.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          From {row.sender.name || row.sender.email}
        </Text>
      </div>
    ),
  },
  { key: 'status', header: 'Status', width: 130, cell: (row) => <DocumentStatusBadge status={row.status} /> },
  { key: 'part', header: 'Your part', width: 200, cell: (row) => <YourPart row={row} /> },
  { key: 'sent', header: 'Sent', width: 120, cell: (row) => (row.sent_at ? formatDate(row.sent_at) : '—') },
  actionsColumn(200, (row) => <ContactDocumentActions document={row} />),
];

/**
 * `/ap/documents`: the documents sent to the signed-in contact (`GET /application-user/documents`),
 * waiting for them first; Sign opens their own recipient's signing screen, Download the sealed copy.
 */
export function ContactDocumentsScreen() {
  usePageTitle('Documents');
  const list = useListQuery({
    pageSize: 20,
    filters: { filter: 'all' as TApplicationUserDocumentFilter | '' },
    queryKey: (params) => CONTACT_AREA_KEYS.documents(params),
    queryFn: (params, signal) => fetchContactDocuments(params, signal),
  });
  return (
    <ListScreen<'filter'>
      title="Documents"
      description="Documents sent to you for signing, and the signed copies."
      rights={CONTACT_RIGHTS}
      list={list}
      noAccess="Your access does not include documents."
      filters={<SegmentedFilter data={FILTERS} {...list.bind('filter')} />}
      search={{ label: 'Search documents', placeholder: 'Search by name or sender' }}
    >
      <ListView
        list={{ ...list, isFiltered: list.isFiltered || list.filters.filter !== 'all' }}
        errorTitle="Could not load your documents"
        empty={{
          icon: IconFileText,
          title: 'No documents yet',
          text: 'Documents sent to you for signing appear here.',
          filtered: { title: 'No document matches', text: 'Try another search or show all documents.' },
        }}
        columns={COLUMNS}
        card={(row) => ({
          title: (
            <Text fw={600} lineClamp={2}>
              {row.name}
            </Text>
          ),
          meta: (
            <>
              <DocumentStatusBadge status={row.status} />
              <YourPart row={row} />
              <Text size="xs" c="dimmed">
                {sentText(row)} · from {row.sender.name || row.sender.email}
              </Text>
            </>
          ),
          footer: <ContactDocumentActions document={row} />,
        })}
        rowTestId="contact-document-row"
        minWidth={760}
      />
    </ListScreen>
  );
}
