import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TStepCondition, TStepConditionRule } from '@esigns/contracts/form-builders';
import {
  VALUELESS_OPERATORS,
  VISIBILITY_OPERATORS,
  type TVisibilityOperator,
} from '@esigns/contracts/nocode-fields';
import { errorsUnder, type DraftErrors, type DraftStep } from './form-draft';
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
const OPERATOR_DATA = VISIBILITY_OPERATORS.map((op) => ({ value: op, label: CONDITION_WORDS[op] }));

type RuleProps = {
  rule: TStepConditionRule;
  index: number;
  sources: readonly DraftStep[];
  errors: DraftErrors;
  onChange: (rule: TStepConditionRule) => void;
  onRemove: () => void;
};

function RuleRow({ rule, index, sources, errors, onChange, onRemove }: RuleProps) {
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

type Props = {
  condition: DraftStep['condition'];
  /** The earlier TEMPLATE and ENTITY steps a rule may read. */
  sources: readonly DraftStep[];
  errors: DraftErrors;
  onChange: (condition: TStepCondition | null) => void;
};

/** "Show this step only when…": rules on fields of earlier steps; none: the step always shows. */
export function StepCondition({ condition, sources, errors, onChange }: Props) {
  const rules = condition?.rules ?? [];
  const match = condition?.match ?? 'ALL';
  const setRules = (next: TStepConditionRule[]) =>
    onChange(next.length === 0 ? null : { match, rules: next });
  return (
    <Stack gap={6}>
      {rules.length === 0 ? (
        <Text size="xs" c="dimmed">
          The step always shows.
        </Text>
      ) : (
        <Group gap={6}>
          <Text size="xs">Show this step when</Text>
          <NativeSelect
            size="xs"
            aria-label="Which rules must hold"
            value={match}
            onChange={(e) => onChange({ match: e.currentTarget.value as 'ALL' | 'ANY', rules })}
            data={[
              { value: 'ALL', label: 'all of' },
              { value: 'ANY', label: 'any of' },
            ]}
          />
          <Text size="xs">these hold:</Text>
        </Group>
      )}
      {rules.map((rule, index) => (
        <RuleRow
          key={index}
          rule={rule}
          index={index}
          sources={sources}
          errors={errorsUnder(errors, `rules.${index}`)}
          onChange={(next) => setRules(rules.map((r, i) => (i === index ? next : r)))}
          onRemove={() => setRules(rules.filter((_, i) => i !== index))}
        />
      ))}
      {errors.rules && (
        <Text size="xs" c="red">
          {errors.rules}
        </Text>
      )}
      <Group>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={12} />}
          disabled={sources.length === 0}
          onClick={() =>
            setRules([...rules, { step_id: sources.at(-1)?.id ?? '', field: '', operator: 'IS_NOT_EMPTY' }])
          }
        >
          {sources.length === 0 ? 'Conditions read earlier form or entity steps' : 'Add a condition'}
        </Button>
      </Group>
    </Stack>
  );
}
