import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconAddressBook, IconFileImport, IconTags, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TContact, TContactSort } from '@esigns/contracts/contacts';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  NoValue,
  useDeleteConfirm,
  useListQuery,
  type ListCardContent,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { ContactActions, ContactName, ContactTypeBadge, type ContactRowRights } from './contact-cells';
import { CONTACT_KEYS, deleteContact, fetchContacts, fetchContactTypes } from './contacts-api';
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

type RowActions = { rights: ContactRowRights; onDelete: (contact: TContact) => void };

function contactColumns({ rights, onDelete }: RowActions): ListColumn<TContact>[] {
  return [
    { key: 'name', header: 'Name', cell: (contact) => <ContactName contact={contact} /> },
    {
      key: 'account',
      header: 'Account',
      width: 240,
      cell: ({ account_name: account }) =>
        account ? (
          <Text size="sm" maw={220} truncate="end" title={account}>
            {account}
          </Text>
        ) : (
          <NoValue />
        ),
    },
    { key: 'type', header: 'Type', width: 150, cell: (contact) => <ContactTypeBadge contact={contact} /> },
    {
      key: 'phone',
      header: 'Phone',
      width: 160,
      cell: ({ phone }) => (phone ? <Text size="sm">{phone}</Text> : <NoValue />),
    },
    {
      key: 'added',
      header: 'Added',
      width: 120,
      cell: (contact) => <Text size="sm">{formatDate(contact.created_at)}</Text>,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 120,
      align: 'right',
      cell: (contact) => <ContactActions contact={contact} rights={rights} onDelete={onDelete} />,
    },
  ];
}

const contactCard =
  ({ rights, onDelete }: RowActions) =>
  (contact: TContact): ListCardContent => ({
    title: <ContactName contact={contact} />,
    actions: <ContactActions contact={contact} rights={rights} onDelete={onDelete} />,
    meta: (
      <>
        {contact.contact_type && <ContactTypeBadge contact={contact} />}
        <Text size="xs" c="dimmed">
          {[contact.account_name, contact.phone].filter(Boolean).join(' · ')}
        </Text>
      </>
    ),
  });

/**
 * /contacts: the company's address book, server-paged, with search, a contact type filter and
 * sort; add, import (CSV/XLSX), edit, delete and each contact's documents, as far as the caller's
 * permissions go.
 */
export function ContactsScreen() {
  usePageTitle('Contacts');
  const rights = useCan();
  const [isImporting, setImporting] = useState(false);
  const canView = rights.can('contacts:view');
  const canCreate = rights.can('contacts:create');
  const canImport = rights.can('contacts:import');

  const list = useListQuery({
    pageSize: CONTACTS_PAGE_SIZE,
    sort: '-created_at' as TContactSort,
    filters: { contact_type: '' },
    queryKey: CONTACT_KEYS.page,
    queryFn: fetchContacts,
    enabled: canView,
  });
  const types = useQuery({
    queryKey: CONTACT_KEYS.types,
    queryFn: ({ signal }) => fetchContactTypes(signal),
    enabled: canView,
  });
  const remove = useDeleteConfirm({
    remove: (contact: TContact) => deleteContact(contact._id),
    invalidate: CONTACT_KEYS.all,
    notice: (contact) => ({ title: 'Contact deleted', message: contact.email }),
  });
  const rowActions: RowActions = {
    rights: { canUpdate: rights.can('contacts:update'), canDelete: rights.can('contacts:delete') },
    onDelete: remove.ask,
  };

  const typeOptions = [
    { value: '', label: 'All contact types' },
    ...(types.data ?? []).map((type) => ({ value: type._id, label: type.name })),
  ];
  const importButton = canImport && (
    <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
      Import
    </Button>
  );
  const addButton = canCreate && (
    <Button component={Link} to="/contacts/add" leftSection={<IconUserPlus size={16} />}>
      Add contact
    </Button>
  );
  const actions = canView && (
    <>
      {rights.can('contact-types:view') && (
        <Button component={Link} to="/contact-types" variant="subtle" leftSection={<IconTags size={16} />}>
          Contact types
        </Button>
      )}
      {importButton}
      {addButton}
    </>
  );

  return (
    <ListScreen
      title="Contacts"
      description="The people you send documents to. Pick them as recipients, or see everything sent to one of them."
      actions={actions}
      rights={rights}
      canView={canView}
      list={list}
      noAccess="Your user type cannot see contacts."
      search={{ label: 'Search contacts', placeholder: 'Search name, email or account', width: 300 }}
      selects={[
        { key: 'contact_type', label: 'Filter by contact type', data: typeOptions, width: 200 },
        { key: 'sort', label: 'Sort contacts', data: SORT_OPTIONS },
      ]}
      dialogs={
        <>
          <ImportContactsDialog opened={isImporting} onClose={() => setImporting(false)} />
          <DeleteDialog confirm={remove} title="Delete contact">
            {(contact) => (
              <>
                Delete <b>{contact.name}</b> ({contact.email}) from your contacts? Documents already sent to
                them are kept.
              </>
            )}
          </DeleteDialog>
        </>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the contacts"
        empty={{
          testId: 'contacts-empty',
          icon: IconAddressBook,
          title: 'No contacts yet',
          text: 'Keep the people you send documents to here: buyers, tenants, owners, agents. Add them one by one or import a spreadsheet.',
          actions: (
            <>
              {addButton}
              {importButton}
            </>
          ),
          filtered: { title: 'No contacts match', text: 'Try another search or contact type.' },
        }}
        columns={contactColumns(rowActions)}
        card={contactCard(rowActions)}
        rowTestId="contact-row"
        minWidth={860}
      />
    </ListScreen>
  );
}
