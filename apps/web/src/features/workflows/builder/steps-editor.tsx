import { useState } from 'react';
import { Button, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import {
  WORKFLOW_STEP_KINDS,
  WORKFLOW_STEP_KIND_LABELS,
  type TWorkflowStep,
  type TWorkflowStepKind,
} from '@esigns/contracts/workflows';
import { SortableList } from '../../../shared/ui/list-screen';
import { StepCard } from './step-card';
import { earlierSteps, moveStep, newStep, sortedByStage, stagesOf, type DraftErrors } from './workflow-draft';

const KIND_HELP: Record<TWorkflowStepKind, string> = {
  custom: 'A template the recipients fill and sign',
  static: 'A document to read and acknowledge',
  requested: 'A file the person uploads (PAN card, salary slip…)',
  form: 'One of your forms to fill',
};

type Props = {
  steps: TWorkflowStep[];
  errors: DraftErrors['steps'];
  stepsError?: string | undefined;
  onChange: (steps: TWorkflowStep[]) => void;
};

/**
 * The steps, grouped by stage (steps of one stage run at the same time): add one of each kind,
 * drag it (or change its stage) to move it; dropped on a step of another stage it joins that stage.
 */
export function StepsEditor({ steps, errors, stepsError, onChange }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  const add = (kind: TWorkflowStepKind) => {
    const step = newStep(kind, steps);
    onChange([...steps, step]);
    setOpenId(step.id);
  };
  const update = (id: string, patch: Partial<TWorkflowStep>) =>
    onChange(sortedByStage(steps.map((step) => (step.id === id ? { ...step, ...patch } : step))));
  let position = 0;
  return (
    <Stack gap="sm">
      {steps.length === 0 && (
        <Text size="sm" c="dimmed">
          No steps yet. Add the first one: stages run one after the other.
        </Text>
      )}
      <SortableList
        ids={steps.map((step) => step.id)}
        onMove={(from, to) => onChange(moveStep(steps, from, to))}
      >
        {stagesOf(steps).map((group) => (
          <Stack key={group.stage} gap={6} data-testid="workflow-stage">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              Stage {group.stage}
              {group.steps.length > 1 ? ` · ${group.steps.length} steps at the same time` : ''}
            </Text>
            {group.steps.map((step) => {
              const index = position++;
              return (
                <StepCard
                  key={step.id}
                  step={step}
                  index={index}
                  earlier={earlierSteps(steps, step)}
                  errors={errors[step.id] ?? {}}
                  isOpen={openId === step.id}
                  onToggle={() => setOpenId(openId === step.id ? null : step.id)}
                  onChange={(patch) => update(step.id, patch)}
                  onRemove={() => onChange(steps.filter((other) => other.id !== step.id))}
                />
              );
            })}
          </Stack>
        ))}
      </SortableList>
      {stepsError && (
        <Text size="sm" c="red" role="alert">
          {stepsError}
        </Text>
      )}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            rightSection={<IconChevronDown size={14} />}
            w="fit-content"
          >
            Add step
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {WORKFLOW_STEP_KINDS.map((kind) => (
            <Menu.Item key={kind} onClick={() => add(kind)}>
              <Text size="sm" fw={500}>
                {WORKFLOW_STEP_KIND_LABELS[kind]}
              </Text>
              <Text size="xs" c="dimmed">
                {KIND_HELP[kind]}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}
