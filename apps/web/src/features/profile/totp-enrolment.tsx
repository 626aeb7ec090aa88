import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
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
import { IconAlertCircle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { CODE_LENGTH, CodeInput } from '../auth/code-input';
import { useAuthForm } from '../auth/use-auth-form';
import { enableTotp, type TTotpSetup } from './profile-api';

/** The secret in groups of four, the way authenticator apps show a key to type. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
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
      form.setErrors({ code: `Enter all ${CODE_LENGTH} digits of the code` });
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(form.values.code);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="totp-enrolment">
      <form onSubmit={submit} noValidate aria-label="Set up an authenticator app">
        <Stack gap="lg">
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
          {form.critical && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {form.critical}
            </Alert>
          )}
          <Box maw={360}>
            <CodeInput
              key={attempt}
              id="totp-code"
              label="Code from the app"
              value={form.values.code}
              onChange={(value) => form.setValue('code', value)}
              onComplete={send}
              error={form.errors.code}
              disabled={enable.isPending}
            />
          </Box>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={enable.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={enable.isPending}>
              Verify and turn on
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
