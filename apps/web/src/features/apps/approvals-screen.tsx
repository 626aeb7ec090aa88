import { useState } from 'react';
import { Button, SimpleGrid, Skeleton, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecks } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApp } from '@esigns/contracts/apps';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ConfirmDialog, PageFrame, Panel, QueryFailure, StateMessage } from '../../shared/ui/page-kit';
import { AppCard } from './app-card';
import { APP_KEYS, decideApp, fetchApps } from './apps-api';
import { AppsNav } from './apps-nav';

/** /apps/approvals: the instance operator approves or rejects published apps (others: no access). */
export function ApprovalsScreen() {
  usePageTitle('App approvals');
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<TApp | null>(null);
  const [note, setNote] = useState('');
  const pending = useQuery({
    queryKey: APP_KEYS.list({ scope: 'pending' }),
    queryFn: ({ signal }) => fetchApps({ scope: 'pending' }, signal),
    retry: false,
  });
  const decide = useMutation({
    mutationFn: ({ app, action }: { app: TApp; action: 'APPROVE' | 'REJECT' }) =>
      decideApp(app._id, action, note || undefined),
    onSuccess: (app) => {
      notifications.show({
        color: 'teal',
        message: `${app.name} ${app.status === 'APPROVED' ? 'approved' : 'rejected'}`,
      });
      setRejecting(null);
      void queryClient.invalidateQueries({ queryKey: APP_KEYS.all });
    },
  });
  return (
    <PageFrame
      title="App approvals"
      description="Published apps waiting for the instance operator."
      actions={<AppsNav current="" />}
    >
      {pending.isPending ? (
        <Skeleton h={200} />
      ) : pending.isError ? (
        <QueryFailure
          query={pending}
          title="Could not load the apps to review"
          noAccess="Only the instance operator reviews apps."
        />
      ) : pending.data.data.length === 0 ? (
        <Panel>
          <StateMessage icon={<IconChecks size={28} />} title="Nothing to review" />
        </Panel>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {pending.data.data.map((app) => (
            <AppCard
              key={app._id}
              app={app}
              showStatus
              actions={
                <>
                  <Button
                    size="xs"
                    onClick={() => (setNote(''), decide.mutate({ app, action: 'APPROVE' }))}
                    loading={decide.isPending && decide.variables?.app._id === app._id}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => (setNote(''), setRejecting(app))}
                  >
                    Reject
                  </Button>
                </>
              }
            />
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={rejecting !== null}
        title={`Reject ${rejecting?.name ?? ''}`}
        confirmLabel="Reject"
        onConfirm={() => rejecting && decide.mutate({ app: rejecting, action: 'REJECT' })}
        onClose={() => setRejecting(null)}
        isPending={decide.isPending}
        error={decide.error}
      >
        <Textarea
          label="Why (the publisher reads it)"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
      </ConfirmDialog>
    </PageFrame>
  );
}
