import { and, eq, isNull } from 'drizzle-orm';
import type { TFormSubmission } from '@esigns/contracts/form-builders';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { keyedHash, randomToken, safeEqual } from '../../platform/auth/one-time-secrets';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { ContactContext } from '../application-users';
import type { AccessContext } from '../permissions';
import { findFormBuilder, type FormBuilderRow } from './builders-port';
import {
  approvalLink,
  formMailContext,
  queueApprovalRequestMail,
  queueOutcomeMail,
  type FormMailContext,
} from './approval-mails';
import { resolveApprovers } from './approvers';
import { formApprovals, formSubmissions } from './schema';
import {
  approverMatch,
  lockSubmission,
  presentSubmissions,
  recordEvent,
  type ApprovalRow,
  type SubmissionRow,
} from './submission-store';
import { submissionStatusChanged } from './status-listeners';

/*
 * Approval chains (DOMAIN-FORMS-WORKFLOWS "Approvals"): each level's approvers are materialised
 * when the submission reaches it and mailed in the same transaction. ANY: the first decision
 * settles the level; ALL: every approver must approve, one rejection settles it. An approved last
 * level makes the submission APPROVED; a rejection makes it REJECTED, or SENT_BACK to its filler
 * when the level says so. Asks left undecided when a level settles are withdrawn (their links stop
 * working). Every decision is a history event; the filler is mailed the outcome.
 */

/** Who decides: a signed-in approver, or an outside approver proved by their link's secret. */
export type ApproverCaller =
  | { kind: 'STAFF'; access: AccessContext }
  | { kind: 'CONTACT'; contact: ContactContext }
  | { kind: 'LINK'; approval: ApprovalRow };

const hashOf = (platform: Platform, secret: string) =>
  keyedHash(`form-approval:${secret}`, platform.config.secrets.jwtSecret);

/** The approval an outside approver's headers prove (`approvercontactid` + `passcode`), else 401. */
export async function approvalOfLink(
  platform: Platform,
  approvalId: string,
  secret: string,
): Promise<ApprovalRow> {
  const [row] = await platform.database.db
    .select()
    .from(formApprovals)
    .where(eq(formApprovals.id, approvalId))
    .limit(1);
  if (!row?.linkSecretHash || !safeEqual(row.linkSecretHash, hashOf(platform, secret))) {
    throw new AppError('UNAUTHORIZED', { message: 'This approval link is not valid any more' });
  }
  return row;
}

/**
 * A new link secret for an outside approver's ask (the reminders' mail carries it): the ask's
 * earlier link stops working, as after `resendapprovals`. Staff approvers (no secret) get null.
 */
export async function reissueApprovalSecret(
  platform: Platform,
  tx: Pick<Db, 'update'>,
  approval: Pick<ApprovalRow, 'id' | 'linkSecretHash'>,
): Promise<string | null> {
  if (!approval.linkSecretHash) return null;
  const secret = randomToken();
  await tx
    .update(formApprovals)
    .set({ linkSecretHash: hashOf(platform, secret) })
    .where(eq(formApprovals.id, approval.id));
  return secret;
}

/**
 * A resubmission after a send-back starts the chain again: the earlier round's asks and
 * decisions go (each decision stays in the history).
 */
export async function clearApprovals(tx: Db, submissionId: string): Promise<void> {
  await tx.delete(formApprovals).where(eq(formApprovals.submissionId, submissionId));
}

async function withdrawUndecided(tx: Db, submissionId: string): Promise<void> {
  await tx
    .delete(formApprovals)
    .where(and(eq(formApprovals.submissionId, submissionId), isNull(formApprovals.decision)));
}

async function askApprovers(
  platform: Platform,
  tx: Db,
  form: FormBuilderRow,
  row: SubmissionRow,
  level: number,
  skip: ReadonlySet<string> = new Set(),
) {
  const resolved = await resolveApprovers(tx, row, form.settings.approval_levels[level]!);
  const people = resolved.filter((person) => !skip.has(person.email));
  if (people.length === 0) return 0;
  const ctx = await formMailContext(tx, row.companyId);
  for (const person of people) {
    const secret = person.kind === 'USER' ? null : randomToken();
    const [approval] = await tx
      .insert(formApprovals)
      .values({
        companyId: row.companyId,
        submissionId: row.id,
        level,
        approverKind: person.kind,
        approverUserId: person.kind === 'USER' ? person.userId : null,
        approverContactId: person.kind === 'CONTACT' ? person.contactId : null,
        approverEmail: person.email,
        approverName: person.name,
        linkSecretHash: secret ? hashOf(platform, secret) : null,
      })
      .returning({ id: formApprovals.id });
    const link = approvalLink(platform.config.publicUrl, {
      code: form.code,
      approvalId: approval!.id,
      secret,
    });
    await queueApprovalRequestMail(platform, tx, ctx, {
      to: person.email,
      name: person.name,
      formName: form.name,
      fillerName: row.fillerName || (row.fillerEmail ?? ''),
      link,
      secret,
    });
  }
  return people.length;
}

