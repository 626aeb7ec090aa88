import { useState } from 'react';
import { Alert, Button, Group, List, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSharePointConnection } from '@esigns/contracts/sharepoint';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert, Panel, errorText } from '../../shared/ui/page-kit';
import { SHAREPOINT_KEYS, saveCredentials } from './sharepoint-api';

const FIELDS = ['tenant_id', 'client_id', 'client_secret'];

/** What the company must have before it can connect (said when nothing is connected yet). */
export function WhatIsNeeded() {
  return (
    <Alert color="blue" title="What you need" data-testid="sharepoint-needed">
      <Text size="sm">
        An app registered in your organisation's Microsoft Entra ID (Azure portal, App registrations):
      </Text>
      <List size="sm" mt={4}>
        <List.Item>
          the Microsoft Graph <b>application</b> permission <b>Sites.Selected</b> (then grant the app write
          access to the site) or <b>Sites.ReadWrite.All</b>, with admin consent given;
        </List.Item>
        <List.Item>a client secret (Certificates &amp; secrets);</List.Item>
        <List.Item>its directory (tenant) id and application (client) id, from the app's overview.</List.Item>
      </List>
    </Alert>
  );
}

/** The Entra ID app's credentials: tried with Microsoft (a token) before they are saved. */
export function ConnectForm({ connection }: { connection: TSharePointConnection | null }) {
  const [draft, setDraft] = useState({
    tenant_id: connection?.tenant_id ?? '',
    client_id: connection?.client_id ?? '',
    client_secret: '',
  });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      saveCredentials({
        tenant_id: draft.tenant_id.trim(),
        client_id: draft.client_id.trim(),
        ...(draft.client_secret ? { client_secret: draft.client_secret } : {}),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SHAREPOINT_KEYS.connection, saved);
      setDraft((d) => ({ ...d, client_secret: '' }));
      notifications.show({ color: 'teal', message: 'Microsoft accepted the app' });
    },
  });
  const fieldErr = (key: string) =>
    isApiError(save.error) && save.error.isValidation ? save.error.fieldErrors[key] : undefined;
  const onField = FIELDS.some((k) => fieldErr(k));
  const text = (key: 'tenant_id' | 'client_id') => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
    error: fieldErr(key),
  });
  return (
    <Panel>
      <Stack p="md" gap="sm">
        <Text fw={600}>Microsoft Entra ID app</Text>
        {save.error && !onField ? <ErrorAlert>{errorText(save.error)}</ErrorAlert> : null}
        {save.error && onField ? (
          <Alert color="red" title="Microsoft refused the app">
            Nothing was saved. Microsoft's answer is under the field it concerns.
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Directory (tenant) id"
            required
            placeholder="contoso.onmicrosoft.com or a GUID"
            {...text('tenant_id')}
          />
          <TextInput
            label="Application (client) id"
            required
            placeholder="00000000-0000-0000-0000-000000000000"
            {...text('client_id')}
          />
          <PasswordInput
            label="Client secret"
            required={!connection?.has_secret}
            autoComplete="new-password"
            placeholder={connection?.has_secret ? 'Saved (leave empty to keep it)' : undefined}
            value={draft.client_secret}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, client_secret: value }));
            }}
            error={fieldErr('client_secret')}
          />
        </SimpleGrid>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="sharepoint-verified">
            {connection?.verified_at
              ? `Last accepted by Microsoft ${new Date(connection.verified_at).toLocaleString()}`
              : 'Not connected yet'}
          </Text>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            {connection ? 'Save and check' : 'Connect'}
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}
