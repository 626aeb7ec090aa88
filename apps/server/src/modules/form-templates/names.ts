import { escapeLike } from '../../platform/db/database';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { toTemplateCode } from '@esigns/contracts/form-templates';
import type { Db } from '../../platform/db/database';
import { formTemplates } from './schema';
import { STANDARD_TEMPLATE_CODES } from './standard-templates';

/*
 * Names and codes are unique among a company's live templates (names ignoring case). When one is
 * taken, the next free one is "<name> (2)", "<name> (3)"... and "<code>-2", "<code>-3"...
 * STANDARD codes are reserved: `templates/code/{code}` must never be ambiguous.
 */

const MAX_NAME = 120;

const liveOf = (companyId: string, excludeId?: string) =>
  and(
    eq(formTemplates.companyId, companyId),
    isNull(formTemplates.deletedAt),
    excludeId ? ne(formTemplates.id, excludeId) : undefined,
  );

/** Whether `name` is free in the company, and the first free name in its family. */
export async function nextFreeName(
  db: Db,
  companyId: string,
  wanted: string,
  excludeId?: string,
): Promise<{ isAvailable: boolean; suggested: string }> {
  const base =
    wanted
      .trim()
      .slice(0, MAX_NAME - 6)
      .trim() || wanted.trim();
  const rows = await db
    .select({ name: sql<string>`lower(${formTemplates.name})` })
    .from(formTemplates)
    .where(
      and(
        liveOf(companyId, excludeId),
        sql`(lower(${formTemplates.name}) = lower(${wanted.trim()})
          or lower(${formTemplates.name}) like lower(${`${escapeLike(base)} (%)`}))`,
      ),
    );
  const taken = new Set(rows.map((row) => row.name));
  if (!taken.has(wanted.trim().toLowerCase())) return { isAvailable: true, suggested: wanted.trim() };
  for (let n = 2; ; n += 1) {
    const candidate = `${base} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return { isAvailable: false, suggested: candidate };
  }
}

/** Whether another live template of the company already has this name (ignoring case). */
export async function isNameTaken(
  db: Db,
  companyId: string,
  name: string,
  excludeId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(and(liveOf(companyId, excludeId), sql`lower(${formTemplates.name}) = lower(${name})`))
    .limit(1);
  return row !== undefined;
}

/** Why `code` cannot be used by the company's template, or null. */
export async function codeProblem(
  db: Db,
  companyId: string,
  code: string,
  excludeId?: string,
): Promise<string | null> {
  if (STANDARD_TEMPLATE_CODES.has(code)) return `The code ${code} belongs to a standard template`;
  const [row] = await db
    .select({ name: formTemplates.name })
    .from(formTemplates)
    .where(and(liveOf(companyId, excludeId), eq(formTemplates.code, code)))
    .limit(1);
  return row ? `The template ${row.name} already uses the code ${code}` : null;
}

/** A free code for a template named `name`: its slug, or the slug with the first free `-n`. */
export async function freeCodeFor(
  db: Db,
  companyId: string,
  name: string,
  excludeId?: string,
): Promise<string> {
  const base = toTemplateCode(name);
  const rows = await db
    .select({ code: formTemplates.code })
    .from(formTemplates)
    .where(
      and(
        liveOf(companyId, excludeId),
        sql`(${formTemplates.code} = ${base} or ${formTemplates.code} like ${`${escapeLike(base)}-%`})`,
      ),
    );
  const taken = new Set([...rows.map((row) => row.code), ...STANDARD_TEMPLATE_CODES]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