/**
 * Moves the submission to approval level `level` (or past the end: APPROVED), asking its approvers.
 * A level nobody can be asked at (no active user, an empty email field) is skipped, in the history.
 */
export async function openLevel(
  platform: Platform,
  tx: Db,
  form: FormBuilderRow,
  row: SubmissionRow,
  level: number,
  /** Whose approval moved it on (for the `form.approved` event when it was the last level). */
  decider?: { email: string | null; name: string | null },
): Promise<SubmissionRow> {
  await withdrawUndecided(tx, row.id);
  const levels = form.settings.approval_levels;
  for (let at = level; at < levels.length; at++) {
    const asked = await askApprovers(platform, tx, form, row, at);
    if (asked > 0) {
      await recordEvent(tx, row.id, 'APPROVAL_REQUESTED', 'system', { level: at, approvers: asked });
      return setStatus(tx, row, { status: 'PENDING_APPROVAL', currentLevel: at });
    }
    await recordEvent(tx, row.id, 'LEVEL_SKIPPED', 'system', {
      level: at,
      reason: 'No approver could be asked',
    });
  }
  await recordEvent(tx, row.id, 'APPROVED', 'system', {});
  const approved = await setStatus(tx, row, { status: 'APPROVED', currentLevel: null });
  await mailOutcome(platform, tx, form, approved, 'APPROVED', '');
  await platform.events.publish(tx, {
    companyId: approved.companyId,
    type: 'form.approved',
    subjectId: approved.id,
    data: {
      form_builder_id: approved.formBuilderId,
      submission_id: approved.id,
      approver: decider ?? NOBODY,
    },
  });
  return approved;
}

/** An approval settled without a person's decision (no level could ask anyone). */
const NOBODY = { email: null, name: null };

const approverOf = (approval: ApprovalRow) => ({
  email: approval.approverEmail,
  name: approval.approverName || null,
});

async function setStatus(tx: Db, row: SubmissionRow, change: Pick<SubmissionRow, 'status' | 'currentLevel'>) {
  const [updated] = await tx
    .update(formSubmissions)
    .set({ ...change, version: row.version + 1, updatedAt: new Date() })
    .where(eq(formSubmissions.id, row.id))
    .returning();
  return updated!;
}

function fillerLink(publicUrl: string, form: FormBuilderRow, row: SubmissionRow): string {
  return row.fillerKind === 'USER'
    ? `${publicUrl}/fb/${encodeURIComponent(form.code)}/${row.id}`
    : `${publicUrl}/public/fbd/${encodeURIComponent(form.code)}`;
}

async function mailOutcome(
  platform: Platform,
  tx: Db,
  form: FormBuilderRow,
  row: SubmissionRow,
  outcome: 'APPROVED' | 'REJECTED' | 'SENT_BACK',
  comment: string,
  ctx?: FormMailContext,
): Promise<void> {
  if (!row.fillerEmail) return;
  await queueOutcomeMail(platform, tx, ctx ?? (await formMailContext(tx, row.companyId)), {
    to: row.fillerEmail,
    name: row.fillerName,
    formName: form.name,
    outcome,
    comment,
    link: fillerLink(platform.config.publicUrl, form, row),
  });
}

/** The level's result once this decision is in: settled either way, or still waiting (ALL). */
function levelResult(rule: 'ANY' | 'ALL', rows: readonly ApprovalRow[]): 'APPROVED' | 'REJECTED' | null {
  if (rows.some((r) => r.decision === 'REJECTED')) return 'REJECTED';
  if (rule === 'ANY') return rows.some((r) => r.decision === 'APPROVED') ? 'APPROVED' : null;
  return rows.every((r) => r.decision === 'APPROVED') ? 'APPROVED' : null;
}

/** The approval this approver holds at the submission's current level (404 when none). */
async function pendingApprovalOf(tx: Db, approver: ApproverCaller, row: SubmissionRow): Promise<ApprovalRow> {
  if (approver.kind === 'LINK') {
    if (approver.approval.submissionId !== row.id) throw notFound('Submission');
    const [fresh] = await tx.select().from(formApprovals).where(eq(formApprovals.id, approver.approval.id));
    if (!fresh) throw new AppError('CONFLICT', { message: 'Your decision is no longer needed' });
    return fresh;
  }
  const [mine] = await tx
    .select()
    .from(formApprovals)
    .where(
      and(eq(formApprovals.submissionId, row.id), approverMatch(approver), isNull(formApprovals.decision)),
    )
    .limit(1);
  if (!mine) throw notFound('Approval');
  return mine;
}

export type DecisionInput = { decision: 'APPROVED' | 'REJECTED'; comment: string; ip: string };

