import { Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  VALUELESS_OPERATORS,
  VISIBILITY_OPERATORS,
  type TVisibility,
  type TVisibilityOperator,
  type TVisibilityRule,
} from '@esigns/contracts/nocode-fields';
import { ListEnd, RowButton, problemsUnder, type Problems } from './setting-inputs';

const OPERATOR_LABELS: Record<TVisibilityOperator, string> = {
  EQUALS: 'is',
  NOT_EQUALS: 'is not',
  CONTAINS: 'contains',
  NOT_CONTAINS: 'does not contain',
  IS_EMPTY: 'is empty',
  IS_NOT_EMPTY: 'is not empty',
  GREATER_THAN: 'is greater than',
  LESS_THAN: 'is less than',
};

export type VisibilityEditorProps = {
  visibility: TVisibility | null | undefined;
  onChange: (visibility: TVisibility | null) => void;
  /** The fields this one may depend on (the template's other fields). */
  others: readonly { key: string; label: string }[];
  problems: Problems;
};

/** "Show this field only when..." rules on other fields' values; no rules: always shown. */
export function VisibilityEditor({ visibility, onChange, others, problems }: VisibilityEditorProps) {
  const rules = visibility?.rules ?? [];
  const match = visibility?.match ?? 'ALL';
  const setRules = (next: TVisibilityRule[]) => onChange(next.length === 0 ? null : { match, rules: next });
  const setRule = (index: number, patch: Partial<TVisibilityRule>) =>
    setRules(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  const fieldOptions = [
    { value: '', label: 'Choose a field' },
    ...others.map((o) => ({ value: o.key, label: o.label })),
  ];

  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        {rules.length === 0 ? 'Always shown.' : 'Shown only when:'}
      </Text>
      {rules.length > 1 && (
        <SegmentedControl
          size="xs"
          data={[
            { value: 'ALL', label: 'All rules hold' },
            { value: 'ANY', label: 'Any rule holds' },
          ]}
          value={match}
          onChange={(next) => onChange({ match: next as 'ALL' | 'ANY', rules })}
        />
      )}
      {rules.map((rule, index) => {
        const ruleProblems = problemsUnder(problems, `rules.${index}`);
        const needsValue = !VALUELESS_OPERATORS.includes(rule.operator);
        return (
          <Group key={index} gap={4} wrap="nowrap" align="flex-start">
            <NativeSelect
              size="xs"
              style={{ flex: 1.2 }}
              aria-label={`Rule ${index + 1} field`}
              data={fieldOptions}
              value={rule.field}
              onChange={(event) => setRule(index, { field: event.currentTarget.value })}
              error={ruleProblems.field}
            />
            <NativeSelect
              size="xs"
              style={{ flex: 1 }}
              aria-label={`Rule ${index + 1} condition`}
              data={VISIBILITY_OPERATORS.map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
              value={rule.operator}
              onChange={(event) =>
                setRule(index, { operator: event.currentTarget.value as TVisibilityOperator })
              }
            />
            {needsValue && (
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                aria-label={`Rule ${index + 1} value`}
                placeholder="Value"
                value={rule.value === undefined || rule.value === null ? '' : String(rule.value)}
                onChange={(event) => setRule(index, { value: event.currentTarget.value })}
                error={ruleProblems.value}
              />
            )}
            <RowButton
              mt={4}
              label={`Remove rule ${index + 1}`}
              isDanger
              onClick={() => setRules(rules.filter((_, i) => i !== index))}
            >
              <IconTrash size={14} />
            </RowButton>
          </Group>
        );
      })}
      <ListEnd
        problems={problems}
        addLabel="Add a rule"
        disabled={others.length === 0}
        onAdd={() => setRules([...rules, { field: others[0]?.key ?? '', operator: 'IS_NOT_EMPTY' }])}
      />
    </Stack>
  );
}
