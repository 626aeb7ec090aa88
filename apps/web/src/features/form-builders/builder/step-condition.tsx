import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TStepCondition, TStepConditionRule } from '@esigns/contracts/form-builders';
import { RuleRow } from './condition-rule';
import { errorsUnder, type DraftErrors, type DraftStep } from './form-draft';

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
