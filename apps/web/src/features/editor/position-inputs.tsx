import { NumberInput, SimpleGrid } from '@mantine/core';
import type { TField } from '@esigns/contracts/documents';
import { useEditor } from './editor-context';

type Side = 'x' | 'y' | 'width' | 'height';
const LABELS: Record<Side, string> = { x: 'X', y: 'Y', width: 'Width', height: 'Height' };

/** The field's box in points; values are kept inside the page. */
export function PositionInputs({ field }: { field: TField }) {
  const { edit, pages } = useEditor();
  const change = (side: Side, value: number | string) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return;
    const rect = { x: field.x, y: field.y, width: field.width, height: field.height, [side]: value };
    edit(
      {
        type: 'setFieldRect',
        key: field.key,
        rect,
        how: side === 'x' || side === 'y' ? 'move' : 'resize',
        pages,
      },
      { coalesce: `${field.key}:rect.${side}` },
    );
  };
  return (
    <SimpleGrid cols={4} spacing={6}>
      {(['x', 'y', 'width', 'height'] as const).map((side) => (
        <NumberInput
          key={side}
          size="xs"
          label={LABELS[side]}
          hideControls
          decimalScale={2}
          min={0}
          value={field[side]}
          onChange={(v) => change(side, v)}
        />
      ))}
    </SimpleGrid>
  );
}
