import { useState } from 'react';
import { Alert, Checkbox, CopyButton, Button, Stack, Text, Textarea, TextInput, Code } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  OAUTH_SCOPES,
  OAUTH_SCOPE_LABELS,
  ZOAuthClientAppInput,
  type OAuthScope,
  type TOAuthClientApp,
  type TOAuthClientAppInput,
  type TOAuthClientAppWithSecret,
} from '@esigns/contracts/oauth';
import { AppDialog } from '../../shared/ui/app-dialog';
import { FormDialog } from '../../shared/ui/form-dialog';

/** Create a client app: name, redirect URIs (one a line, matched exactly), scopes. */
export function CreateClientAppDialog({
  onClose,
  onCreate,
  isPending,
  error,
}: {
  onClose: () => void;
  onCreate: (input: TOAuthClientAppInput) => void;
  isPending: boolean;
  error: unknown;
}) {
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [scopes, setScopes] = useState<OAuthScope[]>(['documents:read']);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = () => {
    const input = {
      name,
      redirectUris: uris
        .split('\n')
        .map((u) => u.trim())
        .filter(Boolean),
      scopes,
    };
    const checked = ZOAuthClientAppInput.safeParse(input);
    if (!checked.success) {
      setProblems(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setProblems({});
    onCreate(checked.data);
  };
  return (
    <FormDialog
      title="New client app"
      confirmLabel="Create app"
      onClose={onClose}
      isPending={isPending}
      error={error}
      form={{ id: 'create-client-app', label: 'New client app', onSubmit: submit }}
    >
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={problems.name}
      />
      <Textarea
        label="Redirect URIs"
        description="One a line; the app must send exactly one of them (https, or http on localhost)."
        required
        rows={3}
        value={uris}
        onChange={(e) => setUris(e.currentTarget.value)}
        error={problems.redirectUris}
      />
      <Checkbox.Group
        label="Scopes"
        value={scopes}
        onChange={(v) => setScopes(v as OAuthScope[])}
        error={problems.scopes}
      >
        <Stack gap={6} mt={6}>
          {OAUTH_SCOPES.map((scope) => (
            <Checkbox key={scope} value={scope} label={`${scope}: ${OAUTH_SCOPE_LABELS[scope]}`} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormDialog>
  );
}

/** The client id and secret of a new app or a rotated secret, shown this once. */
export function SecretDialog({ made, onClose }: { made: TOAuthClientAppWithSecret; onClose: () => void }) {
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={`Credentials of ${made.app.name}`}
      footer={<Button onClick={onClose}>I copied it</Button>}
    >
      <Stack gap="sm" data-testid="client-app-secret">
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Copy the secret now"
        >
          This is the only time the client secret is shown. If you lose it, rotate the secret.
        </Alert>
        <CopyRow label="Client id" value={made.app.appId} testId="client-app-id-value" />
        <CopyRow label="Client secret" value={made.clientSecret} testId="client-app-secret-value" />
      </Stack>
    </AppDialog>
  );
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-sm" variant="light" onClick={copy} w="fit-content">
            {copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** An app's details (its secret is never shown again). */
export function ClientAppDialog({ app, onClose }: { app: TOAuthClientApp; onClose: () => void }) {
  return (
    <AppDialog opened onClose={onClose} title={app.name} footer={<Button onClick={onClose}>Close</Button>}>
      <Stack gap="sm">
        <CopyRow label="Client id" value={app.appId} />
        <Text size="sm">Secret: •••• {app.secretLast4}</Text>
        <Text size="sm" fw={500}>
          Redirect URIs
        </Text>
        {app.redirectUris.map((uri) => (
          <Code key={uri} style={{ wordBreak: 'break-all' }}>
            {uri}
          </Code>
        ))}
        <Text size="sm" fw={500}>
          Scopes
        </Text>
        {app.scopes.map((scope) => (
          <Text key={scope} size="sm">
            {OAUTH_SCOPE_LABELS[scope]} ({scope})
          </Text>
        ))}
      </Stack>
    </AppDialog>
  );
}
