import { Chip, Group, NativeSelect, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import {
  BARCODE_FORMATS,
  FORMULA_RESULT_TYPES,
  NUMERIC_FIELD_TYPES,
} from '@esigns/contracts/nocode-field-types';
import type { TFieldOption } from '@esigns/contracts/nocode-fields';
import { PayAccountSetting } from '../../pay-buttons/pay-account-setting';
import { OptionsEditor } from './options-editor';
import {
  AggregateReferenceSettings,
  EntityReferenceSettings,
  GlobalVariableReferenceSettings,
} from './reference-settings';
import {
  CURRENCY_CODES,
  CountryCodeSetting,
  NumberSetting,
  TextSetting,
  problemsUnder,
  type Patch,
  type Problems,
} from './setting-inputs';

export type TypeSettingsProps = {
  /** The field (or data table column) as edited. */
  field: Record<string, unknown> & { type: string; key: string };
  patch: Patch;
  problems: Problems;
  /** The other fields of the template: formulas and pay buttons pick from them. */
  siblings: readonly Sibling[];
};

type Sibling = { key: string; label: string; type: string; columns?: readonly Sibling[] };

/** What a formula can insert: numeric fields as `{key}`, numeric table columns summed. */
function formulaInserts(siblings: readonly Sibling[], self: string): { label: string; text: string }[] {
  const isNumeric = (s: Sibling) => NUMERIC_FIELD_TYPES.includes(s.type as never);
  return siblings.flatMap((s) => {
    if (s.key === self) return [];
    if (isNumeric(s)) return [{ label: s.label, text: `{${s.key}}` }];
    if (s.type !== 'DATA_TABLE') return [];
    return (s.columns ?? [])
      .filter(isNumeric)
      .map((c) => ({ label: `Σ ${c.label} (${s.label})`, text: `SUM({${s.key}.${c.key}})` }));
  });
}

function SelectSetting({
  label,
  name,
  data,
  values,
  patch,
  problems,
  optional,
}: {
  label: string;
  name: string;
  data: readonly string[] | { value: string; label: string }[];
  values: Record<string, unknown>;
  patch: Patch;
  problems: Problems;
  optional?: boolean;
}) {
  const items = data.map((item) => (typeof item === 'string' ? { value: item, label: item } : item));
  const value = values[name];
  return (
    <NativeSelect
      size="xs"
      label={label}
      data={optional ? [{ value: '', label: '—' }, ...items] : items}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => patch({ [name]: event.currentTarget.value || undefined })}
      error={problems[name]}
    />
  );
}

/** The settings of the field's own type (bounds, options, formula...), edited in place. */
const DATE_HINT = 'YYYY-MM-DD or TODAY';

/** The earliest and latest allowed values, side by side. */
function EarliestLatest({
  names: [min, max],
  placeholders,
  ...props
}: {
  names: [string, string];
  /** One for both, or one each. */
  placeholders: string | [string, string];
  values: Record<string, unknown>;
  patch: Patch;
  problems: Problems;
}) {
  const [minHint, maxHint] = typeof placeholders === 'string' ? [placeholders, placeholders] : placeholders;
  return (
    <Group grow gap="xs">
      <TextSetting label="Earliest" name={min} placeholder={minHint} {...props} />
      <TextSetting label="Latest" name={max} placeholder={maxHint} {...props} />
    </Group>
  );
}

