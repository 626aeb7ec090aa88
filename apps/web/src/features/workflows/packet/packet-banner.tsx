import { Badge, Button, Group, Paper, Stack, Text, type MantineSpacing } from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconStack2 } from '@tabler/icons-react';
import type { TWorkflowUserStatus } from '@esigns/contracts/workflows';
import { isApiError } from '../../../shared/api/api-error';
// Not page-kit: the signing link's landing shows the banner without loading dialog code.
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { INSTANCE_STATUS_LABELS, STEP_STATUS_COLORS, STEP_STATUS_LABELS } from '../workflow-labels';
import { AcknowledgeStep } from './acknowledge-step';
import {
  currentStepOf,
  nextStepOf,
  stepToAcknowledge,
  usePacketStatus,
  type PacketAccess,
  type PacketStep,
} from './packet-api';
import { useOpenStep } from './use-open-step';

/**
 * "Packet: {name} · step n of m" over the recipient's steps of a packet, on the page of one of
 * them. Once the page's own step is finished it offers the next due one ("Next: … Open", a fresh
 * link asked for with `open_step_id`), or says all is done. Nothing at all when the page's object
 * is not part of a packet. `watchStep`: the page's step was just finished, so the packet is read
 * again until the server has it done.
 */
export function PacketBanner({
  access,
  watchStep = false,
  mb,
}: {
  access: PacketAccess | null;
  watchStep?: boolean;
  mb?: MantineSpacing;
}) {
  const packet = usePacketStatus(access, { watchStep });
  if (!access || !packet.data) return null;
  return <PacketCard status={packet.data} access={access} mb={mb} />;
}

function headlineOf(status: TWorkflowUserStatus): string {
  const counted = status.steps.filter((step) => step.status !== 'SKIPPED');
  const current = currentStepOf(status);
  const position = current ? counted.findIndex((step) => step.step_id === current.step_id) + 1 : 0;
  if (position > 0) return `step ${position} of ${counted.length}`;
  return `${counted.filter((step) => step.status === 'DONE').length} of ${counted.length} done`;
}

function PacketCard({
  status,
  access,
  mb,
}: {
  status: TWorkflowUserStatus;
  access: PacketAccess;
  mb: MantineSpacing | undefined;
}) {
  const current = currentStepOf(status);
  const toAcknowledge = stepToAcknowledge(status);
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" mb={mb} ta="left" data-testid="packet-banner">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <IconStack2 size={18} aria-hidden />
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            Packet: {status.workflow_name} · {headlineOf(status)}
          </Text>
        </Group>
        <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Your steps">
          {status.steps.map((step) => (
            <StepRow key={step.step_id} step={step} isCurrent={step.step_id === current?.step_id} />
          ))}
        </Stack>
        {toAcknowledge ? (
          <AcknowledgeStep access={access} step={toAcknowledge} />
        ) : (
          <PacketNext status={status} access={access} />
        )}
      </Stack>
    </Paper>
  );
}

function StepRow({ step, isCurrent }: { step: PacketStep; isCurrent: boolean }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" data-testid="packet-step">
      <Text size="xs" fw={isCurrent ? 700 : 400} truncate aria-current={isCurrent ? 'step' : undefined}>
        {step.name}
      </Text>
      <Badge size="xs" variant="light" color={STEP_STATUS_COLORS[step.status]}>
        {STEP_STATUS_LABELS[step.status]}
      </Badge>
    </Group>
  );
}

/** What comes after the page's own step: the next due step to open, all done, or the packet's end. */
function PacketNext({ status, access }: { status: TWorkflowUserStatus; access: PacketAccess }) {
  const next = nextStepOf(status);
  const open = useOpenStep(access);
  if (status.status !== 'IN_PROGRESS' && status.status !== 'COMPLETED') {
    return (
      <Text size="xs" c="dimmed">
        This packet is {INSTANCE_STATUS_LABELS[status.status].toLowerCase()}: nothing more is needed.
      </Text>
    );
  }
  if (next) {
    return (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Next: <b>{next.name}</b>
          </Text>
          <Button
            size="compact-sm"
            rightSection={<IconArrowRight size={14} />}
            loading={open.isPending}
            onClick={() => open.mutate(next.step_id)}
          >
            Open
          </Button>
        </Group>
        {open.isError && (
          <ErrorAlert>
            {isApiError(open.error) || open.error instanceof Error ? open.error.message : 'Please try again.'}
          </ErrorAlert>
        )}
      </Stack>
    );
  }
  if (status.steps.some((step) => step.status === 'DUE')) return null;
  const isWaiting = status.steps.some((step) => step.status === 'WAITING');
  return (
    <Group gap={6} wrap="nowrap" data-testid="packet-all-done">
      <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
      <Text size="sm" fw={600}>
        All done
      </Text>
      {isWaiting && (
        <Text size="xs" c="dimmed">
          · we will email you when your next step opens
        </Text>
      )}
    </Group>
  );
}
