import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TWorkflowConditionRule, TWorkflowStep } from '@esigns/contracts/workflows';
import { VALUELESS_OPERATORS, type TVisibilityOperator } from '@esigns/contracts/nocode-fields';
import type { FieldErrors } from '../../../shared/api/api-error';
import { OPERATOR_DATA } from '../../form-builders/builder/condition-rule';
import { ConditionFieldInput } from './condition-field-input';

type Props = {
  step: TWorkflowStep;
  earlier: readonly TWorkflowStep[];
  errors: FieldErrors;
  onChange: (patch: Partial<TWorkflowStep>) => void;
};

const firstRule = (earlier: readonly TWorkflowStep[]): TWorkflowConditionRule => ({
  step_id: earlier[0]?.id ?? '',
  field: '',
  operator: 'EQUALS',
  value: '',
});

/**
 * "Run only when": rules over values of earlier stages' steps (a form's answer or a filled field, by
 * its key); checked when the step's stage starts, a step whose condition fails is skipped.
 */
export function StepCondition({ step, earlier, errors, onChange }: Props) {
  const condition = step.condition;
  if (earlier.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Steps of a later stage can run only when an answer of this one holds.
      </Text>
    );
  }
  const setRules = (rules: TWorkflowConditionRule[]) =>
    onChange({ condition: rules.length ? { match: condition?.match ?? 'ALL', rules } : null });
  const rules = condition?.rules ?? [];
  const stepData = earlier.map((other) => ({ value: other.id, label: other.name || 'Unnamed step' }));
  return (
    <Stack gap="xs">
      <Switch
        label="Run only when earlier answers hold"
        checked={condition !== null}
        onChange={(event) => setRules(event.currentTarget.checked ? [firstRule(earlier)] : [])}
      />
      {condition && (
        <>
          <SegmentedControl
            size="xs"
            w="fit-content"
            value={condition.match}
            onChange={(match) => onChange({ condition: { ...condition, match: match as 'ALL' | 'ANY' } })}
            data={[
              { value: 'ALL', label: 'All rules' },
              { value: 'ANY', label: 'Any rule' },
            ]}
          />
          {rules.map((rule, i) => {
            const error = (field: string) => errors[`condition.rules.${i}.${field}`];
            const change = (patch: Partial<TWorkflowConditionRule>) =>
              setRules(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
            return (
              <Group key={i} gap="xs" align="flex-start" wrap="wrap" data-testid="condition-rule">
                <NativeSelect
                  aria-label={`Step of rule ${i + 1}`}
                  data={stepData}
                  value={rule.step_id}
                  onChange={(event) => change({ step_id: event.currentTarget.value, field: '' })}
                  error={error('step_id')}
                />
                <ConditionFieldInput
                  label={`Field of rule ${i + 1}`}
                  source={earlier.find((other) => other.id === rule.step_id)}
                  value={rule.field}
                  onChange={(field) => change({ field })}
                  error={error('field')}
                />
                <NativeSelect
                  aria-label={`Operator of rule ${i + 1}`}
                  data={OPERATOR_DATA}
                  value={rule.operator}
                  onChange={(event) => change({ operator: event.currentTarget.value as TVisibilityOperator })}
                />
                {!VALUELESS_OPERATORS.includes(rule.operator) && (
                  <TextInput
                    aria-label={`Value of rule ${i + 1}`}
                    placeholder="Value"
                    value={String(rule.value ?? '')}
                    onChange={(event) => change({ value: event.currentTarget.value })}
                    error={error('value')}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove rule ${i + 1}`}
                  onClick={() => setRules(rules.filter((_, j) => j !== i))}
                  mt={4}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
          <Button
            size="compact-sm"
            variant="subtle"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            onClick={() => setRules([...rules, firstRule(earlier)])}
          >
            Add rule
          </Button>
        </>
      )}
    </Stack>
  );
}
