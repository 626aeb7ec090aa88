import { useState } from 'react';
import { Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWorkflowInstance, TWorkflowInstanceStatus } from '@esigns/contracts/workflows';
import { formatDate } from '../../../shared/format/date';
import { DOCUMENT_EVENTS, LiveRefresh } from '../../../shared/realtime/live-refresh';
import { SkeletonStack } from '../../../shared/ui/list-screen';
import { LoadError } from '../../../shared/ui/page-kit';
import { InstanceProgress, InstanceStatusBadge } from '../instance-rows';
import { WORKFLOW_KEYS, fetchInstance } from '../workflows-api';
import { InstanceActions, type InstanceDialog, type InstanceRights } from './instance-actions';
import { InstancePeople } from './instance-people';
import { InstanceSteps } from './instance-steps';
import { InstanceTimeline } from './instance-timeline';
import { DeleteDraftDialog } from './delete-draft-dialog';
import { ResendDialog } from './resend-dialog';
import { VoidInstanceDialog } from './void-instance-dialog';

/** The realtime events that may move a packet: its own, and its documents'. */
export const INSTANCE_EVENTS = ['workflow.updated', ...DOCUMENT_EVENTS] as const;

const ENDED_WORDS: Partial<Record<TWorkflowInstanceStatus, string>> = {
  COMPLETED: 'completed',
  DECLINED: 'declined',
  VOIDED: 'voided',
  EXPIRED: 'expired',
};

/** While it runs, when it expires; once it ended, when (a finished packet no longer expires). */
export function packetWhen(data: Pick<TWorkflowInstance, 'status' | 'expires_at' | 'finished_at'>): string {
  const ended = ENDED_WORDS[data.status];
  if (ended) return data.finished_at ? ` · ${ended} ${formatDate(data.finished_at)}` : '';
  return data.expires_at ? ` · expires ${formatDate(data.expires_at)}` : '';
}

/**
 * One packet (`GET /workflow-data/{id}`) in a drawer over its workflow: status and progress, its
 * actions (Resend, Download all (ZIP), Void, Delete draft), its steps by stage with who is due (each
 * opening its step's preview), the people and their steps, the timeline. Follows the realtime
 * events of workflows and documents while open.
 */
export function InstanceDrawer({
  instanceId,
  onClose,
  ...rights
}: InstanceRights & {
  instanceId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<InstanceDialog | null>(null);
  const instance = useQuery({
    queryKey: WORKFLOW_KEYS.instance(instanceId),
    queryFn: ({ signal }) => fetchInstance(instanceId, signal),
  });
  const data = instance.data;
  const person = data?.primary?.name || data?.primary?.email || 'No contact yet';
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={3} size="h4">
          Packet
        </Title>
      }
    >
      <LiveRefresh
        events={INSTANCE_EVENTS}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEYS.all })}
      />
      {instance.error && (
        <LoadError
          title="Could not load the packet"
          error={instance.error}
          onRetry={() => void instance.refetch()}
        />
      )}
      {!data && !instance.error && <SkeletonStack count={4} />}
      {data && (
        <Stack gap="md" data-testid="workflow-instance">
          <Stack gap={4}>
            <Text fw={600}>{person}</Text>
            {data.primary?.name && (
              <Text size="sm" c="dimmed">
                {data.primary.email}
              </Text>
            )}
            <Group gap="xs">
              <InstanceStatusBadge status={data.status} />
              <Text size="xs" c="dimmed">
                Version {data.version}
                {data.sent_at ? ` · sent ${formatDate(data.sent_at)}` : ''}
                {packetWhen(data)}
              </Text>
            </Group>
            <InstanceProgress row={data} />
          </Stack>
          <InstanceActions instance={data} rights={rights} onDialog={setDialog} />
          <InstanceSteps steps={data.steps} instanceId={data._id} />
          {data.status !== 'DRAFT' && <InstancePeople instanceId={data._id} />}
          <InstanceTimeline events={data.timeline} steps={data.steps} />
        </Stack>
      )}
      {dialog === 'void' && data && <VoidInstanceDialog instance={data} onClose={() => setDialog(null)} />}
      {dialog === 'resend' && data && <ResendDialog instance={data} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && data && (
        <DeleteDraftDialog instance={data} onClose={() => setDialog(null)} onDeleted={onClose} />
      )}
    </Drawer>
  );
}
