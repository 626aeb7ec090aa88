import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { WORKFLOW_STEP_KIND_LABELS, type TWorkflowInstanceStep } from '@esigns/contracts/workflows';
import { formatDate } from '../../../shared/format/date';
import { stagesOf } from '../builder/workflow-draft';
import { STEP_STATUS_COLORS, STEP_STATUS_LABELS } from '../workflow-labels';
import { StepLink } from './step-link';

/**
 * When the step happened, as its state says: due since it started, done / declined / voided on
 * the day it ended; a step voided or skipped before it ever started shows no date (it never ran).
 */
export function stepWhen(step: TWorkflowInstanceStep): string {
  if (step.status === 'DUE') return step.started_at ? ` · since ${formatDate(step.started_at)}` : '';
  if (step.status === 'WAITING' || step.status === 'SKIPPED' || !step.started_at || !step.finished_at)
    return '';
  const verb = step.status === 'DONE' ? 'done' : step.status === 'DECLINED' ? 'declined' : 'voided';
  return ` · ${verb} ${formatDate(step.finished_at)}`;
}

/** A packet's steps by stage: each with its kind, status and when it started or finished, opening what it became. */
export function InstanceSteps({
  steps,
  instanceId,
}: {
  steps: readonly TWorkflowInstanceStep[];
  instanceId: string;
}) {
  const groups = stagesOf(steps);
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Steps
      </Title>
      {groups.map((group) => (
        <Stack key={group.stage} gap={4}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            Stage {group.stage}
          </Text>
          {group.steps.map((step) => (
            <Paper key={step.step_id} withBorder p="xs" radius="md" data-testid="instance-step">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <StepLink step={step} instanceId={instanceId} />
                  <Text size="xs" c="dimmed">
                    {WORKFLOW_STEP_KIND_LABELS[step.kind]}
                    {step.required ? '' : ' · optional'}
                    {stepWhen(step)}
                  </Text>
                </Stack>
                <Badge size="sm" variant="light" color={STEP_STATUS_COLORS[step.status]}>
                  {STEP_STATUS_LABELS[step.status]}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
