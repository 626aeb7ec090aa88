import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Box, Group, Menu, Text, Tooltip } from '@mantine/core';
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
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconEdit,
  IconFolderUp,
  IconFolderPlus,
  IconGripVertical,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { menuScreenOf, type TMenuArea } from '@esigns/contracts/menus';
import { NamedIcon } from '../../shared/ui/named-icon';
import { KIND_LABELS, useTargets } from './menu-item-dialog';
import {
  errorsOf,
  flatten,
  moveItem,
  moveToGroup,
  projectDepth,
  shiftItem,
  type DraftGroup,
  type DraftItem,
  type FlatItem,
} from './menu-tree';

const INDENT = 28;

export type MenuTreeEditorProps = {
  /** Whose menu: staff screens or the application area's (/ap). */
  area: TMenuArea;
  items: DraftItem[];
  onChange: (items: DraftItem[]) => void;
  onEdit: (key: string) => void;
  onAddToGroup: (groupKey: string) => void;
  onRemove: (key: string) => void;
  /** The 422 messages of the last save, by dotted key (`items.2.children.0.entity_id`). */
  fieldErrors: Record<string, string>;
};

/** What a leaf opens, in words: the screen, entity, view, template or dashboard name, or the address. */
function useTargetText(item: DraftItem, area: TMenuArea): string {
  const entities = useTargets('ENTITY', item.kind === 'ENTITY');
  const views = useTargets('ENTITY_VIEW', item.kind === 'ENTITY_VIEW');
  const templates = useTargets('FORM_TEMPLATE', item.kind === 'FORM_TEMPLATE');
  const dashboards = useTargets('DASHBOARD', item.kind === 'DASHBOARD');
  const nameIn = (list: ReturnType<typeof useTargets>, id: string | undefined) => {
    if (list.isPending) return 'Loading...';
    const found = list.data?.find((t) => t._id === id);
    if (found) return found.hint ? `${found.name} (${found.hint})` : found.name;
    return list.isError ? '' : 'Not found: deleted?';
  };
  switch (item.kind) {
    case 'ROUTE':
      return menuScreenOf(area, item.route ?? '')?.label ?? item.route ?? '';
    case 'ENTITY':
      return nameIn(entities, item.entity_id);
    case 'ENTITY_VIEW':
      return nameIn(views, item.entity_view_id);
    case 'FORM_TEMPLATE':
      return nameIn(templates, item.form_template_id);
    case 'DASHBOARD':
      return nameIn(dashboards, item.dashboard_id);
    case 'EXTERNAL_LINK':
      return item.url ?? '';
    default:
      return `${item.children.length} ${item.children.length === 1 ? 'item' : 'items'}`;
  }
}

type RowProps = {
  entry: FlatItem;
  depth: 0 | 1;
  items: DraftItem[];
  groups: DraftGroup[];
  groupKey: string | null;
  props: MenuTreeEditorProps;
};

