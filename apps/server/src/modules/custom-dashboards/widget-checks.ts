import { and, eq, inArray } from 'drizzle-orm';
import type { TDashboardWidget } from '@esigns/contracts/custom-dashboards';
import { isUuid } from '@esigns/contracts/ids';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { Db } from '../../platform/db/database';
import { unlessAppError, validationError } from '../../platform/http/app-error';
import { entityNames, fieldOf, loadDefinitions, type EntityDefinition } from '../entities';
import { columnOf } from '../entity-data';
import { findEntityFilter, viewProblems } from '../entity-filters';
import { existingViewIds } from '../entity-views';
import type { AccessContext } from '../permissions';
import { sanitizeRichText } from '../email-templates';

/*
 * What the body schema cannot check of widgets: that what they read exists in the caller's
 * company and has the right type. Every problem at once, keyed `widgets.<i>.<field>`. The same
 * reads tell a stored dashboard which widgets lost their source since (`missingSources`).
 */

type RecordWidget = Extract<TDashboardWidget, { entity_id: string }>;
type Problem = (index: number, field: string, message: string) => void;

const hasRecords = (w: TDashboardWidget): w is RecordWidget =>
  w.type === 'STAT' || w.type === 'CHART' || w.type === 'CALENDAR';

/**
 * The entities (as `readEntities` reads them: definitions to check a save, ids to open a
 * dashboard), views and shared filters the widgets name that exist for the company.
 */
type Sources<E> = {
  entities: E;
  views: Set<string>;
  /** Filter id -> its entity, for shared filters only. */
  filters: Map<string, string>;
};

async function loadSources<E>(
  db: Db,
  access: AccessContext,
  widgets: readonly TDashboardWidget[],
  readEntities: (ids: string[]) => Promise<E>,
): Promise<Sources<E>> {
  const records = widgets.filter(hasRecords);
  const filterIds = [...new Set(records.flatMap((w) => (w.filter_id ? [w.filter_id] : [])))];
  const [entities, views, found] = await Promise.all([
    readEntities(records.map((w) => w.entity_id)),
    existingViewIds(
      db,
      access.companyId,
      widgets.flatMap((w) => (w.type === 'TABLE' ? [w.entity_view_id] : [])),
    ),
    Promise.all(filterIds.map((id) => unlessAppError(findEntityFilter(db, access, id)))),
  ]);
  const filters = new Map(found.flatMap((f) => (f && f.shared ? ([[f._id, f.entity_id]] as const) : [])));
  return { entities, views, filters };
}

/** Problems of one widget that reads records of an entity. */
function recordWidgetProblems(
  w: RecordWidget,
  def: EntityDefinition,
  i: number,
  problem: Problem,
  sources: Sources<Map<string, EntityDefinition>>,
) {
  if (w.filter_id && sources.filters.get(w.filter_id) !== def.row.id)
    problem(i, 'filter_id', 'Choose a shared saved filter of this entity');
  for (const d of viewProblems(def, { filters: w.filters ?? undefined }, `widgets.${i}`))
    problem(i, d.key.slice(`widgets.${i}.`.length), d.message);
  if ((w.type === 'STAT' || w.type === 'CHART') && w.metric !== 'COUNT' && w.value_field) {
    if (columnOf(def, w.value_field)?.kind !== 'number')
      problem(i, 'value_field', 'Choose a number, currency or percentage field to add up');
  }
  if (w.type === 'CHART') {
    const group = columnOf(def, w.group_by);
    if (!group) problem(i, 'group_by', 'Not a field of this entity');
    else if (group.kind === 'other')
      problem(i, 'group_by', 'Records cannot be grouped by this kind of field');
    else if (w.date_bucket && group.kind !== 'date' && group.kind !== 'datetime')
      problem(i, 'date_bucket', 'Only date fields group by day, month or year');
  }
  if (w.type === 'CALENDAR') {
    const type = fieldOf(def, w.date_field)?.type;
    const system = w.date_field === 'created_at' || w.date_field === 'updated_at';
    if (!system && type !== 'DATE' && type !== 'DATE_TIME')
      problem(i, 'date_field', 'Choose a date or date-time field of this entity');
  }
}

/**
 * The widgets as stored: TEXT html sanitised, or 422 with every problem (an entity, view or filter
 * of another company or deleted, a field of the wrong type).
 */
export async function checkedWidgets(
  db: Db,
  access: AccessContext,
  widgets: readonly TDashboardWidget[],
): Promise<TDashboardWidget[]> {
  const sources = await loadSources(db, access, widgets, (ids) => loadDefinitions(db, access.companyId, ids));
  const details: TValidationDetail[] = [];
  const problem: Problem = (i, field, message) => {
    const key = `widgets.${i}.${field}`;
    details.push({ key, path: key.split('.'), message });
  };
  widgets.forEach((w, i) => {
    if (w.type === 'TABLE' && !sources.views.has(w.entity_view_id))
      problem(i, 'entity_view_id', 'Not an entity view of this company');
    if (!hasRecords(w)) return;
    const def = sources.entities.get(w.entity_id);
    if (!def) return problem(i, 'entity_id', 'Not an entity of this company');
    recordWidgetProblems(w, def, i, problem, sources);
  });
  if (details.length > 0) throw validationError(details, details[0]!.message);
  return widgets.map((w) => (w.type === 'TEXT' ? { ...w, html: sanitizeRichText(w.html) } : w));
}

/** Ids of stored widgets whose entity, entity view or saved filter is gone. */
export async function missingSources(
  db: Db,
  access: AccessContext,
  widgets: readonly TDashboardWidget[],
): Promise<string[]> {
  if (widgets.length === 0) return [];
  // Existence only (a dashboard is opened far more often than saved): no definitions read.
  const { entities, views, filters } = await loadSources(db, access, widgets, (ids) =>
    existingEntityIds(db, access.companyId, ids),
  );
  return widgets
    .filter((w) => {
      if (w.type === 'TABLE') return !views.has(w.entity_view_id);
      if (!hasRecords(w)) return false;
      return !entities.has(w.entity_id) || (!!w.filter_id && !filters.has(w.filter_id));
    })
    .map((w) => w.id);
}

/** Which of these ids are entities of the company. */
async function existingEntityIds(db: Db, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: entityNames.id })
    .from(entityNames)
    .where(and(eq(entityNames.companyId, companyId), inArray(entityNames.id, wanted)));
  return new Set(rows.map((row) => row.id));
}
