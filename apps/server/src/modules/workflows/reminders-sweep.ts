import { sql } from 'drizzle-orm';
import { WORKFLOW_MAX_REMINDERS_DEFAULT } from '@esigns/contracts/workflows';
import { rowsOf } from '../../platform/db/database';
import { AppError, unlessAppError } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { findFormBuilder } from '../form-builders';
import type { SweepStepScope } from '../reminders';
import { findWorkflowVersion } from './definitions-read';
import type { Tx } from './engine';
import { appendWorkflowEvents } from './instances-store';
import { holdPacket, mailDueSteps } from './resend-service';
import { workflowData, workflowDataEvents, workflowDataSteps } from './schema';

/*
 * The instances' reminders, a step of the reminders' scheduled sweep (after their expiry). Every
 * `reminder_every_days` of the instance's timing, up to `max_reminders` times, a DUE upload step
 * (document request) or form step is mailed its link again through `mailDueSteps` (the resend's
 * own mails: a new request link, the form's personal link), logged `reminded` on the timeline.
 * Not reminded here: a step's document (it carries the instance's cadence and the documents'
 * sweep reminds its signers), and a form step whose form reminds by its own settings (they are on).
 *
 * When: reminder slot n of a step is due `n * reminder_every_days` after it was last asked (it
 * became DUE, was reopened or mailed again by staff); see `dueSteps`.
 *
 * Exactly once: each instance is reminded in one transaction that holds the packet (the advisory
 * lock of resends and minted links) and reads again, under it, which steps are due; the mails and
 * the `reminded` events (with their slot) commit together. A second sweep waits for the first and
 * finds the slots sent; a run killed before its commit leaves nothing, the next one sends them.
 */

const BATCH = 100;
const MAX_BATCHES = 20;

type DueStep = {
  instanceId: string;
  companyId: string;
  versionId: string;
  stepId: string;
  kind: string;
  /** When the step was last asked (ms since the epoch) and the slot due since then (1, 2...). */
  baseMs: string;
  slot: number;
};

/**
 * DUE upload and form steps with a reminder due at `now` (of one instance, or a batch). A step was
 * last asked when it became DUE, was reopened or mailed again by staff (`resent`); reminder slot
 * n is due `n * reminder_every_days` after that. A slot already sent (a `reminded` event with the
 * same base and slot) is not due again, a sweep that runs late sends the slot due now only (never
 * the missed ones), and a step gets `max_reminders` at most.
 */
async function dueSteps(
  db: Pick<Tx, 'execute'>,
  scope: SweepStepScope,
  only: { instanceId?: string; afterInstance?: string },
): Promise<DueStep[]> {
  const every = sql`(d.timing ->> 'reminder_every_days')::int`;
  const cap = sql`coalesce((d.timing ->> 'max_reminders')::int, ${WORKFLOW_MAX_REMINDERS_DEFAULT})`;
  const ofStep = sql`e.workflow_data_id = s.workflow_data_id and e.step_id = s.step_id`;
  const base = sql`greatest(s.started_at, (select max(e.at) from ${workflowDataEvents} e
    where ${ofStep} and e.event in ('resent', 'step_reopened')))`;
  const now = sql`${scope.now.toISOString()}::timestamptz`;
  return rowsOf<DueStep>(
    db,
    sql`select * from (
        select d.id as "instanceId", d.company_id as "companyId", d.version_id as "versionId",
          s.step_id as "stepId", s.kind as "kind", s.position, x.base_ms::text as "baseMs",
          floor(extract(epoch from (${now} - x.base)) / (${every} * 86400))::int as slot,
          (select count(*) from ${workflowDataEvents} e where ${ofStep} and e.event = 'reminded') as sent,
          ${cap} as cap,
          (select array_agg((e.details ->> 'slot')::int) from ${workflowDataEvents} e
            where ${ofStep} and e.event = 'reminded' and e.details ->> 'base_ms' = x.base_ms::text) as slots
        from ${workflowDataSteps} s join ${workflowData} d on d.id = s.workflow_data_id
          cross join lateral (select ${base} as base) b
          cross join lateral (select b.base, floor(extract(epoch from b.base) * 1000)::bigint as base_ms) x
        where d.status = 'IN_PROGRESS' and ${every} is not null
          and s.status = 'DUE' and s.kind in ('requested', 'form')
          ${scope.companyId ? sql`and d.company_id = ${scope.companyId}` : sql``}
          ${only.instanceId ? sql`and d.id = ${only.instanceId}` : sql``}
          ${only.afterInstance ? sql`and d.id > ${only.afterInstance}` : sql``}
      ) due
      where due.slot >= 1 and due.sent < due.cap and not (due.slot = any(coalesce(due.slots, '{}')))
      order by due."instanceId", due.position
      limit ${BATCH}`,
  );
}

/** Form steps whose form reminds its fillers itself are left to it. */
async function withoutSelfRemindingForms(tx: Tx, steps: DueStep[]): Promise<DueStep[]> {
  const forms = steps.filter((s) => s.kind === 'form');
  if (forms.length === 0) return steps;
  const version = await findWorkflowVersion(tx, forms[0]!.companyId, forms[0]!.versionId);
  const skip = new Set<string>();
  for (const step of forms) {
    const formId = version.steps.find((d) => d.id === step.stepId)?.form_builder_id;
    const form = formId ? await unlessAppError(findFormBuilder(tx, step.companyId, formId)) : null;
    if (!form || form.settings.reminders.enabled) skip.add(step.stepId);
  }
  return steps.filter((s) => !skip.has(s.stepId));
}

/** One instance's due reminders, in one transaction holding the packet; answers the steps reminded. */
export async function remindInstance(platform: Platform, instanceId: string, scope: SweepStepScope) {
  return platform.database.db.transaction(async (tx) => {
    await holdPacket(tx, instanceId);
    const due = await withoutSelfRemindingForms(tx, await dueSteps(tx, scope, { instanceId }));
    if (due.length === 0) return [];
    const sent = await mailDueSteps(platform, tx, {
      companyId: due[0]!.companyId,
      instanceId,
      stepIds: due.map((s) => s.stepId),
      actor: { userId: null, name: null },
    });
    const slots = new Map(due.map((s) => [s.stepId, s]));
    await appendWorkflowEvents(
      tx,
      sent.map((r) => ({
        workflowDataId: instanceId,
        event: 'reminded',
        stepId: r.step_id,
        details: {
          emails: r.emails,
          base_ms: slots.get(r.step_id)!.baseMs,
          slot: slots.get(r.step_id)!.slot,
        },
      })),
    );
    return sent;
  });
}

/** The whole reminders step: instance after instance; one that cannot be reminded now is logged and left. */
export async function runWorkflowReminders(platform: Platform, scope: SweepStepScope): Promise<number> {
  let reminded = 0;
  let after: string | undefined;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const rows = await dueSteps(platform.database.db, scope, after ? { afterInstance: after } : {});
    const instances = [...new Set(rows.map((r) => r.instanceId))];
    for (const id of instances) {
      try {
        reminded += (await remindInstance(platform, id, scope)).length;
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        platform.log.warn({ err, workflow_data_id: id }, 'workflow reminders not sent');
      }
    }
    if (rows.length < BATCH) break;
    after = instances.at(-1);
  }
  if (reminded > 0) platform.jobs.wake(MAIL_SEND_JOB);
  return reminded;
}
