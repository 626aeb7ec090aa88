import { useState } from 'react';
import { Button, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { FORM_STEP_TYPES, type TFormStepType } from '@esigns/contracts/form-builders';
import { SortableList, arrayMove } from '../../../shared/ui/list-screen';
import { STEP_TYPE_LABELS } from '../form-labels';
import { earlierDataSteps, errorsUnder, newStep, type DraftErrors, type DraftStep } from './form-draft';
import type { StepPatch } from './step-source';
import { StepCard } from './step-card';

const STEP_TYPE_HELP: Record<TFormStepType, string> = {
  TEMPLATE: 'Fields of a form template',
  ENTITY: "Creates or updates a record of an entity (its primary template's fields)",
  DOCUMENT: 'A document template the filler fills and signs',
  STATIC: 'Text to read, and accept if you want',
};

type Props = {
  steps: DraftStep[];
  errors: DraftErrors;
  onChange: (steps: DraftStep[]) => void;
};

/** The form's steps in order: add one of each type, drag (or the arrows) to reorder, open one to set it up. */
export function StepsEditor({ steps, errors, onChange }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  const add = (type: TFormStepType) => {
    const step = newStep(type);
    onChange([...steps, step]);
    setOpenId(step.id);
  };
  const update = (id: string, patch: StepPatch) =>
    onChange(steps.map((step) => (step.id === id ? ({ ...step, ...patch } as DraftStep) : step)));
  const move = (from: number, to: number) => onChange(arrayMove(steps, from, to));
  return (
    <Stack gap="sm">
      {steps.length === 0 && (
        <Text size="sm" c="dimmed">
          A form is one or more steps, filled in order. Add the first one.
        </Text>
      )}
      <SortableList ids={steps.map((step) => step.id)} onMove={move}>
        {steps.map((step, index) => (
          <StepCard
            key={step.id}
            step={step}
            index={index}
            count={steps.length}
            sources={earlierDataSteps(steps, index)}
            errors={errorsUnder(errors, `steps.${step.id}`)}
            isOpen={openId === step.id}
            onToggle={() => setOpenId(openId === step.id ? null : step.id)}
            onChange={(patch) => update(step.id, patch)}
            onMove={(to) => move(index, to)}
            onRemove={() => onChange(steps.filter((s) => s.id !== step.id))}
          />
        ))}
      </SortableList>
      {errors.steps && (
        <Text size="sm" c="red" role="alert">
          {errors.steps}
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
          {FORM_STEP_TYPES.map((type) => (
            <Menu.Item key={type} onClick={() => add(type)}>
              <Text size="sm" fw={500}>
                {STEP_TYPE_LABELS[type]}
              </Text>
              <Text size="xs" c="dimmed">
                {STEP_TYPE_HELP[type]}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}
