import { useState, type ComponentPropsWithoutRef } from 'react';
import { Text, TextInput } from '@mantine/core';
import { parsePercentage, sanitisePercentageText } from '../format/percentage';

type TextInputProps = ComponentPropsWithoutRef<typeof TextInput>;

export type PercentageInputProps = Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'rightSection' | 'type'
> & {
  value: number | null | undefined;
  onChange: (value: number) => void;
  /** Field attribute bounds (spec 1 §5), 0 and 100 by default. */
  min?: number;
  max?: number;
};

function toText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/**
 * A percentage field: while typing only digits and one decimal mark (dot or comma) stay; the
 * value reported is clamped to [min, max] (non-numeric gives the minimum); on blur the text
 * shows the clamped value. A trailing % is always displayed.
 */
export function PercentageInput({
  value,
  onChange,
  min = 0,
  max = 100,
  onBlur,
  ...rest
}: PercentageInputProps) {
  // While focused the field shows what the user types; otherwise it shows the value.
  const [text, setText] = useState('');
  const [isEditing, setEditing] = useState(false);

  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={isEditing ? text : toText(value)}
      onFocus={(event) => {
        setText(toText(value));
        setEditing(true);
        rest.onFocus?.(event);
      }}
      onChange={(event) => {
        const cleaned = sanitisePercentageText(event.currentTarget.value);
        setText(cleaned);
        onChange(parsePercentage(cleaned, { min, max }));
      }}
      onBlur={(event) => {
        const parsed = parsePercentage(text, { min, max });
        setEditing(false);
        if (parsed !== value) onChange(parsed);
        onBlur?.(event);
      }}
      rightSection={
        <Text size="sm" c="dimmed" aria-hidden>
          %
        </Text>
      }
    />
  );
}
