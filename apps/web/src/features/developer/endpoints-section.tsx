import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconEdit,
  IconEye,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRefresh,
  IconSend,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  TWebhookEndpoint,
  TWebhookEndpointCreate,
  TWebhookEndpointWithSecret,
} from '@esigns/contracts/webhooks';
import {
  DeleteDialog,
  ListView,
  RowMenu,
  useDeleteConfirm,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { EndpointDialog } from './endpoint-dialog';
import { EndpointStatusBadge, EventBadges } from './endpoint-parts';
import { useEndpointActions, type Shown } from './endpoint-actions';
import { SecretDialog } from './secret-dialog';
import { WEBHOOK_KEYS, createEndpoint, deleteEndpoint, fetchEndpoints, updateEndpoint } from './webhooks-api';

/**
 * The company's webhook endpoints (or one client app's, `appId`): create and edit (URL, events,
 * app), reveal and rotate the signing secret, send a test event, enable or disable, delete.
 */
export function EndpointsSection({ appId, canManage }: { appId?: string; canManage: boolean }) {
  const key = WEBHOOK_KEYS.endpoints(appId);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchEndpoints(appId, signal) });
  const [editing, setEditing] = useState<TWebhookEndpoint | 'new' | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const actions = useEndpointActions(setShown);
  const save = useMutation({
    mutationFn: (body: TWebhookEndpointCreate) =>
      editing && editing !== 'new' ? updateEndpoint(editing._id, body) : createEndpoint(body),
    onSuccess: (saved) => {
      setEditing(null);
      actions.refresh();
      const secret = (saved as Partial<TWebhookEndpointWithSecret>).secret;
      if (secret) setShown({ url: saved.url, secret, isNew: true });
      else notifications.show({ color: 'teal', message: 'Endpoint saved' });
    },
  });
  const remove = useDeleteConfirm<TWebhookEndpoint>({
    remove: (e) => deleteEndpoint(e._id),
    invalidate: WEBHOOK_KEYS.all,
    notice: () => ({ message: 'Endpoint deleted' }),
  });
  const open = (target: TWebhookEndpoint | 'new') => {
    save.reset();
    setEditing(target);
  };

  const menu = (e: TWebhookEndpoint) =>
    canManage && (
      <RowMenu
        label={`More actions for ${e.url}`}
        items={[
          { label: 'Edit', icon: <IconEdit size={14} />, onClick: () => open(e) },
          {
            label: 'Send test event',
            icon: <IconSend size={14} />,
            onClick: () => actions.test.mutate(e),
            disabled: !e.enabled,
          },
          { label: 'Reveal secret', icon: <IconEye size={14} />, onClick: () => actions.reveal.mutate(e) },
          {
            label: 'Rotate secret',
            icon: <IconRefresh size={14} />,
            onClick: () => actions.rotate.mutate(e),
          },
          e.enabled
            ? {
                label: 'Disable',
                icon: <IconPlayerPause size={14} />,
                onClick: () => actions.toggle.mutate(e),
              }
            : {
                label: 'Enable',
                icon: <IconPlayerPlay size={14} />,
                onClick: () => actions.toggle.mutate(e),
              },
          { label: 'Delete', icon: <IconTrash size={14} />, color: 'red', onClick: () => remove.ask(e) },
        ]}
      />
    );
  const urlCell = (e: TWebhookEndpoint) => (
    <Stack gap={0}>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
        {e.url}
      </Text>
      {e.description && (
        <Text size="xs" c="dimmed">
          {e.description}
        </Text>
      )}
    </Stack>
  );
  const columns: ListColumn<TWebhookEndpoint>[] = [
    { key: 'url', header: 'Endpoint', cell: urlCell },
    { key: 'events', header: 'Events', cell: (e) => <EventBadges types={e.event_types} /> },
    ...(appId ? [] : [{ key: 'app', header: 'Client app', cell: (e: TWebhookEndpoint) => e.app_id ?? '—' }]),
    { key: 'status', header: 'Status', cell: (e) => <EndpointStatusBadge endpoint={e} /> },
    { key: 'actions', header: '', label: 'Actions', width: 60, align: 'right', cell: menu },
  ];
  return (
    <Stack gap="sm" data-testid="webhook-endpoints">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={4}>Webhook endpoints</Title>
          <Text size="sm" c="dimmed">
            URLs that receive signed events when documents, records, forms and workflows change.
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => open('new')}>
            Add endpoint
          </Button>
        )}
      </Group>
      <ListView
        list={{ query, rows: query.data ?? [] }}
        errorTitle="Could not load the endpoints"
        empty={{
          icon: IconWebhook,
          title: 'No endpoints yet',
          text: 'Add one to receive events at your URL.',
        }}
        columns={columns}
        rowTestId="webhook-endpoint-row"
        minWidth={720}
        card={(e) => ({
          title: urlCell(e),
          actions: menu(e),
          meta: <EndpointStatusBadge endpoint={e} />,
          footer: <EventBadges types={e.event_types} />,
        })}
      />
      {editing && (
        <EndpointDialog
          endpoint={editing === 'new' ? null : editing}
          {...(appId ? { fixedAppId: appId } : {})}
          onClose={() => setEditing(null)}
          onSave={(body) => save.mutate(body)}
          isPending={save.isPending}
          error={save.error}
        />
      )}
      {shown && <SecretDialog {...shown} onClose={() => setShown(null)} />}
      <DeleteDialog confirm={remove} title="Delete endpoint?">
        {(e) => `${e.url} stops receiving events, and its delivery log is deleted.`}
      </DeleteDialog>
    </Stack>
  );
}
