import type { CSSProperties } from 'react';
import { ActionIcon, Badge, Collapse, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { CSS } from '@dnd-kit/utilities';
import { IconChevronDown, IconChevronUp, IconTrash } from '@tabler/icons-react';
import type { TStepCondition } from '@esigns/contracts/form-builders';
import { DragHandle, MoveButtons, useSortable } from '../../../shared/ui/list-screen';
import { STEP_TYPE_LABELS } from '../form-labels';
import { errorsUnder, type DraftErrors, type DraftStep } from './form-draft';
import { StepCondition } from './step-condition';
import { StepSource, type StepPatch } from './step-source';

export type StepCardProps = {
  step: DraftStep;
  index: number;
  count: number;
  /** The earlier steps a condition may read. */
  sources: readonly DraftStep[];
  /** Messages under `steps.<id>`. */
  errors: DraftErrors;
  isOpen: boolean;
  onToggle: () => void;
  onChange: (patch: StepPatch) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One step: its grip, number, type, name and "required"; opened, its source and its condition. */
export function StepCard({
  step,
  index,
  count,
  sources,
  errors,
  isOpen,
  onToggle,
  onChange,
  onMove,
  onRemove,
}: StepCardProps) {
  const { setNodeRef, transform, transition, isDragging, ...handle } = useSortable({ id: step.id });
  const label = step.name || `Step ${index + 1}`;
  const hasProblems = Object.keys(errors).length > 0;
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    borderColor: hasProblems ? 'var(--mantine-color-red-5)' : undefined,
  };
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      style={style}
      data-testid="form-step"
      data-step-name={step.name}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        <DragHandle label={label} handle={handle} />
        <Group gap={6} wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={700} c="dimmed">
            {index + 1}
          </Text>
          <Badge size="sm" variant="light" color={step.type === 'STATIC' ? 'gray' : 'blue'}>
            {STEP_TYPE_LABELS[step.type]}
          </Badge>
          {hasProblems && (
            <Badge size="sm" color="red">
              Needs fixing
            </Badge>
          )}
          {step.condition && (
            <Badge size="sm" variant="outline" color="grape">
              Conditional
            </Badge>
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          <MoveButtons label={label} index={index} count={count} onMove={onMove} size={14} />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${isOpen ? 'Close' : 'Open'} ${label}`}
            onClick={onToggle}
          >
            {isOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <TextInput
        mt={6}
        pl={36}
        aria-label={`Name of step ${index + 1}`}
        placeholder="Step name"
        value={step.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errors.name}
      />
      <Collapse expanded={isOpen}>
        <Stack gap="sm" pt="sm" pl={36}>
          <Switch
            label="Required (optional steps can be skipped)"
            checked={step.required ?? true}
            onChange={(event) => onChange({ required: event.currentTarget.checked })}
          />
          <StepSource step={step} errors={errors} onChange={onChange} />
          <StepCondition
            condition={step.condition}
            sources={sources}
            errors={errorsUnder(errors, 'condition')}
            onChange={(condition: TStepCondition | null) => onChange({ condition })}
          />
        </Stack>
      </Collapse>
    </Paper>
  );
}
