import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../shared/format/date';
import { AppDialog } from '../../shared/ui/app-dialog';
import { fetchOutboxMessage, formatRecipients, statusColor, type OutboxMessage } from './outbox-api';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

function MessageBody({ message }: { message: OutboxMessage }) {
  const hasHtml = Boolean(message.html);
  const hasText = Boolean(message.text);
  if (message.html === null && message.text === null) {
    return (
      <Text c="dimmed" size="sm" data-testid="outbox-no-body">
        The content of this mail is not shown: it was sent before the email log hid the links and codes meant
        for its recipients.
      </Text>
    );
  }
  if (!hasHtml && !hasText) {
    return (
      <Text c="dimmed" size="sm">
        This message has no body.
      </Text>
    );
  }
  return (
    <Tabs defaultValue={hasHtml ? 'html' : 'text'} keepMounted={false}>
      <Tabs.List>
        {hasHtml && <Tabs.Tab value="html">HTML</Tabs.Tab>}
        {hasText && <Tabs.Tab value="text">Plain text</Tabs.Tab>}
      </Tabs.List>
      {hasHtml && (
        <Tabs.Panel value="html" pt="sm">
          {/* sandbox="" : no scripts, no forms, no navigation of the app from the mail. */}
          <iframe
            title="Message preview"
            sandbox=""
            srcDoc={message.html ?? ''}
            style={{
              width: '100%',
              height: 480,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 8,
              background: '#fff',
            }}
          />
        </Tabs.Panel>
      )}
      {hasText && (
        <Tabs.Panel value="text" pt="sm">
          <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 480, overflow: 'auto' }}>
            {message.text}
          </Code>
        </Tabs.Panel>
      )}
    </Tabs>
  );
}

export function OutboxMessageDialog({
  id,
  operatorKey,
  onClose,
}: {
  id: string | null;
  operatorKey: string | null;
  onClose: () => void;
}) {
  const query = useQuery({
    queryKey: ['outbox', 'message', id, operatorKey],
    queryFn: ({ signal }) => fetchOutboxMessage(id ?? '', operatorKey, signal),
    enabled: Boolean(id),
  });
  const message = query.data;

  return (
    <AppDialog
      opened={Boolean(id)}
      onClose={onClose}
      size="xl"
      title={message?.subject || 'Message'}
      footer={
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      }
    >
      {query.isPending && (
        <Center h={200}>
          <Loader />
        </Center>
      )}
      {query.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not open this message">
          {query.error.message}
        </Alert>
      )}
      {message && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Field label="To">
              {formatRecipients(message.to)}
              {message.cc && message.cc.length > 0 && (
                <Text size="xs" c="dimmed">
                  Cc: {message.cc.join(', ')}
                </Text>
              )}
            </Field>
            <Field label="Status">
              <Group gap={6}>
                <Badge color={statusColor(message.status)} variant="light">
                  {message.status}
                </Badge>
                <Text size="xs" c="dimmed">
                  {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
                </Text>
              </Group>
            </Field>
            <Field label="Kind">{message.kind}</Field>
            <Field label="Created">{formatDateTime(message.created_at) || '—'}</Field>
            <Field label="Sent">{formatDateTime(message.sent_at) || 'Not sent yet'}</Field>
          </SimpleGrid>
          {message.error && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="Last delivery error"
            >
              {message.error}
            </Alert>
          )}
          {message.redacted && (
            <Alert
              color="gray"
              variant="light"
              icon={<IconLock size={18} />}
              title="Links and codes are hidden"
              data-testid="outbox-redacted-notice"
            >
              Signing links, invitation links and one-time codes belong to the recipient only: they show as
              [redacted link] and [redacted code].
            </Alert>
          )}
          <MessageBody message={message} />
        </Stack>
      )}
    </AppDialog>
  );
}
