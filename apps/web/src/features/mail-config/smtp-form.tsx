import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SMTP_SECURITY, type TSmtpConfig, type TSmtpConfigWrite } from '@esigns/contracts/email';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert, Panel, errorText } from '../../shared/ui/page-kit';
import { SMTP_KEYS, saveSmtpConfig } from './mail-config-api';

const SECURITY_LABELS: Record<(typeof SMTP_SECURITY)[number], string> = {
  NONE: 'None',
  STARTTLS: 'STARTTLS (usually port 587)',
  TLS: 'TLS (usually port 465)',
};

const FIELDS = ['host', 'port', 'security', 'username', 'password', 'from_name', 'from_email', 'test_to'];

type Draft = Required<Omit<TSmtpConfigWrite, 'password'>> & { password: string };

function draftOf(config: TSmtpConfig, userEmail: string): Draft {
  return {
    enabled: config.configured ? config.enabled : true,
    host: config.host ?? '',
    port: config.port ?? 587,
    security: config.security ?? 'STARTTLS',
    username: config.username ?? '',
    password: '',
    from_name: config.from_name ?? '',
    from_email: config.from_email ?? '',
    test_to: userEmail,
  };
}

/** The body sent: the password only when typed (empty keeps the stored one). */
function bodyOf(draft: Draft): TSmtpConfigWrite {
  const { password, test_to, ...rest } = draft;
  return {
    ...rest,
    ...(password ? { password } : {}),
    ...(test_to.trim() ? { test_to: test_to.trim() } : {}),
  };
}

/**
 * The company SMTP form. "Save and test" has the server try the settings (a test mail) before it
 * saves them; a refusal shows 'Please Verify your Details Once' and the server's reason on its field.
 */
export function SmtpForm({ config, userEmail }: { config: TSmtpConfig; userEmail: string }) {
  const [draft, setDraft] = useState(() => draftOf(config, userEmail));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => saveSmtpConfig(bodyOf(draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData(SMTP_KEYS.config, saved);
      setDraft((d) => ({ ...d, password: '' }));
      notifications.show({
        color: 'teal',
        message: saved.enabled ? 'Mail settings tested and saved' : 'Mail settings saved',
      });
    },
  });
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: 'host' | 'username' | 'from_name' | 'from_email' | 'test_to') => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key)(e.currentTarget.value),
    error: fieldErr(key),
  });
  function fieldErr(key: string) {
    return isApiError(save.error) && save.error.isValidation ? save.error.fieldErrors[key] : undefined;
  }
  const onField = isApiError(save.error) && save.error.isValidation && FIELDS.some((k) => fieldErr(k));
  return (
    <Panel>
      <Stack p="md" gap="sm" maw={720}>
        {save.error ? (
          onField ? (
            <Alert color="red" title={errorText(save.error)}>
              Nothing was saved. The server's answer is under the field it concerns.
            </Alert>
          ) : (
            <ErrorAlert>{errorText(save.error)}</ErrorAlert>
          )
        ) : null}
        <Switch
          label="Send the company's mails through this server"
          description="Off: mails go through this instance's mail server; these settings are kept."
          checked={draft.enabled}
          onChange={(e) => set('enabled')(e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="SMTP host" required placeholder="smtp.example.com" {...text('host')} />
          <NumberInput
            label="Port"
            required
            min={1}
            max={65535}
            value={draft.port}
            onChange={(v) => set('port')(Number(v) || 0)}
            error={fieldErr('port')}
          />
          <Select
            label="Security"
            data={SMTP_SECURITY.map((value) => ({ value, label: SECURITY_LABELS[value] }))}
            value={draft.security}
            onChange={(v) => v && set('security')(v as Draft['security'])}
            allowDeselect={false}
            error={fieldErr('security')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="User name" autoComplete="off" {...text('username')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            placeholder={config.has_password ? 'Saved (leave empty to keep it)' : undefined}
            description={config.has_password ? 'A password is saved.' : undefined}
            value={draft.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            error={fieldErr('password')}
          />
          <TextInput label="Sender name" required {...text('from_name')} />
          <TextInput label="Sender address" required type="email" {...text('from_email')} />
        </SimpleGrid>
        <TextInput label="Send the test mail to" type="email" {...text('test_to')} />
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed" data-testid="verified-at">
            {config.verified_at
              ? `Last verified ${new Date(config.verified_at).toLocaleString()}`
              : 'Not verified yet'}
          </Text>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            {draft.enabled ? 'Save and test' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}
