import {
  DASHBOARD_GRID_COLUMNS,
  ZDashboardWidget,
  type TDashboard,
  type TDashboardUpdate,
  type TDashboardWidget,
  type TDashboardWidgetType,
  type TWidgetLayout,
} from '@esigns/contracts/custom-dashboards';

/** What the builder edits: the dashboard's saved fields. */
export type DashboardDraft = Pick<TDashboard, 'name' | 'description' | 'user_types' | 'contact_type_ids'> & {
  widgets: TDashboardWidget[];
};

export const draftOf = (d: TDashboard): DashboardDraft => ({
  name: d.name,
  description: d.description,
  user_types: [...d.user_types],
  contact_type_ids: [...d.contact_type_ids],
  widgets: d.widgets.map((w) => ({ ...w, layout: { ...w.layout } })),
});

/** The body of `POST /custom-dashboard/{id}`; `expected_updated_at` null: save over whatever is there. */
export const saveBody = (draft: DashboardDraft, expectedUpdatedAt: string | null): TDashboardUpdate => ({
  ...draft,
  ...(expectedUpdatedAt ? { expected_updated_at: expectedUpdatedAt } : {}),
});

/** A new widget's size by type (columns x rows). */
const SIZES: Record<TDashboardWidgetType, { w: number; h: number }> = {
  STAT: { w: 3, h: 3 },
  CHART: { w: 6, h: 7 },
  TABLE: { w: 12, h: 7 },
  CALENDAR: { w: 4, h: 7 },
  CHECK_IN: { w: 4, h: 7 },
  TEXT: { w: 6, h: 3 },
};

/** Under every widget there is. */
export const bottomOf = (widgets: readonly TDashboardWidget[]) =>
  widgets.reduce((y, w) => Math.max(y, w.layout.y + w.layout.h), 0);

const overlaps = (a: TWidgetLayout, b: TWidgetLayout) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where a widget of `size` fits first, reading the grid top to bottom and left to right (beside
 * the others when there is room, else under them).
 */
export function firstFreeSpot(widgets: readonly TDashboardWidget[], size: { w: number; h: number }) {
  const bottom = bottomOf(widgets);
  for (let y = 0; y < bottom; y += 1)
    for (let x = 0; x + size.w <= DASHBOARD_GRID_COLUMNS; x += 1) {
      const spot = { x, y, ...size };
      if (!widgets.some((w) => overlaps(w.layout, spot))) return { x, y };
    }
  return { x: 0, y: bottom };
}

/** A new widget id, unique within the dashboard. */
export function newWidgetId(
  widgets: readonly TDashboardWidget[],
  random: () => number = Math.random,
): string {
  const taken = new Set(widgets.map((w) => w.id));
  for (;;) {
    const id = `w-${Math.floor(random() * 36 ** 6).toString(36)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * A widget of `type` at the bottom of the grid, as far as it can be configured without asking
 * (the entity, fields or view are chosen in its panel): `entity_id` etc. are '' until then.
 */
export function newWidget(
  type: TDashboardWidgetType,
  widgets: readonly TDashboardWidget[],
  defaultEntityId = '',
): TDashboardWidget {
  const layout: TWidgetLayout = { ...firstFreeSpot(widgets, SIZES[type]), ...SIZES[type] };
  const base = { id: newWidgetId(widgets), title: '', layout };
  const source = { entity_id: defaultEntityId, filter_id: null, filters: null, apply_global_filters: false };
  switch (type) {
    case 'STAT':
      return { ...base, type, ...source, metric: 'COUNT', value_field: null };
    case 'CHART':
      return {
        ...base,
        type,
        ...source,
        chart: 'BAR',
        group_by: '',
        date_bucket: null,
        metric: 'COUNT',
        value_field: null,
        limit: 12,
      };
    case 'TABLE':
      return { ...base, type, entity_view_id: '', page_size: 10 };
    case 'CALENDAR':
      return { ...base, type, ...source, date_field: '' };
    case 'CHECK_IN':
      return { ...base, type };
    case 'TEXT':
      return { ...base, type, html: '' };
  }
}

/** A grid item as react-grid-layout reports it. */
export type GridItem = { i: string; x: number; y: number; w: number; h: number };

/** The widgets with the places the grid reports (kept within the 12 columns). */
export function withLayout(
  widgets: readonly TDashboardWidget[],
  items: readonly GridItem[],
): TDashboardWidget[] {
  const byId = new Map(items.map((item) => [item.i, item]));
  return widgets.map((w) => {
    const item = byId.get(w.id);
    if (!item) return w;
    const width = Math.max(1, Math.min(item.w, DASHBOARD_GRID_COLUMNS));
    const layout = {
      x: Math.max(0, Math.min(item.x, DASHBOARD_GRID_COLUMNS - width)),
      y: item.y,
      w: width,
      h: item.h,
    };
    const same = Object.entries(layout).every(([k, v]) => w.layout[k as keyof TWidgetLayout] === v);
    return same ? w : { ...w, layout };
  });
}

/** Whether a widget is configured enough to read its data (the contract's own checks). */
export const isComplete = (widget: TDashboardWidget) => ZDashboardWidget.safeParse(widget).success;

/** The first problem of a widget, in words, for its card and its panel ('' when complete). */
export function widgetProblem(widget: TDashboardWidget): string {
  const parsed = ZDashboardWidget.safeParse(widget);
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? 'Not finished');
}

/** The 422 messages of one widget (`widgets.<i>.<field>` -> field -> message). */
export function widgetErrors(
  errors: Readonly<Record<string, string>>,
  index: number,
): Record<string, string> {
  const prefix = `widgets.${index}`;
  const mine: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === prefix) mine[''] = message;
    else if (key.startsWith(`${prefix}.`)) mine[key.slice(prefix.length + 1)] = message;
  }
  return mine;
}
