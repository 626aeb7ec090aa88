import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Card, Grid, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  layoutProblems,
  type TConfigurableDocument,
  type TEmployeeDocument,
} from '@esigns/contracts/documents';
import { isApiError } from '../../../shared/api/api-error';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { ErrorAlert, PageFrame, errorText } from '../../../shared/ui/page-kit';
import { PdfThumbnail } from '../upload/pdf-thumbnail';
import { editorPathOf } from '../upload/upload-api';
import { DOCUMENT_KEYS, saveDraftLayout, sendDocument } from './send-api';
import { EmailCard, ProblemList, SendButton, SendColumns, sendGate, useSendSource } from './send-layout';
import { RecipientList, SendSuccess, SettingsSummary, describeProblem } from './send-parts';
import { useSendKey } from './use-send-key';

const EMAIL_KEYS = { subject: 'settings.email_subject', message: 'settings.email_message' } as const;

function ReviewSkeleton() {
  return (
    <Grid gap="lg" aria-busy="true" aria-label="Loading the document">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Skeleton h={360} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Skeleton h={240} radius="md" />
      </Grid.Col>
    </Grid>
  );
}

/** The review form of a loaded document (remounted per document so its inputs start from it). */
function SendReview({
  document,
  onSent,
}: {
  document: TConfigurableDocument;
  onSent: (sent: TEmployeeDocument) => void;
}) {
  const queryClient = useQueryClient();
  const sendKey = useSendKey();
  const [subject, setSubject] = useState(document.settings.email_subject);
  const [message, setMessage] = useState(document.settings.email_message);
  const isDirty = subject !== document.settings.email_subject || message !== document.settings.email_message;
  const editorPath = editorPathOf(document);

  const problems = useMemo(() => layoutProblems(document, document.pages, 'send'), [document]);

  const save = useMutation({
    mutationFn: () =>
      saveDraftLayout({
        configurable_document_id: document._id,
        name: document.name,
        fields: document.fields,
        document_users: document.document_users,
        settings: { ...document.settings, email_subject: subject.trim(), email_message: message },
      }),
    onSuccess: (saved) => queryClient.setQueryData(DOCUMENT_KEYS.configurable(document._id), saved),
  });

  const send = useMutation({
    mutationFn: async () => {
      if (isDirty) await save.mutateAsync();
      return sendDocument({ configurable_document_id: document._id, send_key: sendKey });
    },
    onSuccess: onSent,
  });

  const failure = send.error ?? save.error;
  const fieldErrors = isApiError(failure) && failure.isValidation ? failure.fieldErrors : {};
  const serverProblems = Object.entries(fieldErrors)
    .filter(([key]) => key !== EMAIL_KEYS.subject && key !== EMAIL_KEYS.message)
    .map(([key, text]) => describeProblem(key, text, document));
  const shownProblems = [
    ...problems.map((problem) => describeProblem(problem.key, problem.message, document)),
    ...serverProblems.filter(
      (text) => !problems.some((p) => describeProblem(p.key, p.message, document) === text),
    ),
  ];
  const hasValidationOnly = isApiError(failure) && failure.isValidation;

  return (
    <SendColumns
      main={
        <>
          <Card withBorder radius="md" padding="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <PdfThumbnail url={document.file.url} label={document.name} width={72} />
              <Box style={{ minWidth: 0 }}>
                <Title order={3} style={{ overflowWrap: 'anywhere' }}>
                  {document.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {document.pages.length} {document.pages.length === 1 ? 'page' : 'pages'} ·{' '}
                  {document.fields.length} {document.fields.length === 1 ? 'field' : 'fields'}
                </Text>
                <Anchor component={Link} to={editorPath} size="sm">
                  Edit fields and recipients
                </Anchor>
              </Box>
            </Group>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Text fw={600} mb="xs">
              Recipients
            </Text>
            {document.document_users.length === 0 ? (
              <Text size="sm" c="dimmed">
                No recipients yet.
              </Text>
            ) : (
              <RecipientList
                recipients={document.document_users}
                isOrdered={document.settings.signing_order}
              />
            )}
          </Card>

          <EmailCard
            subject={subject}
            message={message}
            onSubject={setSubject}
            onMessage={setMessage}
            subjectPlaceholder={`Please sign: ${document.name}`}
            errors={{ subject: fieldErrors[EMAIL_KEYS.subject], message: fieldErrors[EMAIL_KEYS.message] }}
          >
            {isDirty && (
              <Group justify="flex-end">
                <Button variant="default" size="xs" onClick={() => save.mutate()} loading={save.isPending}>
                  Save email
                </Button>
              </Group>
            )}
          </EmailCard>
        </>
      }
      side={
        <>
          <Card withBorder radius="md" padding="lg">
            <Text fw={600} mb="xs">
              Settings
            </Text>
            <SettingsSummary settings={document.settings} />
            <Anchor component={Link} to={editorPath} size="sm" mt="sm" display="inline-block">
              Change in the editor
            </Anchor>
          </Card>

          {shownProblems.length > 0 && (
            <ProblemList
              color="orange"
              title="Fix these before sending"
              problems={shownProblems}
              data-testid="send-problems"
            >
              <Button
                component={Link}
                to={editorPath}
                size="xs"
                variant="white"
                color="orange"
                mt="sm"
                leftSection={<IconPencil size={14} />}
              >
                Open the editor
              </Button>
            </ProblemList>
          )}

          {failure && !hasValidationOnly && <ErrorAlert>{errorText(failure)}</ErrorAlert>}

          <SendButton
            onClick={() => send.mutate()}
            isPending={send.isPending}
            isDisabled={problems.length > 0}
          />
        </>
      }
    />
  );
}

/**
 * /send-document/mail/{id}: the last look before a one-off document goes out. Shows the document,
 * its recipients and settings, lets the sender word the email, lists what must be fixed (with a
 * way back to the editor) and sends once per visit however often Send is pressed or retried.
 */
export function SendReviewScreen() {
  usePageTitle('Send document');
  const target = useSendSource('documents:send');
  const { source: document, sent } = target;

  const back = document.data && (
    <Button
      component={Link}
      to={editorPathOf(document.data)}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      Back to editor
    </Button>
  );

  if (sent) {
    return (
      <PageFrame title="Send document">
        <SendSuccess document={sent} />
      </PageFrame>
    );
  }

  const frame = (content: ReactNode) => (
    <PageFrame
      title="Review and send"
      description="Check who receives the document and what the email says, then send it."
      actions={back || undefined}
    >
      {content}
    </PageFrame>
  );

  const gate = sendGate(target, {
    skeleton: <ReviewSkeleton />,
    noAccess: 'Your user type cannot send documents. Ask an owner or admin if you need to.',
    loadError: 'Could not load the document',
  });
  if (gate || !document.data) return frame(gate);
  if (document.data.is_template) {
    return frame(
      <Alert color="blue" variant="light" title="This is a template">
        Templates are sent with a person for each role.{' '}
        <Anchor
          component={Link}
          to={`/send-template/mail/${encodeURIComponent(document.data._id)}/${encodeURIComponent(document.data.company_document_id)}`}
        >
          Send from this template
        </Anchor>
      </Alert>,
    );
  }
  return frame(<SendReview key={document.data._id} document={document.data} onSent={target.setSent} />);
}
