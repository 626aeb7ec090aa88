import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { CodeEntryForm, INCOMPLETE_CODE } from '../../shared/ui/account-forms/code-entry-form';
import { useAuthForm } from '../auth/use-auth-form';
import { enableTotp, type TTotpSetup } from './profile-api';

/** The secret in groups of four, the way authenticator apps show a key to type. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The steps, the QR code and the key to type instead. */
function TotpInstructions({ setup }: { setup: TTotpSetup }) {
  return (
    <Stack gap="lg" mb="lg">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
        </List.Item>
        <List.Item>Scan this QR code, or type the key below.</List.Item>
        <List.Item>Enter the 6-digit code the app shows.</List.Item>
      </List>
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Image
          src={setup.qr_data_url}
          alt="QR code to scan with your authenticator app"
          w={180}
          h={180}
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" fw={600}>
            Can’t scan it? Type this key
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code
              fz="sm"
              p="xs"
              style={{ wordBreak: 'break-all', letterSpacing: '0.05em' }}
              data-testid="totp-secret"
            >
              {groupSecret(setup.secret)}
            </Code>
            <CopyButton value={setup.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy key'}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label="Copy key"
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            Time-based, 6 digits, every 30 seconds.
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}

export type TotpEnrolmentProps = {
  setup: TTotpSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

/** Scan the QR (or type the key), then confirm with a first 6-digit code. */
export function TotpEnrolment({ setup, onEnabled, onCancel }: TotpEnrolmentProps) {
  const form = useAuthForm({ code: '' }, ['code']);
  const enable = useMutation({ mutationFn: enableTotp });
  // A new input after each failed try: the pin input only reports "complete" once per mount.
  const [attempt, setAttempt] = useState(0);

  const send = (code: string) => {
    if (enable.isPending) return;
    if (!/^\d{6}$/.test(code)) {
      form.setErrors({ code: INCOMPLETE_CODE });
      return;
    }
    form.setErrors({});
    form.setCritical(null);
    enable.mutate(code, {
      onSuccess: onEnabled,
      onError: (error) => {
        form.setValue('code', '');
        setAttempt((count) => count + 1);
        form.showError(error);
      },
    });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="totp-enrolment">
      <CodeEntryForm
        label="Set up an authenticator app"
        gap="lg"
        header={<TotpInstructions setup={setup} />}
        problem={form.critical}
        id="totp-code"
        codeLabel="Code from the app"
        codeMaxWidth={360}
        attempt={attempt}
        value={form.values.code}
        onChange={(value) => form.setValue('code', value)}
        onSubmit={send}
        error={form.errors.code}
        submitLabel="Verify and turn on"
        isPending={enable.isPending}
        actions={
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={enable.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={enable.isPending}>
              Verify and turn on
            </Button>
          </Group>
        }
      />
    </Paper>
  );
}
