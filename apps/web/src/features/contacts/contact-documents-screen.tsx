import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Group, NativeSelect, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconEdit, IconFileText } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TContactDocument } from '@esigns/contracts/contacts';
import type { TDocumentStatus } from '@esigns/contracts/documents';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import { LoadError, NoAccess, PageFrame, Panel, StateMessage, isForbidden } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { DOCUMENT_STATUS_LOOK, RECIPIENT_STATUS_LOOK } from '../document-lists/document-badges';
import { contactEditPath } from './contact-cells';
import { CONTACT_KEYS, fetchContact, fetchContactDocuments, type ContactDocumentQuery } from './contacts-api';

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

function DocumentTable({ rows, isPending }: { rows: TContactDocument[]; isPending: boolean }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th w={170}>Status</Table.Th>
            <Table.Th w={170}>Their part</Table.Th>
            <Table.Th w={130}>Sent</Table.Th>
            <Table.Th w={130}>Completed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending
            ? Array.from({ length: 4 }, (_, i) => (
                <Table.Tr key={i}>
                  {Array.from({ length: 5 }, (__, j) => (
                    <Table.Td key={j}>
                      <Skeleton h={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr key={row._id} data-testid="contact-document-row">
                  <Table.Td>
                    <DocumentName row={row} />
                  </Table.Td>
                  <Table.Td>
                    <DocumentStatus row={row} />
                  </Table.Td>
                  <Table.Td>
                    <RecipientStatus row={row} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.sent_at ? formatDate(row.sent_at) : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.completed_at ? formatDate(row.completed_at) : '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DocumentCards({ rows, isPending }: { rows: TContactDocument[]; isPending: boolean }) {
  if (isPending) {
    return (
      <Stack gap="sm" p="md">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={60} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Box>
      {rows.map((row) => (
        <Stack
          key={row._id}
          gap={6}
          p="md"
          data-testid="contact-document-row"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <DocumentName row={row} />
          <Group gap="xs">
            <DocumentStatus row={row} />
            <RecipientStatus row={row} />
            <Text size="xs" c="dimmed">
              {row.sent_at ? `sent ${formatDate(row.sent_at)}` : ''}
            </Text>
          </Group>
        </Stack>
      ))}
    </Box>
  );
}

/** /contacts/documents/{contact_id}: the documents sent to one contact, with their statuses. */
export function ContactDocumentsScreen() {
  const rights = useCan();
  const { contact_id: id = '' } = useParams();
  const [status, setStatus] = useState<TDocumentStatus | ''>('');
  const [page, setPage] = useState(1);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const canView = rights.can('contacts:view');

  const contact = useQuery({
    queryKey: CONTACT_KEYS.one(id),
    queryFn: ({ signal }) => fetchContact(id, signal),
    enabled: canView && id !== '',
  });
  const query: ContactDocumentQuery = {
    page,
    limit: CONTACT_DOCUMENTS_PAGE_SIZE,
    ...(status ? { status } : {}),
  };
  const list = useQuery({
    queryKey: CONTACT_KEYS.documents(id, query),
    queryFn: ({ signal }) => fetchContactDocuments(id, query, signal),
    enabled: canView && id !== '',
    placeholderData: keepPreviousData,
  });
  usePageTitle(contact.data ? `Documents of ${contact.data.name}` : 'Contact documents');

  const title = contact.data ? contact.data.name : 'Contact documents';
  const description = contact.data
    ? [contact.data.email, contact.data.account_name, contact.data.contact_type?.name]
        .filter(Boolean)
        .join(' · ')
    : 'Everything sent to this contact.';
  const frame = (content: ReactNode) => (
    <Stack gap="xs" maw={1100}>
      <Anchor component={Link} to="/contacts" size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} />
          Contacts
        </Group>
      </Anchor>
      <PageFrame
        title={title}
        description={description}
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
      >
        {content}
      </PageFrame>
    </Stack>
  );

  if (rights.isLoading) return frame(<Skeleton h={280} radius="md" aria-busy="true" />);
  if (!canView || isForbidden(list.error)) {
    return frame(
      <Panel>
        <NoAccess>Your user type cannot see contacts. Ask an owner or admin if you need access.</NoAccess>
      </Panel>,
    );
  }
  const notFound =
    (isApiError(contact.error) && contact.error.status === 404) ||
    (isApiError(list.error) && list.error.status === 404);
  if (notFound) {
    return frame(
      <Panel>
        <NoAccess title="Contact not found">This contact does not exist or was deleted.</NoAccess>
      </Panel>,
    );
  }

  const rows = list.data?.data ?? [];
  return frame(
    <Stack gap="lg">
      <Group gap="sm">
        <NativeSelect
          aria-label="Filter by document status"
          data={STATUS_FILTERS}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as TDocumentStatus | '');
            setPage(1);
          }}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      <Panel>
        {list.isError ? (
          <LoadError
            title="Could not load the documents"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && rows.length === 0 ? (
          <StateMessage
            icon={<IconFileText size={28} />}
            title={status ? 'No documents with this status' : 'No documents yet'}
            testId="contact-documents-empty"
          >
            <Text c="dimmed" size="sm" maw={420}>
              {status
                ? 'Try another status.'
                : 'Documents you send to this contact appear here with their signing status.'}
            </Text>
          </StateMessage>
        ) : isPhone ? (
          <DocumentCards rows={rows} isPending={list.isPending} />
        ) : (
          <DocumentTable rows={rows} isPending={list.isPending} />
        )}
      </Panel>
      {!list.isError && (
        <ListPager
          page={page}
          limit={CONTACT_DOCUMENTS_PAGE_SIZE}
          total={list.data?.total ?? 0}
          totalPages={list.data?.total_pages}
          onPage={setPage}
        />
      )}
    </Stack>,
  );
}
