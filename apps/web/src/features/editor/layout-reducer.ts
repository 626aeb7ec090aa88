import type { TDocumentLayout, TDocumentSettings, TField, TRecipient } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import {
  alignRects,
  clampGroupDelta,
  clampRect,
  clampResizedRect,
  type AlignMode,
  type Rect,
} from './geometry';

/** Changes to the layout being edited. Geometry actions carry the page sizes they clamp to. */
export type LayoutAction =
  | { type: 'rename'; name: string }
  | { type: 'addField'; field: TField; pages: TPageSize[] }
  | {
      type: 'setFieldRect';
      key: string;
      rect: Rect;
      /** Move to this page (1-based) too. */
      page?: number;
      /** 'resize' keeps the far edges when clamping; 'move' keeps the size. */
      how: 'move' | 'resize';
      pages: TPageSize[];
    }
  | { type: 'moveFields'; keys: string[]; dx: number; dy: number; pages: TPageSize[] }
  | { type: 'updateFields'; keys: string[]; patch: FieldPatch }
  | { type: 'deleteFields'; keys: string[] }
  | { type: 'duplicateFields'; keys: string[]; newKeys: string[]; offset: number; pages: TPageSize[] }
  | { type: 'alignFields'; keys: string[]; mode: AlignMode; pages: TPageSize[] }
  | { type: 'addRecipient'; recipient: TRecipient }
  | { type: 'updateRecipient'; key: string; patch: Partial<Omit<TRecipient, 'key'>> }
  /** `reassignTo`: the recipient who takes over its fields; null deletes them. */
  | { type: 'removeRecipient'; key: string; reassignTo: string | null }
  | { type: 'reorderRecipients'; from: number; to: number }
  | { type: 'setSigningOrder'; enabled: boolean }
  | { type: 'updateSettings'; patch: Partial<TDocumentSettings> }
  /** After a page operation the server moved, turned or removed fields: take its list. */
  | { type: 'replaceFields'; fields: TField[] };

/** Everything but the identity and geometry of a field. */
export type FieldPatch = Partial<Omit<TField, 'key' | 'page' | 'x' | 'y' | 'width' | 'height'>>;

function rectOf(field: TField): Rect {
  return { x: field.x, y: field.y, width: field.width, height: field.height };
}

function pageOf(pages: TPageSize[], page: number): TPageSize | undefined {
  return pages[page - 1];
}

function mapFields(
  layout: TDocumentLayout,
  keys: string[],
  update: (field: TField) => TField,
): TDocumentLayout {
  const wanted = new Set(keys);
  let changed = false;
  const fields = layout.fields.map((field) => {
    if (!wanted.has(field.key)) return field;
    const next = update(field);
    if (next !== field) changed = true;
    return next;
  });
  return changed ? { ...layout, fields } : layout;
}

/** Numbers the recipients 1..n in list order. */
function renumber(recipients: TRecipient[]): TRecipient[] {
  return recipients.map((r, i) => (r.signing_order === i + 1 ? r : { ...r, signing_order: i + 1 }));
}

