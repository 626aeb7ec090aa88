import { useState, type ReactNode } from 'react';
import { Box, Button, Group, NativeSelect, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAddressBook, IconFileImport, IconSearch, IconTags, IconUserPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TContact, TContactSort } from '@esigns/contracts/contacts';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import {
  ConfirmDialog,
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  StateMessage,
  isForbidden,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { ContactActions, ContactName, ContactTypeBadge, type ContactRowRights } from './contact-cells';
import {
  CONTACT_KEYS,
  deleteContact,
  fetchContacts,
  fetchContactTypes,
  type ContactQuery,
} from './contacts-api';
import { ImportContactsDialog } from './import-contacts-dialog';

export const CONTACTS_PAGE_SIZE = 10;

const SORT_OPTIONS: { value: TContactSort; label: string }[] = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: 'account_name', label: 'Account A–Z' },
  { value: 'email', label: 'Email A–Z' },
];

function Dash() {
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

function LoadingRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: 6 }, (__, j) => (
            <Table.Td key={j}>
              <Skeleton h={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

type ListProps = {
  rows: TContact[];
  isPending: boolean;
  rights: ContactRowRights;
  onDelete: (contact: TContact) => void;
};

function ContactTable({ rows, isPending, rights, onDelete }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th w={240}>Account</Table.Th>
            <Table.Th w={150}>Type</Table.Th>
            <Table.Th w={160}>Phone</Table.Th>
            <Table.Th w={120}>Added</Table.Th>
            <Table.Th w={120} ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending ? (
            <LoadingRows />
          ) : (
            rows.map((contact) => (
              <Table.Tr key={contact._id} data-testid="contact-row">
                <Table.Td>
                  <ContactName contact={contact} />
                </Table.Td>
                <Table.Td>
                  {contact.account_name ? (
                    <Text size="sm" maw={220} truncate="end" title={contact.account_name}>
                      {contact.account_name}
                    </Text>
                  ) : (
                    <Dash />
                  )}
                </Table.Td>
                <Table.Td>
                  <ContactTypeBadge contact={contact} />
                </Table.Td>
                <Table.Td>{contact.phone ? <Text size="sm">{contact.phone}</Text> : <Dash />}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(contact.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <ContactActions contact={contact} rights={rights} onDelete={onDelete} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ContactCards({ rows, isPending, rights, onDelete }: ListProps) {
  if (isPending) {
    return (
      <Stack gap="sm" p="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={64} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Box>
      {rows.map((contact) => (
        <Stack
          key={contact._id}
          gap={6}
          p="md"
          data-testid="contact-row"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <ContactName contact={contact} />
            <ContactActions contact={contact} rights={rights} onDelete={onDelete} />
          </Group>
          <Group gap="xs">
            {contact.contact_type && <ContactTypeBadge contact={contact} />}
            <Text size="xs" c="dimmed">
              {[contact.account_name, contact.phone].filter(Boolean).join(' · ')}
            </Text>
          </Group>
        </Stack>
      ))}
    </Box>
  );
}

/**
 * /contacts: the company's address book, server-paged, with search, a contact type filter and
 * sort; add, import (CSV/XLSX), edit, delete and each contact's documents, as far as the caller's
 * permissions go.
 */
export function ContactsScreen() {
  usePageTitle('Contacts');
  const rights = useCan();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [contactType, setContactType] = useState('');
  const [sort, setSort] = useState<TContactSort>('-created_at');
  const [page, setPage] = useState(1);
  const [isImporting, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<TContact | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');

  const canView = rights.can('contacts:view');
  const canCreate = rights.can('contacts:create');
  const canImport = rights.can('contacts:import');
  const canSeeTypes = rights.can('contact-types:view');
  const rowRights: ContactRowRights = {
    canUpdate: rights.can('contacts:update'),
    canDelete: rights.can('contacts:delete'),
  };

  const query: ContactQuery = {
    page,
    limit: CONTACTS_PAGE_SIZE,
    search: debouncedSearch || undefined,
    contact_type: contactType || undefined,
    sort,
  };
  const list = useQuery({
    queryKey: CONTACT_KEYS.page(query),
    queryFn: ({ signal }) => fetchContacts(query, signal),
    enabled: canView,
    placeholderData: keepPreviousData,
  });
  const types = useQuery({
    queryKey: CONTACT_KEYS.types,
    queryFn: ({ signal }) => fetchContactTypes(signal),
    enabled: canView,
  });

  const remove = useMutation({
    mutationFn: (contact: TContact) => deleteContact(contact._id),
    onSuccess: (_result, contact) => {
      notifications.show({ color: 'teal', title: 'Contact deleted', message: contact.email });
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.all });
    },
  });

  const actions = (
    <>
      {canSeeTypes && (
        <Button component={Link} to="/contact-types" variant="subtle" leftSection={<IconTags size={16} />}>
          Contact types
        </Button>
      )}
      {canImport && (
        <Button
          variant="default"
          leftSection={<IconFileImport size={16} />}
          onClick={() => setImporting(true)}
        >
          Import
        </Button>
      )}
      {canCreate && (
        <Button component={Link} to="/contacts/add" leftSection={<IconUserPlus size={16} />}>
          Add contact
        </Button>
      )}
    </>
  );
  const frame = (content: ReactNode) => (
    <PageFrame
      title="Contacts"
      description="The people you send documents to. Pick them as recipients, or see everything sent to one of them."
      actions={canView ? actions : undefined}
    >
      {content}
      <ImportContactsDialog opened={isImporting} onClose={() => setImporting(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete contact"
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error}
      >
        Delete <b>{deleting?.name}</b> ({deleting?.email}) from your contacts? Documents already sent to them
        are kept.
      </ConfirmDialog>
    </PageFrame>
  );

  if (rights.isLoading) return frame(<Skeleton h={320} radius="md" aria-busy="true" />);
  if (rights.error) {
    return frame(
      <Panel>
        <LoadError title="Could not load your permissions" error={rights.error} onRetry={rights.refetch} />
      </Panel>,
    );
  }
  if (!canView || isForbidden(list.error)) {
    return frame(
      <Panel>
        <NoAccess>Your user type cannot see contacts. Ask an owner or admin if you need access.</NoAccess>
      </Panel>,
    );
  }

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = Boolean(debouncedSearch || contactType);
  const typeOptions = [
    { value: '', label: 'All contact types' },
    ...(types.data ?? []).map((type) => ({ value: type._id, label: type.name })),
  ];
  const listProps: ListProps = { rows, isPending: list.isPending, rights: rowRights, onDelete: setDeleting };

  return frame(
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          placeholder="Search name, email or account"
          aria-label="Search contacts"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 300 }}
        />
        <NativeSelect
          aria-label="Filter by contact type"
          data={typeOptions}
          value={contactType}
          onChange={(event) => {
            setContactType(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 200 }}
        />
        <NativeSelect
          aria-label="Sort contacts"
          data={SORT_OPTIONS}
          value={sort}
          onChange={(event) => {
            setSort(event.currentTarget.value as TContactSort);
            setPage(1);
          }}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>

      <Panel>
        {list.isError ? (
          <LoadError
            title="Could not load the contacts"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && rows.length === 0 ? (
          isFiltered ? (
            <StateMessage icon={<IconSearch size={28} />} title="No contacts match" testId="contacts-empty">
              <Text c="dimmed" size="sm">
                Try another search or contact type.
              </Text>
            </StateMessage>
          ) : (
            <StateMessage
              icon={<IconAddressBook size={28} />}
              title="No contacts yet"
              testId="contacts-empty"
            >
              <Text c="dimmed" size="sm" maw={440}>
                Keep the people you send documents to here: buyers, tenants, owners, agents. Add them one by
                one or import a spreadsheet.
              </Text>
              <Group gap="sm" mt="sm">
                {canCreate && (
                  <Button component={Link} to="/contacts/add" leftSection={<IconUserPlus size={16} />}>
                    Add contact
                  </Button>
                )}
                {canImport && (
                  <Button
                    variant="default"
                    leftSection={<IconFileImport size={16} />}
                    onClick={() => setImporting(true)}
                  >
                    Import
                  </Button>
                )}
              </Group>
            </StateMessage>
          )
        ) : isPhone ? (
          <ContactCards {...listProps} />
        ) : (
          <ContactTable {...listProps} />
        )}
      </Panel>

      {!list.isError && (
        <ListPager
          page={page}
          limit={CONTACTS_PAGE_SIZE}
          total={total}
          totalPages={list.data?.total_pages}
          onPage={setPage}
        />
      )}
    </Stack>,
  );
}