function Row({ entry, depth, items, groups, groupKey, props }: RowProps) {
  const { item } = entry;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.key,
  });
  const errors = errorsOf(items, item.key, props.fieldErrors);
  const firstError = Object.values(errors)[0];
  const targetText = useTargetText(item, props.area);
  const isGroup = item.kind === 'GROUP';
  return (
    <Box
      ref={setNodeRef}
      role="listitem"
      data-testid="menu-row"
      data-key={item.key}
      data-depth={depth}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        marginLeft: depth * INDENT,
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
      }}
    >
      <Group
        gap="xs"
        wrap="nowrap"
        px="xs"
        py={6}
        mb={4}
        bg={isGroup ? 'gray.0' : 'white'}
        style={{
          border: `1px solid ${firstError ? 'var(--mantine-color-red-5)' : 'var(--mantine-color-gray-3)'}`,
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Drag ${item.label}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <NamedIcon name={item.icon} size={18} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={isGroup ? 600 : 500} truncate>
              {item.label}
            </Text>
            <Badge size="xs" variant="light" color={isGroup ? 'gray' : 'blue'}>
              {KIND_LABELS[item.kind]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {targetText}
          </Text>
          {firstError && (
            <Text size="xs" c="red" role="alert">
              {firstError}
            </Text>
          )}
        </Box>
        {isGroup && (
          <Tooltip label={`Add an item to ${item.label}`}>
            <ActionIcon
              variant="subtle"
              aria-label={`Add to ${item.label}`}
              onClick={() => props.onAddToGroup(item.key)}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <ActionIcon
          variant="subtle"
          aria-label={`Change ${item.label}`}
          onClick={() => props.onEdit(item.key)}
        >
          <IconEdit size={16} />
        </ActionIcon>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${item.label}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconArrowUp size={14} />}
              onClick={() => props.onChange(shiftItem(items, item.key, -1))}
            >
              Move up
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowDown size={14} />}
              onClick={() => props.onChange(shiftItem(items, item.key, 1))}
            >
              Move down
            </Menu.Item>
            {!isGroup &&
              groups
                .filter((g) => g.key !== groupKey)
                .map((g) => (
                  <Menu.Item
                    key={g.key}
                    leftSection={<IconFolderPlus size={14} />}
                    onClick={() => props.onChange(moveToGroup(items, item.key, g.key))}
                  >
                    Move into {g.label}
                  </Menu.Item>
                ))}
            {groupKey && (
              <Menu.Item
                leftSection={<IconFolderUp size={14} />}
                onClick={() => props.onChange(moveToGroup(items, item.key, null))}
              >
                Move out of the group
              </Menu.Item>
            )}
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => props.onRemove(item.key)}
            >
              Remove
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Box>
  );
}

/**
 * The menu as an editable tree: drag an item by its handle to reorder it; drag a link right, under
 * a group or one of its items, to put it in the group, and left to take it out (the keyboard works
 * too: space, arrows, space). Each row's menu moves items without dragging.
 */
export function MenuTreeEditor(props: MenuTreeEditorProps) {
  const { items, onChange } = props;
  const [drag, setDrag] = useState<{ active: string; over: string | null; offsetX: number } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const flat = useMemo(() => flatten(items), [items]);
  const groups = items.filter((i): i is DraftGroup => i.kind === 'GROUP');
  const activeEntry = drag ? flat.find((f) => f.key === drag.active) : undefined;
  // While a group is dragged its items travel with it (hidden from the list).
  const shown =
    activeEntry?.item.kind === 'GROUP'
      ? flat.filter((f) => f.depth === 0 || groupOf(flat, f) !== activeEntry.key)
      : flat;
  const projected = drag?.over ? projectDepth(flat, drag.active, drag.over, drag.offsetX, INDENT) : null;

  const end = (event: DragEndEvent) => {
    const over = event.over ? String(event.over.id) : null;
    const active = String(event.active.id);
    if (over)
      onChange(moveItem(items, active, over, projectDepth(flat, active, over, event.delta.x, INDENT)));
    setDrag(null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={(e) => setDrag({ active: String(e.active.id), over: String(e.active.id), offsetX: 0 })}
      onDragMove={(e) => setDrag((d) => (d ? { ...d, offsetX: e.delta.x } : d))}
      onDragOver={(e) => setDrag((d) => (d ? { ...d, over: e.over ? String(e.over.id) : null } : d))}
      onDragEnd={end}
      onDragCancel={() => setDrag(null)}
    >
      <SortableContext items={shown.map((f) => f.key)} strategy={verticalListSortingStrategy}>
        <div role="list" aria-label="Menu items">
          {shown.map((entry) => (
            <Row
              key={entry.key}
              entry={entry}
              depth={entry.key === drag?.active && projected !== null ? projected : entry.depth}
              items={items}
              groups={groups}
              groupKey={groupOf(flat, entry)}
              props={props}
            />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}

function groupOf(flat: readonly FlatItem[], entry: FlatItem): string | null {
  if (entry.depth === 0) return null;
  for (let i = flat.indexOf(entry) - 1; i >= 0; i -= 1) if (flat[i]!.depth === 0) return flat[i]!.key;
  return null;
}
