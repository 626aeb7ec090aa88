import { z } from 'zod';
import { USER_TYPES } from './auth';
import { ZPageQuery } from './envelope';
import { ZId } from './ids';
import { ZFieldRef, ZFilterGroup } from './nocode-filters';

/*
 * Custom dashboards (spec 3 §7 "Dashboards"; ../shared/DOMAIN-PLATFORM.md "Custom dashboards"):
 * a named grid of widgets that staff build and assign to user types (OWNER, ADMIN, MANAGER,
 * MEMBER) and to contact types (the contact area, `/ap`).
 *
 * Widgets are stored with the dashboard (one JSON list, at most DASHBOARD_MAX_WIDGETS); their
 * numbers are never stored: the browser asks the record query engine for each widget, in
 * parallel, through the calls staff and contacts already have:
 *   STAT     -> POST /entities-data/count   (COUNT, or SUM / AVG / MIN / MAX of `value_field`)
 *   CHART    -> POST /entities-data/charts  (a metric per value of `group_by`, dates by bucket)
 *   TABLE    -> POST /entities-data/entity/data with the entity view's columns, filters and sort
 *   CALENDAR -> GET  /getCalender/calender  (records by a date field)
 *   CHECK_IN -> GET  /entities-data/fetchCheckin (staff only)
 *   TEXT     -> nothing (its text is in the widget)
 * so a widget shows exactly what its viewer may read (permissions, a contact's scope, global
 * filters when `apply_global_filters`), computed in SQL.
 *
 * Who sees a dashboard: staff whose user type is in `user_types` and who hold
 * `custom-dashboards:view` (OWNER and ADMIN see every dashboard of the company, to build them);
 * contacts whose contact type is in `contact_type_ids`. Anyone else: 404.
 */

/** Columns of the layout grid (react-grid-layout's `cols`); a widget's x + w never passes it. */
export const DASHBOARD_GRID_COLUMNS = 12;
/** Largest height of a widget, in grid rows (a row is 40 px). */
export const DASHBOARD_MAX_WIDGET_ROWS = 24;
/** Widgets a dashboard may hold. */
export const DASHBOARD_MAX_WIDGETS = 30;
/** Dashboards a company may have. */
export const DASHBOARD_MAX_PER_COMPANY = 500;

export const DASHBOARD_WIDGET_TYPES = ['STAT', 'CHART', 'TABLE', 'CALENDAR', 'CHECK_IN', 'TEXT'] as const;
export type TDashboardWidgetType = (typeof DASHBOARD_WIDGET_TYPES)[number];

export const DASHBOARD_CHART_KINDS = ['BAR', 'LINE', 'AREA', 'PIE', 'DONUT'] as const;
export type TDashboardChartKind = (typeof DASHBOARD_CHART_KINDS)[number];

export const DASHBOARD_METRICS = ['COUNT', 'SUM', 'AVG', 'MIN', 'MAX'] as const;
export type TDashboardMetric = (typeof DASHBOARD_METRICS)[number];

export const DASHBOARD_DATE_BUCKETS = ['day', 'month', 'year'] as const;

/** Where a widget sits: grid units (x, w in columns of DASHBOARD_GRID_COLUMNS; y, h in rows). */
export const ZWidgetLayout = z
  .object({
    x: z
      .number()
      .int()
      .min(0)
      .max(DASHBOARD_GRID_COLUMNS - 1),
    y: z.number().int().min(0).max(10_000),
    w: z.number().int().min(1).max(DASHBOARD_GRID_COLUMNS),
    h: z.number().int().min(1).max(DASHBOARD_MAX_WIDGET_ROWS),
  })
  .refine((l) => l.x + l.w <= DASHBOARD_GRID_COLUMNS, {
    message: `A widget ends within ${DASHBOARD_GRID_COLUMNS} columns`,
    path: ['w'],
  });
export type TWidgetLayout = z.infer<typeof ZWidgetLayout>;

