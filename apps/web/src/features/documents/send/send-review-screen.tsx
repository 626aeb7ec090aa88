import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Grid,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconPencil, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  layoutProblems,
  type TConfigurableDocument,
  type TEmployeeDocument,
} from '@esigns/contracts/documents';
import { isApiError } from '../../../shared/api/api-error';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import {
  ErrorAlert,
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  errorText,
  isForbidden,
} from '../../../shared/ui/page-kit';
import { useCan } from '../../../shared/permissions/use-can';
import { PdfThumbnail } from '../upload/pdf-thumbnail';
import { editorPathOf } from '../upload/upload-api';
import { DOCUMENT_KEYS, fetchConfigurableDocument, saveDraftLayout, sendDocument } from './send-api';
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
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
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

          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Text fw={600}>Email to recipients</Text>
              <TextInput
                label="Subject"
                placeholder={`Please sign: ${document.name}`}
                value={subject}
                maxLength={200}
                onChange={(event) => setSubject(event.currentTarget.value)}
                error={fieldErrors[EMAIL_KEYS.subject]}
              />
              <Textarea
                label="Message"
                placeholder="Add a personal note for the recipients (optional)"
                value={message}
                maxLength={5000}
                rows={4}
                resize="vertical"
                onChange={(event) => setMessage(event.currentTarget.value)}
                error={fieldErrors[EMAIL_KEYS.message]}
              />
              {isDirty && (
                <Group justify="flex-end">
                  <Button variant="default" size="xs" onClick={() => save.mutate()} loading={save.isPending}>
                    Save email
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg" style={{ position: 'sticky', top: 76 }}>
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
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="Fix these before sending"
              data-testid="send-problems"
            >
              <List size="sm" spacing={4}>
                {shownProblems.map((text) => (
                  <List.Item key={text}>{text}</List.Item>
                ))}
              </List>
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
            </Alert>
          )}

          {failure && !hasValidationOnly && <ErrorAlert>{errorText(failure)}</ErrorAlert>}

          <Button
            size="md"
            fullWidth
            leftSection={<IconSend size={18} />}
            onClick={() => send.mutate()}
            loading={send.isPending}
            disabled={problems.length > 0}
          >
            Send
          </Button>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * /send-document/mail/{id}: the last look before a one-off document goes out. Shows the document,
 * its recipients and settings, lets the sender word the email, lists what must be fixed (with a
 * way back to the editor) and sends once per visit however often Send is pressed or retried.
 */
export function SendReviewScreen() {
  usePageTitle('Send document');
  const { id = '' } = useParams();
  const rights = useCan();
  const [sent, setSent] = useState<TEmployeeDocument | null>(null);
  const canSend = rights.can('documents:send');
  const document = useQuery({
    queryKey: DOCUMENT_KEYS.configurable(id),
    queryFn: ({ signal }) => fetchConfigurableDocument(id, signal),
    enabled: canSend && Boolean(id),
  });

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

  if (rights.isLoading) return frame(<ReviewSkeleton />);
  if (!canSend || isForbidden(document.error)) {
    return frame(
      <Panel>
        <NoAccess>Your user type cannot send documents. Ask an owner or admin if you need to.</NoAccess>
      </Panel>,
    );
  }
  if (document.isPending) return frame(<ReviewSkeleton />);
  if (document.isError) {
    return frame(
      <Panel>
        <LoadError
          title="Could not load the document"
          error={document.error}
          onRetry={() => void document.refetch()}
        />
      </Panel>,
    );
  }
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
  return frame(<SendReview key={document.data._id} document={document.data} onSent={setSent} />);
}
