import {
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  AUTO_FIELD_TYPES,
  FIELD_FONTS,
  OPTION_FIELD_TYPES,
  SIGNATURE_FIELD_TYPES,
  type TField,
} from '@esigns/contracts/documents';
import { DateField } from '../../shared/ui/date-field';
import { ColorSelect, SelectionActions } from './field-controls';
import { useEditor } from './editor-context';
import { FIELD_META, TEXT_STYLE_TYPES, TYPED_TYPES } from './field-catalogue';
import { FIELD_ICONS } from './field-icons';
import type { FieldPatch } from './layout-reducer';
import { OptionsEditor } from './options-editor';
import { PositionInputs } from './position-inputs';
import { recipientName } from './recipient-labels';

function numberOrUndefined(value: number | string): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isValidPattern(pattern: string | undefined): boolean {
  if (!pattern) return true;
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Recipient choice with colour swatches (fields of one or several selected fields). */
export function RecipientSelect({
  value,
  onChange,
  placeholder = 'Choose a recipient',
}: {
  value: string | null;
  onChange: (key: string) => void;
  placeholder?: string;
}) {
  const { layout, colorOf } = useEditor();
  return (
    <ColorSelect
      label="Assigned to"
      data={layout.document_users.map((r, i) => ({ value: r.key, label: recipientName(r, i) }))}
      value={value}
      placeholder={placeholder}
      colorOf={colorOf}
      onChange={(key) => key && onChange(key)}
    />
  );
}

/** Everything about one selected field. */
export function FieldProperties({
  field,
  onDuplicate,
  onDelete,
}: {
  field: TField;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { edit } = useEditor();
  const Icon = FIELD_ICONS[field.type];
  const set = (patch: FieldPatch, prop: string) =>
    edit({ type: 'updateFields', keys: [field.key], patch }, { coalesce: `${field.key}:${prop}` });
  const setValidation = (patch: Partial<TField['validation']>, prop: string) =>
    set({ validation: { ...field.validation, ...patch } }, `validation.${prop}`);
  const isTyped = TYPED_TYPES.includes(field.type);
  const isAuto = AUTO_FIELD_TYPES.includes(field.type);
  const isSignature = SIGNATURE_FIELD_TYPES.includes(field.type);
  const hasOptions = OPTION_FIELD_TYPES.includes(field.type);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Icon size={18} stroke={1.7} />
          <Text fw={600}>{FIELD_META[field.type].label}</Text>
        </Group>
        <SelectionActions noun="field" onDuplicate={onDuplicate} onDelete={onDelete} />
      </Group>

      <RecipientSelect
        value={field.recipient_key}
        onChange={(key) => set({ recipient_key: key }, 'recipient')}
      />
      <TextInput
        label="Label"
        description="Shown to the signer and in the completed data"
        placeholder={FIELD_META[field.type].label}
        maxLength={200}
        value={field.label}
        onChange={(e) => set({ label: e.currentTarget.value }, 'label')}
      />
      {(isTyped || field.type === 'DROPDOWN') && (
        <TextInput
          label="Placeholder"
          maxLength={200}
          value={field.placeholder}
          onChange={(e) => set({ placeholder: e.currentTarget.value }, 'placeholder')}
        />
      )}
      <Group gap="lg">
        <Switch
          label="Required"
          checked={field.required}
          onChange={(e) => set({ required: e.currentTarget.checked }, 'required')}
        />
        {!isSignature && !isAuto && field.type !== 'IMAGE' && (
          <Switch
            label="Read-only"
            checked={field.read_only}
            onChange={(e) => set({ read_only: e.currentTarget.checked }, 'read_only')}
          />
        )}
      </Group>

      {hasOptions && (
        <OptionsEditor options={field.options} onChange={(options, key) => set({ options }, key)} />
      )}

      {field.type === 'TEXT' && (
        <TextInput
          label="Default value"
          maxLength={5000}
          value={field.default_value}
          onChange={(e) => set({ default_value: e.currentTarget.value }, 'default')}
        />
      )}
      {field.type === 'NUMBER' && (
        <NumberInput
          label="Default value"
          value={field.default_value === '' ? '' : Number(field.default_value)}
          onChange={(v) => set({ default_value: v === '' ? '' : String(v) }, 'default')}
        />
      )}
      {field.type === 'DATE' && (
        <DateField
          label="Default value"
          value={field.default_value}
          onChange={(value) => set({ default_value: value }, 'default')}
        />
      )}
      {field.type === 'CHECKBOX' && (
        <Switch
          label="Checked by default"
          checked={field.default_value === 'true'}
          onChange={(e) => set({ default_value: e.currentTarget.checked ? 'true' : '' }, 'default')}
        />
      )}
      {hasOptions && (
        <Select
          label="Default choice"
          placeholder="None"
          clearable
          data={[...new Set(field.options.filter((o) => o.trim()))]}
          value={field.options.includes(field.default_value) ? field.default_value : null}
          onChange={(v) => set({ default_value: v ?? '' }, 'default')}
          comboboxProps={{ withinPortal: true }}
        />
      )}

      {TEXT_STYLE_TYPES.includes(field.type) && (
        <SimpleGrid cols={2} spacing="xs">
          <Select
            label="Font"
            data={[...FIELD_FONTS]}
            value={field.font.family}
            allowDeselect={false}
            onChange={(v) =>
              v && set({ font: { ...field.font, family: v as TField['font']['family'] } }, 'font')
            }
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label="Size"
            min={6}
            max={72}
            suffix=" pt"
            value={field.font.size}
            onChange={(v) => {
              const size = numberOrUndefined(v);
              if (size !== undefined && size >= 6 && size <= 72)
                set({ font: { ...field.font, size } }, 'font.size');
            }}
          />
        </SimpleGrid>
      )}

      {(field.type === 'NUMBER' || field.type === 'TEXT') && (
        <>
          <Divider label="Validation" labelPosition="left" />
          {field.type === 'NUMBER' ? (
            <SimpleGrid cols={2} spacing="xs">
              <NumberInput
                label="Minimum"
                value={field.validation.min ?? ''}
                onChange={(v) => setValidation({ min: numberOrUndefined(v) }, 'min')}
                error={
                  field.validation.min !== undefined &&
                  field.validation.max !== undefined &&
                  field.validation.min > field.validation.max
                    ? 'Above the maximum'
                    : undefined
                }
              />
              <NumberInput
                label="Maximum"
                value={field.validation.max ?? ''}
                onChange={(v) => setValidation({ max: numberOrUndefined(v) }, 'max')}
              />
            </SimpleGrid>
          ) : (
            <>
              <SimpleGrid cols={2} spacing="xs">
                <NumberInput
                  label="Min length"
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  value={field.validation.min_length ?? ''}
                  onChange={(v) => setValidation({ min_length: numberOrUndefined(v) }, 'min_length')}
                />
                <NumberInput
                  label="Max length"
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  value={field.validation.max_length ?? ''}
                  onChange={(v) => {
                    const n = numberOrUndefined(v);
                    setValidation({ max_length: n && n > 0 ? n : undefined }, 'max_length');
                  }}
                />
              </SimpleGrid>
              <TextInput
                label="Pattern"
                description="A regular expression the answer must match"
                placeholder="^[A-Z]{2}[0-9]{6}$"
                maxLength={500}
                value={field.validation.pattern ?? ''}
                error={isValidPattern(field.validation.pattern) ? undefined : 'Not a valid pattern'}
                onChange={(e) => setValidation({ pattern: e.currentTarget.value || undefined }, 'pattern')}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            </>
          )}
          <TextInput
            label="Error message"
            placeholder="Shown when the answer is not valid"
            maxLength={200}
            value={field.validation.message ?? ''}
            onChange={(e) => setValidation({ message: e.currentTarget.value || undefined }, 'message')}
          />
        </>
      )}

      <Divider label="Position" labelPosition="left" />
      <PositionInputs field={field} />
      <Text size="xs" c="dimmed">
        Page {field.page} · points from the top-left corner
      </Text>
    </Stack>
  );
}
