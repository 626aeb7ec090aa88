import { useEffect } from 'react';
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileText, IconGitBranch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TPaged } from '@esigns/contracts/envelope';
import type { TWorkflowInstance } from '@esigns/contracts/workflows';
import { api } from '../../shared/api/api-client';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { ErrorAlert, LoadError, PageFrame, Panel, StateMessage, errorText } from '../../shared/ui/page-kit';
import { rememberPacket } from '../workflows/packet/packet-memory';
import { useOpenStep } from '../workflows/packet/use-open-step';

async function fetchMyWorkflows(signal: AbortSignal): Promise<TPaged<TWorkflowInstance>> {
  return (
    await api.get<TPaged<TWorkflowInstance>>(
      '/application-user/workflows',
      { page: 1, limit: 50 },
      { signal },
    )
  ).data;
}

/**
 * A due step opens through the packet (`POST /workflow/user-status` with `open_step_id`, the
 * contact's bearer and the packet in `workflowdataid`): a fresh link to the step's own page. The
 * steps' objects are remembered with their packet, so those pages show the packet banner.
 */
function PacketCard({ packet }: { packet: TWorkflowInstance }) {
  const due = packet.steps.filter((step) => step.status === 'DUE');
  const { done, total } = packet.progress;
  const open = useOpenStep({ headers: {}, workflowDataId: packet._id });
  useEffect(() => {
    for (const step of packet.steps) if (step.object_id) rememberPacket(step.object_id, packet._id);
  }, [packet]);
  return (
    <Paper withBorder radius="md" p="md" data-testid="contact-workflow">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{packet.workflow_name}</Text>
          <Text size="xs" c="dimmed">
            {done} of {total} done
          </Text>
        </Group>
        <Progress
          value={total ? (done / total) * 100 : 0}
          size="sm"
          aria-label={`${done} of ${total} steps done`}
        />
        {due.map((step) => (
          <Group key={step.step_id} justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Badge size="sm" variant="light">
                Due
              </Badge>
              <Text size="sm" truncate>
                {step.name}
              </Text>
            </Group>
            <Button
              size="compact-sm"
              loading={open.isPending && open.variables === step.step_id}
              onClick={() => open.mutate(step.step_id)}
            >
              Open
            </Button>
          </Group>
        ))}
        {open.isError && <ErrorAlert>{errorText(open.error)}</ErrorAlert>}
      </Stack>
    </Paper>
  );
}

/**
 * `/ap/workflows`: the packets the company sent the signed-in contact (`GET /application-user/workflows`),
 * each with its progress and its due steps, phone first; "Open" opens the step's own page.
 */
export function ContactWorkflowsScreen() {
  usePageTitle('Workflows');
  const packets = useQuery({
    queryKey: ['contact-area', 'workflows'],
    queryFn: ({ signal }) => fetchMyWorkflows(signal),
  });
  const rows = packets.data?.data ?? [];
  return (
    <PageFrame title="Workflows" description="Processes the company runs with you, step by step.">
      {packets.error ? (
        <LoadError
          title="Could not load your workflows"
          error={packets.error}
          onRetry={() => void packets.refetch()}
        />
      ) : !packets.data ? (
        <SkeletonStack count={3} />
      ) : rows.length > 0 ? (
        <Stack gap="sm" maw={720}>
          {rows.map((packet) => (
            <PacketCard key={packet._id} packet={packet} />
          ))}
        </Stack>
      ) : (
        <Panel>
          <StateMessage
            icon={<IconGitBranch size={28} />}
            title="No workflows shared with you"
            testId="workflows-empty"
          >
            <Text c="dimmed" size="sm" maw={440}>
              Workflows shared with you appear here. Documents to sign and forms to fill also come straight to
              your documents and forms.
            </Text>
            <Button
              mt="sm"
              variant="light"
              component={Link}
              to="/ap/documents"
              leftSection={<IconFileText size={16} />}
            >
              Go to your documents
            </Button>
          </StateMessage>
        </Panel>
      )}
    </PageFrame>
  );
}
