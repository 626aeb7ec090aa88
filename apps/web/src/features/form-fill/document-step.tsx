import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink, IconFileText, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { fetchStepDocument, type FillAccess } from './fill-api';

/** While the filler signs in another tab, the document is read again this often. */
const SIGNING_POLL_MS = 5000;

/**
 * A DOCUMENT step: the document made for this submission from the step's template, opened in the
 * signing screen in a new tab; the step is done once the document is completed and sealed.
 */
export function DocumentStepBody({
  access,
  submissionId,
  stepId,
  onSigned,
}: {
  access: FillAccess;
  submissionId: string | null;
  stepId: string;
  onSigned: () => void;
}) {
  const [isSigning, setSigning] = useState(false);
  const doc = useQuery({
    queryKey: ['form-fill', 'step-document', submissionId, stepId],
    queryFn: ({ signal }) => fetchStepDocument(access, submissionId ?? '', stepId, signal),
    enabled: submissionId !== null,
    refetchInterval: (query) =>
      isSigning && query.state.data?.progress !== 'COMPLETED' ? SIGNING_POLL_MS : false,
  });
  const isCompleted = doc.data?.progress === 'COMPLETED';
  useEffect(() => {
    if (isCompleted) onSigned();
  }, [isCompleted, onSigned]);

  if (!submissionId) {
    return (
      <Alert color="blue">
        Answer the steps before this one first: the document is made from your answers.
      </Alert>
    );
  }
  if (doc.isError) return <ErrorAlert>{errorText(doc.error)}</ErrorAlert>;
  if (!doc.data)
    return (
      <Text c="dimmed" size="sm">
        Preparing your document…
      </Text>
    );
  const { data } = doc;
  return (
    <Stack gap="md" data-testid="document-step">
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconFileText size={22} />
          </ThemeIcon>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {data.name}
            </Text>
            {data.signer && (
              <Text size="xs" c="dimmed">
                You sign as {data.signer.role_name}
              </Text>
            )}
          </Stack>
          <Badge color={isCompleted ? 'teal' : 'yellow'} variant="light">
            {isCompleted ? 'Signed' : 'To sign'}
          </Badge>
        </Group>
      </Paper>
      {isCompleted ? (
        <Alert color="teal">The document is signed. Go on to the next step.</Alert>
      ) : data.link ? (
        <Stack gap="xs">
          <Button
            leftSection={<IconExternalLink size={16} />}
            onClick={() => {
              setSigning(true);
              window.open(data.link ?? '', '_blank', 'noopener');
            }}
          >
            Open the document to sign
          </Button>
          {isSigning && (
            <Button
              variant="subtle"
              leftSection={<IconRefresh size={16} />}
              loading={doc.isFetching}
              onClick={() => void doc.refetch()}
            >
              I have signed it: check again
            </Button>
          )}
        </Stack>
      ) : (
        <Alert color="gray">Others sign before you. We will email you when it is your turn.</Alert>
      )}
    </Stack>
  );
}
