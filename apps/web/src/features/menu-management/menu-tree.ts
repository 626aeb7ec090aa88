import type { TMenu, TMenuItem, TMenuItemInput, TMenuItemKind, TMenuLeaf } from '@esigns/contracts/menus';

/*
 * The menu editor's model: the items of one user type's menu as the API takes them, every item
 * with its `key`. Two levels: top-level items, and GROUPs holding leaves. Pure functions, so the
 * drag-and-drop rules are tested without a browser.
 */

type LeafFields = {
  route?: string;
  entity_id?: string;
  entity_view_id?: string;
  form_template_id?: string;
  dashboard_id?: string;
  url?: string;
};

export type DraftLeaf = {
  key: string;
  kind: Exclude<TMenuItemKind, 'GROUP'>;
  label: string;
  icon: string | null;
} & LeafFields;
export type DraftGroup = {
  key: string;
  kind: 'GROUP';
  label: string;
  icon: string | null;
  children: DraftLeaf[];
};
export type DraftItem = DraftLeaf | DraftGroup;

const TARGET_FIELDS = [
  'route',
  'entity_id',
  'entity_view_id',
  'form_template_id',
  'dashboard_id',
  'url',
] as const;

function toDraftLeaf(item: TMenuLeaf): DraftLeaf {
  const leaf: DraftLeaf = {
    key: item.key,
    kind: item.kind as DraftLeaf['kind'],
    label: item.label,
    icon: item.icon,
  };
  if (item.kind === 'ROUTE' && item.route) leaf.route = item.route;
  for (const field of TARGET_FIELDS.slice(1)) {
    const value = item[field];
    if (value) leaf[field] = value;
  }
  return leaf;
}

/** The editable items of a menu answered with `edit=true`. */
export function fromMenu(menu: Pick<TMenu, 'items'>): DraftItem[] {
  return menu.items.map((item: TMenuItem): DraftItem =>
    item.kind === 'GROUP'
      ? {
          key: item.key,
          kind: 'GROUP',
          label: item.label,
          icon: item.icon,
          children: item.children.map(toDraftLeaf),
        }
      : toDraftLeaf(item),
  );
}

/** The body's `items` (the draft already has the API's shape). */
export function toInput(items: readonly DraftItem[]): TMenuItemInput[] {
  return items as TMenuItemInput[];
}

export function newKey(kind: TMenuItemKind): string {
  return `${kind.toLowerCase().replace(/_/g, '-')}-${Math.random().toString(36).slice(2, 10)}`;
}

// ---------------------------------------------------------------------------------------------
// Edits

export function addItem(items: readonly DraftItem[], item: DraftItem, groupKey: string | null): DraftItem[] {
  if (!groupKey || item.kind === 'GROUP') return [...items, item];
  return items.map((top) =>
    top.key === groupKey && top.kind === 'GROUP' ? { ...top, children: [...top.children, item] } : top,
  );
}

export function replaceItem(items: readonly DraftItem[], key: string, next: DraftItem): DraftItem[] {
  return items.map((top) => {
    if (top.key === key)
      return top.kind === 'GROUP' && next.kind === 'GROUP' ? { ...next, children: top.children } : next;
    if (top.kind !== 'GROUP') return top;
    return {
      ...top,
      children: top.children.map((child) => (child.key === key && next.kind !== 'GROUP' ? next : child)),
    };
  });
}

/** Removes an item (a group with its items). */
export function removeItem(items: readonly DraftItem[], key: string): DraftItem[] {
  return items
    .filter((top) => top.key !== key)
    .map((top) =>
      top.kind === 'GROUP' ? { ...top, children: top.children.filter((c) => c.key !== key) } : top,
    );
}

export function findItem(
  items: readonly DraftItem[],
  key: string,
): { item: DraftItem; groupKey: string | null } | null {
  for (const top of items) {
    if (top.key === key) return { item: top, groupKey: null };
    if (top.kind === 'GROUP') {
      const child = top.children.find((c) => c.key === key);
      if (child) return { item: child, groupKey: top.key };
    }
  }
  return null;
}

/** The item's path in the body (`items.2.children.0`), to match 422 keys. */
export function pathOf(items: readonly DraftItem[], key: string): string | null {
  for (const [i, top] of items.entries()) {
    if (top.key === key) return `items.${i}`;
    if (top.kind === 'GROUP') {
      const j = top.children.findIndex((c) => c.key === key);
      if (j >= 0) return `items.${i}.children.${j}`;
    }
  }
  return null;
}

/** The 422 messages of one item, by its own field (`label`, `entity_id`...). */
export function errorsOf(
  items: readonly DraftItem[],
  key: string,
  fieldErrors: Record<string, string>,
): Record<string, string> {
  const path = pathOf(items, key);
  if (!path) return {};
  const own: Record<string, string> = {};
  for (const [errorKey, message] of Object.entries(fieldErrors)) {
    if (errorKey === path) own.item = message;
    else if (errorKey.startsWith(`${path}.`) && !errorKey.slice(path.length + 1).startsWith('children.')) {
      own[errorKey.slice(path.length + 1)] = message;
    }
  }
  return own;
}

