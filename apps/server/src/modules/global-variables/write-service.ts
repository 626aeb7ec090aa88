import { and, eq, ne, sql } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import {
  checkGlobalVariable,
  type TCreateGlobalVariableRequest,
  type TGlobalVariable,
  type TGlobalVariableTag,
  type TGlobalVariableType,
  type TUpdateGlobalVariableRequest,
} from '@esigns/contracts/global-variables';
import { toFieldKey } from '@esigns/contracts/nocode-fields';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { isUniqueViolation } from '../auth';
import { templateNamesWithField } from '../form-templates';
import type { AccessContext } from '../permissions';
import { globalVariables, globalVariableTags } from './schema';
import { findOwnVariable, toGlobalVariable, withValueUrls, type GlobalVariableRow } from './service';
import { STANDARD_BY_ID, STANDARD_KEYS } from './standard';

/*
 * Creating, changing and deleting global variables and tags. Problems a person can fix come
 * back together as 422 details keyed by the body field (`label`, `settings.options.0.value`,
 * `value`, `value.0`, `tags.1`). STANDARD variables are read-only (403).
 */

const detail = (key: string, message: string): TValidationDetail => ({ key, message, path: key.split('.') });

function refuseStandard(id: string): void {
  const standard = STANDARD_BY_ID.get(id);
  if (standard) {
    throw new AppError('FORBIDDEN', {
      message: `${standard.label} is a standard variable: its value comes from the company and cannot be changed here`,
    });
  }
}

