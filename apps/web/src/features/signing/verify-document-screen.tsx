import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconFileCertificate,
  IconFileOff,
  IconHelpCircle,
  IconRefresh,
  IconRosetteDiscountCheck,
  IconShieldX,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { MAX_DOCUMENT_FILE_BYTES } from '@esigns/contracts/files';
import type { TVerifyDocumentResult } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { LongTermValidation } from './long-term-validation';
import { SealDetails } from './seal-details';
import { FileDropZone } from '../../shared/ui/file-drop-zone';
import { actionLabel } from './log-actions';
import { verifyDocumentFile } from './signing-api';

export type Verdict = 'authentic' | 'unrecorded' | 'modified' | 'foreign' | 'unsigned';

/** What the checks add up to, most serious first. */
export function verdictOf(result: TVerifyDocumentResult): Verdict {
  if (!result.signed) return 'unsigned';
  if (!result.intact) return 'modified';
  if (!result.ours) return 'foreign';
  return result.known ? 'authentic' : 'unrecorded';
}

const VERDICTS: Record<Verdict, { title: string; text: string; color: string; icon: ReactNode }> = {
  authentic: {
    title: 'Authentic document',
    text: 'This PDF was completed and sealed here, and not one byte has changed since.',
    color: 'green',
    icon: <IconRosetteDiscountCheck size={30} />,
  },
  unrecorded: {
    title: 'Sealed here, but not on record',
    text: "The seal is this service's and the file is unchanged since it was sealed, but no completed document here has exactly this content.",
    color: 'yellow',
    icon: <IconHelpCircle size={30} />,
  },
  modified: {
    title: 'Modified after signing',
    text: 'This PDF carries a digital signature, but the file was changed after it was signed. Do not rely on it: ask the sender for the original.',
    color: 'red',
    icon: <IconShieldX size={30} />,
  },
  foreign: {
    title: 'Not from this service',
    text: 'The file is signed and unchanged, but its seal is not the one this service applies. Check it with whoever sealed it.',
    color: 'orange',
    icon: <IconAlertTriangle size={30} />,
  },
  unsigned: {
    title: 'Not signed',
    text: 'This PDF carries no digital signature, so nothing can vouch for its content.',
    color: 'gray',
    icon: <IconFileOff size={30} />,
  },
};

function VerdictCard({
  result,
  fileName,
  onAgain,
}: {
  result: TVerifyDocumentResult;
  fileName: string;
  onAgain: () => void;
}) {
  const verdict = verdictOf(result);
  const shown = VERDICTS[verdict];
  const document = result.document;
  return (
    <Stack gap="lg" data-testid="verdict" data-verdict={verdict}>
      <Paper
        radius="md"
        p="md"
        withBorder
        style={{
          borderColor: `var(--mantine-color-${shown.color}-4)`,
          background: `var(--mantine-color-${shown.color}-0)`,
        }}
      >
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={52} radius="xl" color={shown.color} variant="light">
            {shown.icon}
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {shown.title}
            </Title>
            <Text size="sm" mt={4}>
              {shown.text}
            </Text>
            <Text size="xs" c="dimmed" mt="xs" style={{ overflowWrap: 'anywhere' }}>
              {fileName}
              {result.signed_at ? ` · sealed ${formatDateTime(result.signed_at)}` : ''}
            </Text>
            <Box mt="xs">
              <SealDetails result={result} />
            </Box>
          </Box>
        </Group>
      </Paper>

      <LongTermValidation result={result} />

      {document && (
        <Stack gap="md">
          <div>
            <Text fw={600}>{document.name}</Text>
            {document.completed_at && (
              <Text size="sm" c="dimmed">
                Completed {formatDateTime(document.completed_at)}
              </Text>
            )}
          </div>
          <Stack gap="xs" data-testid="verified-recipients">
            {document.recipients.map((recipient) => (
              <Paper key={recipient.email} withBorder radius="md" px="md" py="xs">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Box style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {recipient.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {recipient.email}
                    </Text>
                  </Box>
                  <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
                    <Badge
                      variant="light"
                      color={
                        recipient.status === 'SIGNED' || recipient.status === 'APPROVED' ? 'green' : 'gray'
                      }
                    >
                      {recipient.status.toLowerCase()}
                    </Badge>
                    {recipient.finished_at && (
                      <Text size="xs" c="dimmed">
                        {formatDateTime(recipient.finished_at)}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
          {document.timeline.length > 0 && (
            <div>
              <Text fw={600} mb="sm">
                Timeline
              </Text>
              <Timeline bulletSize={14} lineWidth={2} active={document.timeline.length}>
                {document.timeline.map((event, index) => (
                  <Timeline.Item
                    key={`${event.action}-${index}`}
                    title={
                      <Text size="sm" fw={600}>
                        {actionLabel(event.action)}
                      </Text>
                    }
                  >
                    <Text size="xs" c="dimmed">
                      {formatDateTime(event.at)}
                      {event.actor ? ` · ${event.actor}` : ''}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </div>
          )}
        </Stack>
      )}

      <Box>
        <Text size="xs" c="dimmed">
          SHA-256
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {result.sha256}
        </Code>
      </Box>
      <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onAgain}>
        Check another document
      </Button>
    </Stack>
  );
}

/**
 * `/verify-document` (public, a product addition): anyone drops a PDF and learns whether it is an
 * authentic completed document of this service, with its recipients and timeline when it is.
 */
export function VerifyDocumentScreen() {
  usePageTitle('Verify a document');
  const [fileName, setFileName] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const check = useMutation({ mutationFn: (file: File) => verifyDocumentFile(file) });

  const take = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
    if (!isPdf) {
      setLocalError('Choose a PDF file.');
      return;
    }
    if (file.size > MAX_DOCUMENT_FILE_BYTES) {
      setLocalError(`The file is larger than ${MAX_DOCUMENT_FILE_BYTES / 1024 / 1024} MB.`);
      return;
    }
    setLocalError(null);
    setFileName(file.name);
    check.mutate(file);
  };

  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconFileCertificate size={26} />
        </ThemeIcon>
        <div>
          <Title order={1} size="h2">
            Verify a document
          </Title>
          <Text size="sm" c="dimmed">
            Check that a signed PDF is authentic and unchanged. The file is checked and not kept.
          </Text>
        </div>
      </Group>

      {check.isSuccess ? (
        <VerdictCard
          result={check.data}
          fileName={fileName}
          onAgain={() => {
            check.reset();
            setFileName('');
          }}
        />
      ) : check.isPending ? (
        <Group justify="center" py={48} gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Checking {fileName}…
          </Text>
        </Group>
      ) : (
        <Stack gap="sm">
          <FileDropZone
            onFiles={take}
            accept=".pdf,application/pdf"
            multiple={false}
            title="Drop the signed PDF here"
            hint="The completed document you downloaded or received by email (PDF, up to 50 MB)"
            buttonLabel="Choose a PDF"
            inputLabel="PDF to verify"
          />
          {(localError ??
            (check.isError
              ? isApiError(check.error)
                ? check.error.message
                : 'The file could not be checked.'
              : null)) && (
            <Alert color="red" variant="light" role="alert">
              {localError ??
                (isApiError(check.error) ? check.error.message : 'The file could not be checked.')}
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
