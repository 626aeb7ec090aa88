import type { ReactNode } from 'react';
import { Avatar, Box, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileText, IconLinkOff, IconMailOpened } from '@tabler/icons-react';
import type { TESignRecord } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { formatInitials } from '../../shared/format/name';

/** A centred message of the signer's pages: icon, title, text and actions. */
export function SignerMessage({
  icon,
  color = 'brand',
  title,
  children,
  actions,
  testId,
}: {
  icon: ReactNode;
  color?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  usePageTitle(title);
  return (
    <Stack align="center" gap="md" ta="center" py="md" data-testid={testId}>
      <ThemeIcon size={64} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children && (
        <Box maw={520} c="dimmed" fz="sm">
          {children}
        </Box>
      )}
      {actions && (
        <Stack gap="sm" w="100%" maw={360}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}

export function SignerLoading({ label = 'Opening your document…' }: { label?: string }) {
  return (
    <Center py={48}>
      <Stack align="center" gap="sm">
        <Loader />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** Without the link's token (another tab, a bookmark) and not signed in. */
export function OpenLinkFromMail() {
  return (
    <SignerMessage
      icon={<IconMailOpened size={32} />}
      title="Open the link from your email"
      testId="open-link"
    >
      For your security, this page opens only from the signing link you were emailed, in the same browser tab.
      Find the email and select its button again.
    </SignerMessage>
  );
}

/** The e-sign record could not be read: a wrong or replaced link (401), too many tries (429), or else. */
export function RecordError({ error }: { error: unknown }) {
  const message = isApiError(error) ? error.message : 'The document could not be opened. Please try again.';
  const isLink = isApiError(error) && (error.status === 401 || error.status === 404);
  return (
    <SignerMessage
      icon={<IconLinkOff size={32} />}
      color={isLink ? 'orange' : 'red'}
      title={isLink ? 'This link does not work' : 'The document could not be opened'}
      testId="record-error"
    >
      {message}
    </SignerMessage>
  );
}

/** What the recipient's role does by the document's expiry (a viewer signs nothing). */
const DUE_WORDS = { SIGNER: 'Sign by', APPROVER: 'Approve by', VIEWER: 'Open by', CC: '' } as const;

/** Who sent what: the sender, the document's name, their message and the expiry. */
export function DocumentSummary({ record }: { record: TESignRecord }) {
  const { document } = record;
  const sender = document.sender;
  const message = document.settings.email_message.trim();
  return (
    <Stack gap="md" data-testid="document-summary">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar radius="xl" color="brand" size={44}>
          {formatInitials(sender.name || sender.email) || '?'}
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {sender.name || sender.email}
            {sender.company_name ? <Text span c="dimmed" fw={400}>{` · ${sender.company_name}`}</Text> : null}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {sender.email}
          </Text>
        </Box>
      </Group>
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconFileText size={22} />
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="document-name">
              {document.name}
            </Text>
            {document.expires_at && record.recipient.user_type !== 'CC' && (
              <Text size="xs" c="dimmed">
                {DUE_WORDS[record.recipient.user_type]} {formatDate(document.expires_at)}
              </Text>
            )}
          </Box>
        </Group>
      </Paper>
      {message && (
        <Box
          px="md"
          py="sm"
          style={{
            borderLeft: '3px solid var(--mantine-color-brand-4)',
            background: 'var(--mantine-color-gray-0)',
            borderRadius: 4,
          }}
        >
          <Text size="xs" c="dimmed" fw={600} mb={4}>
            Message from {sender.name || 'the sender'}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="email-message"
          >
            {message}
          </Text>
        </Box>
      )}
    </Stack>
  );
}
