import type { ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
  type useSortable,
} from '@dnd-kit/sortable';

/**
 * A list the user reorders by dragging (a pointer moved 4 px, or the keyboard: space, arrows,
 * space): `onMove(from, to)` gets the indexes of a drop. Each item calls `useSortable`.
 */
export function SortableList({
  ids,
  onMove,
  children,
}: {
  ids: readonly string[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export { arrayMove, useSortable } from '@dnd-kit/sortable';

/** The grip an item is dragged by (`handle` is what `useSortable` gives). */
export function DragHandle({
  label,
  handle,
}: {
  label: string;
  handle: Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners'>;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Drag ${label}`}
      style={{ cursor: 'grab' }}
      {...handle.attributes}
      {...handle.listeners}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
}

/** Up and down buttons: the same moves as dragging, one place at a time. */
export function MoveButtons({
  label,
  index,
  count,
  onMove,
  size = 16,
}: {
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  size?: number;
}) {
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${label} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <IconArrowUp size={size} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${label} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <IconArrowDown size={size} />
      </ActionIcon>
    </>
  );
}
