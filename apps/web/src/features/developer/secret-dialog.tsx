import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AppDialog } from '../../shared/ui/app-dialog';

/** An endpoint's signing secret (new, revealed or rotated), with a copy button. */
export function SecretDialog({
  url,
  secret,
  isNew,
  onClose,
}: {
  url: string;
  secret: string;
  /** Just created or rotated: receivers must switch to it. */
  isNew: boolean;
  onClose: () => void;
}) {
  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Signing secret"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <Stack gap="sm" data-testid="webhook-secret">
        <Text size="sm">
          Verify each request to <strong>{url}</strong> with this secret (Standard Webhooks signature).
        </Text>
        {isNew && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            Requests are signed with this secret from now on: give it to your receiver.
          </Alert>
        )}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="webhook-secret-value">
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </AppDialog>
  );
}