/** What records a widget counts: an entity, and optionally a saved filter and/or conditions. */
const recordSource = {
  entity_id: ZId('Choose an entity'),
  /** A saved filter (`entity-filter`) of the same entity. */
  filter_id: ZId('Invalid filter').nullable().optional(),
  filters: ZFilterGroup.nullable().optional(),
  /** Narrow by the viewer's global filters too (staff only; ignored for contacts). */
  apply_global_filters: z.boolean().default(false),
};

const widgetBase = {
  /** Chosen by the builder (unique within the dashboard): letters, digits, `-`, `_`. */
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'A widget id is 1-40 letters, digits, - or _'),
  title: z.string().trim().max(120, 'At most 120 characters').default(''),
  layout: ZWidgetLayout,
};

const metricNeedsField = (w: { metric: TDashboardMetric; value_field?: string | null }) =>
  w.metric === 'COUNT' || !!w.value_field;
const metricFieldIssue = { message: 'Choose the number field to add up', path: ['value_field'] };

export const ZStatWidget = z
  .object({
    ...widgetBase,
    type: z.literal('STAT'),
    ...recordSource,
    metric: z.enum(DASHBOARD_METRICS).default('COUNT'),
    /** A number, currency or percentage field (SUM / AVG / MIN / MAX). */
    value_field: ZFieldRef.nullable().optional(),
  })
  .refine(metricNeedsField, metricFieldIssue);

export const ZChartWidget = z
  .object({
    ...widgetBase,
    type: z.literal('CHART'),
    ...recordSource,
    chart: z.enum(DASHBOARD_CHART_KINDS),
    group_by: ZFieldRef,
    /** For a date or date-time `group_by` (default month). */
    date_bucket: z.enum(DASHBOARD_DATE_BUCKETS).nullable().optional(),
    metric: z.enum(DASHBOARD_METRICS).default('COUNT'),
    value_field: ZFieldRef.nullable().optional(),
    /** Largest groups shown (the rest are left out). */
    limit: z.number().int().min(1).max(50).default(12),
  })
  .refine(metricNeedsField, metricFieldIssue);

export const ZTableWidget = z.object({
  ...widgetBase,
  type: z.literal('TABLE'),
  /** The entity view whose columns, filters and sort the table shows. */
  entity_view_id: ZId('Choose an entity view'),
  /** Rows shown (the widget links to the whole view). */
  page_size: z.number().int().min(1).max(50).default(10),
});

export const ZCalendarWidget = z.object({
  ...widgetBase,
  type: z.literal('CALENDAR'),
  ...recordSource,
  /** A date or date-time field of the entity. */
  date_field: ZFieldRef,
});

export const ZCheckInWidget = z.object({ ...widgetBase, type: z.literal('CHECK_IN') });

export const ZTextWidget = z.object({
  ...widgetBase,
  type: z.literal('TEXT'),
  /** Rich text from the editor; sanitised by the server when saved. */
  html: z.string().max(20_000, 'At most 20,000 characters'),
});

export const ZDashboardWidget = z.discriminatedUnion('type', [
  ZStatWidget,
  ZChartWidget,
  ZTableWidget,
  ZCalendarWidget,
  ZCheckInWidget,
  ZTextWidget,
]);
export type TDashboardWidget = z.infer<typeof ZDashboardWidget>;
export type TDashboardWidgetInput = z.input<typeof ZDashboardWidget>;

const ZWidgets = z
  .array(ZDashboardWidget)
  .max(DASHBOARD_MAX_WIDGETS, `At most ${DASHBOARD_MAX_WIDGETS} widgets`)
  .refine((ws) => new Set(ws.map((w) => w.id)).size === ws.length, 'Two widgets have the same id');

/** `POST /custom-dashboard/create`; `POST /custom-dashboard/{id}` takes the same fields, each optional. */
export const ZDashboardCreate = z.object({
  name: z.string().trim().min(1, 'Give the dashboard a name').max(120, 'At most 120 characters'),
  description: z.string().trim().max(500, 'At most 500 characters').default(''),
  user_types: z.array(z.enum(USER_TYPES)).max(USER_TYPES.length).default([]),
  contact_type_ids: z.array(ZId('Invalid contact type')).max(100).default([]),
  widgets: ZWidgets.default([]),
});
export type TDashboardCreate = z.input<typeof ZDashboardCreate>;

