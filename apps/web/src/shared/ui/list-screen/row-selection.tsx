import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';

/** A row's key in lists: its `_id`. */
export const idOf = (row: unknown): string => (row as { _id: string })._id;

export type RowSelection<Row> = {
  /** The selected rows, in the order they were picked (they stay picked across pages). */
  selected: Row[];
  count: number;
  isSelected: (row: Row) => boolean;
  toggle: (row: Row) => void;
  /** Picks every row given, or drops them all when every one is picked already. */
  toggleAll: (rows: readonly Row[]) => void;
  clear: () => void;
};

/** Which rows of a list are ticked, by key (the row's `_id` unless told otherwise). */
export function useRowSelection<Row>(rowKey: (row: Row) => string = idOf): RowSelection<Row> {
  const [picked, setPicked] = useState<ReadonlyMap<string, Row>>(new Map());
  const isSelected = useCallback((row: Row) => picked.has(rowKey(row)), [picked, rowKey]);
  const toggle = useCallback(
    (row: Row) =>
      setPicked((current) => {
        const next = new Map(current);
        if (!next.delete(rowKey(row))) next.set(rowKey(row), row);
        return next;
      }),
    [rowKey],
  );
  const toggleAll = useCallback(
    (rows: readonly Row[]) =>
      setPicked((current) => {
        const next = new Map(current);
        const isAll = rows.every((row) => current.has(rowKey(row)));
        for (const row of rows) {
          if (isAll) next.delete(rowKey(row));
          else next.set(rowKey(row), row);
        }
        return next;
      }),
    [rowKey],
  );
  const clear = useCallback(() => setPicked(new Map()), []);
  return useMemo(
    () => ({ selected: [...picked.values()], count: picked.size, isSelected, toggle, toggleAll, clear }),
    [picked, isSelected, toggle, toggleAll, clear],
  );
}

/** Shown while rows are ticked: how many, the actions on them, and a way to untick them all. */
export function BulkActionBar<Row>({
  selection,
  children,
}: {
  selection: RowSelection<Row>;
  children: ReactNode;
}) {
  if (selection.count === 0) return null;
  return (
    <Group
      role="toolbar"
      aria-label="Actions on the selected rows"
      justify="space-between"
      wrap="wrap"
      gap="sm"
      px="md"
      py="xs"
      bg="blue.0"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Text size="sm" fw={500} aria-live="polite">
        {selection.count} selected
      </Text>
      <Group gap="xs" wrap="wrap">
        {children}
        <Button variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={selection.clear}>
          Clear selection
        </Button>
      </Group>
    </Group>
  );
}
