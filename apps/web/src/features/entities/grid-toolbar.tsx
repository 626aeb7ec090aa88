import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Popover,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconColumns3, IconFilter, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import type { Table } from '@tanstack/react-table';
import type { TEntityRecord } from '@esigns/contracts/entities';
import {
  FILTER_OPERATORS,
  LIST_FILTER_OPERATORS,
  VALUELESS_FILTER_OPERATORS,
  type TFilterOperator,
  type TFilterRule,
} from '@esigns/contracts/nocode-filters';
import type { TemplateField } from './entities-api';

const OPERATOR_LABELS: Record<TFilterOperator, string> = {
  EQUALS: 'is',
  NOT_EQUALS: 'is not',
  CONTAINS: 'contains',
  NOT_CONTAINS: 'does not contain',
  STARTS_WITH: 'starts with',
  GREATER_THAN: '>',
  GREATER_OR_EQUAL: '≥',
  LESS_THAN: '<',
  LESS_OR_EQUAL: '≤',
  BETWEEN: 'between',
  IN: 'is any of',
  NOT_IN: 'is none of',
  IS_EMPTY: 'is empty',
  IS_NOT_EMPTY: 'is not empty',
};

const NUMERIC = ['NUMBER', 'CURRENCY', 'PERCENTAGE', 'FORMULA', 'AGGREGATE', 'DATE', 'DATE_TIME', 'TIME'];
const TEXT = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'RICH_TEXT',
  'EMAIL',
  'PHONE',
  'URL',
  'AUTO_INCREMENT',
  'BARCODE',
];

/** The operators that make sense for a field type. */
export function operatorsFor(field: TemplateField): TFilterOperator[] {
  return FILTER_OPERATORS.filter((op) => {
    if (['GREATER_THAN', 'GREATER_OR_EQUAL', 'LESS_THAN', 'LESS_OR_EQUAL', 'BETWEEN'].includes(op)) {
      return NUMERIC.includes(field.type);
    }
    if (['CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH'].includes(op)) return TEXT.includes(field.type);
    return true;
  });
}

export const ruleText = (rule: TFilterRule, fields: TemplateField[]) => {
  const field = fields.find((f) => f.ref === rule.field);
  const value = Array.isArray(rule.value) ? rule.value.join(' – ') : (rule.value ?? '');
  return `${field?.label ?? rule.field} ${OPERATOR_LABELS[rule.operator]} ${String(value)}`.trim();
};

