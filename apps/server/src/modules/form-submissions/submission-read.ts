import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TFormSubmission } from '@esigns/contracts/form-builders';
import type { TSubmissionDetail, ZSubmissionListQuery } from '@esigns/contracts/form-submissions';
import { hasPermission } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import type { z } from 'zod';
import { escapeLike, type Db } from '../../platform/db/database';
import { notFound, unlessAppError } from '../../platform/http/app-error';
import { findFormBuilder, stepsOf } from './builders-port';
import { formForContact } from './contact-fill';
import { historyOf } from './submission-history';
import { fillerMatch } from './fill-service';
import { formSubmissions, formSubmissionSteps } from './schema';
import {
  anySubmissionOfForm,
  findReadableSubmission,
  presentSubmissions,
  recordEvent,
  type ApprovalRow,
  type Caller,
  type SubmissionRow,
} from './submission-store';

/*
 * Reading submissions: staff with `form-builders:view-submissions` read every submission of the
 * company; anyone else (a member who fills, a guest) reads only their own. Deleting is soft
 * (`deleted_at`), by staff with `form-builders:manage-submissions`.
 */

type TListQuery = z.output<typeof ZSubmissionListQuery>;

/** Form names and codes by id for the answers (each form read once; a deleted form's are empty). */
export async function formLabelsOf(
  db: Db,
  companyId: string,
  formIds: readonly string[],
): Promise<Map<string, { name: string; code: string }>> {
  const out = new Map<string, { name: string; code: string }>();
  for (const id of new Set(formIds)) {
    const form = await unlessAppError(findFormBuilder(db, companyId, id));
    out.set(id, { name: form?.name ?? '', code: form?.code ?? '' });
  }
  return out;
}

export async function presentRows(
  db: Db,
  companyId: string,
  rows: readonly SubmissionRow[],
): Promise<TFormSubmission[]> {
  const labels = await formLabelsOf(
    db,
    companyId,
    rows.map((r) => r.formBuilderId),
  );
  return presentSubmissions(db, rows, (id) => labels.get(id)?.code ?? '');
}

/** What the caller may list: everything of the company (staff who view submissions), else their own. */
function scopeOf(caller: Caller): SQL {
  const live = and(eq(formSubmissions.companyId, caller.companyId), isNull(formSubmissions.deletedAt))!;
  if (caller.kind === 'STAFF' && hasPermission(caller.access, 'form-builders:view-submissions')) return live;
  return and(live, fillerMatch(caller))!;
}

const SORTS = {
  created_at: formSubmissions.createdAt,
  submitted_at: formSubmissions.submittedAt,
  updated_at: formSubmissions.updatedAt,
} as const;

/** `GET formbuilder-data`: a page of the submissions the caller may read. */
export async function listSubmissions(db: Db, caller: Caller, query: TListQuery) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    scopeOf(caller),
    query.formbuilder_details_id
      ? eq(formSubmissions.formBuilderId, query.formbuilder_details_id)
      : undefined,
    caller.kind === 'GUEST' ? eq(formSubmissions.formBuilderId, caller.guest.formBuilderId) : undefined,
    query.status ? eq(formSubmissions.status, query.status) : undefined,
    pattern
      ? or(
          sql`${formSubmissions.fillerName} ilike ${pattern}`,
          sql`${formSubmissions.fillerEmail} ilike ${pattern}`,
        )
      : undefined,
  );
  const column = SORTS[query.sort.replace('-', '') as keyof typeof SORTS];
  const direction = query.sort.startsWith('-') ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(formSubmissions)
      .where(where)
      .orderBy(sql`${direction(column)} nulls last`, desc(formSubmissions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(formSubmissions).where(where),
  ]);
  return { rows: await presentRows(db, caller.companyId, rows), total: total?.n ?? 0 };
}

/** `GET formbuilder-data/{id}`: the submission with its form and history. */
export async function readSubmission(db: Db, caller: Caller, id: string): Promise<TSubmissionDetail> {
  return presentDetail(db, await findReadableSubmission(db, caller, id));
}

/** `GET formbuilder-data/{id}` with an outside approver's link: only the submission of that approval. */
export async function readSubmissionForApproval(
  db: Db,
  approval: ApprovalRow,
  id: string,
): Promise<TSubmissionDetail> {
  if (approval.submissionId !== id) throw notFound('Submission');
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.id, id), isNull(formSubmissions.deletedAt)));
  if (!row) throw notFound('Submission');
  return presentDetail(db, row);
}

