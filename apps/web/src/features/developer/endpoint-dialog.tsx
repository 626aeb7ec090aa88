import { useState } from 'react';
import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  INTEGRATION_EVENT_LABELS,
  INTEGRATION_EVENT_TYPES,
  type IntegrationEventType,
} from '@esigns/contracts/integration-events';
import type { TWebhookEndpoint, TWebhookEndpointCreate } from '@esigns/contracts/webhooks';
import { isApiError } from '../../shared/api/api-error';
import { useSession } from '../../shared/session/session-store';
import { FormDialog } from '../../shared/ui/form-dialog';
import { clientAppsKey, fetchClientApps } from '../oauth/oauth-api';

/**
 * Create or edit a webhook endpoint: URL, description, the events it receives (by label), and
 * the client app it belongs to (fixed on an app's own portal). The server's refusals (a private
 * address, a host that does not resolve) show under their field.
 */
export function EndpointDialog({
  endpoint,
  fixedAppId,
  onClose,
  onSave,
  isPending,
  error,
}: {
  endpoint: TWebhookEndpoint | null;
  fixedAppId?: string;
  onClose: () => void;
  onSave: (body: TWebhookEndpointCreate) => void;
  isPending: boolean;
  error: unknown;
}) {
  const session = useSession();
  const apps = useQuery({ queryKey: clientAppsKey(session), queryFn: fetchClientApps, retry: false });
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [types, setTypes] = useState<IntegrationEventType[]>(endpoint?.event_types ?? []);
  const [appId, setAppId] = useState<string | null>(fixedAppId ?? endpoint?.app_id ?? null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const server = isApiError(error) ? error.fieldErrors : {};
  const fieldError = (key: string) =>
    problems[key] ?? server[key] ?? Object.entries(server).find(([k]) => k.startsWith(`${key}.`))?.[1];

  const submit = () => {
    const found: Record<string, string> = {};
    if (!url.trim()) found.url = 'A URL is required';
    if (types.length === 0) found.event_types = 'Pick at least one event';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onSave({ url: url.trim(), description: description.trim(), event_types: types, app_id: appId });
  };
  const appOptions = (apps.data ?? []).map((app) => ({ value: app.appId, label: app.name }));
  return (
    <FormDialog
      title={endpoint ? 'Edit webhook endpoint' : 'New webhook endpoint'}
      confirmLabel={endpoint ? 'Save' : 'Create endpoint'}
      onClose={onClose}
      isPending={isPending}
      error={Object.keys(server).length > 0 ? undefined : error}
      form={{ id: 'webhook-endpoint', label: 'Webhook endpoint', onSubmit: submit }}
    >
      <TextInput
        label="Endpoint URL"
        description="Where events are POSTed (https recommended). Private network addresses are refused."
        placeholder="https://example.com/webhooks/esigns"
        required
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={fieldError('url')}
      />
      <TextInput
        label="Description"
        placeholder="What receives these events"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={fieldError('description')}
      />
      {!fixedAppId && (
        <Select
          label="Client app"
          description="Optional: the OAuth client app these events are for."
          placeholder={apps.isError ? 'Client apps are not available' : 'None'}
          data={appOptions}
          value={appId}
          onChange={setAppId}
          clearable
          error={fieldError('app_id')}
        />
      )}
      <Checkbox.Group
        label="Events"
        required
        value={types}
        onChange={(v) => setTypes(v as IntegrationEventType[])}
        error={fieldError('event_types')}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
          {INTEGRATION_EVENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={INTEGRATION_EVENT_LABELS[type]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </FormDialog>
  );
}
