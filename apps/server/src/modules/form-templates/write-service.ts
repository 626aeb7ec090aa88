import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type {
  TCreateFormTemplateRequest,
  TDuplicateTitle,
  TFormTemplate,
  TPrimaryUserType,
  TUpdateFormTemplateRequest,
} from '@esigns/contracts/form-templates';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import type { AccessContext } from '../permissions';
import { codeProblem, freeCodeFor, isNameTaken, nextFreeName } from './names';
import { formTemplates } from './schema';
import { findReadableTemplate, toFormTemplate, type FormTemplateRow } from './service';
import { findDeleteBlocker, findFieldChangeProblems } from './usage';

/*
 * Creating, changing, copying and deleting form templates. STANDARD templates are read-only for
 * everyone (403): a company copies one to change it. Problems a person can fix come back as 422
 * details keyed by the body field (`name`, `code`, `fields.2.options`), all at once.
 */

const detail = (key: string, message: string): TValidationDetail => ({ key, message, path: key.split('.') });

/** "Copy of <name>", within the 120 characters a name may have. */
const copyNameOf = (name: string): string => `Copy of ${name}`.slice(0, 120).trim();

async function primaryProblem(
  db: Db,
  companyId: string,
  userType: TPrimaryUserType | null | undefined,
  excludeId?: string,
): Promise<string | null> {
  if (!userType) return null;
  const [row] = await db
    .select({ name: formTemplates.name })
    .from(formTemplates)
    .where(
      and(
        eq(formTemplates.companyId, companyId),
        isNull(formTemplates.deletedAt),
        eq(formTemplates.primaryForUserType, userType),
        excludeId ? ne(formTemplates.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  return row ? `${row.name} is already the primary template for ${userType}: clear it there first` : null;
}

function repeatProblem(isRepeatable: boolean, maxEntries: number | null): string | null {
  return !isRepeatable && maxEntries !== null
    ? 'Only repeatable templates have a maximum number of entries'
    : null;
}

/** Throws the 422 for a unique index hit by a concurrent write. */
function rethrowUnique(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw validationError(
      [detail('name', 'Another template took this name or code a moment ago: try again')],
      'Another template took this name or code a moment ago',
    );
  }
  throw err;
}

/** `POST template/create`. */
export async function createFormTemplate(
  db: Db,
  access: AccessContext,
  body: TCreateFormTemplateRequest,
): Promise<TFormTemplate> {
  const problems: TValidationDetail[] = [];
  if (await isNameTaken(db, access.companyId, body.name)) {
    problems.push(detail('name', `Another template is already called ${body.name}`));
  }
  const codeIssue = body.code ? await codeProblem(db, access.companyId, body.code) : null;
  if (codeIssue) problems.push(detail('code', codeIssue));
  const primaryIssue = await primaryProblem(db, access.companyId, body.primary_for_user_type);
  if (primaryIssue) problems.push(detail('primary_for_user_type', primaryIssue));
  const repeatIssue = repeatProblem(body.is_repeatable, body.max_entries);
  if (repeatIssue) problems.push(detail('max_entries', repeatIssue));
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);

  const code = body.code ?? (await freeCodeFor(db, access.companyId, body.name));
  try {
    const [row] = await db
      .insert(formTemplates)
      .values({
        companyId: access.companyId,
        name: body.name,
        code,
        type: 'CUSTOM',
        description: body.description,
        fields: body.fields,
        isRepeatable: body.is_repeatable,
        maxEntries: body.max_entries,
        primaryForUserType: body.primary_for_user_type,
        icon: body.icon,
        createdBy: access.userId,
        updatedBy: access.userId,
      })
      .returning();
    return toFormTemplate(row!);
  } catch (err) {
    rethrowUnique(err);
  }
}

/** The company's own template, for a change: 404 when unknown, 403 for a STANDARD one. */
async function findWritableTemplate(db: Db, access: AccessContext, id: string): Promise<FormTemplateRow> {
  const row = await findReadableTemplate(db, access.companyId, id);
  if (row.companyId === null) {
    throw new AppError('FORBIDDEN', {
      message: `${row.name} is a standard template and cannot be changed: duplicate it and change the copy`,
    });
  }
  return row;
}

/** `PUT template`: changes what the body gives; `version`, when given, must be the current one. */
export async function updateFormTemplate(
  db: Db,
  access: AccessContext,
  body: TUpdateFormTemplateRequest,
): Promise<TFormTemplate> {
  const row = await findWritableTemplate(db, access, body._id);
  const staleMessage = `${row.name} was changed by someone else meanwhile: reload it and make your changes again`;
  if (body.version !== undefined && body.version !== row.version) {
    throw new AppError('CONFLICT', { message: staleMessage });
  }
  const problems: TValidationDetail[] = [];
  if (body.name !== undefined && (await isNameTaken(db, access.companyId, body.name, row.id))) {
    problems.push(detail('name', `Another template is already called ${body.name}`));
  }
  const codeIssue = body.code ? await codeProblem(db, access.companyId, body.code, row.id) : null;
  if (codeIssue) problems.push(detail('code', codeIssue));
  const primaryIssue = await primaryProblem(db, access.companyId, body.primary_for_user_type, row.id);
  if (primaryIssue) problems.push(detail('primary_for_user_type', primaryIssue));
  const repeatIssue = repeatProblem(
    body.is_repeatable ?? row.isRepeatable,
    body.max_entries ?? row.maxEntries,
  );
  if (repeatIssue) problems.push(detail('max_entries', repeatIssue));
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);

  return db.transaction(async (tx) => {
    if (body.fields !== undefined) {
      const ref = { id: row.id, companyId: access.companyId, name: row.name };
      const fieldProblems = await findFieldChangeProblems(tx, ref, row.fields, body.fields);
      if (fieldProblems.length > 0) throw validationError(fieldProblems, fieldProblems[0]!.message);
    }
    const changes = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.code !== undefined ? { code: body.code } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.fields !== undefined ? { fields: body.fields } : {}),
      ...(body.is_repeatable !== undefined ? { isRepeatable: body.is_repeatable } : {}),
      ...(body.max_entries !== undefined ? { maxEntries: body.max_entries } : {}),
      ...(body.primary_for_user_type !== undefined ? { primaryForUserType: body.primary_for_user_type } : {}),
      ...(body.icon !== undefined ? { icon: body.icon } : {}),
    };
    try {
      const [updated] = await tx
        .update(formTemplates)
        .set({
          ...changes,
          version: sql`${formTemplates.version} + 1`,
          updatedBy: access.userId,
          updatedAt: new Date(),
        })
        .where(and(eq(formTemplates.id, row.id), eq(formTemplates.version, row.version)))
        .returning();
      if (!updated) throw new AppError('CONFLICT', { message: staleMessage });
      return toFormTemplate(updated);
    } catch (err) {
      rethrowUnique(err);
    }
  });
}