async function presentDetail(db: Db, row: SubmissionRow): Promise<TSubmissionDetail> {
  const form = await findFormBuilder(db, row.companyId, row.formBuilderId);
  const [[answer], history] = await Promise.all([
    presentSubmissions(db, [row], () => form.code),
    historyOf(db, row, stepsOf(form)),
  ]);
  return { ...answer!, form: { _id: form.id, name: form.name, code: form.code }, history };
}

/** Soft-deletes the company's submissions among `ids`; unknown ones are left out of the count. */
export async function deleteSubmissions(
  db: Db,
  caller: Caller,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return { deleted: 0 };
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(formSubmissions)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          inArray(formSubmissions.id, valid),
          eq(formSubmissions.companyId, caller.companyId),
          isNull(formSubmissions.deletedAt),
        ),
      )
      .returning({ id: formSubmissions.id });
    const actor = caller.kind === 'STAFF' ? `user:${caller.access.userId}` : '';
    for (const row of rows) await recordEvent(tx, row.id, 'DELETED', actor);
    return { deleted: rows.length };
  });
}

/** `DELETE formbuilder-data/{id}`: 404 for an unknown, deleted or another company's id. */
export async function deleteSubmission(db: Db, caller: Caller, id: string): Promise<{ _id: string }> {
  const { deleted } = await deleteSubmissions(db, caller, [id]);
  if (deleted === 0) throw notFound('Submission');
  return { _id: id };
}

/** `GET formbuilder-data/unique`: whether no other live submission of the form holds this value in that field. */
export async function isValueUnique(
  db: Db,
  caller: Caller,
  query: {
    formbuilder_details_id: string;
    step_id: string;
    field: string;
    value: string;
    formbuilder_data_id?: string;
  },
): Promise<{ unique: boolean }> {
  const form =
    caller.kind === 'CONTACT'
      ? await formForContact(db, caller.contact, query.formbuilder_details_id)
      : await findFormBuilder(db, caller.companyId, query.formbuilder_details_id);
  if (caller.kind === 'GUEST' && caller.guest.formBuilderId !== form.id) throw notFound('Form');
  const sameValue = sql`lower(${formSubmissions.values} -> ${query.step_id} ->> ${query.field}) = lower(${query.value.trim()})`;
  const taken = await anySubmissionOfForm(db, form.id, sameValue, query.formbuilder_data_id ?? null);
  return { unique: !taken };
}

type PersonSubmissions = { data: TFormSubmission[]; total_formbuilder_submissions: number };

/** The caller's reachable submissions of a form that match `where`, newest first (at most 500). */
async function submissionsOfFormWhere(
  db: Db,
  caller: Caller,
  formId: string,
  where: SQL,
): Promise<PersonSubmissions> {
  const form = await findFormBuilder(db, caller.companyId, formId);
  const rows = await db
    .select()
    .from(formSubmissions)
    .where(and(scopeOf(caller), eq(formSubmissions.formBuilderId, form.id), where))
    .orderBy(desc(formSubmissions.createdAt))
    .limit(500);
  return {
    data: await presentSubmissions(db, rows, () => form.code),
    total_formbuilder_submissions: rows.length,
  };
}

/** Submissions of a form by one person (`user_id`: the filler's user, contact or guest id). */
export async function submissionsOfPerson(
  db: Db,
  caller: Caller,
  formId: string,
  personId: string,
): Promise<PersonSubmissions> {
  if (!isUuid(personId)) throw notFound('Person');
  return submissionsOfFormWhere(db, caller, formId, eq(formSubmissions.fillerId, personId));
}

/** Submissions of a form whose ENTITY step wrote the record `recordId`. */
export async function submissionsOfRecord(
  db: Db,
  caller: Caller,
  formId: string,
  recordId: string,
): Promise<PersonSubmissions> {
  if (!isUuid(recordId)) throw notFound('Record');
  const linked = db
    .select({ id: formSubmissionSteps.submissionId })
    .from(formSubmissionSteps)
    .where(eq(formSubmissionSteps.entityDataId, recordId));
  return submissionsOfFormWhere(db, caller, formId, inArray(formSubmissions.id, linked));
}

/** `GET formbuilder-data/{user_id}/{schedule_id}`: that person's submission of a send (batch). */
export async function submissionOfBatch(
  db: Db,
  caller: Caller,
  personId: string,
  batchId: string,
): Promise<TFormSubmission> {
  if (!isUuid(personId) || !isUuid(batchId)) throw notFound('Submission');
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(scopeOf(caller), eq(formSubmissions.batchId, batchId), eq(formSubmissions.fillerId, personId)))
    .limit(1);
  if (!row) throw notFound('Submission');
  const [answer] = await presentRows(db, caller.companyId, [row]);
  return answer!;
}