async function labelProblem(db: Db, companyId: string, label: string, excludeId?: string) {
  const [row] = await db
    .select({ id: globalVariables.id })
    .from(globalVariables)
    .where(
      and(
        eq(globalVariables.companyId, companyId),
        sql`lower(${globalVariables.label}) = lower(${label})`,
        excludeId ? ne(globalVariables.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  return row ? detail('label', `Another variable is already called ${label}`) : null;
}

/** A key for `label` not used by the company's variables nor by a standard one: `tax`, `tax_2`... */
async function freeKeyFor(db: Db, companyId: string, label: string): Promise<string> {
  const base = toFieldKey(label);
  const rows = await db
    .select({ key: globalVariables.key })
    .from(globalVariables)
    .where(
      and(
        eq(globalVariables.companyId, companyId),
        sql`(${globalVariables.key} = ${base} or ${globalVariables.key} like ${`${base}\\_%`})`,
      ),
    );
  const taken = new Set([...rows.map((row) => row.key), ...STANDARD_KEYS]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base.slice(0, 58)}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The settings and value checked by the shared validator, and IMAGE files checked in storage. */
async function checkedContent(
  platform: Platform,
  companyId: string,
  input: { input_type: TGlobalVariableType; settings: Record<string, unknown>; value: unknown },
): Promise<{ settings: Record<string, unknown>; value: unknown; problems: TValidationDetail[] }> {
  const checked = checkGlobalVariable(input, { fileRefPrefix: `companies/${companyId}/` });
  const problems = [...checked.errors];
  if (problems.length === 0 && input.input_type === 'IMAGE' && Array.isArray(checked.value)) {
    const files = checked.value as TFileRef[];
    const found = await Promise.all(files.map((file) => platform.storage.head(file.file_ref_id)));
    found.forEach((info, index) => {
      if (!info) problems.push(detail(`value.${index}`, `${files[index]!.name} was not uploaded`));
    });
  }
  return { settings: checked.settings, value: checked.value, problems };
}

/**
 * The tags' stored names, creating the ones the company does not have yet (names compare
 * ignoring case; the existing spelling wins).
 */
async function ensureTags(db: Db, companyId: string, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  await db
    .insert(globalVariableTags)
    .values(names.map((name) => ({ companyId, name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ name: globalVariableTags.name })
    .from(globalVariableTags)
    .where(
      and(
        eq(globalVariableTags.companyId, companyId),
        sql`lower(${globalVariableTags.name}) in (${sql.join(
          names.map((name) => sql`${name.toLowerCase()}`),
          sql`, `,
        )})`,
      ),
    );
  const byLower = new Map(rows.map((row) => [row.name.toLowerCase(), row.name]));
  return names.map((name) => byLower.get(name.toLowerCase()) ?? name);
}

function rethrowUnique(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw validationError(
      [detail('label', 'Another variable took this label a moment ago: try again')],
      'Another variable took this label a moment ago',
    );
  }
  throw err;
}

function throwProblems(problems: TValidationDetail[]): void {
  if (problems.length > 0) throw validationError(problems, `${problems[0]!.key}: ${problems[0]!.message}`);
}

/** `POST /global-variables`. */
export async function createGlobalVariable(
  platform: Platform,
  access: AccessContext,
  body: TCreateGlobalVariableRequest,
): Promise<TGlobalVariable> {
  const db = platform.database.db;
  const labelIssue = await labelProblem(db, access.companyId, body.label);
  const content = await checkedContent(platform, access.companyId, { ...body, value: body.value });
  throwProblems([...(labelIssue ? [labelIssue] : []), ...content.problems]);
  try {
    const row = await db.transaction(async (tx) => {
      const tags = await ensureTags(tx, access.companyId, body.tags);
      const [inserted] = await tx
        .insert(globalVariables)
        .values({
          companyId: access.companyId,
          label: body.label,
          key: await freeKeyFor(tx, access.companyId, body.label),
          inputType: body.input_type,
          settings: content.settings,
          value: content.value,
          description: body.description,
          isFixed: body.is_fixed,
          tags,
          createdBy: access.userId,
          updatedBy: access.userId,
        })
        .returning();
      return inserted!;
    });
    const [answer] = await withValueUrls(platform.storage, [toGlobalVariable(row)]);
    return answer!;
  } catch (err) {
    rethrowUnique(err);
  }
}

/** `PATCH /global-variables/{id}`: what the body gives changes; settings and value are checked again. */
export async function updateGlobalVariable(
  platform: Platform,
  access: AccessContext,
  id: string,
  body: TUpdateGlobalVariableRequest,
): Promise<TGlobalVariable> {
  refuseStandard(id);
  const db = platform.database.db;
  const row = await findOwnVariable(db, access.companyId, id);
  const labelIssue =
    body.label !== undefined ? await labelProblem(db, access.companyId, body.label, row.id) : null;
  const current = toGlobalVariable(row);
  const content = await checkedContent(platform, access.companyId, {
    input_type: body.input_type ?? current.input_type,
    settings: body.settings ?? row.settings,
    value: body.value !== undefined ? body.value : row.value,
  });
  throwProblems([...(labelIssue ? [labelIssue] : []), ...content.problems]);
  try {
    const updated = await db.transaction(async (tx) => {
      const tags = body.tags !== undefined ? await ensureTags(tx, access.companyId, body.tags) : undefined;
      const [saved] = await tx
        .update(globalVariables)
        .set({
          ...(body.label !== undefined ? { label: body.label } : {}),
          ...(body.input_type !== undefined ? { inputType: body.input_type } : {}),
          ...(body.is_fixed !== undefined ? { isFixed: body.is_fixed } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(tags !== undefined ? { tags } : {}),
          settings: content.settings,
          value: content.value,
          updatedBy: access.userId,
          updatedAt: new Date(),
        })
        .where(eq(globalVariables.id, row.id))
        .returning();
      return saved as GlobalVariableRow;
    });
    const [answer] = await withValueUrls(platform.storage, [toGlobalVariable(updated)]);
    return answer!;
  } catch (err) {
    rethrowUnique(err);
  }
}

/** The names of the company's live form templates with a GLOBAL_VARIABLE field showing `id`. */
async function templatesUsing(db: Db, companyId: string, id: string): Promise<string[]> {
  return templateNamesWithField(db, companyId, { type: 'GLOBAL_VARIABLE', global_variable_id: id }, 4);
}

const listNames = (names: string[]): string => {
  const shown = names.slice(0, 3);
  const more = names.length > 3 ? ' and others' : '';
  return `${shown.join(', ')}${more}`;
};

/** `DELETE /global-variables/{id}`: 409 while a form template shows the variable. */
export async function deleteGlobalVariable(
  db: Db,
  access: AccessContext,
  id: string,
): Promise<{ _id: string }> {
  refuseStandard(id);
  const row = await findOwnVariable(db, access.companyId, id);
  await db.transaction(async (tx) => {
    const users = await templatesUsing(tx, access.companyId, row.id);
    if (users.length > 0) {
      const noun = users.length === 1 ? 'the form template' : 'the form templates';
      throw new AppError('CONFLICT', {
        message: `${row.label} cannot be deleted: ${noun} ${listNames(users)} ${users.length === 1 ? 'shows' : 'show'} it. Remove the field there first.`,
      });
    }
    await tx.delete(globalVariables).where(eq(globalVariables.id, row.id));
  });
  return { _id: row.id };
}

/** `POST /global-variable-tags`: a new tag (422 on `name` when the company has it already). */
export async function createTag(db: Db, access: AccessContext, name: string): Promise<TGlobalVariableTag> {
  const taken = () => validationError([detail('name', `The tag ${name} already exists`)]);
  const [existing] = await db
    .select({ id: globalVariableTags.id })
    .from(globalVariableTags)
    .where(
      and(
        eq(globalVariableTags.companyId, access.companyId),
        sql`lower(${globalVariableTags.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  if (existing) throw taken();
  try {
    const [row] = await db
      .insert(globalVariableTags)
      .values({ companyId: access.companyId, name })
      .returning();
    return { _id: row!.id, name: row!.name, variables_count: 0, created_at: row!.createdAt.toISOString() };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
