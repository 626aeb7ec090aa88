import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { TFormSubmission, TSubmissionStep } from '@esigns/contracts/form-builders';
import { hasPermission } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import type { AccessContext } from '../permissions';
import { formAvailability, type FormBuilderRow, type GuestIdentity } from './builders-port';
import { UNANSWERED_STATUSES } from './close-submissions';
import { formApprovals, formSubmissionEvents, formSubmissions, formSubmissionSteps } from './schema';

/*
 * The submission rows of the fill side: who is asking (a staff member or a guest of the form), the
 * rows they may reach (404 for every other, exactly as another company's id), the answer's shape,
 * and the history writer.
 */

export type SubmissionRow = typeof formSubmissions.$inferSelect;
export type StepRow = typeof formSubmissionSteps.$inferSelect;
export type ApprovalRow = typeof formApprovals.$inferSelect;
type Reader = Pick<Db, 'select'>;

/**
 * Who calls: a signed-in member of the company, a signed-in contact of the contact area (`/ap`), or a
 * guest proved by the form's session headers.
 */
export type Caller =
  | { kind: 'STAFF'; companyId: string; access: AccessContext }
  | { kind: 'CONTACT'; companyId: string; contact: ContactContext }
  | { kind: 'GUEST'; companyId: string; guest: GuestIdentity };

/** The text the history names the caller by (a contact by their login, as members are). */
export const actorOf = (caller: Caller): string =>
  caller.kind === 'STAFF'
    ? `user:${caller.access.userId}`
    : caller.kind === 'CONTACT'
      ? `user:${caller.contact.userId}`
      : `guest:${caller.guest.guestId}`;

/** The filler id of the caller's own answers: their user, their contact, their guest identity. */
export const fillerIdOf = (caller: Caller): string =>
  caller.kind === 'STAFF'
    ? caller.access.userId
    : caller.kind === 'CONTACT'
      ? caller.contact.contactId
      : caller.guest.guestId;

/**
 * A contact's own submissions, as SQL: filler their contact, or a guest answer of their email (a
 * form sent to their email before they had access). The contact area's lists and the fill routes
 * read the same set.
 */
export const contactFillerSql = (contact: Pick<ContactContext, 'contactId' | 'email'>): SQL =>
  or(
    and(eq(formSubmissions.fillerKind, 'CONTACT'), eq(formSubmissions.fillerId, contact.contactId)),
    and(
      eq(formSubmissions.fillerKind, 'GUEST'),
      sql`lower(${formSubmissions.fillerEmail}) = ${contact.email.toLowerCase()}`,
    ),
  )!;

/** `contactFillerSql` on a row already read. */
const isContactFiller = (contact: ContactContext, row: SubmissionRow): boolean =>
  (row.fillerKind === 'CONTACT' && row.fillerId === contact.contactId) ||
  (row.fillerKind === 'GUEST' && row.fillerEmail?.toLowerCase() === contact.email.toLowerCase());

/**
 * Whether the caller is the submission's filler: their own user, or the guest (a guest whose
 * session carries a contact also fills the submissions sent to that contact for this form).
 */
export function isFiller(caller: Caller, row: SubmissionRow): boolean {
  if (row.companyId !== caller.companyId) return false;
  if (caller.kind === 'STAFF') return row.fillerKind === 'USER' && row.fillerId === caller.access.userId;
  if (caller.kind === 'CONTACT') return isContactFiller(caller.contact, row);
  const { guest } = caller;
  if (row.formBuilderId !== guest.formBuilderId) return false;
  if ((row.fillerKind === 'GUEST' || row.fillerKind === 'ANONYMOUS') && row.fillerId === guest.guestId)
    return true;
  return row.fillerKind === 'CONTACT' && guest.contactId !== null && row.fillerId === guest.contactId;
}

async function findLiveSubmission(db: Reader, companyId: string, id: string): Promise<SubmissionRow> {
  if (!isUuid(id)) throw notFound('Submission');
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.id, id),
        eq(formSubmissions.companyId, companyId),
        isNull(formSubmissions.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Submission');
  return row;
}

/** The caller's own submission `id` (the one they fill), or 404. */
export async function findOwnSubmission(db: Reader, caller: Caller, id: string): Promise<SubmissionRow> {
  const row = await findLiveSubmission(db, caller.companyId, id);
  if (!isFiller(caller, row)) throw notFound('Submission');
  return row;
}

/**
 * A submission the caller may read: their own, any of the company's with `slug` (staff), or one a
 * member or a contact is an approver of. 404 otherwise.
 */
export async function findReadableSubmission(
  db: Reader,
  caller: Caller,
  id: string,
  slug:
    'form-builders:view-submissions' | 'form-builders:manage-submissions' = 'form-builders:view-submissions',
): Promise<SubmissionRow> {
  const row = await findLiveSubmission(db, caller.companyId, id);
  if (isFiller(caller, row)) return row;
  if (caller.kind === 'STAFF' && hasPermission(caller.access, slug)) return row;
  if (
    caller.kind !== 'GUEST' &&
    slug === 'form-builders:view-submissions' &&
    (await isApproverOf(db, approverMatch(caller), row.id))
  )
    return row;
  throw notFound('Submission');
}

/** The approvals asked of a signed-in caller: a member by their user, a contact by their contact. */
export function approverMatch(
  caller:
    | { kind: 'STAFF'; access: Pick<AccessContext, 'userId'> }
    | { kind: 'CONTACT'; contact: Pick<ContactContext, 'contactId'> },
): SQL {
  return caller.kind === 'STAFF'
    ? eq(formApprovals.approverUserId, caller.access.userId)
    : and(
        eq(formApprovals.approverKind, 'CONTACT'),
        eq(formApprovals.approverContactId, caller.contact.contactId),
      )!;
}

