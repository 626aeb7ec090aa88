import { Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TOAuthAuthorizedApp } from '@esigns/contracts/oauth';
import { formatDateTime } from '../../shared/format/date';
import { useSession } from '../../shared/session/session-store';
import {
  DeleteDialog,
  ListView,
  RowMenu,
  useDeleteConfirm,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { ScopeBadges } from './scope-badges';
import { authorizedAppsKey, fetchAuthorizedApps, revokeAuthorizedApp } from './oauth-api';

/**
 * The apps the signed-in user has allowed to act for them (their consents on /signin/oauth), on
 * /profilesettings/myapps-credentials: what each may do, since when, and "Revoke access", which
 * ends the app's tokens at once. Every user sees their own, whatever their permissions.
 */
export function AuthorizedAppsSection() {
  const session = useSession();
  const key = authorizedAppsKey(session);
  const query = useQuery({ queryKey: key, queryFn: fetchAuthorizedApps });
  const revoke = useDeleteConfirm<TOAuthAuthorizedApp>({
    remove: (app) => revokeAuthorizedApp(app.appId),
    invalidate: key,
    notice: (app) => ({ message: `${app.name} can no longer act for you` }),
  });
  const actions = (app: TOAuthAuthorizedApp) => (
    <RowMenu
      label={`More actions for ${app.name}`}
      items={[
        {
          label: 'Revoke access',
          icon: <IconPlugConnectedX size={14} />,
          color: 'red',
          onClick: () => revoke.ask(app),
        },
      ]}
    />
  );
  const scopes = (app: TOAuthAuthorizedApp) => <ScopeBadges scopes={app.scopes} />;
  const columns: ListColumn<TOAuthAuthorizedApp>[] = [
    { key: 'name', header: 'App', cell: (app) => <Text fw={500}>{app.name}</Text> },
    { key: 'scopes', header: 'May', cell: scopes },
    { key: 'since', header: 'Allowed', cell: (app) => formatDateTime(app.authorizedAt) },
    { key: 'actions', header: '', label: 'Actions', width: 60, align: 'right', cell: actions },
  ];
  return (
    <Stack gap="sm" mt="xl" data-testid="authorized-apps">
      <div>
        <Title order={4}>Apps you have authorized</Title>
        <Text size="sm" c="dimmed">
          Apps you allowed to use your account. Revoke access to stop one at once.
        </Text>
      </div>
      <ListView
        list={{ query, rows: query.data ?? [] }}
        errorTitle="Could not load your authorized apps"
        empty={{
          icon: IconPlugConnected,
          title: 'No authorized apps',
          text: 'When you allow an app to use your account, it shows here.',
        }}
        columns={columns}
        rowKey={(app) => app.appId}
        rowTestId="authorized-app-row"
        minWidth={560}
        card={(app) => ({
          title: <Text fw={500}>{app.name}</Text>,
          actions: actions(app),
          meta: scopes(app),
        })}
      />
      <DeleteDialog confirm={revoke} title="Revoke access?" confirmLabel="Revoke access">
        {(app) => `${app.name} can no longer use your account: its sign-ins and tokens end now.`}
      </DeleteDialog>
    </Stack>
  );
}
