import { ActionIcon, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { TStepConditionRule } from '@esigns/contracts/form-builders';
import {
  VALUELESS_OPERATORS,
  VISIBILITY_OPERATORS,
  type TVisibilityOperator,
} from '@esigns/contracts/nocode-fields';
import type { DraftErrors, DraftStep } from './form-draft';
import { useStepFields } from './step-fields';

const CONDITION_WORDS: Record<TVisibilityOperator, string> = {
  EQUALS: 'equals',
  NOT_EQUALS: 'does not equal',
  CONTAINS: 'contains',
  NOT_CONTAINS: 'does not contain',
  IS_EMPTY: 'is left empty',
  IS_NOT_EMPTY: 'is filled in',
  GREATER_THAN: 'is more than',
  LESS_THAN: 'is less than',
};
/** The operators as a rule reads them (the workflow builder's conditions use the same words). */
export const OPERATOR_DATA = VISIBILITY_OPERATORS.map((op) => ({ value: op, label: CONDITION_WORDS[op] }));

type RuleProps = {
  rule: TStepConditionRule;
  index: number;
  sources: readonly DraftStep[];
  errors: DraftErrors;
  onChange: (rule: TStepConditionRule) => void;
  onRemove: () => void;
};

/** One rule: an earlier step, one of its fields, how it compares, and the value (unless none is needed). */
export function RuleRow({ rule, index, sources, errors, onChange, onRemove }: RuleProps) {
  const source = sources.find((step) => step.id === rule.step_id);
  const { fields } = useStepFields(source);
  const n = index + 1;
  const stepData = [
    { value: '', label: 'Choose a step' },
    ...sources.map((s) => ({ value: s.id, label: s.name || 'Untitled step' })),
  ];
  const fieldData = [
    { value: '', label: 'Choose a field' },
    ...(fields ?? []).map((f) => ({ value: f.key, label: f.label })),
  ];
  if (rule.field && !fieldData.some((f) => f.value === rule.field))
    fieldData.push({ value: rule.field, label: rule.field });
  const selects = [
    {
      name: 'step',
      data: stepData,
      value: source ? rule.step_id : '',
      width: 150,
      error: errors.step_id,
      pick: (step_id: string) => ({ step_id, field: '' }),
    },
    {
      name: 'field',
      data: fieldData,
      value: rule.field,
      width: 150,
      error: errors.field,
      pick: (field: string) => ({ field }),
    },
    {
      name: 'condition',
      data: OPERATOR_DATA,
      value: rule.operator,
      width: 140,
      error: undefined,
      pick: (operator: string) => ({ operator: operator as TVisibilityOperator }),
    },
  ];
  return (
    <Group gap={6} align="flex-start" wrap="wrap" data-testid="condition-rule">
      {selects.map(({ name, data, value, width, error, pick }) => (
        <NativeSelect
          key={name}
          size="xs"
          w={width}
          aria-label={`Rule ${n} ${name}`}
          data={data}
          value={value}
          onChange={(e) => onChange({ ...rule, ...pick(e.currentTarget.value) })}
          error={error}
        />
      ))}
      {!VALUELESS_OPERATORS.includes(rule.operator) && (
        <TextInput
          size="xs"
          w={130}
          aria-label={`Rule ${n} value`}
          placeholder="Value"
          value={String(rule.value ?? '')}
          onChange={(e) => onChange({ ...rule, value: e.currentTarget.value })}
          error={errors.value}
        />
      )}
      <ActionIcon variant="subtle" color="red" mt={4} aria-label={`Remove rule ${n}`} onClick={onRemove}>
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}
