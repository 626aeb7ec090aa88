import { eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/database';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { approvalLink, formMailContext, type FormMailContext } from './approval-mails';
import { reissueApprovalSecret } from './approvals-service';
import { formsWithReminders, type FormBuilderRow } from './builders-port';
import { queueApproverReminder, queueFillerReminder } from './reminder-mails';
import { formApprovals, formReminders, formSubmissionEvents, formSubmissions } from './schema';
import { linkContactOf, reissueLink, type Tx } from './send-link';
import { availabilityNow, recordEvent } from './submission-store';

/*
 * The forms' reminders (DOMAIN-FORMS-WORKFLOWS "Reminders"): fillers who have not finished and
 * approvers who have not decided, on the form's schedule (`settings.reminders`). Reminder n of a
 * person is due `first_after_days + (n - 1) * repeat_every_days` after they were last asked, up to
 * `max_reminders`; a sweep that runs late sends the slot due now only, never the missed ones.
 *
 * Exactly once per slot: each batch is one transaction that locks its submissions
 * (`FOR UPDATE OF s SKIP LOCKED`: a concurrent sweep skips them, a filler's save or an approver's
 * decision waits or is waited for), claims the slot with a row of `form_reminders` (unique per
 * person, round and slot: a second claimer finds it taken) and queues the mail in the same
 * transaction (the outbox's row gives the Message-ID). A crash before the commit leaves neither;
 * a rerun after it finds the slot claimed.
 */

/** Submissions (or asks) per transaction, and transactions per form and kind in one run. */
const BATCH = 100;
const MAX_BATCHES = 50;

export type FormReminderSweep = { fillers: number; approvers: number };

type Cadence = { first: number; repeat: number; max: number };

const cadenceOf = (form: FormBuilderRow): Cadence => ({
  first: form.settings.reminders.first_after_days,
  repeat: form.settings.reminders.repeat_every_days,
  max: form.settings.reminders.max_reminders,
});

/** A timestamp with milliseconds as ISO text: what `base_at` holds, so a claim compares equal. */
const isoOf = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The slot due at `now` for a person asked at `base` (null before the first one). */
function dueSlot(base: SQL, c: Cadence, now: string): SQL {
  const first = sql`(${base} + make_interval(days => ${c.first}::int))`;
  return sql`CASE WHEN ${first} <= ${now}::timestamptz THEN least(${c.max}::int,
    floor(extract(epoch from (${now}::timestamptz - ${first})) / ${c.repeat * 86_400}::float8)::int + 1) END`;
}

const notClaimed = (subject: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM ${formReminders} r WHERE r.subject_id = ${subject} AND r.base_at = x.base AND r.slot = x.slot)`;

type Claimable = { submissionId: string; subjectId: string; base: string; slot: number };

/** Takes the slot; false when another run took it first (the unique key). */
async function claimSlot(
  tx: Tx,
  form: FormBuilderRow,
  target: 'FILLER' | 'APPROVER',
  row: Claimable,
): Promise<string | null> {
  const [claim] = await tx
    .insert(formReminders)
    .values({
      companyId: form.companyId,
      submissionId: row.submissionId,
      target,
      subjectId: row.subjectId,
      baseAt: new Date(row.base),
      slot: row.slot,
    })
    .onConflictDoNothing({ target: [formReminders.subjectId, formReminders.baseAt, formReminders.slot] })
    .returning({ id: formReminders.id });
  return claim?.id ?? null;
}

type FillerCandidate = Claimable & {
  fillerKind: 'USER' | 'CONTACT' | 'GUEST';
  fillerId: string | null;
  email: string;
  name: string;
};

/**
 * The form's DRAFT and SENT_BACK submissions with an email whose due slot is not claimed, locked.
 * A filler was last asked when their link was sent or resent, or the submission sent back; a
 * draft they started themselves, when it was started.
 */
async function fillersDue(tx: Tx, form: FormBuilderRow, now: string): Promise<FillerCandidate[]> {
  const asked = sql`date_trunc('milliseconds', coalesce((SELECT max(e.created_at) FROM ${formSubmissionEvents} e
    WHERE e.submission_id = s.id AND e.event IN ('LINK_SENT', 'LINK_RESENT', 'SENT_BACK')), s.created_at))`;
  return rowsOf<FillerCandidate>(
    tx,
    sql`SELECT s.id AS "submissionId", s.id AS "subjectId", ${isoOf(sql`x.base`)} AS "base", x.slot AS "slot",
        s.filler_kind AS "fillerKind", s.filler_id AS "fillerId", s.filler_email AS "email", s.filler_name AS "name"
      FROM ${formSubmissions} s
      CROSS JOIN LATERAL (SELECT ${asked} AS base) b
      CROSS JOIN LATERAL (SELECT b.base AS base, ${dueSlot(sql`b.base`, cadenceOf(form), now)} AS slot) x
      WHERE s.form_builder_id = ${form.id} AND s.status IN ('DRAFT', 'SENT_BACK') AND s.deleted_at IS NULL
        AND s.filler_email IS NOT NULL AND s.filler_kind <> 'ANONYMOUS'
        AND x.slot IS NOT NULL AND ${notClaimed(sql`s.id`)}
      ORDER BY s.created_at, s.id
      LIMIT ${BATCH}
      FOR UPDATE OF s SKIP LOCKED`,
  );
}

type ApproverCandidate = Claimable & {
  email: string;
  name: string;
  linkSecretHash: string | null;
  fillerName: string;
};

/** Undecided asks of the level each PENDING_APPROVAL submission waits at, due and not claimed (submissions locked). */
async function approversDue(tx: Tx, form: FormBuilderRow, now: string): Promise<ApproverCandidate[]> {
  return rowsOf<ApproverCandidate>(
    tx,
    sql`SELECT s.id AS "submissionId", a.id AS "subjectId", ${isoOf(sql`x.base`)} AS "base", x.slot AS "slot",
        a.approver_email AS "email", a.approver_name AS "name", a.link_secret_hash AS "linkSecretHash",
        coalesce(nullif(s.filler_name, ''), s.filler_email, '') AS "fillerName"
      FROM ${formApprovals} a
      JOIN ${formSubmissions} s ON s.id = a.submission_id
      CROSS JOIN LATERAL (SELECT date_trunc('milliseconds', a.created_at) AS base) b
      CROSS JOIN LATERAL (SELECT b.base AS base, ${dueSlot(sql`b.base`, cadenceOf(form), now)} AS slot) x
      WHERE s.form_builder_id = ${form.id} AND s.status = 'PENDING_APPROVAL' AND s.deleted_at IS NULL
        AND a.decision IS NULL AND a.level = s.current_level AND a.approver_email IS NOT NULL
        AND x.slot IS NOT NULL AND ${notClaimed(sql`a.id`)}
      ORDER BY a.created_at, a.id
      LIMIT ${BATCH}
      FOR UPDATE OF s SKIP LOCKED`,
  );
}

async function remindFiller(
  platform: Platform,
  tx: Tx,
  form: FormBuilderRow,
  ctx: FormMailContext,
  row: FillerCandidate,
): Promise<boolean> {
  const claimId = await claimSlot(tx, form, 'FILLER', row);
  if (!claimId) return false;
  const contactId = row.fillerKind === 'GUEST' ? await linkContactOf(tx, row.submissionId) : null;
  const { link } = await reissueLink(platform, tx, form, {
    id: row.submissionId,
    fillerKind: row.fillerKind,
    fillerId: row.fillerId,
    email: row.email,
    name: row.name,
    contactId,
  });
  const mailId = await queueFillerReminder(platform, tx, ctx, {
    to: row.email,
    name: row.name,
    formName: form.name,
    link: link.url,
    secret: link.secret,
    slot: row.slot,
    of: cadenceOf(form).max,
  });
  await tx.update(formReminders).set({ emailLogId: mailId }).where(eq(formReminders.id, claimId));
  await recordEvent(tx, row.submissionId, 'REMINDED', 'system', {
    reminder: row.slot,
    email: row.email,
    email_log_id: mailId,
    guest_id: link.guestId,
    contact_id: contactId,
  });
  return true;
}

async function remindApprover(
  platform: Platform,
  tx: Tx,
  form: FormBuilderRow,
  ctx: FormMailContext,
  row: ApproverCandidate,
): Promise<boolean> {
  const claimId = await claimSlot(tx, form, 'APPROVER', row);
  if (!claimId) return false;
  const secret = await reissueApprovalSecret(platform, tx, {
    id: row.subjectId,
    linkSecretHash: row.linkSecretHash,
  });
  const link = approvalLink(platform.config.publicUrl, {
    code: form.code,
    approvalId: row.subjectId,
    secret,
  });
  const mailId = await queueApproverReminder(platform, tx, ctx, {
    to: row.email,
    name: row.name,
    formName: form.name,
    fillerName: row.fillerName,
    link,
    secret,
    slot: row.slot,
    of: cadenceOf(form).max,
  });
  await tx.update(formReminders).set({ emailLogId: mailId }).where(eq(formReminders.id, claimId));
  await recordEvent(tx, row.submissionId, 'APPROVER_REMINDED', 'system', {
    reminder: row.slot,
    approver: row.email,
    approval_id: row.subjectId,
    email_log_id: mailId,
  });
  return true;
}

/** Batches of one kind for one form until none is due (or MAX_BATCHES): how many were reminded. */
async function sweepKind<T extends Claimable>(
  platform: Platform,
  form: FormBuilderRow,
  now: string,
  due: (tx: Tx, form: FormBuilderRow, now: string) => Promise<T[]>,
  remind: (
    platform: Platform,
    tx: Tx,
    form: FormBuilderRow,
    ctx: FormMailContext,
    row: T,
  ) => Promise<boolean>,
): Promise<number> {
  const db = platform.database.db;
  const ctx = await formMailContext(db, form.companyId);
  let reminded = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const result = await db.transaction(async (tx) => {
      const rows = await due(tx, form, now);
      let sent = 0;
      for (const row of rows) if (await remind(platform, tx, form, ctx, row)) sent += 1;
      return { rows: rows.length, sent };
    });
    reminded += result.sent;
    if (result.rows < BATCH) break;
  }
  return reminded;
}

/**
 * One run of the reminder sweep over every form with reminders on (or one company's): fillers of
 * forms that take answers now (OPEN: not closed, full or inactive), then the approvers of forms
 * with `remind_approvers` (a closed form's answers still wait for decisions). `now` is the clock
 * (tests move it).
 */
export async function runFormReminderSweep(
  platform: Platform,
  options: { now?: Date; companyId?: string } = {},
): Promise<FormReminderSweep> {
  const now = (options.now ?? new Date()).toISOString();
  const forms = await formsWithReminders(platform.database.db, options.companyId);
  const result: FormReminderSweep = { fillers: 0, approvers: 0 };
  for (const form of forms) {
    if ((await availabilityNow(platform.database.db, form)) === 'OPEN') {
      result.fillers += await sweepKind(platform, form, now, fillersDue, remindFiller);
    }
    if (form.settings.reminders.remind_approvers) {
      result.approvers += await sweepKind(platform, form, now, approversDue, remindApprover);
    }
  }
  if (result.fillers + result.approvers > 0) platform.jobs.wake(MAIL_SEND_JOB);
  return result;
}

export const FORM_REMINDER_JOB = 'form-submissions.reminders';
/** Every 15 minutes (UTC cron): a reminder goes out within 15 minutes of its slot. */
export const FORM_REMINDER_CRON = '*/15 * * * *';

/**
 * The scheduled sweep. pg-boss queues one job per cron tick whatever the number of workers; two
 * runs at once are safe anyway (the claims). Not scheduled under NODE_ENV=test: tests run the
 * sweep with their own clock.
 */
export function defineFormReminderJob(platform: Platform): void {
  platform.jobs.define({
    name: FORM_REMINDER_JOB,
    retryLimit: 1,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    ...(platform.config.env === 'test' ? {} : { cron: { expression: FORM_REMINDER_CRON } }),
    handler: async () => {
      const result = await runFormReminderSweep(platform);
      if (result.fillers + result.approvers > 0) {
        platform.log.info({ job: FORM_REMINDER_JOB, ...result }, 'form reminders sweep');
      }
    },
  });
}