export const ZDashboardUpdate = z.object({
  name: ZDashboardCreate.shape.name.optional(),
  description: z.string().trim().max(500, 'At most 500 characters').optional(),
  user_types: z.array(z.enum(USER_TYPES)).max(USER_TYPES.length).optional(),
  contact_type_ids: z.array(ZId('Invalid contact type')).max(100).optional(),
  widgets: ZWidgets.optional(),
  /**
   * The `updated_at` the editor loaded: a save over a newer version is a 409 (two builders
   * editing the same dashboard never silently overwrite each other). Omitted: last write wins.
   */
  expected_updated_at: z.string().optional(),
});
export type TDashboardUpdate = z.input<typeof ZDashboardUpdate>;

/** A dashboard as answered (contacts get the same shape without `user_types`/`contact_type_ids` filled). */
export const ZDashboard = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  user_types: z.array(z.enum(USER_TYPES)),
  contact_type_ids: z.array(z.string()),
  widgets: z.array(ZDashboardWidget),
  /**
   * Ids of widgets whose entity, entity view or saved filter was deleted since they were saved:
   * the screen shows "source removed" on them (their calls answer 404); a save must fix or drop them.
   */
  missing_sources: z.array(z.string()).optional(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TDashboard = z.infer<typeof ZDashboard>;

/** A row of the lists: no widgets, their count instead. */
export const ZDashboardSummary = ZDashboard.omit({ widgets: true }).extend({
  widget_count: z.number().int(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;

/** `GET /custom-dashboard`: paged (`page`, `limit` up to the startup cache's 50), `search` on the name. */
export const ZDashboardListQuery = ZPageQuery.extend({
  search: z.string().trim().max(120).optional(),
  /** Only those assigned to this contact type (the `/ap-user/custom-dashboards/{entityId}` screen). */
  contact_type_id: ZId('Invalid contact type').optional(),
  /** Only those assigned to this user type. */
  user_type: z.enum(USER_TYPES).optional(),
});

/** `GET /custom-dashboard/user-type/{type}`: `type` is a user type (OWNER, ADMIN, MANAGER, MEMBER, any case). */
export const ZDashboardUserTypeParam = z.object({ type: z.string().trim().max(64) });

// ---------------------------------------------------------------------------------------------
// The two lookups of the entities and invoice screens served beside the dashboards

/** `GET /entities/getCompany/CompanyId`: the caller's own workspace as the entities screens show it. */
export const ZCallerCompany = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  /** The company's date style (its owner's application settings): IANA zone or `UTC+05:30`. */
  time_zone: z.string(),
  date_format: z.string(),
  /** ISO 4217 code amounts default to (a CURRENCY field carries its own). */
  currency: z.string(),
  primary_color: z.string(),
});
export type TCallerCompany = z.infer<typeof ZCallerCompany>;

/** A field of a template an invoice is made from: amounts, numbers and line items (data tables). */
export const ZInvoiceField = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['NUMBER', 'CURRENCY', 'PERCENTAGE', 'FORMULA', 'DATA_TABLE']),
  currency: z.string().nullable(),
  decimals: z.number().int().nullable(),
  /** DATA_TABLE only: its columns (line item parts), numbers marked by their type. */
  columns: z
    .array(
      z.object({
        key: z.string(),
        label: z.string(),
        type: z.string(),
        currency: z.string().nullable(),
      }),
    )
    .nullable(),
});
export type TInvoiceField = z.infer<typeof ZInvoiceField>;

/** `GET /get-form-template-invoice-info?template_id=`. */
export const ZInvoiceInfo = z.object({
  template: z.object({ _id: z.string(), name: z.string() }),
  fields: z.array(ZInvoiceField),
  /** The invoice's header: who issues it. */
  company: z.object({ _id: z.string(), name: z.string(), logo_url: z.string().nullable() }),
});
export type TInvoiceInfo = z.infer<typeof ZInvoiceInfo>;
