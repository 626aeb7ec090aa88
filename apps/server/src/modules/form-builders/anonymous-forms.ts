import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TAnonymousForm,
  ZCreateAnonymousFormRequest,
  ZUpdateAnonymousFormRequest,
} from '@esigns/contracts/form-builders';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { AccessContext } from '../permissions';
import { anonymousForms } from './schema';
import { findFormBuilder, type FormBuilderRow } from './service';
import { publicFormUrl } from './sharing';

/*
 * Anonymous links (`anonymous-form`): saved public links to one of the company's forms, each
 * with its own name and settings (`params`), for staff to hand out (a QR code at a site, a link on
 * a page). The link is the form's public link carrying the anonymous link's id.
 */

type AnonymousFormRow = typeof anonymousForms.$inferSelect;

function toAnonymousForm(
  publicUrl: string,
  row: AnonymousFormRow,
  form: Pick<FormBuilderRow, 'code'>,
): TAnonymousForm {
  return {
    _id: row.id,
    formbuilder_details_id: row.formBuilderId,
    name: row.name,
    params: row.params,
    url: `${publicFormUrl(publicUrl, form)}?anonymous_form=${row.id}`,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The company's anonymous link `id` with its (live) form, or 404. */
async function findAnonymousForm(
  db: Db,
  access: AccessContext,
  id: string,
): Promise<{ row: AnonymousFormRow; form: FormBuilderRow }> {
  if (!isUuid(id)) throw notFound('Anonymous form');
  const [row] = await db
    .select()
    .from(anonymousForms)
    .where(and(eq(anonymousForms.id, id), eq(anonymousForms.companyId, access.companyId)))
    .limit(1);
  if (!row) throw notFound('Anonymous form');
  // A deleted form's links are gone with it: 404.
  return { row, form: await findFormBuilder(db, access.companyId, row.formBuilderId) };
}

/** `POST anonymous-form`: a new anonymous link to one of the company's forms. */
export async function createAnonymousForm(
  db: Db,
  publicUrl: string,
  access: AccessContext,
  body: z.output<typeof ZCreateAnonymousFormRequest>,
): Promise<TAnonymousForm> {
  const form = await findFormBuilder(db, access.companyId, body.formbuilder_details_id);
  const [row] = await db
    .insert(anonymousForms)
    .values({
      companyId: access.companyId,
      formBuilderId: form.id,
      name: body.name,
      params: body.params,
      createdBy: access.userId,
    })
    .returning();
  return toAnonymousForm(publicUrl, row!, form);
}

/** `GET anonymous-form/{id}`. */
export async function getAnonymousForm(
  db: Db,
  publicUrl: string,
  access: AccessContext,
  id: string,
): Promise<TAnonymousForm> {
  const { row, form } = await findAnonymousForm(db, access, id);
  return toAnonymousForm(publicUrl, row, form);
}

/** `POST anonymous-form/{id}`: changes the name or settings given. */
export async function updateAnonymousForm(
  db: Db,
  publicUrl: string,
  access: AccessContext,
  id: string,
  body: z.output<typeof ZUpdateAnonymousFormRequest>,
): Promise<TAnonymousForm> {
  const { row, form } = await findAnonymousForm(db, access, id);
  const [updated] = await db
    .update(anonymousForms)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.params !== undefined ? { params: body.params } : {}),
      updatedAt: new Date(),
    })
    .where(eq(anonymousForms.id, row.id))
    .returning();
  return toAnonymousForm(publicUrl, updated ?? row, form);
}

/** `DELETE anonymous-form/{id}`: the link stops being listed (the form's own link still works). */
export async function deleteAnonymousForm(
  db: Db,
  access: AccessContext,
  id: string,
): Promise<{ _id: string }> {
  const { row } = await findAnonymousForm(db, access, id);
  await db.delete(anonymousForms).where(eq(anonymousForms.id, row.id));
  return { _id: row.id };
}
