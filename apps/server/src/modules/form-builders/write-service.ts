import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TFormBuilder,
  ZCreateFormBuilderRequest,
  ZUpdateFormBuilderRequest,
} from '@esigns/contracts/form-builders';
import { toTemplateCode } from '@esigns/contracts/form-templates';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import type { AccessContext } from '../permissions';
import { checkDefinition } from './definition-check';
import { formBuilders } from './schema';
import { findFormBuilder, presentFormBuilder, toFormBuilder } from './service';

/*
 * Creating, changing and deleting form definitions. Names are unique among the company's live
 * forms (ignoring case, 422 on `name`); codes are unique across the instance: the name's slug, a
 * dash and 6 random base-36 characters (`site-visit-k3x9q2`), kept for the form's life.
 */

type CreateBody = z.output<typeof ZCreateFormBuilderRequest>;
type UpdateBody = z.output<typeof ZUpdateFormBuilderRequest>;

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A new code for a form named `name`. */
export function newFormCode(name: string): string {
  const suffix = Array.from({ length: 6 }, () => BASE36[randomInt(0, 36)]).join('');
  return `${toTemplateCode(name).slice(0, 50).replace(/-+$/, '')}-${suffix}`;
}

const nameTaken = (name: string) =>
  validationError([{ key: 'name', message: `Another form is already called ${name}`, path: ['name'] }]);

async function assertNameFree(db: Db, companyId: string, name: string, excludeId?: string): Promise<void> {
  const [row] = await db
    .select({ id: formBuilders.id })
    .from(formBuilders)
    .where(
      and(
        eq(formBuilders.companyId, companyId),
        isNull(formBuilders.deletedAt),
        sql`lower(${formBuilders.name}) = lower(${name})`,
        excludeId ? ne(formBuilders.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  if (row) throw nameTaken(name);
}

/** `POST formBuilders`: a new form (DRAFT unless told), its steps given ids. */
export async function createFormBuilder(
  db: Db,
  access: AccessContext,
  body: CreateBody,
): Promise<TFormBuilder> {
  await assertNameFree(db, access.companyId, body.name);
  const steps = await checkDefinition(db, access.companyId, body);
  // A code collision (1 in 2 billion per name) is retried; a name taken meanwhile is a 422.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(formBuilders)
        .values({
          companyId: access.companyId,
          name: body.name,
          code: newFormCode(body.name),
          description: body.description,
          ownerType: body.owner_type,
          status: body.status,
          steps,
          settings: body.settings,
          createdBy: access.userId,
          updatedBy: access.userId,
        })
        .returning();
      return toFormBuilder(row!, 0);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await assertNameFree(db, access.companyId, body.name);
      if (attempt >= 2) throw err;
    }
  }
}

/**
 * `PUT formBuilders`: replaces the definition of form `_id`. With `version` (the one read), a
 * form saved by someone else meanwhile is 409. Step ids given are kept.
 */
export async function updateFormBuilder(
  db: Db,
  access: AccessContext,
  body: UpdateBody,
): Promise<TFormBuilder> {
  const row = await findFormBuilder(db, access.companyId, body._id);
  const stale = () =>
    new AppError('CONFLICT', {
      message: `${row.name} was changed by someone else meanwhile: reload it and make your changes again`,
    });
  if (body.version !== undefined && body.version !== row.version) throw stale();
  await assertNameFree(db, access.companyId, body.name, row.id);
  const steps = await checkDefinition(db, access.companyId, body);
  try {
    const [updated] = await db
      .update(formBuilders)
      .set({
        name: body.name,
        description: body.description,
        ownerType: body.owner_type,
        status: body.status,
        steps,
        settings: body.settings,
        version: sql`${formBuilders.version} + 1`,
        updatedBy: access.userId,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(formBuilders.id, row.id),
          eq(formBuilders.version, row.version),
          isNull(formBuilders.deletedAt),
        ),
      )
      .returning();
    if (!updated) throw stale();
    return presentFormBuilder(db, updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.name);
    throw err;
  }
}

/** `DELETE formBuilders/{id}`: soft; submissions keep pointing at the form, its links stop working. */
export async function deleteFormBuilder(db: Db, access: AccessContext, id: string): Promise<{ _id: string }> {
  const row = await findFormBuilder(db, access.companyId, id);
  await db
    .update(formBuilders)
    .set({ deletedAt: new Date(), updatedBy: access.userId, updatedAt: new Date() })
    .where(and(eq(formBuilders.id, row.id), isNull(formBuilders.deletedAt)));
  return { _id: row.id };
}