async function settleDecision(
  platform: Platform,
  tx: Db,
  form: FormBuilderRow,
  current: SubmissionRow,
  approval: ApprovalRow,
  input: DecisionInput,
): Promise<SubmissionRow> {
  const level = form.settings.approval_levels[approval.level];
  const rows = await tx
    .select()
    .from(formApprovals)
    .where(and(eq(formApprovals.submissionId, current.id), eq(formApprovals.level, approval.level)));
  const result = levelResult(level?.rule ?? 'ANY', rows);
  if (result === null)
    return setStatus(tx, current, { status: 'PENDING_APPROVAL', currentLevel: approval.level });
  if (result === 'APPROVED')
    return openLevel(platform, tx, form, current, approval.level + 1, approverOf(approval));
  await withdrawUndecided(tx, current.id);
  const outcome = level?.send_back_on_reject ? 'SENT_BACK' : 'REJECTED';
  await recordEvent(tx, current.id, outcome, 'system', { level: approval.level });
  const settled = await setStatus(tx, current, { status: outcome, currentLevel: null });
  await mailOutcome(platform, tx, form, settled, outcome, input.comment);
  if (outcome === 'REJECTED') {
    await platform.events.publish(tx, {
      companyId: settled.companyId,
      type: 'form.rejected',
      subjectId: settled.id,
      data: {
        form_builder_id: settled.formBuilderId,
        submission_id: settled.id,
        approver: approverOf(approval),
        reason: input.comment || null,
      },
    });
  }
  return settled;
}

/** `POST formbuilder-data/{id}/approval`: the approver's decision, then the chain moves on. */
export async function decideApproval(
  platform: Platform,
  approver: ApproverCaller,
  submissionId: string,
  input: DecisionInput,
): Promise<TFormSubmission> {
  const db = platform.database.db;
  const companyId =
    approver.kind === 'STAFF'
      ? approver.access.companyId
      : approver.kind === 'CONTACT'
        ? approver.contact.companyId
        : approver.approval.companyId;
  if (!isUuid(submissionId)) throw notFound('Submission');
  const form = await db.transaction(async (tx) => {
    const current = await lockSubmission(tx, submissionId);
    if (current.companyId !== companyId) throw notFound('Submission');
    const approval = await pendingApprovalOf(tx, approver, current);
    if (approval.decision) throw new AppError('CONFLICT', { message: 'You have already decided' });
    if (current.status !== 'PENDING_APPROVAL' || current.currentLevel !== approval.level) {
      throw new AppError('CONFLICT', { message: 'This submission is not waiting for your decision' });
    }
    const found = await findFormBuilder(tx, companyId, current.formBuilderId);
    await tx
      .update(formApprovals)
      .set({ decision: input.decision, comment: input.comment, decidedAt: new Date() })
      .where(eq(formApprovals.id, approval.id));
    const actor = approval.approverUserId ? `user:${approval.approverUserId}` : `approver:${approval.id}`;
    await recordEvent(
      tx,
      current.id,
      input.decision === 'APPROVED' ? 'APPROVAL_APPROVED' : 'APPROVAL_REJECTED',
      actor,
      { level: approval.level, comment: input.comment, approver: approval.approverEmail },
      input.ip,
    );
    const settled = await settleDecision(platform, tx, found, current, approval, input);
    if (settled.status !== current.status) {
      await submissionStatusChanged(tx, {
        submissionId: settled.id,
        companyId: settled.companyId,
        status: settled.status,
      });
    }
    return found;
  });
  const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId));
  const [answer] = await presentSubmissions(db, [row!], () => form.code);
  return answer!;
}

/** `POST formBuilders/resendapprovals/`: the current level's undecided approvers mailed again (outsiders get a new link). */
export async function resendApprovals(
  platform: Platform,
  access: AccessContext,
  submissionId: string,
): Promise<{ resent: number }> {
  const db = platform.database.db;
  return db.transaction(async (tx) => {
    const current = await lockSubmission(tx, submissionId);
    if (current.companyId !== access.companyId) throw notFound('Submission');
    if (current.status !== 'PENDING_APPROVAL') {
      throw new AppError('CONFLICT', { message: 'This submission is not waiting for approval' });
    }
    const form = await findFormBuilder(tx, access.companyId, current.formBuilderId);
    const level = current.currentLevel ?? 0;
    const before = await tx
      .select({ id: formApprovals.id })
      .from(formApprovals)
      .where(
        and(
          eq(formApprovals.submissionId, current.id),
          eq(formApprovals.level, level),
          isNull(formApprovals.decision),
        ),
      );
    if (before.length === 0) return { resent: 0 };
    // The same people asked again, through fresh rows and links (the old links stop working).
    await tx
      .delete(formApprovals)
      .where(
        and(
          eq(formApprovals.submissionId, current.id),
          eq(formApprovals.level, level),
          isNull(formApprovals.decision),
        ),
      );
    const decided = await tx
      .select({ email: formApprovals.approverEmail })
      .from(formApprovals)
      .where(and(eq(formApprovals.submissionId, current.id), eq(formApprovals.level, level)));
    const resent = await askApprovers(
      platform,
      tx,
      form,
      current,
      level,
      new Set(decided.map((d) => d.email ?? '')),
    );
    await recordEvent(tx, current.id, 'APPROVALS_RESENT', `user:${access.userId}`, {
      level,
      approvers: resent,
    });
    return { resent };
  });
}