/** "Add filter": a field, an operator and a value (two for between, a comma list for any of). */
function AddFilter({ fields, onAdd }: { fields: TemplateField[]; onAdd: (rule: TFilterRule) => void }) {
  const [opened, setOpened] = useState(false);
  const [ref, setRef] = useState<string | null>(null);
  const [operator, setOperator] = useState<TFilterOperator>('EQUALS');
  const [value, setValue] = useState('');
  const [to, setTo] = useState('');
  const field = fields.find((f) => f.ref === ref);
  const valueless = VALUELESS_FILTER_OPERATORS.includes(operator);
  const add = () => {
    if (!field) return;
    const list = LIST_FILTER_OPERATORS.includes(operator);
    const ruleValue = valueless
      ? null
      : operator === 'BETWEEN'
        ? [value, to]
        : list
          ? value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean)
          : value;
    onAdd({ field: field.ref, operator, value: ruleValue });
    setOpened(false);
    setValue('');
    setTo('');
  };
  const options = field?.options?.map((o) => ({ value: o.value, label: o.label || o.value }));
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFilter size={14} />}
          onClick={() => setOpened((o) => !o)}
        >
          Add filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={280}>
          <Select
            label="Field"
            searchable
            data={fields.map((f) => ({ value: f.ref, label: f.label }))}
            value={ref}
            onChange={(next) => {
              setRef(next);
              setOperator('EQUALS');
            }}
            comboboxProps={{ withinPortal: false }}
          />
          {field && (
            <Select
              label="Condition"
              data={operatorsFor(field).map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
              value={operator}
              onChange={(next) => setOperator((next as TFilterOperator) ?? 'EQUALS')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
          )}
          {field &&
          !valueless &&
          options &&
          operator !== 'BETWEEN' &&
          !LIST_FILTER_OPERATORS.includes(operator) ? (
            <Select
              label="Value"
              data={options}
              value={value || null}
              onChange={(v) => setValue(v ?? '')}
              comboboxProps={{ withinPortal: false }}
            />
          ) : (
            field &&
            !valueless && (
              <TextInput
                label={
                  operator === 'BETWEEN'
                    ? 'From'
                    : LIST_FILTER_OPERATORS.includes(operator)
                      ? 'Values (comma separated)'
                      : 'Value'
                }
                type={field.type === 'DATE' ? 'date' : 'text'}
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
                onKeyDown={(event) => event.key === 'Enter' && add()}
              />
            )
          )}
          {field && operator === 'BETWEEN' && (
            <TextInput
              label="To"
              type={field.type === 'DATE' ? 'date' : 'text'}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
            />
          )}
          <Button size="xs" onClick={add} disabled={!field || (!valueless && value === '')}>
            Apply filter
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function GridToolbar({
  fields,
  table,
  search,
  onSearch,
  rules,
  onRules,
  actions,
}: {
  fields: TemplateField[];
  table: Table<TEntityRecord>;
  search: string;
  onSearch: (search: string) => void;
  rules: TFilterRule[];
  onRules: (rules: TFilterRule[]) => void;
  actions?: React.ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <TextInput
            size="xs"
            placeholder="Search records"
            aria-label="Search records"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => onSearch(event.currentTarget.value)}
            w={220}
          />
          <AddFilter fields={fields} onAdd={(rule) => onRules([...rules, rule])} />
          <Menu closeOnItemClick={false} position="bottom-start">
            <Menu.Target>
              <Button size="xs" variant="default" leftSection={<IconColumns3 size={14} />}>
                Columns
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
              <Menu.Label>Show columns</Menu.Label>
              {table
                .getAllLeafColumns()
                .filter((column) => column.getCanHide())
                .map((column) => (
                  <Menu.Item key={column.id}>
                    <Checkbox
                      size="xs"
                      label={String(
                        column.columnDef.meta && (column.columnDef.meta as { label: string }).label,
                      )}
                      checked={column.getIsVisible()}
                      onChange={column.getToggleVisibilityHandler()}
                    />
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        {actions}
      </Group>
      {rules.length > 0 && (
        <Group gap={6} wrap="wrap">
          {rules.map((rule, index) => (
            <Badge
              key={`${rule.field}-${index}`}
              variant="outline"
              tt="none"
              size="lg"
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={`Remove filter ${ruleText(rule, fields)}`}
                  onClick={() => onRules(rules.filter((_, i) => i !== index))}
                >
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              {ruleText(rule, fields)}
            </Badge>
          ))}
          <Button size="compact-xs" variant="subtle" onClick={() => onRules([])}>
            Clear filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function SelectionBar({
  count,
  onDelete,
  onDuplicate,
  onBulkEdit,
  onClear,
  extra,
}: {
  count: number;
  onDelete?: (() => void) | undefined;
  onDuplicate?: (() => void) | undefined;
  onBulkEdit?: (() => void) | undefined;
  onClear: () => void;
  /** More actions on the selection (print, notify), before "Clear selection". */
  extra?: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <Group
      gap="xs"
      p="xs"
      bg="var(--mantine-color-blue-light)"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text size="sm" fw={500}>
        {count} selected
      </Text>
      {onBulkEdit && (
        <Button size="compact-sm" variant="white" leftSection={<IconPlus size={14} />} onClick={onBulkEdit}>
          Set a field
        </Button>
      )}
      {onDuplicate && (
        <Button size="compact-sm" variant="white" onClick={onDuplicate}>
          Duplicate
        </Button>
      )}
      {onDelete && (
        <Button size="compact-sm" color="red" variant="white" onClick={onDelete}>
          Delete
        </Button>
      )}
      {extra}
      <Button size="compact-sm" variant="subtle" onClick={onClear}>
        Clear selection
      </Button>
    </Group>
  );
}
