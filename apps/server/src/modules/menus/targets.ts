import type { TMenuItemStored, TMenuLeaf, TMenuLeafStored } from '@esigns/contracts/menus';
import type { Db } from '../../platform/db/database';
import {
  dashboardAudiences,
  viewerSeesDashboard,
  type TDashboardAudience,
  type TDashboardViewer,
} from '../custom-dashboards';
import { entitySummaries } from '../entities';
import { existingViewIds } from '../entity-views';
import { templateSummaries } from '../form-templates';

/*
 * The rows menu items open (entities, entity views, form templates, custom dashboards): which of
 * them exist for the company. Writes refuse items whose row is unknown (422); reads drop items
 * whose row has been deleted since, and dashboards their reader is not shown.
 */

export type TargetKind = 'entity' | 'entityView' | 'formTemplate' | 'dashboard';
export type TargetIds = Record<TargetKind, Set<string>>;
/** The targets that exist, with each dashboard's assignment (who a dashboard item shows to). */
export type ExistingTargets = TargetIds & { audiences: ReadonlyMap<string, TDashboardAudience> };

const emptyTargets = (): TargetIds => ({
  entity: new Set(),
  entityView: new Set(),
  formTemplate: new Set(),
  dashboard: new Set(),
});

/** The row a leaf opens, if it opens one. */
export function targetOf(
  leaf: Pick<TMenuLeafStored | TMenuLeaf, 'kind'> &
    Partial<Record<'entity_id' | 'entity_view_id' | 'form_template_id' | 'dashboard_id', string>>,
): { kind: TargetKind; id: string } | null {
  if (leaf.kind === 'ENTITY' && leaf.entity_id) return { kind: 'entity', id: leaf.entity_id };
  if (leaf.kind === 'ENTITY_VIEW' && leaf.entity_view_id)
    return { kind: 'entityView', id: leaf.entity_view_id };
  if (leaf.kind === 'FORM_TEMPLATE' && leaf.form_template_id)
    return { kind: 'formTemplate', id: leaf.form_template_id };
  if (leaf.kind === 'DASHBOARD' && leaf.dashboard_id) return { kind: 'dashboard', id: leaf.dashboard_id };
  return null;
}

/** Every leaf of a menu, groups' items included. */
export function leavesOf<T extends { kind: string; children?: readonly L[] }, L>(
  items: readonly T[],
): (T | L)[] {
  return items.flatMap((item): (T | L)[] => (item.kind === 'GROUP' ? [...(item.children ?? [])] : [item]));
}

/** The ids the items name, by kind. */
export function targetsNamed(items: readonly TMenuItemStored[]): TargetIds {
  const named = emptyTargets();
  for (const leaf of leavesOf<TMenuItemStored, TMenuLeafStored>(items)) {
    const target = targetOf(leaf);
    if (target) named[target.kind].add(target.id);
  }
  return named;
}

/** The ids named by several menus, by kind. */
export function mergeTargets(all: readonly TargetIds[]): TargetIds {
  const merged = emptyTargets();
  for (const named of all) {
    for (const kind of Object.keys(merged) as TargetKind[])
      for (const id of named[kind]) merged[kind].add(id);
  }
  return merged;
}

/**
 * Of the named ids, those that exist for the company: its entities and entity views, its live
 * form templates and the standard (built-in) ones, its custom dashboards.
 */
export async function existingTargets(
  db: Pick<Db, 'select'>,
  companyId: string,
  named: TargetIds,
): Promise<ExistingTargets> {
  const [entities, entityView, formTemplates, audiences] = await Promise.all([
    entitySummaries(db, companyId, [...named.entity]),
    existingViewIds(db, companyId, [...named.entityView]),
    templateSummaries(db, companyId, [...named.formTemplate]),
    dashboardAudiences(db, companyId, [...named.dashboard]),
  ]);
  return {
    entity: new Set(entities.keys()),
    entityView,
    formTemplate: new Set(formTemplates.keys()),
    dashboard: new Set(audiences.keys()),
    audiences,
  };
}

/** Whether the row a resolved leaf opens still exists (leaves that open no row always do). */
export function targetExists(existing: TargetIds, leaf: TMenuLeaf): boolean {
  const target = targetOf(leaf);
  return target === null || existing[target.kind].has(target.id);
}

/**
 * Whether every viewer is shown the dashboard a leaf opens (true for other leaves): a menu never
 * offers a dashboard that its reader would open on a 404.
 */
export function dashboardShown(
  existing: ExistingTargets,
  leaf: TMenuLeaf,
  viewers: readonly TDashboardViewer[],
): boolean {
  if (leaf.kind !== 'DASHBOARD' || !leaf.dashboard_id) return true;
  const audience = existing.audiences.get(leaf.dashboard_id);
  return audience !== undefined && viewers.every((viewer) => viewerSeesDashboard(viewer, audience));
}