/** Moves an item one place up or down among its siblings. */
export function shiftItem(items: readonly DraftItem[], key: string, delta: -1 | 1): DraftItem[] {
  const swap = <T extends { key: string }>(list: readonly T[]): T[] => {
    const i = list.findIndex((x) => x.key === key);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= list.length) return [...list];
    const next = [...list];
    [next[i], next[j]] = [next[j]!, next[i]!];
    return next;
  };
  if (items.some((top) => top.key === key)) return swap(items);
  return items.map((top) => (top.kind === 'GROUP' ? { ...top, children: swap(top.children) } : top));
}

/** Puts a leaf at the end of a group, or (`groupKey` null) at the top level after its group. */
export function moveToGroup(items: readonly DraftItem[], key: string, groupKey: string | null): DraftItem[] {
  const found = findItem(items, key);
  if (!found || found.item.kind === 'GROUP' || found.groupKey === groupKey) return [...items];
  const leaf = found.item;
  const without = removeItem(items, key);
  if (groupKey) return addItem(without, leaf, groupKey);
  const at = without.findIndex((top) => top.key === found.groupKey);
  return [...without.slice(0, at + 1), leaf, ...without.slice(at + 1)];
}

// ---------------------------------------------------------------------------------------------
// Drag and drop over the flattened tree

export type FlatItem = { key: string; depth: 0 | 1; item: DraftItem };

export function flatten(items: readonly DraftItem[]): FlatItem[] {
  return items.flatMap((top): FlatItem[] => [
    { key: top.key, depth: 0, item: top },
    ...(top.kind === 'GROUP'
      ? top.children.map((child): FlatItem => ({ key: child.key, depth: 1, item: child }))
      : []),
  ]);
}

/** The tree of a flattened list: depth-1 leaves belong to the group above them. */
export function buildTree(flat: readonly FlatItem[]): DraftItem[] {
  const out: DraftItem[] = [];
  for (const entry of flat) {
    const group = out.at(-1);
    if (entry.depth === 1 && entry.item.kind !== 'GROUP' && group?.kind === 'GROUP') {
      group.children.push(entry.item);
    } else {
      out.push(entry.item.kind === 'GROUP' ? { ...entry.item, children: [] } : entry.item);
    }
  }
  return out;
}

type Placement = { rest: FlatItem[]; block: FlatItem[]; index: number };

/** Where the dragged item (with its group's items) lands when dropped over `overKey`. */
function place(flat: readonly FlatItem[], activeKey: string, overKey: string): Placement | null {
  const activeIndex = flat.findIndex((f) => f.key === activeKey);
  const active = flat[activeIndex];
  if (!active) return null;
  const block =
    active.item.kind === 'GROUP'
      ? flat.filter((f) => f.key === activeKey || (f.depth === 1 && isChildOf(flat, f, activeKey)))
      : [active];
  const rest = flat.filter((f) => !block.includes(f));
  const overIndex = flat.findIndex((f) => f.key === overKey);
  let index = rest.findIndex((f) => f.key === overKey);
  if (index < 0 || overIndex < 0) return { rest, block, index: Math.min(activeIndex, rest.length) };
  if (overIndex > activeIndex) index += 1;
  // A group never lands between another group's items.
  if (active.item.kind === 'GROUP') while (rest[index]?.depth === 1) index += 1;
  return { rest, block, index };
}

function isChildOf(flat: readonly FlatItem[], entry: FlatItem, groupKey: string): boolean {
  const at = flat.indexOf(entry);
  for (let i = at - 1; i >= 0; i -= 1) if (flat[i]!.depth === 0) return flat[i]!.key === groupKey;
  return false;
}

/**
 * The depth the dragged item takes when dropped over `overKey` after a horizontal move of
 * `offsetX` pixels (one level per `indent`): a leaf may go into a group when it lands right under
 * the group or one of its items, and must when it lands between two of its items; a group stays
 * at the top level.
 */
export function projectDepth(
  flat: readonly FlatItem[],
  activeKey: string,
  overKey: string,
  offsetX: number,
  indent: number,
): 0 | 1 {
  const placed = place(flat, activeKey, overKey);
  const active = flat.find((f) => f.key === activeKey);
  if (!placed || !active || active.item.kind === 'GROUP') return 0;
  const previous = placed.rest[placed.index - 1];
  const next = placed.rest[placed.index];
  const maxDepth = previous && (previous.item.kind === 'GROUP' || previous.depth === 1) ? 1 : 0;
  const minDepth = next?.depth === 1 ? 1 : 0;
  const wanted = active.depth + Math.round(offsetX / indent);
  return Math.max(minDepth, Math.min(maxDepth, wanted)) as 0 | 1;
}

/** The items after dropping `activeKey` over `overKey` at `depth`. */
export function moveItem(
  items: readonly DraftItem[],
  activeKey: string,
  overKey: string,
  depth: 0 | 1,
): DraftItem[] {
  const flat = flatten(items);
  const placed = place(flat, activeKey, overKey);
  if (!placed) return [...items];
  const [head, ...children] = placed.block;
  const moved: FlatItem[] = [{ ...head!, depth: head!.item.kind === 'GROUP' ? 0 : depth }, ...children];
  const next = [...placed.rest.slice(0, placed.index), ...moved, ...placed.rest.slice(placed.index)];
  return buildTree(next);
}