export function layoutReducer(layout: TDocumentLayout, action: LayoutAction): TDocumentLayout {
  switch (action.type) {
    case 'rename':
      return action.name === layout.name ? layout : { ...layout, name: action.name };

    case 'addField': {
      const page = pageOf(action.pages, action.field.page);
      if (!page || layout.fields.some((f) => f.key === action.field.key)) return layout;
      return {
        ...layout,
        fields: [...layout.fields, { ...action.field, ...clampRect(rectOf(action.field), page) }],
      };
    }

    case 'setFieldRect':
      return mapFields(layout, [action.key], (field) => {
        const pageNumber = action.page ?? field.page;
        const page = pageOf(action.pages, pageNumber);
        if (!page) return field;
        const rect =
          action.how === 'resize' ? clampResizedRect(action.rect, page) : clampRect(action.rect, page);
        const same =
          pageNumber === field.page &&
          rect.x === field.x &&
          rect.y === field.y &&
          rect.width === field.width &&
          rect.height === field.height;
        return same ? field : { ...field, ...rect, page: pageNumber };
      });

    case 'moveFields': {
      const moving = layout.fields.filter((f) => action.keys.includes(f.key));
      const items = moving.flatMap((f) => {
        const page = pageOf(action.pages, f.page);
        return page ? [{ rect: rectOf(f), page }] : [];
      });
      const delta = clampGroupDelta(items, action.dx, action.dy);
      if (delta.x === 0 && delta.y === 0) return layout;
      return mapFields(layout, action.keys, (field) => {
        const page = pageOf(action.pages, field.page);
        if (!page) return field;
        return {
          ...field,
          ...clampRect({ ...rectOf(field), x: field.x + delta.x, y: field.y + delta.y }, page),
        };
      });
    }

    case 'updateFields':
      return mapFields(layout, action.keys, (field) => ({ ...field, ...action.patch }));

    case 'deleteFields': {
      const doomed = new Set(action.keys);
      const fields = layout.fields.filter((f) => !doomed.has(f.key));
      return fields.length === layout.fields.length ? layout : { ...layout, fields };
    }

    case 'duplicateFields': {
      const copies: TField[] = [];
      action.keys.forEach((key, i) => {
        const source = layout.fields.find((f) => f.key === key);
        const newKey = action.newKeys[i];
        const page = source && pageOf(action.pages, source.page);
        if (!source || !newKey || !page) return;
        const moved = { ...rectOf(source), x: source.x + action.offset, y: source.y + action.offset };
        copies.push({ ...structuredClone(source), key: newKey, ...clampRect(moved, page) });
      });
      return copies.length ? { ...layout, fields: [...layout.fields, ...copies] } : layout;
    }

    case 'alignFields': {
      // Align within each page: boxes on different pages share no coordinates.
      const selected = action.keys
        .map((key) => layout.fields.find((f) => f.key === key))
        .filter((f): f is TField => Boolean(f));
      const byPage = new Map<number, TField[]>();
      for (const f of selected) byPage.set(f.page, [...(byPage.get(f.page) ?? []), f]);
      const rects = new Map<string, Rect>();
      for (const [pageNumber, group] of byPage) {
        const page = pageOf(action.pages, pageNumber);
        if (!page || group.length < 2) continue;
        alignRects(group.map(rectOf), action.mode).forEach((r, i) => {
          const field = group[i];
          if (field) rects.set(field.key, clampRect(r, page));
        });
      }
      return mapFields(layout, [...rects.keys()], (field) => {
        const r = rects.get(field.key);
        if (!r) return field;
        const same =
          r.x === field.x && r.y === field.y && r.width === field.width && r.height === field.height;
        return same ? field : { ...field, ...r };
      });
    }

    case 'addRecipient':
      if (layout.document_users.some((r) => r.key === action.recipient.key)) return layout;
      return { ...layout, document_users: [...layout.document_users, action.recipient] };

    case 'updateRecipient': {
      let changed = false;
      const document_users = layout.document_users.map((r) => {
        if (r.key !== action.key) return r;
        changed = true;
        return { ...r, ...action.patch };
      });
      if (!changed) return layout;
      // A new order number moves the recipient to its place in the list (stable for equal numbers).
      const sorted =
        action.patch.signing_order !== undefined
          ? [...document_users].sort((a, b) => a.signing_order - b.signing_order)
          : document_users;
      return { ...layout, document_users: sorted };
    }

    case 'removeRecipient': {
      if (!layout.document_users.some((r) => r.key === action.key)) return layout;
      const target = action.reassignTo;
      const canReassign =
        target !== null && target !== action.key && layout.document_users.some((r) => r.key === target);
      const fields = canReassign
        ? layout.fields.map((f) => (f.recipient_key === action.key ? { ...f, recipient_key: target } : f))
        : layout.fields.filter((f) => f.recipient_key !== action.key);
      const remaining = layout.document_users.filter((r) => r.key !== action.key);
      return {
        ...layout,
        fields,
        document_users: layout.settings.signing_order ? renumberKeepingGroups(remaining) : remaining,
      };
    }

    case 'reorderRecipients': {
      const list = [...layout.document_users];
      const [moved] = list.splice(action.from, 1);
      if (!moved || action.to < 0 || action.to > list.length || action.from === action.to) return layout;
      list.splice(action.to, 0, moved);
      return { ...layout, document_users: renumber(list) };
    }

    case 'setSigningOrder': {
      if (layout.settings.signing_order === action.enabled) return layout;
      const settings = { ...layout.settings, signing_order: action.enabled };
      const orders = new Set(layout.document_users.map((r) => r.signing_order));
      // Turning the order on with everyone at the same step: number them in list order.
      const document_users =
        action.enabled && orders.size <= 1 ? renumber(layout.document_users) : layout.document_users;
      return { ...layout, settings, document_users };
    }

    case 'updateSettings':
      return { ...layout, settings: { ...layout.settings, ...action.patch } };

    case 'replaceFields':
      return { ...layout, fields: action.fields };
  }
}

/**
 * After a removal, closes the gap in the order numbers while keeping recipients that shared a
 * number (parallel signers) together: orders 1, 2, 2, 4 become 1, 2, 2, 3.
 */
export function renumberKeepingGroups(recipients: TRecipient[]): TRecipient[] {
  const distinct = [...new Set(recipients.map((r) => r.signing_order))].sort((a, b) => a - b);
  const rank = new Map(distinct.map((value, i) => [value, i + 1]));
  return recipients.map((r) => {
    const order = rank.get(r.signing_order) ?? r.signing_order;
    return order === r.signing_order ? r : { ...r, signing_order: order };
  });
}
