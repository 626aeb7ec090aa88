import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Button, Grid, Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconFileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TDocumentListItem } from '@esigns/contracts/document-lists';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { DocumentActionsMenu } from '../document-actions/document-actions-menu';
import { DocumentTimeline } from '../signing/document-timeline';
import { LoadError, PageFrame, Panel, StateMessage } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { DocumentStatusBadge, ProgressCell } from './document-badges';
import { DOCUMENT_LIST_KEYS, fetchRecipients } from './document-lists-api';
import { draftEditorPath } from './document-paths';
import { DocumentsLiveUpdates } from './documents-live';
import { NotesPanel } from './notes-panel';
import { RecipientsPanel } from './recipients-panel';
import { SealFailureAlert } from './seal-failure-alert';

// pdf.js and the page canvas load with the preview only.
const DocumentPreview = lazy(() =>
  import('./document-preview').then((m) => ({ default: m.DocumentPreview })),
);

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Panel>
      <Stack gap="sm" p="md" id={id}>
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Panel>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Box fz="sm">{value}</Box>
    </Stack>
  );
}

function Summary({ doc }: { doc: TDocumentListItem }) {
  const date = (value: string | null) => (value ? formatDate(value) : '—');
  return (
    <Panel>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} p="md" spacing="md">
        <Fact
          label="Status"
          value={
            <DocumentStatusBadge
              status={doc.status}
              archivedAt={doc.archived_at}
              sealFailed={doc.seal_failed}
            />
          }
        />
        <Fact
          label="Progress"
          value={doc.progress.required > 0 ? <ProgressCell progress={doc.progress} /> : '—'}
        />
        <Fact
          label="Sender"
          value={
            <Text size="sm" title={doc.sender.email} truncate="end">
              {doc.sender.name || doc.sender.email}
            </Text>
          }
        />
        <Fact label="Sent" value={date(doc.sent_at)} />
        <Fact
          label={doc.status === 'COMPLETED' ? 'Completed' : 'Expires'}
          value={date(doc.status === 'COMPLETED' ? doc.completed_at : doc.expires_at)}
        />
        <Fact label="Last change" value={date(doc.updated_at)} />
      </SimpleGrid>
    </Panel>
  );
}

/**
 * /emp-documents/custom/{employee_document_id}: one document for staff: status, sender and dates,
 * a red alert with the fix when its sealing failed for good, the actions menu, recipients with their progress, the audit timeline, a preview of the pages
 * (as a chosen recipient sees them) and the team's notes. Follows document events live.
 */
export function DocumentDetailScreen() {
  const { employee_document_id: id = '' } = useParams();
  const rights = useCan();
  const detail = useQuery({
    queryKey: DOCUMENT_LIST_KEYS.recipients(id),
    queryFn: ({ signal }) => fetchRecipients(id, signal),
    enabled: id !== '',
    retry: (count, error) => !(isApiError(error) && [403, 404].includes(error.status)) && count < 2,
  });
  const doc = detail.data?.document;
  usePageTitle(doc?.name ?? 'Document');

  const back = (
    <Button component={Link} to="/documents/all" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      Documents
    </Button>
  );

  if (detail.isPending) {
    return (
      <PageFrame title="Document" actions={back}>
        <Skeleton h={80} radius="md" />
        <Skeleton h={240} radius="md" aria-busy="true" />
      </PageFrame>
    );
  }
  if (detail.isError || !doc) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return (
      <PageFrame title="Document" actions={back}>
        <DocumentsLiveUpdates />
        <Panel>
          {missing ? (
            <StateMessage
              icon={<IconFileOff size={28} />}
              title="Document not found"
              testId="document-missing"
            >
              <Text c="dimmed" size="sm" maw={460}>
                It was deleted, or it is not one you can see. Documents you can open are in your list.
              </Text>
            </StateMessage>
          ) : (
            <LoadError
              title="Could not load the document"
              error={detail.error}
              onRetry={() => void detail.refetch()}
            />
          )}
        </Panel>
      </PageFrame>
    );
  }

  const isDraft = doc.status === 'DRAFT';
  const actions = (
    <Group gap="sm">
      {back}
      {isDraft && doc.company_document_id && (
        <Button
          component={Link}
          to={draftEditorPath(doc.company_document_id)}
          leftSection={<IconEdit size={16} />}
        >
          Edit draft
        </Button>
      )}
      <DocumentActionsMenu document={doc} variant="detail" onDone={() => void detail.refetch()} />
    </Group>
  );
  return (
    <PageFrame title={doc.name} description={`Created ${formatDate(doc.created_at)}`} actions={actions}>
      <DocumentsLiveUpdates />
      {detail.data.sealing && (
        <SealFailureAlert
          documentId={doc._id}
          sealing={detail.data.sealing}
          actions={doc.actions}
          onDone={() => void detail.refetch()}
        />
      )}
      <Summary doc={doc} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Section title="Recipients">
              <RecipientsPanel recipients={detail.data.recipients} signingOrder={detail.data.signing_order} />
            </Section>
            {!isDraft && (
              <Section title="Preview">
                <Suspense fallback={<Loader size="sm" />}>
                  <DocumentPreview documentId={doc._id} recipients={detail.data.recipients} />
                </Suspense>
              </Section>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {rights.can('documents:notes') && (
              <Section title="Notes" id="notes">
                <NotesPanel documentId={doc._id} />
              </Section>
            )}
            {!isDraft && (
              <Panel>
                <Box p="md">
                  <DocumentTimeline documentId={doc._id} />
                </Box>
              </Panel>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}
