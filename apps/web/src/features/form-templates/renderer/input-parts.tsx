import { useRef, type ReactNode } from 'react';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import type { TFormFieldOf, TValueField } from '@esigns/contracts/nocode-fields';
import { formatCurrency } from '../../../shared/format/currency';
import { DrawPad, exportDrawing, type DrawHandle } from '../../../shared/ui/mark-editor/draw-pad';

/** Pieces of the inputs that are more than one Mantine input (see field-input.tsx). */

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A field's label, with a red star when it is required. */
export function FieldLabel({ field }: { field: Pick<TValueField, 'label' | 'required'> }) {
  return (
    <Text size="sm" fw={500}>
      {field.label}
      {field.required && (
        <Text span c="red">
          {' '}
          *
        </Text>
      )}
    </Text>
  );
}

/** A label with the required star, the content, then the first error. */
export function LabelledBlock({
  field,
  error,
  withLabel,
  children,
}: {
  field: TValueField;
  error?: string | undefined;
  withLabel: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      {withLabel && <FieldLabel field={field} />}
      {children}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** SIGNATURE: drawn on a pad; the value is the PNG data URL of the ink, or null once cleared. */
export function SignatureInput({ label, onChange }: { label: string; onChange: (value: unknown) => void }) {
  const padRef = useRef<DrawHandle | null>(null);
  return (
    <DrawPad
      padRef={padRef}
      penColor="#1a1b1e"
      height={140}
      label={label}
      onInkChange={(hasInk) => onChange(hasInk ? exportDrawing(padRef.current) : null)}
    />
  );
}

/** LOCATION: latitude, longitude and an optional address. */
export function LocationInput({
  field,
  value,
  onChange,
  error,
  withLabel,
}: {
  field: TFormFieldOf<'LOCATION'>;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  withLabel: boolean;
}) {
  const place = (value ?? {}) as { lat?: unknown; lng?: unknown; address?: unknown };
  const set = (patch: Record<string, unknown>) => onChange({ ...place, ...patch });
  const num = (raw: string) => (raw.trim() === '' ? undefined : Number(raw));
  return (
    <LabelledBlock field={field} error={error} withLabel={withLabel}>
      <Group grow gap="xs">
        <TextInput
          aria-label={`${field.label} latitude`}
          placeholder="Latitude"
          inputMode="decimal"
          value={text(place.lat)}
          onChange={(e) => set({ lat: num(e.currentTarget.value) })}
        />
        <TextInput
          aria-label={`${field.label} longitude`}
          placeholder="Longitude"
          inputMode="decimal"
          value={text(place.lng)}
          onChange={(e) => set({ lng: num(e.currentTarget.value) })}
        />
      </Group>
      <TextInput
        aria-label={`${field.label} address`}
        placeholder="Address (optional)"
        value={text(place.address)}
        onChange={(e) => set({ address: e.currentTarget.value })}
      />
    </LabelledBlock>
  );
}

/** What a computed field shows: the formula's result, or how the value will come. */
export function computedText(field: TValueField, computed: unknown): string {
  if (field.type === 'AUTO_INCREMENT') {
    return `${field.prefix}${String(field.start).padStart(field.padding, '0')}… (numbered when saved)`;
  }
  if (field.type === 'AGGREGATE') return 'Computed from related records';
  if (field.type === 'GLOBAL_VARIABLE') return 'The global variable\u2019s value';
  if (computed === null || computed === undefined) return '—';
  if (field.type === 'FORMULA' && typeof computed === 'number') {
    if (field.result_type === 'CURRENCY') return formatCurrency(computed, field.currency);
    if (field.result_type === 'PERCENTAGE') return `${computed}%`;
  }
  return String(computed);
}
