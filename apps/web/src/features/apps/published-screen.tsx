import { useState } from 'react';
import { Button, SimpleGrid, Skeleton, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconApps } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TApp } from '@esigns/contracts/apps';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ConfirmDialog, PageFrame, Panel, QueryFailure, StateMessage } from '../../shared/ui/page-kit';
import { AppCard } from './app-card';
import { APP_KEYS, decideApp, deleteApp, fetchApps, updatePublishedApp, type AppAction } from './apps-api';
import { AppsNav } from './apps-nav';

const bump = (version: string) => {
  const [a = 1, b = 0] = version.split('.').map(Number);
  return `${a}.${b + 1}.0`;
};

/** /apps/published: the company's own apps: publish for review, withdraw, a new version, delete. */
export function PublishedScreen() {
  usePageTitle('My apps');
  const queryClient = useQueryClient();
  const [versioning, setVersioning] = useState<TApp | null>(null);
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [deleting, setDeleting] = useState<TApp | null>(null);
  const apps = useQuery({
    queryKey: APP_KEYS.list({ scope: 'mine' }),
    queryFn: ({ signal }) => fetchApps({ scope: 'mine' }, signal),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: APP_KEYS.all });
  const onError = (e: Error) => notifications.show({ color: 'red', message: e.message });
  const decide = useMutation({
    mutationFn: ({ app, action }: { app: TApp; action: AppAction }) => decideApp(app._id, action),
    onSuccess: (app) => {
      notifications.show({ color: 'teal', message: `${app.name} is ${app.status.toLowerCase()}` });
      refresh();
    },
    onError,
  });
  const newVersion = useMutation({
    mutationFn: () => updatePublishedApp({ _id: versioning!._id, version, release_notes: notes }),
    onSuccess: (app) => {
      notifications.show({ color: 'teal', message: `${app.name} ${app.version} saved` });
      setVersioning(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (app: TApp) => deleteApp(app._id),
    onSuccess: () => {
      setDeleting(null);
      refresh();
    },
  });
  const actions = (app: TApp) => (
    <>
      {(app.status === 'DRAFT' || app.status === 'REJECTED') && (
        <Button size="xs" onClick={() => decide.mutate({ app, action: 'PUBLISH' })}>
          Publish for review
        </Button>
      )}
      {(app.status === 'PENDING' || app.status === 'APPROVED') && (
        <Button size="xs" variant="default" onClick={() => decide.mutate({ app, action: 'WITHDRAW' })}>
          Withdraw
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        onClick={() => (setVersioning(app), setVersion(bump(app.version)), setNotes(''))}
      >
        New version
      </Button>
      <Button size="xs" variant="subtle" component={Link} to={`/apps/install/info?app_id=${app._id}`}>
        Try it
      </Button>
      <Button size="xs" color="red" variant="subtle" onClick={() => setDeleting(app)}>
        Delete
      </Button>
    </>
  );
  return (
    <PageFrame
      title="My apps"
      description="Apps your workspace packaged. Published apps are listed once the instance operator approves them."
      actions={<AppsNav current="/apps/published" />}
    >
      {apps.isPending ? (
        <Skeleton h={200} />
      ) : apps.isError ? (
        <QueryFailure query={apps} title="Could not load your apps" noAccess="Your role may not see apps." />
      ) : apps.data.data.length === 0 ? (
        <Panel>
          <StateMessage icon={<IconApps size={28} />} title="No app yet">
            <Button component={Link} to="/apps/new/steps" variant="light">
              Package an entity group
            </Button>
          </StateMessage>
        </Panel>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {apps.data.data.map((app) => (
            <AppCard key={app._id} app={app} showStatus actions={actions(app)} />
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={versioning !== null}
        title={`New version of ${versioning?.name ?? ''}`}
        confirmLabel="Save the version"
        isDestructive={false}
        onConfirm={() => newVersion.mutate()}
        onClose={() => setVersioning(null)}
        isPending={newVersion.isPending}
        error={newVersion.error}
      >
        <Stack gap="sm">
          <TextInput label="Version" value={version} onChange={(e) => setVersion(e.currentTarget.value)} />
          <Textarea
            label="What changed"
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            autosize
            minRows={2}
          />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}`}
        confirmLabel="Delete for good"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
        isPending={remove.isPending}
        error={remove.error}
      >
        It leaves the marketplace. Workspaces that installed it keep what they installed.
      </ConfirmDialog>
    </PageFrame>
  );
}
