import { CheckIcon, ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import { PEN_COLORS, type PenColor } from './mark-render';

/** The ink colours as a radio group of swatches. */
export function PenColorPicker({
  value,
  onChange,
}: {
  value: PenColor;
  onChange: (color: PenColor) => void;
}) {
  return (
    <Group gap="xs" role="radiogroup" aria-label="Ink colour">
      <Text size="sm" fw={500}>
        Ink
      </Text>
      {PEN_COLORS.map((color) => {
        const isChecked = color.value === value;
        return (
          <Tooltip key={color.value} label={color.label}>
            <ColorSwatch
              component="button"
              type="button"
              color={color.value}
              size={26}
              role="radio"
              aria-checked={isChecked}
              aria-label={color.label}
              onClick={() => onChange(color.value)}
              style={{ cursor: 'pointer', color: '#fff' }}
            >
              {isChecked && <CheckIcon size={12} />}
            </ColorSwatch>
          </Tooltip>
        );
      })}
    </Group>
  );
}
