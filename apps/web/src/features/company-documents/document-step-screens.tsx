import { lazy, Suspense, useState } from 'react';
import { Box, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconExternalLink, IconFileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame, Panel, QueryFailure } from '../../shared/ui/page-kit';
import { DocumentStatusBadge, ProgressCell } from '../document-lists/document-badges';
import { DOCUMENT_LIST_KEYS, fetchRecipients } from '../document-lists/document-lists-api';
import { RecipientsPanel } from '../document-lists/recipients-panel';
import { DocumentTimeline } from '../signing/document-timeline';
import { SignerLoading, SignerMessage } from '../signing/signer-ui';
import { signingPaths } from '../signing/signing-paths';
import { useESignRecord, useSignerAccess } from '../signing/use-signer-access';
import { rememberPacket } from '../workflows/packet/packet-memory';

const DocumentPreview = lazy(() =>
  import('../document-lists/document-preview').then((m) => ({ default: m.DocumentPreview })),
);

/** The route's document, remembered with its packet before anything navigates (the banner's bearer needs it). */
function useStepDocument() {
  const { document_id: documentId = '', workflow_data_id: workflowDataId } = useParams();
  useState(() => {
    if (workflowDataId) rememberPacket(documentId, workflowDataId);
  });
  return { documentId, workflowDataId: workflowDataId ?? null };
}

/**
 * `/company-documents/{custom|static}/{document_id}[/workflow/{workflow_data_id}]/execute`: a
 * signed-in member who is a recipient of the step's sent document signs (or acknowledges) it. The
 * signing API takes their bearer (their email is the recipient's); the signing screens themselves
 * take over from the recipient's landing (gates, waiting, the signing view, done).
 */
export function DocumentStepExecuteScreen() {
  const { documentId } = useStepDocument();
  const { access, canCall } = useSignerAccess(documentId);
  const record = useESignRecord(access, canCall);
  if (record.isPending) return <SignerLoading />;
  if (record.isError) {
    const isNotMine = isApiError(record.error) && [401, 403, 404].includes(record.error.status);
    return (
      <SignerMessage
        icon={<IconFileOff size={32} />}
        color={isNotMine ? 'gray' : 'red'}
        title={isNotMine ? 'This document is not addressed to you' : 'The document could not be opened'}
        testId="step-document-refused"
      >
        {isNotMine
          ? 'Only its recipients can sign it. Staff can follow it from its packet.'
          : isApiError(record.error)
            ? record.error.message
            : 'Please try again.'}
      </SignerMessage>
    );
  }
  return <Navigate to={signingPaths.landing(documentId, record.data.recipient._id)} replace />;
}

/**
 * `/company-documents/{custom|static}/{document_id}[/workflow/{workflow_data_id}]/preview`: staff
 * read a step's document: status and progress, recipients, its pages as a recipient sees them and
 * its audit trail (the document screen's pieces, without its actions: those stay on the document's
 * own screen, one link away).
 */
export function DocumentStepPreviewScreen() {
  const { documentId } = useStepDocument();
  const detail = useQuery({
    queryKey: DOCUMENT_LIST_KEYS.recipients(documentId),
    queryFn: ({ signal }) => fetchRecipients(documentId, signal),
    enabled: documentId !== '',
    retry: false,
  });
  const doc = detail.data?.document;
  usePageTitle(doc?.name ?? 'Document');
  if (detail.isPending) return <SignerLoading label="Loading the document…" />;
  if (detail.isError || !doc || !detail.data) {
    return (
      <PageFrame title="Document">
        <QueryFailure query={detail} title="Could not load the document" />
      </PageFrame>
    );
  }
  const open = (
    <Button
      component={Link}
      to={`/emp-documents/custom/${encodeURIComponent(doc._id)}`}
      variant="light"
      leftSection={<IconExternalLink size={16} />}
    >
      Open the document
    </Button>
  );
  return (
    <PageFrame title={doc.name} actions={open}>
      <Group gap="lg" data-testid="step-document-summary">
        <DocumentStatusBadge status={doc.status} archivedAt={doc.archived_at} sealFailed={doc.seal_failed} />
        {doc.progress.required > 0 && <ProgressCell progress={doc.progress} />}
      </Group>
      <Panel>
        <Stack gap="sm" p="md">
          <Title order={2} size="h5">
            Recipients
          </Title>
          <RecipientsPanel recipients={detail.data.recipients} signingOrder={detail.data.signing_order} />
        </Stack>
      </Panel>
      {doc.status !== 'DRAFT' && (
        <Panel>
          <Stack gap="sm" p="md">
            <Title order={2} size="h5">
              Preview
            </Title>
            <Suspense fallback={<Loader size="sm" />}>
              <DocumentPreview documentId={doc._id} recipients={detail.data.recipients} />
            </Suspense>
          </Stack>
        </Panel>
      )}
      <Panel>
        <Box p="md">
          <DocumentTimeline documentId={doc._id} />
        </Box>
      </Panel>
    </PageFrame>
  );
}
