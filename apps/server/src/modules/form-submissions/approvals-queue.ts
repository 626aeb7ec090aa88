import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ZApprovalAuth,
  ZApprovalQueueItem,
  ZApprovalQueueQuery,
} from '@esigns/contracts/form-submissions';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { findFormBuilder } from './builders-port';
import { formApprovals, formSubmissions } from './schema';
import { formLabelsOf } from './submission-read';
import { approverMatch, presentSubmissions, type ApprovalRow, type Caller } from './submission-store';

/*
 * What waits for an approver: the signed-in member's or contact's undecided approvals at the level
 * their submission is at now (`/forms/approval-forms`, the contact area's `/ap/approvalforms`), and
 * what an outside approver's link proves.
 */

type TQueueItem = z.infer<typeof ZApprovalQueueItem>;

/** A signed-in approver: a member (asked by user) or a contact of the contact area (asked by contact). */
export type SignedInApprover = Extract<Caller, { kind: 'STAFF' | 'CONTACT' }>;

function waitingFor(approver: SignedInApprover, formId: string | undefined): SQL {
  return and(
    eq(formApprovals.companyId, approver.companyId),
    approverMatch(approver),
    isNull(formApprovals.decision),
    eq(formSubmissions.status, 'PENDING_APPROVAL'),
    eq(formSubmissions.currentLevel, formApprovals.level),
    isNull(formSubmissions.deletedAt),
    formId ? eq(formSubmissions.formBuilderId, formId) : undefined,
  )!;
}

/** `GET formbuilder-data/approval`: newest first. */
export async function listWaitingApprovals(
  db: Db,
  approver: SignedInApprover,
  query: z.output<typeof ZApprovalQueueQuery>,
): Promise<{ rows: TQueueItem[]; total: number }> {
  const where = waitingFor(approver, query.formbuilder_details_id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ approval: formApprovals, submission: formSubmissions })
      .from(formApprovals)
      .innerJoin(formSubmissions, eq(formSubmissions.id, formApprovals.submissionId))
      .where(where)
      .orderBy(desc(formApprovals.createdAt), desc(formApprovals.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(formApprovals)
      .innerJoin(formSubmissions, eq(formSubmissions.id, formApprovals.submissionId))
      .where(where),
  ]);
  const labels = await formLabelsOf(
    db,
    approver.companyId,
    rows.map((r) => r.submission.formBuilderId),
  );
  const submissions = await presentSubmissions(
    db,
    rows.map((r) => r.submission),
    (formId) => labels.get(formId)?.code ?? '',
  );
  return {
    rows: submissions.map((submission, index) => ({
      ...submission,
      approval_id: rows[index]!.approval.id,
      form_name: labels.get(submission.formbuilder_details_id)?.name ?? '',
    })),
    total: total?.n ?? 0,
  };
}

/** `GET formbuilder-data/approval/count`. */
export async function countWaitingApprovals(db: Db, approver: SignedInApprover): Promise<{ count: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formApprovals)
    .innerJoin(formSubmissions, eq(formSubmissions.id, formApprovals.submissionId))
    .where(waitingFor(approver, undefined));
  return { count: Number(row?.n ?? 0) };
}

/** `GET formBuilders/approvals/auth`: the approval an outside approver's link opens. */
export async function approvalAuth(db: Db, approval: ApprovalRow): Promise<z.infer<typeof ZApprovalAuth>> {
  const [submission] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.id, approval.submissionId), isNull(formSubmissions.deletedAt)));
  if (!submission) throw new AppError('GONE', { message: 'This submission was deleted' });
  const form = await findFormBuilder(db, submission.companyId, submission.formBuilderId);
  return {
    authDetails: {
      approval_id: approval.id,
      formbuilder_data_id: submission.id,
      formbuilder_details_id: submission.formBuilderId,
      code: form.code,
      level: approval.level,
      decided: approval.decision,
      can_decide:
        approval.decision === null &&
        submission.status === 'PENDING_APPROVAL' &&
        submission.currentLevel === approval.level,
    },
    userDetails: { name: approval.approverName, email: approval.approverEmail },
  };
}
