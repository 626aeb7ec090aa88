import type { ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconInbox, IconList } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { DOCUMENT_LIST_FILTER_LABELS } from '@esigns/contracts/document-lists';
import { DOCUMENT_LIST_FILTERS, type TDocumentListFilter } from '@esigns/contracts/documents';
import { usePageTitle } from '../../shared/branding/use-page-title';
import {} from '../../shared/ui/list-screen';
import { PageFrame, Panel, StateMessage } from '../../shared/ui/page-kit';
import { DOCUMENT_LIST_KEYS, fetchInbox, type InboxQuery } from './document-lists-api';
import { DocumentsLiveUpdates } from './documents-live';
import { DocumentList } from './documents-table';
import { ListFilters } from './list-filters';
import { isNarrowed, listQueryOf, useListState } from './use-list-state';

/**
 * A `/signature/documents/{status}` path value as a list filter: the filters' own spellings
 * (`waiting-for-me`), or a document status (`COMPLETED`, `completed`); null for anything else.
 */
export function filterOfPath(value: string): TDocumentListFilter | null {
  const lower = value.toLowerCase();
  if ((DOCUMENT_LIST_FILTERS as readonly string[]).includes(lower)) return lower as TDocumentListFilter;
  if (lower === 'waiting') return 'waiting-for-me';
  return null;
}

function InboxList({
  title,
  description,
  base,
}: {
  title: string;
  description: string;
  base: Partial<InboxQuery>;
}) {
  usePageTitle(title);
  const { state, update } = useListState();
  const query: InboxQuery = { ...listQueryOf(state), ...base };
  const list = useQuery({
    queryKey: DOCUMENT_LIST_KEYS.inbox(query),
    queryFn: ({ signal }) => fetchInbox(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame
      title={title}
      description={description}
      actions={
        <Button component={Link} to="/documents/all" variant="subtle" leftSection={<IconList size={16} />}>
          All documents
        </Button>
      }
    >
      <DocumentsLiveUpdates />
      <Stack gap="lg">
        <ListFilters state={state} update={update} hasFixedRecipient />
        <DocumentList
          query={list}
          state={state}
          update={update}
          showSender
          isFiltered={isNarrowed(state)}
          empty={{
            testId: 'documents-empty',
            icon: IconInbox,
            title: 'Nothing here yet',
            text: 'Documents sent to you for signature or approval show here.',
            filtered: {
              title: 'No documents match',
              text: 'Try other words or dates, or clear the filters.',
            },
          }}
        />
      </Stack>
    </PageFrame>
  );
}

/** /documents-signed: the documents the caller signed or approved as a recipient. */
export function SignedDocumentsScreen() {
  return (
    <InboxList
      title="Signed documents"
      description="Documents you signed or approved, newest change first. Open one for its status and history."
      base={{ signed: true }}
    />
  );
}

/** /signature/documents/{status}: the documents addressed to the caller, for one list filter. */
export function SignatureDocumentsScreen() {
  const { status = '' } = useParams();
  const filter = filterOfPath(status);
  if (!filter) {
    const frame = (content: ReactNode) => <PageFrame title="Documents for signature">{content}</PageFrame>;
    return frame(
      <Panel>
        <StateMessage icon={<IconList size={28} />} title="Unknown list" testId="unknown-list">
          <Text c="dimmed" size="sm">
            “{status}” is not a list of documents. Pick one of:{' '}
            {DOCUMENT_LIST_FILTERS.map((f) => DOCUMENT_LIST_FILTER_LABELS[f]).join(', ')}.
          </Text>
          <Button component={Link} to="/signature/documents/waiting-for-me" mt="sm" variant="light">
            Waiting for me
          </Button>
        </StateMessage>
      </Panel>,
    );
  }
  return (
    <InboxList
      key={filter}
      title={`${DOCUMENT_LIST_FILTER_LABELS[filter]}: sent to me`}
      description="Documents sent to you as a signer, approver or viewer."
      base={{ status: filter }}
    />
  );
}