export function TypeSettings({ field, patch, problems, siblings }: TypeSettingsProps) {
  const props = { values: field, patch, problems };
  const refProps = { field, patch, problems };
  const inserts = formulaInserts(siblings, field.key);
  const numeric = siblings.filter(
    (s) => s.key !== field.key && NUMERIC_FIELD_TYPES.includes(s.type as never),
  );
  switch (field.type) {
    case 'SINGLE_LINE_TEXT':
    case 'MULTI_LINE_TEXT':
    case 'RICH_TEXT':
      return (
        <Stack gap="xs">
          <Group grow gap="xs">
            <NumberSetting label="Min length" name="min_length" integer min={0} {...props} />
            <NumberSetting label="Max length" name="max_length" integer min={1} {...props} />
          </Group>
          {field.type === 'SINGLE_LINE_TEXT' && (
            <>
              <TextSetting
                label="Pattern"
                name="pattern"
                placeholder="e.g. [A-Z]{5}\d{4}[A-Z]"
                description="A regular expression the whole value must match"
                {...props}
              />
              <TextSetting
                label="Pattern message"
                name="pattern_message"
                placeholder="Shown when the pattern does not match"
                {...props}
              />
            </>
          )}
          {field.type === 'MULTI_LINE_TEXT' && (
            <NumberSetting label="Rows shown" name="rows" integer min={2} max={30} {...props} />
          )}
          <TextSetting label="Default value" name="default_value" {...props} />
        </Stack>
      );
    case 'NUMBER':
    case 'CURRENCY':
    case 'PERCENTAGE':
      return (
        <Stack gap="xs">
          {field.type === 'CURRENCY' && (
            <SelectSetting label="Currency" name="currency" data={CURRENCY_CODES} {...props} />
          )}
          <Group grow gap="xs">
            <NumberSetting label="Minimum" name="min" {...props} />
            <NumberSetting label="Maximum" name="max" {...props} />
          </Group>
          <NumberSetting
            label="Decimal places"
            name="decimals"
            integer
            min={0}
            max={field.type === 'NUMBER' ? 10 : 4}
            {...props}
          />
          <NumberSetting label="Default value" name="default_value" {...props} />
        </Stack>
      );
    case 'DATE':
      return (
        <Stack gap="xs">
          <EarliestLatest names={['min_date', 'max_date']} placeholders={DATE_HINT} {...props} />
          <TextSetting label="Default value" name="default_value" placeholder={DATE_HINT} {...props} />
        </Stack>
      );
    case 'TIME':
      return (
        <Stack gap="xs">
          <EarliestLatest names={['min_time', 'max_time']} placeholders="HH:mm" {...props} />
          <TextSetting label="Default value" name="default_value" placeholder="HH:mm" {...props} />
        </Stack>
      );
    case 'DATE_TIME':
      return (
        <EarliestLatest
          names={['min', 'max']}
          placeholders={['2025-01-31T09:00:00Z', '2025-12-31T18:00:00Z']}
          {...props}
        />
      );
    case 'YES_OR_NO':
    case 'CHECKBOX':
      return (
        <Stack gap="xs">
          {field.type === 'YES_OR_NO' && (
            <Group grow gap="xs">
              <TextSetting label="Yes label" name="yes_label" {...props} />
              <TextSetting label="No label" name="no_label" {...props} />
            </Group>
          )}
          <NativeSelect
            size="xs"
            label="Default value"
            data={[
              { value: '', label: 'None' },
              { value: 'true', label: field.type === 'CHECKBOX' ? 'Ticked' : 'Yes' },
              { value: 'false', label: field.type === 'CHECKBOX' ? 'Not ticked' : 'No' },
            ]}
            value={field.default_value === undefined ? '' : String(field.default_value)}
            onChange={(event) =>
              patch({
                default_value:
                  event.currentTarget.value === '' ? undefined : event.currentTarget.value === 'true',
              })
            }
          />
        </Stack>
      );
    case 'SELECT':
    case 'RADIO':
    case 'MULTI_SELECT': {
      const options = (field.options as TFieldOption[] | undefined) ?? [];
      return (
        <Stack gap="xs">
          <OptionsEditor
            options={options}
            onChange={(next) => patch({ options: next })}
            problems={{ ...problemsUnder(problems, 'options'), '': problems.options ?? '' }}
          />
          {field.type === 'MULTI_SELECT' ? (
            <Group grow gap="xs">
              <NumberSetting label="Choose at least" name="min_selected" integer min={0} {...props} />
              <NumberSetting label="Choose at most" name="max_selected" integer min={1} {...props} />
            </Group>
          ) : (
            <SelectSetting
              label="Default value"
              name="default_value"
              data={options.map((o) => ({ value: o.value, label: o.label || o.value }))}
              optional
              {...props}
            />
          )}
        </Stack>
      );
    }
    case 'EMAIL':
      return (
        <TagsInput
          size="xs"
          label="Allowed domains"
          description="Empty: any address"
          placeholder="example.com"
          value={(field.allowed_domains as string[] | undefined) ?? []}
          onChange={(next) => patch({ allowed_domains: next })}
          error={problems.allowed_domains ?? Object.values(problemsUnder(problems, 'allowed_domains'))[0]}
        />
      );
    case 'PHONE':
      return <CountryCodeSetting {...props} />;
    case 'FILE':
    case 'IMAGE':
      return (
        <Stack gap="xs">
          <TagsInput
            size="xs"
            label="Allowed types"
            description=".pdf, image/*, application/pdf… Empty: any"
            value={(field.allowed_file_types as string[] | undefined) ?? []}
            onChange={(next) => patch({ allowed_file_types: next })}
            error={
              problems.allowed_file_types ?? Object.values(problemsUnder(problems, 'allowed_file_types'))[0]
            }
          />
          <Group grow gap="xs">
            <NumberSetting label="Max size (MB)" name="max_size_mb" min={1} max={50} {...props} />
            <NumberSetting label="Max files" name="max_files" integer min={1} max={20} {...props} />
          </Group>
        </Stack>
      );
    case 'ENTITY':
      return <EntityReferenceSettings {...refProps} />;
    case 'AUTO_INCREMENT':
      return (
        <Stack gap="xs">
          <TextSetting label="Prefix" name="prefix" optional={false} placeholder="INV-" {...props} />
          <Group grow gap="xs">
            <NumberSetting label="Start at" name="start" integer min={0} {...props} />
            <NumberSetting label="Digits" name="padding" integer min={0} max={12} {...props} />
          </Group>
        </Stack>
      );
    case 'FORMULA':
      return (
        <Stack gap="xs">
          <Textarea
            size="xs"
            label="Formula"
            resize="vertical"
            rows={2}
            placeholder="{price} * {quantity}"
            value={typeof field.expression === 'string' ? field.expression : ''}
            onChange={(event) => patch({ expression: event.currentTarget.value })}
            error={problems.expression}
            description="+ - * / ^, ROUND(x, 2), SUM, MIN, MAX, AVG, COUNT, IF(test, a, b)"
          />
          {inserts.length > 0 && (
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                Insert:
              </Text>
              {inserts.map((insert) => (
                <Chip
                  key={insert.text}
                  size="xs"
                  checked={false}
                  onChange={() =>
                    patch({
                      expression: `${typeof field.expression === 'string' ? field.expression : ''}${insert.text}`,
                    })
                  }
                >
                  {insert.label}
                </Chip>
              ))}
            </Group>
          )}
          <Group grow gap="xs">
            <SelectSetting label="Result" name="result_type" data={FORMULA_RESULT_TYPES} {...props} />
            <NumberSetting label="Decimal places" name="decimals" integer min={0} max={10} {...props} />
          </Group>
          {field.result_type === 'CURRENCY' && (
            <SelectSetting label="Currency" name="currency" data={CURRENCY_CODES} {...props} />
          )}
        </Stack>
      );
    case 'AGGREGATE':
      return <AggregateReferenceSettings {...refProps} />;
    case 'GLOBAL_VARIABLE':
      return <GlobalVariableReferenceSettings {...refProps} />;
    case 'PAY_BUTTON':
      return (
        <Stack gap="xs">
          <Group grow gap="xs">
            <NumberSetting label="Fixed amount" name="amount" min={0} {...props} />
            <SelectSetting
              label="Or the amount in"
              name="amount_field"
              optional
              data={numeric.map((s) => ({ value: s.key, label: s.label }))}
              {...props}
            />
          </Group>
          <Group grow gap="xs">
            <SelectSetting label="Currency" name="currency" data={CURRENCY_CODES} {...props} />
            <TextSetting label="Button label" name="button_label" optional={false} {...props} />
          </Group>
          <TextSetting label="Description" name="description" optional={false} {...props} />
          <PayAccountSetting {...props} />
        </Stack>
      );
    case 'BARCODE':
      return (
        <Stack gap="xs">
          <SelectSetting label="Format" name="format" data={BARCODE_FORMATS} {...props} />
          <TextSetting label="Default value" name="default_value" {...props} />
        </Stack>
      );
    default:
      return (
        <Text size="xs" c="dimmed">
          No other settings.
        </Text>
      );
  }
}
