import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconEdit, IconFileText } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { TContactDocument } from '@esigns/contracts/contacts';
import type { TDocumentStatus } from '@esigns/contracts/documents';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import {
  ListScreen,
  ListView,
  useListQuery,
  type ListCardContent,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { NoAccess, Panel, type ScreenFrameProps } from '../../shared/ui/page-kit';
import { DOCUMENT_STATUS_LOOK, RECIPIENT_STATUS_LOOK } from '../document-lists/document-badges';
import { contactEditPath } from './contact-cells';
import { ContactsFrame } from './contacts-frame';
import { CONTACT_KEYS, fetchContactDocuments, useContact } from './contacts-api';

export const CONTACT_DOCUMENTS_PAGE_SIZE = 10;

const STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  ...(['WAITING', 'COMPLETED', 'DECLINED', 'REJECTED', 'VOIDED', 'EXPIRED'] as const).map((status) => ({
    value: status,
    label: DOCUMENT_STATUS_LOOK[status].label,
  })),
];

/** The sender-side view of a sent document. */
const documentPath = (id: string) => `/emp-documents/custom/${encodeURIComponent(id)}`;

function DocumentStatus({ row }: { row: TContactDocument }) {
  const badge = DOCUMENT_STATUS_LOOK[row.status];
  return (
    <Group gap={6}>
      <Badge color={badge.color} variant="light">
        {badge.label}
      </Badge>
      {row.is_archived && (
        <Badge color="gray" variant="outline">
          Archived
        </Badge>
      )}
    </Group>
  );
}

function RecipientStatus({ row }: { row: TContactDocument }) {
  const badge = RECIPIENT_STATUS_LOOK[row.recipient_status];
  return (
    <Badge color={badge.color} variant="dot">
      {badge.label}
    </Badge>
  );
}

function DocumentName({ row }: { row: TContactDocument }) {
  return (
    <Anchor
      component={Link}
      to={documentPath(row._id)}
      fw={500}
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {row.name}
    </Anchor>
  );
}

const dateOf = (value: string | null) => <Text size="sm">{value ? formatDate(value) : '—'}</Text>;

const COLUMNS: ListColumn<TContactDocument>[] = [
  { key: 'document', header: 'Document', cell: (row) => <DocumentName row={row} /> },
  { key: 'status', header: 'Status', width: 170, cell: (row) => <DocumentStatus row={row} /> },
  { key: 'part', header: 'Their part', width: 170, cell: (row) => <RecipientStatus row={row} /> },
  { key: 'sent', header: 'Sent', width: 130, cell: (row) => dateOf(row.sent_at) },
  { key: 'completed', header: 'Completed', width: 130, cell: (row) => dateOf(row.completed_at) },
];

const documentCard = (row: TContactDocument): ListCardContent => ({
  title: <DocumentName row={row} />,
  meta: (
    <>
      <DocumentStatus row={row} />
      <RecipientStatus row={row} />
      <Text size="xs" c="dimmed">
        {row.sent_at ? `sent ${formatDate(row.sent_at)}` : ''}
      </Text>
    </>
  ),
});

/** The page with a link back to the contacts above it. */
function ContactFrame(props: ScreenFrameProps) {
  return <ContactsFrame maw={1100} {...props} />;
}

/** /contacts/documents/{contact_id}: the documents sent to one contact, with their statuses. */
export function ContactDocumentsScreen() {
  const rights = useCan();
  const { contact_id: id = '' } = useParams();
  const canView = rights.can('contacts:view');
  const contact = useContact(id, canView);
  const list = useListQuery({
    pageSize: CONTACT_DOCUMENTS_PAGE_SIZE,
    filters: { status: '' as TDocumentStatus | '' },
    queryKey: (params) => CONTACT_KEYS.documents(id, params),
    queryFn: (params, signal) => fetchContactDocuments(id, params, signal),
    enabled: canView && id !== '',
  });
  usePageTitle(contact.data ? `Documents of ${contact.data.name}` : 'Contact documents');

  const notFound = [contact.error, list.query.error].some(
    (error) => isApiError(error) && error.status === 404,
  );
  let content: ReactNode = (
    <ListView
      list={list}
      errorTitle="Could not load the documents"
      empty={{
        testId: 'contact-documents-empty',
        icon: IconFileText,
        title: 'No documents yet',
        text: 'Documents you send to this contact appear here with their signing status.',
        filtered: { title: 'No documents with this status', text: 'Try another status.' },
      }}
      columns={COLUMNS}
      card={documentCard}
      rowTestId="contact-document-row"
      minWidth={760}
      skeletonRows={4}
      skeletonHeight={60}
    />
  );
  if (notFound) {
    content = (
      <Panel>
        <NoAccess title="Contact not found">This contact does not exist or was deleted.</NoAccess>
      </Panel>
    );
  }
  return (
    <ListScreen
      frame={ContactFrame}
      title={contact.data ? contact.data.name : 'Contact documents'}
      description={
        contact.data
          ? [contact.data.email, contact.data.account_name, contact.data.contact_type?.name]
              .filter(Boolean)
              .join(' · ')
          : 'Everything sent to this contact.'
      }
      actions={
        contact.data &&
        rights.can('contacts:update') && (
          <Button
            component={Link}
            to={contactEditPath(contact.data._id)}
            variant="default"
            leftSection={<IconEdit size={16} />}
          >
            Edit contact
          </Button>
        )
      }
      rights={rights}
      canView={canView}
      list={list}
      noAccess="Your user type cannot see contacts."
      selects={
        notFound
          ? []
          : [{ key: 'status', label: 'Filter by document status', data: STATUS_FILTERS, width: 200 }]
      }
    >
      {content}
    </ListScreen>
  );
}
