import { Badge, Button, ScrollArea, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconFilePlus, IconFiles } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { DOCUMENT_LIST_FILTER_LABELS } from '@esigns/contracts/document-lists';
import { DOCUMENT_LIST_FILTERS, type TDocumentListFilter } from '@esigns/contracts/documents';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan, type Can } from '../../shared/permissions/use-can';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import { ListScreen, PHONE_QUERY } from '../../shared/ui/list-screen';
import {
  DOCUMENT_LIST_KEYS,
  fetchContactName,
  fetchDocumentCounts,
  fetchDocumentList,
  fetchWorkspaceUsers,
} from './document-lists-api';
import { DocumentsLiveUpdates } from './documents-live';
import { DocumentList } from './documents-table';
import { ListFilters, type OwnerOption } from './list-filters';
import { isNarrowed, listQueryOf, narrowingOf, useListState } from './use-list-state';

/** Whether the caller sees documents others sent (and so may filter by sender). */
export function seesOthersDocuments(rights: Can): boolean {
  if (!rights.overview || rights.overview.plan_type === 'INDIVIDUAL') return false;
  return (
    rights.userType === 'OWNER' || rights.can('documents:view-all') || rights.can('documents:manage-all')
  );
}

/** Tighter than Mantine's default tab, so the ten tabs and their counts fit a 1440 px window. */
const TAB_STYLES = {
  tab: { paddingInline: 'var(--mantine-spacing-xs)' },
  tabSection: { marginInlineStart: 6 },
};

const EMPTY_TEXT: Record<TDocumentListFilter, string> = {
  'all-documents': 'Upload a document, place the fields and send it for signature: it shows here.',
  draft: 'Documents you started and have not sent yet show here.',
  'waiting-for-me': 'Nothing waits for your signature or approval.',
  'waiting-for-others': 'No document is waiting for other people.',
  completed: 'Documents everyone has signed show here.',
  declined: 'No recipient declined a document.',
  rejected: 'No approver rejected a document.',
  voided: 'No document was voided.',
  expired: 'No document expired before it was signed.',
  archived: 'Archived documents show here; restore them from their menu.',
};

/** The status tabs with their counts: wrapping on wide screens, scrolling on phones. */
function StatusTabs({
  filter,
  counts,
  onChange,
}: {
  filter: TDocumentListFilter;
  counts: Partial<Record<TDocumentListFilter, number>> | undefined;
  onChange: (filter: TDocumentListFilter) => void;
}) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const tabs = DOCUMENT_LIST_FILTERS.map((value) => (
    <Tabs.Tab
      key={value}
      value={value}
      rightSection={
        counts?.[value] !== undefined ? (
          <Badge size="sm" variant={filter === value ? 'filled' : 'light'} color="gray" circle={false}>
            {counts[value]}
          </Badge>
        ) : null
      }
    >
      {DOCUMENT_LIST_FILTER_LABELS[value]}
    </Tabs.Tab>
  ));
  return (
    <Tabs
      value={filter}
      onChange={(value) => value && onChange(value as TDocumentListFilter)}
      styles={TAB_STYLES}
    >
      {/* Phones scroll the row of tabs; wider screens show every tab (compact, see TAB_STYLES),
          wrapping to a second row rather than hiding one when they do not fit. */}
      {isPhone ? (
        <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
          <Tabs.List
            style={{ flexWrap: 'nowrap', width: 'max-content', minWidth: '100%' }}
            data-testid="status-tabs"
          >
            {tabs}
          </Tabs.List>
        </ScrollArea>
      ) : (
        <Tabs.List style={{ flexWrap: 'wrap' }} data-testid="status-tabs">
          {tabs}
        </Tabs.List>
      )}
    </Tabs>
  );
}

/**
 * /documents/all and /documents/all/{contact_id}: the documents the caller sees, by status tab
 * (with counts), searched, sorted and filtered by dates, recipient and sender, server-paged, each
 * row with its actions menu. With a contact id, only that contact's documents. Follows document
 * events live.
 */
export function DocumentsScreen() {
  const { contact_id: contactId = '' } = useParams();
  const rights = useCan();
  const { state, update } = useListState();
  const companyId = useSession((s) => workspaceIdOf(s)) ?? '';
  const canView = rights.can('documents:view');
  const seesOthers = seesOthersDocuments(rights);
  usePageTitle('Documents');

  const query = listQueryOf(state, contactId || undefined);
  const list = useQuery({
    queryKey: DOCUMENT_LIST_KEYS.list(state.filter, query),
    queryFn: ({ signal }) => fetchDocumentList(state.filter, query, signal),
    enabled: canView,
    placeholderData: keepPreviousData,
  });
  const narrowing = narrowingOf(state, contactId || undefined);
  const counts = useQuery({
    queryKey: DOCUMENT_LIST_KEYS.counts({ ...narrowing, sort: undefined }),
    queryFn: ({ signal }) => fetchDocumentCounts(narrowing, signal),
    enabled: canView,
    placeholderData: keepPreviousData,
  });
  const senders = useQuery({
    queryKey: DOCUMENT_LIST_KEYS.senders(companyId),
    queryFn: ({ signal }) => fetchWorkspaceUsers(companyId, signal),
    enabled: canView && seesOthers && rights.can('company-users:view') && companyId !== '',
    staleTime: 5 * 60_000,
  });
  const contact = useQuery({
    queryKey: DOCUMENT_LIST_KEYS.contact(contactId),
    queryFn: ({ signal }) => fetchContactName(contactId, signal),
    enabled: canView && contactId !== '' && rights.can('contacts:view'),
  });

  const owners: OwnerOption[] = (senders.data ?? [])
    .filter((u) => u.user_id)
    .map((u) => ({ value: u.user_id!, label: `${u.first_name} ${u.last_name}`.trim() || u.email }));
  const actions = canView && (
    <>
      {contactId && (
        <Button
          component={Link}
          to="/documents/all"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          All documents
        </Button>
      )}
      {rights.can('documents:create') && (
        <Button component={Link} to="/documents/upload" leftSection={<IconFilePlus size={16} />}>
          New document
        </Button>
      )}
    </>
  );
  return (
    <ListScreen
      title={contactId ? `Documents of ${contact.data?.name || 'a contact'}` : 'Documents'}
      description={
        contactId
          ? `Everything sent to ${contact.data?.email ?? 'this contact'} that you can see.`
          : 'Track what you sent and what waits for you; open a document for its recipients, history and notes.'
      }
      actions={actions}
      rights={rights}
      canView={canView}
      error={list.error}
      noAccess="Your user type cannot see documents."
      toolbar={
        <>
          <StatusTabs filter={state.filter} counts={counts.data} onChange={(filter) => update({ filter })} />
          <ListFilters
            state={state}
            update={update}
            owners={seesOthers ? owners : undefined}
            hasFixedRecipient={contactId !== ''}
          />
        </>
      }
      dialogs={<DocumentsLiveUpdates />}
    >
      <DocumentList
        query={list}
        state={state}
        update={update}
        showSender={seesOthers}
        isFiltered={isNarrowed(state)}
        empty={{
          testId: 'documents-empty',
          icon: IconFiles,
          title: `No ${DOCUMENT_LIST_FILTER_LABELS[state.filter].toLowerCase()} documents`,
          text: EMPTY_TEXT[state.filter],
          filtered: {
            title: 'No documents match',
            text: 'Try other words, dates or people, or clear the filters.',
          },
        }}
      />
    </ListScreen>
  );
}