async function isApproverOf(db: Reader, who: SQL, submissionId: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: formApprovals.id })
    .from(formApprovals)
    .where(and(eq(formApprovals.submissionId, submissionId), who))
    .limit(1);
  return hit !== undefined;
}

/** The submission locked for a write (inside the caller's transaction). */
export async function lockSubmission(tx: Reader, id: string): Promise<SubmissionRow> {
  const [row] = await tx
    .select()
    .from(formSubmissions)
    .where(eq(formSubmissions.id, id))
    .for('update')
    .limit(1);
  if (!row || row.deletedAt) throw notFound('Submission');
  return row;
}

export async function stepRowsOf(
  db: Reader,
  submissionIds: readonly string[],
): Promise<Map<string, StepRow[]>> {
  const out = new Map<string, StepRow[]>();
  if (submissionIds.length === 0) return out;
  const rows = await db
    .select()
    .from(formSubmissionSteps)
    .where(inArray(formSubmissionSteps.submissionId, [...submissionIds]));
  for (const row of rows) {
    const list = out.get(row.submissionId) ?? [];
    list.push(row);
    out.set(row.submissionId, list);
  }
  return out;
}

async function decisionsOf(
  db: Reader,
  submissionIds: readonly string[],
): Promise<Map<string, ApprovalRow[]>> {
  const out = new Map<string, ApprovalRow[]>();
  if (submissionIds.length === 0) return out;
  const rows = await db
    .select()
    .from(formApprovals)
    .where(and(inArray(formApprovals.submissionId, [...submissionIds]), isNotNull(formApprovals.decision)))
    .orderBy(asc(formApprovals.decidedAt));
  for (const row of rows) {
    const list = out.get(row.submissionId) ?? [];
    list.push(row);
    out.set(row.submissionId, list);
  }
  return out;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function toStep(row: StepRow): TSubmissionStep {
  return {
    step_id: row.stepId,
    status: row.status,
    completed_at: iso(row.completedAt),
    entity_data_id: row.entityDataId,
    document_id: row.documentId,
  };
}

export function toSubmission(
  row: SubmissionRow,
  code: string,
  steps: readonly StepRow[],
  decisions: readonly ApprovalRow[],
): TFormSubmission {
  return {
    _id: row.id,
    formbuilder_details_id: row.formBuilderId,
    code,
    status: row.status,
    filler: { kind: row.fillerKind, id: row.fillerId, email: row.fillerEmail, name: row.fillerName },
    steps: steps.map(toStep),
    values: row.values,
    current_level: row.currentLevel,
    decisions: decisions.map((d) => ({
      level: d.level,
      approver: {
        kind: d.approverKind,
        id: d.approverUserId ?? d.approverContactId,
        email: d.approverEmail,
        name: d.approverName,
      },
      decision: d.decision!,
      comment: d.comment,
      at: d.decidedAt!.toISOString(),
    })),
    batch_id: row.batchId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: iso(row.submittedAt),
  };
}

/** Submissions as answered, with their step progress and decisions (two queries for the page). */
export async function presentSubmissions(
  db: Reader,
  rows: readonly SubmissionRow[],
  codeOf: (formBuilderId: string) => string,
): Promise<TFormSubmission[]> {
  const ids = rows.map((r) => r.id);
  const [steps, decisions] = await Promise.all([stepRowsOf(db, ids), decisionsOf(db, ids)]);
  return rows.map((row) =>
    toSubmission(row, codeOf(row.formBuilderId), steps.get(row.id) ?? [], decisions.get(row.id) ?? []),
  );
}

/** Whether a live submission of the form (other than `exceptId`) matches `where`. */
export async function anySubmissionOfForm(
  db: Reader,
  formId: string,
  where: SQL,
  exceptId: string | null = null,
): Promise<boolean> {
  const [hit] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.formBuilderId, formId),
        isNull(formSubmissions.deletedAt),
        where,
        exceptId ? ne(formSubmissions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/** One history event of a submission, in the caller's transaction. */
export async function recordEvent(
  tx: Pick<Db, 'insert'>,
  submissionId: string,
  event: string,
  actor: string,
  details: Record<string, unknown> = {},
  ip: string | null = null,
): Promise<void> {
  await tx.insert(formSubmissionEvents).values({ submissionId, event, actor, details, ip });
}

/**
 * Whether the form takes answers now. Submitted answers are counted only when the form has a cap
 * (`max_submissions`): a count on every save grew with the form's answers.
 */
export async function availabilityNow(
  db: Reader,
  form: FormBuilderRow,
): Promise<ReturnType<typeof formAvailability>> {
  if (form.settings.max_submissions === null) return formAvailability(form, 0, new Date());
  const counts = await countSubmittedByForm(db, [form.id]);
  return formAvailability(form, counts.get(form.id) ?? 0, new Date());
}

/** Submitted answers (any status but DRAFT and CLOSED) per form: registered with form-builders. */
export async function countSubmittedByForm(
  db: Reader,
  formBuilderIds: readonly string[],
): Promise<Map<string, number>> {
  if (formBuilderIds.length === 0) return new Map();
  const rows = await db
    .select({ formBuilderId: formSubmissions.formBuilderId, count: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(
      and(
        inArray(formSubmissions.formBuilderId, [...formBuilderIds]),
        notInArray(formSubmissions.status, [...UNANSWERED_STATUSES]),
        isNull(formSubmissions.deletedAt),
      ),
    )
    .groupBy(formSubmissions.formBuilderId);
  return new Map(rows.map((r) => [r.formBuilderId, Number(r.count)]));
}
