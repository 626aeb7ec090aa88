import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconFilePlus, IconFiles, IconLayoutDashboard } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { useSession } from '../../../shared/session/session-store';
import { LoadError, PageFrame, Panel } from '../../../shared/ui/page-kit';
import { documentDetailPath } from '../../document-lists/document-paths';
import { SendSuccess } from '../send/send-parts';
import { FinishedPart } from './finished-part';
import { useSentDocument } from './finish-api';

/**
 * `/emp-documents/custom/finish`: where a sender lands when they are done with a document and no
 * particular one is named (`?document_id=` names one). Clear next steps: the document, the list of
 * documents waiting for others, another document, the dashboard.
 */
export function FinishScreen() {
  usePageTitle('All done');
  const [params] = useSearchParams();
  const documentId = params.get('document_id');
  return (
    <PageFrame title="Finish document">
      <Card withBorder radius="md" padding="xl" maw={720} data-testid="finish-done">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={52} radius="xl" color="teal" variant="light">
              <IconCircleCheck size={30} />
            </ThemeIcon>
            <div>
              <Title order={3}>All done</Title>
              <Text c="dimmed" size="sm">
                Everything you had to do here is finished. Recipients are emailed when it is their turn, and
                you are told when the document is completed.
              </Text>
            </div>
          </Group>
          <Group gap="sm" wrap="wrap">
            {documentId ? (
              <Button
                component={Link}
                to={documentDetailPath(documentId)}
                leftSection={<IconFiles size={16} />}
              >
                Open the document
              </Button>
            ) : null}
            <Button
              component={Link}
              to="/documents/all"
              variant={documentId ? 'default' : 'filled'}
              leftSection={<IconFiles size={16} />}
            >
              See my documents
            </Button>
            <Button
              component={Link}
              to="/documents/upload"
              variant="default"
              leftSection={<IconFilePlus size={16} />}
            >
              Send another document
            </Button>
            <Button
              component={Link}
              to="/dashboard"
              variant="default"
              leftSection={<IconLayoutDashboard size={16} />}
            >
              Go to dashboard
            </Button>
          </Group>
        </Stack>
      </Card>
    </PageFrame>
  );
}

const FINISHED = ['SIGNED', 'APPROVED', 'DECLINED', 'REJECTED'];

/**
 * `/emp-documents/custom/{employee_document_id}/{employee_document}/success`: after a document went
 * out (or after a signed-in recipient finished their step). The sender sees who was emailed and
 * what to do next (`SendSuccess`, as right after sending); a signed-in user who is a recipient
 * and has finished sees their part done and who is still to act. The second segment is not read.
 */
export function DocumentSuccessScreen() {
  usePageTitle('Document sent');
  const { employee_document_id: id = '' } = useParams();
  const email = useSession((state) => state.user?.email?.toLowerCase() ?? null);
  const document = useSentDocument(id);
  if (document.isPending) {
    return (
      <PageFrame title="Document sent">
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      </PageFrame>
    );
  }
  if (document.isError) {
    return (
      <PageFrame title="Document sent">
        <Panel>
          <LoadError
            error={document.error}
            onRetry={() => void document.refetch()}
            title="Could not load the document"
          />
        </Panel>
      </PageFrame>
    );
  }
  const doc = document.data;
  const mine = doc.document_users.find(
    (user) =>
      user.type === 'RECEIVER' && user.email.toLowerCase() === email && FINISHED.includes(user.status),
  );
  return (
    <PageFrame title={mine ? 'Your part is done' : 'Document sent'}>
      {mine ? <FinishedPart document={doc} me={mine} /> : <SendSuccess document={doc} />}
    </PageFrame>
  );
}
