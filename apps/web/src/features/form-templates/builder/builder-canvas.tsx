import type { RefObject } from 'react';
import { ActionIcon, Badge, Box, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { IconAlertTriangle, IconEyeOff, IconGripVertical, IconTrash } from '@tabler/icons-react';
import {
  FORM_FIELD_TYPE_INFO,
  GRID_COLUMNS,
  type TFormFieldType,
} from '@esigns/contracts/nocode-field-types';
import type { BuilderAction, BuilderItem, BuilderState } from './builder-state';

/** Height of one grid row on the canvas, and the gap between rows (px). */
export const ROW_HEIGHT = 64;
export const ROW_GAP = 8;
export const CANVAS_ID = 'canvas';

function FieldCard({
  item,
  isSelected,
  problemCount,
  dispatch,
}: {
  item: BuilderItem;
  isSelected: boolean;
  problemCount: number;
  dispatch: (action: BuilderAction) => void;
}) {
  const { field, uid } = item;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `field:${uid}`,
    data: { kind: 'field', uid },
  });
  const info = FORM_FIELD_TYPE_INFO[field.type as TFormFieldType];
  return (
    <Box
      ref={setNodeRef}
      data-testid="builder-field"
      data-key={field.key}
      style={{
        gridColumn: `${field.layout.x + 1} / span ${field.layout.w}`,
        gridRow: `${field.layout.y + 1} / span ${field.layout.h}`,
        transform: CSS.Translate.toString(transform),
        zIndex: isDragging ? 20 : undefined,
        opacity: isDragging ? 0.85 : 1,
        minWidth: 0,
      }}
    >
      <Group
        h="100%"
        gap={4}
        wrap="nowrap"
        align="stretch"
        style={{
          border: `1px solid var(--mantine-color-${problemCount > 0 ? 'red-5' : isSelected ? 'blue-5' : 'gray-3'})`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: isSelected ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-body)',
          boxShadow: isSelected ? '0 0 0 2px var(--mantine-color-blue-2)' : undefined,
        }}
      >
        <Box
          {...attributes}
          {...listeners}
          aria-label={`Move ${field.label}`}
          px={2}
          style={{ cursor: 'grab', display: 'flex', alignItems: 'center', touchAction: 'none' }}
        >
          <IconGripVertical size={14} color="var(--mantine-color-gray-5)" />
        </Box>
        <UnstyledButton
          style={{ flex: 1, minWidth: 0, textAlign: 'left' }}
          py={6}
          onClick={() => dispatch({ type: 'select', uid })}
          aria-pressed={isSelected}
          aria-label={`${field.label} (${info?.label ?? field.type})`}
        >
          <Stack gap={2}>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={500} truncate="end">
                {field.label || 'Untitled'}
              </Text>
              {field.required && (
                <Text span c="red" size="sm">
                  *
                </Text>
              )}
              {field.visibility && (
                <Tooltip label="Shown only when its rules hold">
                  <IconEyeOff size={13} color="var(--mantine-color-gray-6)" />
                </Tooltip>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <Badge size="xs" variant="light" color="gray">
                {info?.label ?? field.type}
              </Badge>
              <Text size="xs" c="dimmed" truncate="end">
                {field.key}
              </Text>
            </Group>
          </Stack>
        </UnstyledButton>
        <Stack gap={0} justify="space-between" py={4} pr={4}>
          {problemCount > 0 ? (
            <Tooltip label={`${problemCount} ${problemCount === 1 ? 'problem' : 'problems'}`}>
              <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-label="Has problems" />
            </Tooltip>
          ) : (
            <span />
          )}
          <ActionIcon
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${field.label}`}
            onClick={() => dispatch({ type: 'remove', uid })}
          >
            <IconTrash size={12} />
          </ActionIcon>
        </Stack>
      </Group>
    </Box>
  );
}

export type BuilderCanvasProps = {
  state: BuilderState;
  problems: Map<string, Record<string, string>>;
  dispatch: (action: BuilderAction) => void;
  gridRef: RefObject<HTMLDivElement | null>;
};

/** The 12-column grid fields are dropped on, moved around and selected in. */
export function BuilderCanvas({ state, problems, dispatch, gridRef }: BuilderCanvasProps) {
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  const rows = Math.max(6, ...state.items.map((item) => item.field.layout.y + item.field.layout.h)) + 2;
  return (
    <Box
      ref={setNodeRef}
      p="sm"
      style={{
        border: `1px dashed var(--mantine-color-${isOver ? 'blue-5' : 'gray-4'})`,
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-gray-0)',
        minHeight: 320,
      }}
    >
      <Box
        ref={gridRef}
        data-testid="builder-grid"
        style={{
          position: 'relative',
          display: 'grid',
          gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${rows}, ${ROW_HEIGHT}px)`,
          gap: ROW_GAP,
          backgroundImage: 'linear-gradient(to right, var(--mantine-color-gray-2) 1px, transparent 1px)',
          backgroundSize: `calc((100% + ${ROW_GAP}px) / ${GRID_COLUMNS}) 100%`,
        }}
      >
        {state.items.map((item) => (
          <FieldCard
            key={item.uid}
            item={item}
            isSelected={state.selected === item.uid}
            problemCount={Object.keys(problems.get(item.uid) ?? {}).length}
            dispatch={dispatch}
          />
        ))}
        {state.items.length === 0 && (
          <Box
            style={{
              gridColumn: '1 / -1',
              gridRow: '2 / span 2',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Text c="dimmed" size="sm">
              Drag field types here, or click them in the palette.
            </Text>
          </Box>
        )}
      </Box>
    </Box>
  );
}
