import { asc, eq } from 'drizzle-orm';
import type { TZone } from '@esigns/contracts/dates';
import type { z } from 'zod';
import type {
  ZAllEntitiesExportRequest,
  ZEntityExportRequest,
  ZEntityViewExportRequest,
} from '@esigns/contracts/data-exports';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { findCompanyById } from '../company';
import { entityNames, loadDefinitions, loadEntityDefinition } from '../entities';
import { recordExportReader, type RecordExportReader } from '../entity-data';
import { viewExportSections } from '../entity-views';
import type { AccessContext } from '../permissions';
import { entityColumns, type ExportColumn } from './columns';

/*
 * What an export writes: its file name and its sheets (an entity, every entity of the company, or
 * the entities of a view), each with its columns and a keyset reader of its records. Built from
 * the request each time (the route, and the job again from the stored request), so filters,
 * permissions and columns are checked when the job runs too.
 */

export type EntityExportBody = z.output<typeof ZEntityExportRequest>;
export type AllEntitiesExportBody = z.output<typeof ZAllEntitiesExportRequest>;
export type ViewExportBody = z.output<typeof ZEntityViewExportRequest>;

export type SheetSource = { name: string; columns: ExportColumn[]; reader: RecordExportReader };

export type ExportPlan = {
  /** Without extension. */
  baseName: string;
  sheets: SheetSource[];
};

/** One entity's records as the grid asks them (filters, saved and global filters, search, sort, selection). */
export async function entityPlan(
  db: Db,
  access: AccessContext,
  entityId: string,
  body: EntityExportBody,
  zone: TZone,
): Promise<ExportPlan> {
  const def = await loadEntityDefinition(db, access.companyId, entityId);
  const columns = entityColumns(def, body.columns, zone);
  const reader = await recordExportReader(db, access, def, {
    filters: body.filters ?? undefined,
    filter_id: body.filter_id ?? undefined,
    search: body.search,
    apply_global_filters: body.apply_global_filters,
    sort: body.sort,
    ids: body.ids,
  });
  return { baseName: def.row.name, sheets: [{ name: def.row.name, columns, reader }] };
}

/** Every entity of the company (or those asked, all of this company's: another's is a 404), by name. */
export async function allEntitiesPlan(
  db: Db,
  access: AccessContext,
  body: AllEntitiesExportBody,
  zone: TZone,
): Promise<ExportPlan> {
  const company = await findCompanyById(db, access.companyId);
  if (!company) throw new AppError('NOT_FOUND', { message: 'Company not found' });
  const ids =
    body.entity_ids ??
    (
      await db
        .select({ id: entityNames.id })
        .from(entityNames)
        .where(eq(entityNames.companyId, access.companyId))
        .orderBy(asc(entityNames.name))
    ).map((r) => r.id);
  const defs = await loadDefinitions(db, access.companyId, ids);
  if (defs.size < new Set(ids).size) throw new AppError('NOT_FOUND', { message: 'Entity not found' });
  const sheets: SheetSource[] = [];
  for (const def of [...defs.values()].sort((a, b) => a.row.name.localeCompare(b.row.name))) {
    sheets.push({
      name: def.row.name,
      columns: entityColumns(def, undefined, zone),
      reader: await recordExportReader(db, access, def, { apply_global_filters: false }),
    });
  }
  return { baseName: company.name, sheets };
}

/** An entity view: per entity its columns, its filters with the caller's, its sorts; the caller's global filters. */
export async function viewPlan(
  db: Db,
  access: AccessContext,
  body: ViewExportBody,
  zone: TZone,
): Promise<ExportPlan> {
  const view = await viewExportSections(db, access.companyId, body.entity_view_id, {
    filters: body.filters ?? undefined,
    search: body.search,
  });
  const sheets: SheetSource[] = [];
  for (const section of view.sections) {
    sheets.push({
      name: section.def.row.name,
      columns: entityColumns(section.def, section.columns, zone),
      reader: await recordExportReader(db, access, section.def, section.recordQuery),
    });
  }
  return { baseName: view.name, sheets };
}

/** Records of every sheet, each counted up to `cap` (`capped`: more than `cap` in all). */
export async function countPlan(plan: ExportPlan, cap: number): Promise<{ total: number; capped: boolean }> {
  let total = 0;
  for (const sheet of plan.sheets) {
    const counted = await sheet.reader.count(cap - total);
    total += counted.total;
    if (counted.capped || total > cap) return { total, capped: true };
  }
  return { total, capped: false };
}
