import {
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  SegmentedControl,
  Select,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { TFormFieldOf, TValueField } from '@esigns/contracts/nocode-fields';
import { RecordFileInput } from '../../entities/record-files';
import { DateField } from '../../../shared/ui/date-field';
import { DateTimeField, TimeField } from '../../../shared/ui/date-time-field';
import { PercentageInput } from '../../../shared/ui/percentage-input';
import { PayButtonField } from '../../pay-buttons/pay-button-field';
import { DataTableInput } from './data-table-input';
import { LabelledBlock, LocationInput, SignatureInput, computedText } from './input-parts';

/*
 * One input per field type, as records and previews show them. Values are kept as people type
 * them (text for numbers, ISO strings for dates...) and normalised by the shared validator.
 */

export type FieldInputProps = {
  field: TValueField;
  value: unknown;
  /** The value the validator computed (formulas) or normalised. */
  computed?: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  /** Errors of nested values (data table cells, files) by path below the field (`0.qty`). */
  nestedErrors?: Record<string, string>;
  /** Label shown above the input; tables show labels in their header instead. */
  withLabel?: boolean;
};

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const options = (field: TFormFieldOf<'SELECT' | 'RADIO' | 'MULTI_SELECT'>) =>
  field.options.map((o) => ({ value: o.value, label: o.label || o.value }));

/** The wall-clock `YYYY-MM-DDTHH:mm` of an ISO instant (as `DateTimeField` keeps it), and back. */
const toLocalInput = (iso: unknown): string => {
  if (typeof iso !== 'string' || Number.isNaN(Date.parse(iso))) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (local: string): string => (local ? new Date(local).toISOString() : '');

/** The input of one field, with its label, help text and first error. */
export function FieldInput({
  field,
  value,
  computed,
  onChange,
  error,
  nestedErrors = {},
  withLabel = true,
}: FieldInputProps) {
  const common = {
    label: withLabel ? field.label : undefined,
    'aria-label': withLabel ? undefined : field.label,
    description: withLabel && field.help_text ? field.help_text : undefined,
    placeholder: field.placeholder || undefined,
    required: field.required,
    error,
    disabled: field.read_only,
  };
  switch (field.type) {
    case 'SINGLE_LINE_TEXT':
    case 'BARCODE':
      return <TextInput {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'EMAIL':
      return (
        <TextInput
          {...common}
          type="email"
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'PHONE':
      return (
        <TextInput
          {...common}
          type="tel"
          placeholder={field.placeholder || `+${field.default_country_code} …`}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'URL':
      return (
        <TextInput
          {...common}
          type="url"
          placeholder={field.placeholder || 'https://'}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'MULTI_LINE_TEXT':
    case 'RICH_TEXT':
      return (
        <Textarea
          {...common}
          resize="vertical"
          rows={field.type === 'MULTI_LINE_TEXT' ? field.rows : 4}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'NUMBER':
    case 'CURRENCY':
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          leftSection={
            field.type === 'CURRENCY' ? (
              <Text size="xs" c="dimmed">
                {field.currency}
              </Text>
            ) : undefined
          }
          leftSectionWidth={field.type === 'CURRENCY' ? 44 : undefined}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'PERCENTAGE':
      return (
        <PercentageInput
          {...common}
          min={field.min}
          max={field.max}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
        />
      );
    case 'DATE':
      return <DateField {...common} value={text(value)} onChange={onChange} />;
    case 'TIME':
      return <TimeField {...common} value={text(value)} onChange={onChange} />;
    case 'DATE_TIME':
      // The user's date format and HH:mm; the value stays an ISO instant (ARCHITECTURE.md "Dates").
      return (
        <DateTimeField
          {...common}
          value={toLocalInput(value)}
          onChange={(local) => onChange(fromLocalInput(local))}
        />
      );
    case 'YES_OR_NO':
      return (
        <LabelledBlock field={field} error={error} withLabel={withLabel}>
          <SegmentedControl
            aria-label={field.label}
            disabled={field.read_only}
            data={[
              { value: 'true', label: field.yes_label },
              { value: 'false', label: field.no_label },
            ]}
            value={value === true ? 'true' : value === false ? 'false' : ''}
            onChange={(next) => onChange(next === 'true')}
          />
        </LabelledBlock>
      );
    case 'CHECKBOX':
      return (
        <Checkbox
          label={field.label}
          aria-label={field.label}
          description={common.description}
          error={error}
          disabled={field.read_only}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'SELECT':
      return (
        <Select
          {...common}
          data={options(field)}
          clearable
          searchable
          value={text(value) || null}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    case 'RADIO':
      return (
        <Radio.Group
          label={common.label}
          description={common.description}
          required={field.required}
          error={error}
          value={text(value)}
          onChange={onChange}
        >
          <Group gap="md" mt={4}>
            {options(field).map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={field.read_only} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'MULTI_SELECT':
      return (
        <MultiSelect
          {...common}
          data={options(field)}
          searchable
          clearable
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
        />
      );
    case 'FILE':
    case 'IMAGE':
      return (
        <RecordFileInput
          field={field}
          value={value}
          onChange={onChange}
          label={common.label}
          description={common.description}
          error={error}
          nestedErrors={nestedErrors}
        />
      );
    case 'SIGNATURE':
      return (
        <LabelledBlock field={field} error={error} withLabel={withLabel}>
          <SignatureInput label={field.label} onChange={onChange} />
        </LabelledBlock>
      );
    case 'ENTITY':
      // A preview: record forms show the real picker (`RecordPicker` of features/entities).
      return field.allow_multiple ? (
        <MultiSelect
          {...common}
          data={[]}
          disabled
          placeholder="Pick records of the linked entity"
          nothingFoundMessage="No records yet"
        />
      ) : (
        <Select
          {...common}
          data={[]}
          disabled
          placeholder="Pick a record of the linked entity"
          nothingFoundMessage="No records yet"
        />
      );
    case 'LOCATION':
      return (
        <LocationInput field={field} value={value} onChange={onChange} error={error} withLabel={withLabel} />
      );
    case 'DATA_TABLE':
      return (
        <DataTableInput
          field={field}
          value={value}
          computed={computed}
          onChange={onChange}
          error={error}
          nestedErrors={nestedErrors}
        />
      );
    case 'PAY_BUTTON':
      return <PayButtonField field={field} />;
    case 'FORMULA':
    case 'AUTO_INCREMENT':
    case 'AGGREGATE':
    case 'GLOBAL_VARIABLE':
      return (
        <TextInput
          label={common.label}
          description={common.description}
          readOnly
          value={computedText(field, computed)}
          data-testid={`computed-${field.key}`}
        />
      );
    default: {
      const exhaustive: never = field;
      return exhaustive;
    }
  }
}
