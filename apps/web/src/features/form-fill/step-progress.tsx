import { Badge, Box, Group, Progress, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';

/**
 * Where the filler is: "Step 2 of 5" and a bar on every screen; on wider screens the steps too,
 * done ones reachable by a tap.
 */
export function StepProgress({
  steps,
  position,
  isDone,
  onOpen,
}: {
  steps: readonly TStoredFormStep[];
  position: number;
  isDone: (stepId: string) => boolean;
  onOpen: (index: number) => void;
}) {
  const doneCount = steps.filter((step) => isDone(step.id)).length;
  return (
    <Box data-testid="step-progress">
      <Group justify="space-between" gap="xs" mb={6}>
        <Text size="sm" fw={600}>
          Step {position + 1} of {steps.length}
        </Text>
        <Text size="xs" c="dimmed">
          {doneCount} done
        </Text>
      </Group>
      <Progress
        value={
          steps.length ? ((position + (isDone(steps[position]?.id ?? '') ? 1 : 0)) / steps.length) * 100 : 0
        }
        size="sm"
        aria-label={`Step ${position + 1} of ${steps.length}`}
      />
      <Group gap={6} mt="sm" visibleFrom="sm" wrap="wrap">
        {steps.map((step, index) => {
          const done = isDone(step.id);
          const isCurrent = index === position;
          return (
            <UnstyledButton
              key={step.id}
              disabled={!done && !isCurrent}
              onClick={() => onOpen(index)}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <Badge
                variant={isCurrent ? 'filled' : done ? 'light' : 'outline'}
                color={done && !isCurrent ? 'teal' : isCurrent ? 'brand' : 'gray'}
                leftSection={done ? <IconCheck size={12} /> : undefined}
                tt="none"
              >
                {step.name}
              </Badge>
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
