import {
  ActionIcon,
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconFilterPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_FILTER_RULES,
  type TFilterGroupInput,
  type TFilterOperator,
  type TFilterRule,
} from '@esigns/contracts/nocode-filters';
import type { FieldErrors } from '../../shared/api/api-error';
import { errorText } from '../../shared/ui/page-kit';
import { ENTITY_VIEW_KEYS, fetchTemplateFields, type TTemplateField } from './entity-views-api';
import { RuleValueInput, SYSTEM_FIELDS, operatorOptions, operatorsForField, valueFor } from './filter-values';

/*
 * The filter builder: rules of `field operator value`, matched all or any, over an entity's
 * columns as `GET /template-fields` lists them (plus the record's title and dates). Used by the
 * entity view editor and the record grid's filter bar; the global filters screen uses its
 * `RuleEditor` for single rules.
 */

export type TFilterRuleInput = { field: string; operator: TFilterOperator; value?: TFilterRule['value'] };

/** The entity's filterable columns: the record's own, then each template's fields. */
export function useTemplateFields(entityId: string | null | undefined, given?: TTemplateField[]) {
  const query = useQuery({
    queryKey: ENTITY_VIEW_KEYS.fields(entityId ?? ''),
    queryFn: ({ signal }) => fetchTemplateFields(entityId!, signal),
    enabled: Boolean(entityId) && !given,
    staleTime: 60_000,
  });
  const fields = given ?? (query.data ? [...SYSTEM_FIELDS, ...query.data] : undefined);
  return { fields, isLoading: !given && query.isPending && Boolean(entityId), error: query.error };
}

/** Select data grouped by template ("Record" for the system columns). */
export function fieldSelectData(fields: readonly TTemplateField[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const field of fields) {
    const group = field.template_name ?? 'Fields';
    groups.set(group, [...(groups.get(group) ?? []), { value: field.ref, label: field.label }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** A new rule on `field` with its first operator. */
export function newRule(field: TTemplateField | undefined): TFilterRuleInput {
  const operator = operatorsForField(field)[0] ?? 'EQUALS';
  return { field: field?.ref ?? '', operator, value: valueFor(operator, undefined) };
}

export type RuleEditorProps = {
  fields: readonly TTemplateField[];
  rule: TFilterRuleInput;
  onChange: (rule: TFilterRuleInput) => void;
  onRemove?: () => void;
  /** 422 messages by key; the rule's own are `<errorPrefix>.field|operator|value`. */
  errors?: FieldErrors;
  errorPrefix?: string;
  /** Names the inputs for screen readers: "Field of rule 1". */
  name?: string;
};

/** One rule: field, operator and the value input that fits them. */
export function RuleEditor({
  fields,
  rule,
  onChange,
  onRemove,
  errors = {},
  errorPrefix = '',
  name,
}: RuleEditorProps) {
  const field = fields.find((f) => f.ref === rule.field);
  const at = (part: string) => errors[`${errorPrefix}.${part}`];
  const valueError = at('value') ?? at('value.0') ?? at('value.1');
  const suffix = name ? ` of ${name}` : '';
  const changeField = (ref: string | null) => {
    const next = fields.find((f) => f.ref === ref);
    const operators = operatorsForField(next);
    const operator = operators.includes(rule.operator) ? rule.operator : (operators[0] ?? 'EQUALS');
    const sameKind = next?.type === field?.type;
    onChange({ field: ref ?? '', operator, value: valueFor(operator, sameKind ? rule.value : undefined) });
  };
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" data-testid="filter-rule">
      <Select
        aria-label={`Field${suffix}`}
        data={fieldSelectData(fields)}
        value={rule.field || null}
        onChange={changeField}
        placeholder="Field"
        searchable
        size="sm"
        w={200}
        error={at('field')}
      />
      <Select
        aria-label={`Operator${suffix}`}
        data={operatorOptions(field)}
        value={rule.operator}
        onChange={(op) =>
          op &&
          onChange({
            ...rule,
            operator: op as TFilterOperator,
            value: valueFor(op as TFilterOperator, rule.value),
          })
        }
        allowDeselect={false}
        size="sm"
        w={160}
        error={at('operator')}
      />
      <RuleValueInput
        field={field}
        operator={rule.operator}
        value={rule.value}
        onChange={(value) => onChange({ ...rule, value })}
        label={`Value${suffix}`}
        error={valueError}
      />
      {onRemove && (
        <ActionIcon
          variant="subtle"
          color="gray"
          mt={4}
          onClick={onRemove}
          aria-label={`Remove ${name ?? 'rule'}`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

export type FilterBuilderProps = {
  /** The entity whose columns the rules name (fetched from `GET /template-fields`). */
  entityId: string;
  value: TFilterGroupInput;
  onChange: (next: TFilterGroupInput) => void;
  /** 422 messages by key (`filters.rules.0.field`...): the builder shows those under `errorPrefix`. */
  errors?: FieldErrors;
  /** Default `filters`. */
  errorPrefix?: string;
  /** Columns to offer instead of fetching them. */
  fields?: TTemplateField[];
};

/** Rules matched all or any; add, change and remove them. */
export function FilterBuilder({
  entityId,
  value,
  onChange,
  errors = {},
  errorPrefix = 'filters',
  fields: given,
}: FilterBuilderProps) {
  const { fields, isLoading, error } = useTemplateFields(entityId, given);
  const rules = (value.rules ?? []) as TFilterRuleInput[];
  const match = value.match ?? 'ALL';
  const setRules = (next: TFilterRuleInput[]) => onChange({ match, rules: next });

  if (isLoading) return <Skeleton h={72} radius="sm" aria-busy="true" aria-label="Loading fields" />;
  if (error || !fields) {
    return (
      <Alert color="red" variant="light">
        {error ? errorText(error) : 'Choose an entity first.'}
      </Alert>
    );
  }
  const groupError = errors[`${errorPrefix}.rules`] ?? errors[errorPrefix];
  return (
    <Stack gap="xs" data-testid="filter-builder">
      {rules.length > 1 && (
        <Group gap="xs">
          <Text size="sm">Records match</Text>
          <SegmentedControl
            size="xs"
            aria-label="Records match"
            value={match}
            onChange={(m) => onChange({ match: m as 'ALL' | 'ANY', rules })}
            data={[
              { value: 'ALL', label: 'all rules' },
              { value: 'ANY', label: 'any rule' },
            ]}
          />
        </Group>
      )}
      {rules.length === 0 && (
        <Text size="sm" c="dimmed">
          No rules: every record is shown.
        </Text>
      )}
      {rules.map((rule, index) => (
        <RuleEditor
          key={index}
          fields={fields}
          rule={rule}
          name={`rule ${index + 1}`}
          errors={errors}
          errorPrefix={`${errorPrefix}.rules.${index}`}
          onChange={(next) => setRules(rules.map((r, i) => (i === index ? next : r)))}
          onRemove={() => setRules(rules.filter((_, i) => i !== index))}
        />
      ))}
      {groupError && (
        <Text size="sm" c="red">
          {groupError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFilterPlus size={14} />}
          onClick={() => setRules([...rules, newRule(fields[0])])}
          disabled={rules.length >= MAX_FILTER_RULES}
        >
          Add rule
        </Button>
      </Group>
    </Stack>
  );
}
