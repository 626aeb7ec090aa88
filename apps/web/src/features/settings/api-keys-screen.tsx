import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  EmptyState,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconLock, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date';
import { useSession } from '../../shared/session/session-store';
import { AuthorizedAppsSection } from '../oauth/authorized-apps-section';
import { ClientAppsSection } from '../oauth/client-apps-section';
import { FormAlert, LoadError, errorMessageOf } from '../profile/screen-states';
import { fetchApiKey, issueApiKey, settingsKey, type TApiKeySecret } from './settings-api';
import { SettingsArea } from './settings-area';
import { LoadingBlocks } from './settings-form-kit';

export const ADMINS_ONLY_MESSAGE = 'Only admins can manage API keys';

function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      data-testid={testId}
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`Copy ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/** The new secret, shown this once. */
function NewSecret({ secret, onHide }: { secret: TApiKeySecret; onHide: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="new-secret">
      <Stack gap="sm">
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Copy the secret now"
        >
          This is the only time the client secret is shown. Store it in your password manager or your app’s
          settings; if you lose it, regenerate the keys.
        </Alert>
        <CopyField label="Client secret" value={secret.client_secret} testId="client-secret" />
        <Group justify="flex-end">
          <Button variant="light" onClick={onHide}>
            I copied it
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /profilesettings/myapps-credentials: the workspace's API client id; generate (or regenerate,
 * after a confirmation) keys, the secret shown once. A 403 says only admins can do this.
 */
export function ApiKeysScreen() {
  const session = useSession();
  const queryClient = useQueryClient();
  const key = settingsKey('api-key', session);
  const info = useQuery({ queryKey: key, queryFn: fetchApiKey, retry: false });
  const [secret, setSecret] = useState<TApiKeySecret | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const issue = useMutation({
    mutationFn: issueApiKey,
    onSuccess: (made) => {
      const { client_secret: _secret, ...rest } = made;
      queryClient.setQueryData(key, rest);
      setSecret(made);
      setIsConfirming(false);
      notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: 'New API keys made' });
    },
    onError: (error) => {
      setIsConfirming(false);
      // 409: keys were made meanwhile (another tab, another admin): show them.
      if (isApiError(error) && error.status === 409) void info.refetch();
    },
  });

  let content;
  if (info.isPending) {
    content = <LoadingBlocks label="Loading your API keys" heights={[56, 56]} />;
  } else if (info.isError && isForbidden(info.error)) {
    content = (
      <EmptyState
        icon={<IconLock size={28} />}
        title={ADMINS_ONLY_MESSAGE}
        description="Ask an owner or admin of this workspace for access."
        data-testid="api-keys-forbidden"
      />
    );
  } else if (info.isError) {
    content = <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  } else if (!info.data) {
    content = (
      <EmptyState
        icon={<IconKey size={28} />}
        title="No API keys yet"
        description="Make a client id and secret to call the API from your own apps."
      >
        <EmptyState.Actions>
          <Button
            loading={issue.isPending}
            onClick={() => issue.mutate('generate')}
            leftSection={<IconKey size={16} />}
          >
            Generate keys
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    content = (
      <Stack gap="md">
        <CopyField label="Client id" value={info.data.client_id} testId="client-id" />
        {!secret && (
          <TextInput
            label="Client secret"
            value={`•••• •••• •••• ${info.data.secret_last4}`}
            readOnly
            description="Shown only when it is made. Regenerate the keys if you lost it."
            data-testid="secret-masked"
          />
        )}
        <Text size="xs" c="dimmed">
          Made {formatDateTime(info.data.created_at)}
        </Text>
        <Group>
          <Button
            variant="light"
            color="red"
            leftSection={<IconRefresh size={16} />}
            onClick={() => {
              issue.reset();
              setIsConfirming(true);
            }}
          >
            Regenerate keys
          </Button>
        </Group>
      </Stack>
    );
  }

  const issueError = issue.error
    ? isForbidden(issue.error)
      ? ADMINS_ONLY_MESSAGE
      : errorMessageOf(issue.error)
    : null;

  return (
    <SettingsArea
      title="My apps credentials"
      description="API keys let your own apps call the API on behalf of this workspace."
    >
      <Stack gap="md">
        <FormAlert message={issueError} />
        {secret && <NewSecret secret={secret} onHide={() => setSecret(null)} />}
        {content}
      </Stack>
      <ClientAppsSection />
      <AuthorizedAppsSection />
      <Modal
        opened={isConfirming}
        onClose={() => !issue.isPending && setIsConfirming(false)}
        title="Regenerate API keys?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            The current secret stops working at once: every app that uses it must be given the new one.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={issue.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={issue.isPending} onClick={() => issue.mutate('regenerate')}>
              Regenerate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsArea>
  );
}
