import type { CSSProperties } from 'react';
import {
  ActionIcon,
  Badge,
  Collapse,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { CSS } from '@dnd-kit/utilities';
import { IconChevronDown, IconChevronUp, IconTrash } from '@tabler/icons-react';
import { WORKFLOW_STEP_KIND_LABELS, type TWorkflowStep } from '@esigns/contracts/workflows';
import type { FieldErrors } from '../../../shared/api/api-error';
import { DragHandle, useSortable } from '../../../shared/ui/list-screen';
import { StepCondition } from './step-condition';
import { StepKindFields } from './step-kind-fields';

export type StepCardProps = {
  step: TWorkflowStep;
  index: number;
  /** Steps of earlier stages (what a condition may read). */
  earlier: readonly TWorkflowStep[];
  /** The 422's messages about this step (`template_id`, `condition.rules.0.field`...). */
  errors: FieldErrors;
  isOpen: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<TWorkflowStep>) => void;
  onRemove: () => void;
};

/** One step: grip, kind, name, stage; opened, what it sends, who gets it and when it runs. */
export function StepCard({
  step,
  index,
  earlier,
  errors,
  isOpen,
  onToggle,
  onChange,
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
    <Paper ref={setNodeRef} withBorder radius="md" p="sm" style={style} data-testid="workflow-step">
      <Group gap="xs" wrap="nowrap" align="center">
        <DragHandle label={label} handle={handle} />
        <Group gap={6} wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          <Badge size="sm" variant="light">
            {WORKFLOW_STEP_KIND_LABELS[step.kind]}
          </Badge>
          {!step.required && (
            <Badge size="sm" variant="outline" color="gray">
              Optional
            </Badge>
          )}
          {step.condition && (
            <Badge size="sm" variant="outline" color="grape">
              Conditional
            </Badge>
          )}
          {hasProblems && (
            <Badge size="sm" color="red">
              Needs fixing
            </Badge>
          )}
        </Group>
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
      <Group mt={6} gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          aria-label={`Name of step ${index + 1}`}
          placeholder="Step name"
          value={step.name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <NumberInput
          w={104}
          aria-label={`Stage of ${label}`}
          prefix="Stage "
          min={1}
          max={50}
          value={step.stage}
          onChange={(value) => typeof value === 'number' && onChange({ stage: value })}
          error={errors.stage}
        />
      </Group>
      <Collapse expanded={isOpen}>
        <Stack gap="sm" pt="sm">
          <Switch
            label="Required (a declined required step declines the packet)"
            checked={step.required}
            onChange={(event) => onChange({ required: event.currentTarget.checked })}
          />
          <StepKindFields step={step} errors={errors} onChange={onChange} />
          <StepCondition step={step} earlier={earlier} errors={errors} onChange={onChange} />
          {errors.id && (
            <Text size="sm" c="red">
              {errors.id}
            </Text>
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}
