import dayjs from 'dayjs';
import type { TDashboardWidget } from '@esigns/contracts/custom-dashboards';
import type { TEntityView } from '@esigns/contracts/entity-views';
import type { TRecordPage } from '@esigns/contracts/entities';
import type { TFilterGroupInput } from '@esigns/contracts/nocode-filters';
import { api } from '../../shared/api/api-client';
import { formatCurrency } from '../../shared/format/currency';
import type { TTemplateField } from '../entity-views/entity-views-api';

/*
 * What each widget asks the record query engine for (contracts/custom-dashboards.ts): the body of
 * its call, and its answer shaped for the screen. Nothing here counts records: the server does,
 * in SQL, within what the viewer may read.
 */

export type StatWidget = Extract<TDashboardWidget, { type: 'STAT' }>;
export type ChartWidget = Extract<TDashboardWidget, { type: 'CHART' }>;
export type TableWidget = Extract<TDashboardWidget, { type: 'TABLE' }>;
export type CalendarWidget = Extract<TDashboardWidget, { type: 'CALENDAR' }>;
type SourceWidget = StatWidget | ChartWidget | CalendarWidget;

/** The record source of a widget, leaving out what is not set (the server takes no nulls). */
export function sourceOf(widget: SourceWidget) {
  return {
    entity_id: widget.entity_id,
    ...(widget.filter_id ? { filter_id: widget.filter_id } : {}),
    ...(widget.filters && widget.filters.rules.length > 0 ? { filters: widget.filters } : {}),
    apply_global_filters: widget.apply_global_filters,
  };
}

/** `POST /entities-data/count`: COUNT, or SUM / AVG / MIN / MAX of the value field. */
export function statBody(widget: StatWidget) {
  return {
    ...sourceOf(widget),
    metric: widget.metric,
    ...(widget.metric !== 'COUNT' && widget.value_field ? { value_field: widget.value_field } : {}),
  };
}

export type StatAnswer = { count: number; capped: boolean; value?: number | null };

export async function fetchStat(widget: StatWidget, signal?: AbortSignal): Promise<number | null> {
  const answer = (await api.post<StatAnswer>('/entities-data/count', statBody(widget), { signal })).data;
  return widget.metric === 'COUNT' ? answer.count : (answer.value ?? null);
}

export const isDateField = (field: TTemplateField | undefined) =>
  field?.type === 'DATE' || field?.type === 'DATE_TIME';

/**
 * `POST /entities-data/charts`: the metric per value of `group_by`. A date `group_by` is saved
 * with its `date_bucket` (the builder sets month when a date field is chosen).
 */
export function chartBody(widget: ChartWidget) {
  return {
    ...sourceOf(widget),
    group_by: widget.group_by,
    metric: widget.metric,
    ...(widget.metric !== 'COUNT' && widget.value_field ? { value_field: widget.value_field } : {}),
    ...(widget.date_bucket ? { date_bucket: widget.date_bucket } : {}),
    limit: widget.limit,
  };
}

export type ChartPoint = { key: string | null; label: string; value: number };

const BUCKET_FORMATS: Record<string, string> = { day: 'D MMM YYYY', month: 'MMM YYYY', year: 'YYYY' };

/** A group's label: the option's label, a date bucket as words, "No value" for none. */
export function groupLabel(
  key: string | null,
  field: TTemplateField | undefined,
  bucket: string | null | undefined,
): string {
  if (key === null || key === '') return 'No value';
  if (bucket) {
    const day = dayjs(bucket === 'year' ? `${key}-01-01` : bucket === 'month' ? `${key}-01` : key);
    return day.isValid() ? day.format(BUCKET_FORMATS[bucket] ?? 'MMM YYYY') : key;
  }
  if (field?.type === 'YES_OR_NO' || field?.type === 'CHECKBOX') {
    if (key === 'true') return 'Yes';
    if (key === 'false') return 'No';
  }
  return field?.options?.find((o) => o.value === key)?.label || key;
}

/** The answer as points: dates in time order (the server answers biggest first), others as answered. */
export function chartPoints(
  rows: readonly { key: string | null; value: number | null }[],
  widget: ChartWidget,
  field: TTemplateField | undefined,
): ChartPoint[] {
  const bucket = widget.date_bucket;
  const points = rows.map((row) => ({
    key: row.key,
    label: groupLabel(row.key, field, bucket),
    value: row.value ?? 0,
  }));
  if (!bucket) return points;
  return points.sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key)));
}

export type ChartRow = { key: string | null; value: number | null };

/** The groups as answered (labels need the entity's fields: `chartPoints`). */
export async function fetchChart(widget: ChartWidget, signal?: AbortSignal): Promise<ChartRow[]> {
  return (await api.post<ChartRow[]>('/entities-data/charts', chartBody(widget), { signal })).data;
}

/** The first entity of a view: its columns, filters and sort make the table. */
export function tableQuery(view: TEntityView, pageSize: number) {
  const first = view.config.entities[0];
  if (!first) return null;
  return {
    entity_id: first.entity_id,
    page: 1,
    limit: pageSize,
    sort: first.sort,
    ...(first.filters.rules.length > 0 ? { base_filters: first.filters } : {}),
  };
}

/** `POST /entities-data/entity/data` (a table's rows, a calendar's month). */
export async function fetchTableRows(
  query: { entity_id: string; page: number; limit: number },
  signal?: AbortSignal,
): Promise<TRecordPage> {
  return (await api.post<TRecordPage>('/entities-data/entity/data', query, { signal })).data;
}

/** The calendar's records: those whose date field falls in the month shown, by date, at most 200. */
export function calendarQuery(widget: CalendarWidget, month: string) {
  const start = dayjs(`${month}-01`);
  const range: TFilterGroupInput = {
    match: 'ALL',
    rules: [
      {
        field: widget.date_field,
        operator: 'BETWEEN',
        value: [start.format('YYYY-MM-DD'), start.endOf('month').format('YYYY-MM-DD')],
      },
    ],
  };
  const { entity_id, filter_id, filters, apply_global_filters } = sourceOf(widget);
  return {
    entity_id,
    page: 1,
    limit: 200,
    sort: [{ field: widget.date_field, direction: 'asc' as const }],
    base_filters: range,
    ...(filters ? { filters } : {}),
    ...(filter_id ? { filter_id } : {}),
    apply_global_filters,
  };
}

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** A metric as a card shows it: in the field's currency, with a percent sign, or as a number. */
export function formatMetric(
  value: number | null | undefined,
  field?: TTemplateField & { currency?: string },
) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (field?.type === 'CURRENCY') return formatCurrency(value, field.currency);
  if (field?.type === 'PERCENTAGE') return `${numberFormat.format(value)} %`;
  return numberFormat.format(value);
}