/** `DELETE template/{id}`: 409 when something still uses the template (see usage.ts). */
export async function deleteFormTemplate(
  db: Db,
  access: AccessContext,
  id: string,
): Promise<{ _id: string }> {
  const row = await findWritableTemplate(db, access, id);
  await db.transaction(async (tx) => {
    const reason = await findDeleteBlocker(tx, { id: row.id, companyId: access.companyId, name: row.name });
    if (reason) throw new AppError('CONFLICT', { message: `${row.name} cannot be deleted: ${reason}` });
    await tx
      .update(formTemplates)
      .set({ deletedAt: new Date(), updatedBy: access.userId, updatedAt: new Date() })
      .where(and(eq(formTemplates.id, row.id), isNull(formTemplates.deletedAt)));
  });
  return { _id: row.id };
}

/**
 * `POST template/duplicateFormTemplate`: a CUSTOM copy of a company or STANDARD template, named
 * `name` (which must be free) or the next free "Copy of <name>". The copy is nobody's primary.
 */
export async function duplicateFormTemplate(
  db: Db,
  access: AccessContext,
  body: { template_id: string; name?: string | undefined },
): Promise<TFormTemplate> {
  const source = await findReadableTemplate(db, access.companyId, body.template_id);
  let name: string;
  if (body.name !== undefined) {
    if (await isNameTaken(db, access.companyId, body.name)) {
      throw validationError([detail('name', `Another template is already called ${body.name}`)]);
    }
    name = body.name;
  } else {
    name = (await nextFreeName(db, access.companyId, copyNameOf(source.name))).suggested;
  }
  const code = await freeCodeFor(db, access.companyId, name);
  try {
    const [row] = await db
      .insert(formTemplates)
      .values({
        companyId: access.companyId,
        name,
        code,
        type: 'CUSTOM',
        description: source.description,
        fields: source.fields,
        isRepeatable: source.isRepeatable,
        maxEntries: source.maxEntries,
        primaryForUserType: null,
        icon: source.icon,
        createdBy: access.userId,
        updatedBy: access.userId,
      })
      .returning();
    return toFormTemplate(row!);
  } catch (err) {
    rethrowUnique(err);
  }
}

/**
 * `POST template/duplicateFormTemplateTitle`: whether a title is free for a new or copied
 * template, and the first free one of its family ("Copy of Leads (2)").
 */
export async function checkDuplicateTitle(
  db: Db,
  access: AccessContext,
  body: { name?: string | undefined; template_id?: string | undefined },
): Promise<TDuplicateTitle> {
  let wanted = body.name;
  if (wanted === undefined) {
    const source = await findReadableTemplate(db, access.companyId, body.template_id!);
    wanted = copyNameOf(source.name);
  }
  const { isAvailable, suggested } = await nextFreeName(db, access.companyId, wanted);
  return { name: wanted, is_available: isAvailable, suggested_name: suggested };
}
