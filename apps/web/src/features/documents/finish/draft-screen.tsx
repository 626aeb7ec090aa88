import { Button, Text } from '@mantine/core';
import { IconFileCheck, IconFileOff } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { LoadError, PageFrame, Panel, StateMessage } from '../../../shared/ui/page-kit';
import { documentDetailPath, draftEditorPath } from '../../document-lists/document-paths';
import { useSentDocument } from './finish-api';

/**
 * `/emp-documents/custom/{employee_document_id}/draft`: a draft reopened to be finished and sent. A
 * draft is edited and sent in the field editor (its company document's `configure/document`, which
 * leads on to the review and send screen), so this screen opens it there; a document that went out
 * meanwhile opens nothing to edit and says so, with the way to its screen.
 */
export function DraftDocumentScreen() {
  usePageTitle('Draft document');
  const { employee_document_id: id = '' } = useParams();
  const document = useSentDocument(id);
  if (document.isPending) {
    return (
      <PageFrame title="Draft document">
        <Text c="dimmed" size="sm" data-testid="draft-loading">
          Opening the draft…
        </Text>
      </PageFrame>
    );
  }
  if (document.isError) {
    return (
      <PageFrame title="Draft document">
        <Panel>
          <LoadError
            error={document.error}
            onRetry={() => void document.refetch()}
            title="Could not open the draft"
          />
        </Panel>
      </PageFrame>
    );
  }
  const doc = document.data;
  if (doc.status === 'DRAFT' && doc.company_document_id) {
    return <Navigate to={draftEditorPath(doc.company_document_id)} replace />;
  }
  const sent = doc.status !== 'DRAFT';
  return (
    <PageFrame title="Draft document">
      <Panel>
        <StateMessage
          icon={sent ? <IconFileCheck size={28} /> : <IconFileOff size={28} />}
          color={sent ? 'teal' : 'gray'}
          title={sent ? 'This document was already sent' : 'This draft has no file to edit'}
          testId="draft-not-editable"
        >
          <Text c="dimmed" size="sm" maw={460}>
            {sent
              ? `${doc.name} is no longer a draft: follow its progress, or correct it, from its page.`
              : `${doc.name} cannot be opened in the editor. Start a new document instead.`}
          </Text>
          <Button mt="sm" component={Link} to={sent ? documentDetailPath(doc._id) : '/documents/upload'}>
            {sent ? 'Open the document' : 'Upload a document'}
          </Button>
        </StateMessage>
      </Panel>
    </PageFrame>
  );
}
