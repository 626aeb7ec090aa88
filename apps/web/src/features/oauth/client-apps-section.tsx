import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconApps, IconEye, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOAuthClientApp, TOAuthClientAppWithSecret } from '@esigns/contracts/oauth';
import { formatDateTime } from '../../shared/format/date';
import { useSession } from '../../shared/session/session-store';
import { isForbidden } from '../../shared/ui/page-kit';
import {
  DeleteDialog,
  ListView,
  RowMenu,
  useDeleteConfirm,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { ScopeBadges } from './scope-badges';
import { ClientAppDialog, CreateClientAppDialog, SecretDialog } from './client-app-dialogs';
import {
  clientAppsKey,
  createClientApp,
  deleteClientApp,
  fetchClientApps,
  rotateClientSecret,
} from './oauth-api';

/**
 * The workspace's OAuth client apps on /profilesettings/myapps-credentials: create (secret shown
 * once), view, rotate the secret, delete after asking. Hidden from members without the OAuth
 * permissions (the list answers 403).
 */
export function ClientAppsSection() {
  const session = useSession();
  const key = clientAppsKey(session);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: fetchClientApps, retry: false });
  const [isCreating, setIsCreating] = useState(false);
  const [viewed, setViewed] = useState<TOAuthClientApp | null>(null);
  const [made, setMade] = useState<TOAuthClientAppWithSecret | null>(null);
  const onMade = (answer: TOAuthClientAppWithSecret) => {
    setMade(answer);
    setIsCreating(false);
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const create = useMutation({ mutationFn: createClientApp, onSuccess: onMade });
  const rotate = useMutation({
    mutationFn: rotateClientSecret,
    onSuccess: onMade,
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const remove = useDeleteConfirm<TOAuthClientApp>({
    remove: (app) => deleteClientApp(app.appId),
    invalidate: key,
    notice: (app) => ({ message: `${app.name} deleted` }),
  });
  if (query.isError && isForbidden(query.error)) return null;

  const actions = (app: TOAuthClientApp) => (
    <RowMenu
      label={`More actions for ${app.name}`}
      items={[
        { label: 'View', icon: <IconEye size={14} />, onClick: () => setViewed(app) },
        { label: 'Rotate secret', icon: <IconRefresh size={14} />, onClick: () => rotate.mutate(app.appId) },
        { label: 'Delete', icon: <IconTrash size={14} />, color: 'red', onClick: () => remove.ask(app) },
      ]}
    />
  );
  const scopes = (app: TOAuthClientApp) => <ScopeBadges scopes={app.scopes} />;
  const columns: ListColumn<TOAuthClientApp>[] = [
    { key: 'name', header: 'Name', cell: (app) => <Text fw={500}>{app.name}</Text> },
    {
      key: 'appId',
      header: 'Client id',
      cell: (app) => (
        <Text ff="monospace" size="sm">
          {app.appId}
        </Text>
      ),
    },
    { key: 'scopes', header: 'Scopes', cell: scopes },
    { key: 'created', header: 'Created', cell: (app) => formatDateTime(app.createdAt) },
    { key: 'actions', header: '', label: 'Actions', width: 60, align: 'right', cell: actions },
  ];
  return (
    <Stack gap="sm" mt="xl" data-testid="client-apps">
      <Group justify="space-between">
        <div>
          <Title order={4}>OAuth client apps</Title>
          <Text size="sm" c="dimmed">
            Apps that act for a user after they allow it, within the scopes you choose.
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            create.reset();
            setIsCreating(true);
          }}
        >
          New client app
        </Button>
      </Group>
      <ListView
        list={{ query, rows: query.data ?? [] }}
        errorTitle="Could not load the client apps"
        empty={{
          icon: IconApps,
          title: 'No client apps yet',
          text: 'Create one to let another app use the API for your users.',
        }}
        columns={columns}
        rowKey={(app) => app.appId}
        rowTestId="client-app-row"
        minWidth={640}
        card={(app) => ({
          title: <Text fw={500}>{app.name}</Text>,
          actions: actions(app),
          meta: scopes(app),
        })}
      />
      {isCreating && (
        <CreateClientAppDialog
          onClose={() => setIsCreating(false)}
          onCreate={(input) => create.mutate(input)}
          isPending={create.isPending}
          error={create.error}
        />
      )}
      {made && <SecretDialog made={made} onClose={() => setMade(null)} />}
      {viewed && <ClientAppDialog app={viewed} onClose={() => setViewed(null)} />}
      <DeleteDialog confirm={remove} title="Delete client app?">
        {(app) => `${app.name} stops working at once: its tokens are revoked. This cannot be undone.`}
      </DeleteDialog>
    </Stack>
  );
}
