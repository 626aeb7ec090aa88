import { z } from 'zod';
import { isUuid } from '@esigns/contracts/ids';
import type { PipelineTriggerEvent, TPipelineAction } from '@esigns/contracts/pipelines';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { renderTemplateMail } from '../email-templates';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import { createRecords, recordsByIds, updateRecord } from '../entity-data';
import type { AccessContext } from '../permissions';
import { postSafely } from '../webhooks';
import { startWorkflowFor } from '../workflows';
import { fieldsByName } from './checks';
import { pipelineCauses } from './schema';
import { prepareDocumentStep, type OutsidePart } from './send-document';
import { fillJson, fillText, fillValue, textOf, type RunValues } from './values';

/*
 * The actions, each done inside the run's step transaction (`tx`): what it writes (a record, a
 * queued mail, a workflow's start job) commits with the step's result or not at all, so a step
 * is never done twice. A webhook call is an outside request: it is made before that transaction
 * (never holding it open), with the step's idempotency key; a document is prepared before it (its
 * PDF copied) and stored in it; see `runOutside`.
 */

export type RunContext = {
  platform: Platform;
  tx: Db;
  /** The trigger event (a webhook's default body). */
  event: PipelineTriggerEvent;
  pipelineId: string;
  companyId: string;
  runId: string;
  depth: number;
  /** Who the pipeline acts as: its last editor (records' created_by, `{{user.*}}` of mails). */
  actorId: string | null;
  /** The triggering record (record events), else null. */
  recordId: string | null;
  values: RunValues;
};

/** What a step stores: the resolved input (merge fields filled) and the output. */
export type StepResult = { input: unknown; output: Record<string, unknown> };

const ZAddress = z.email();

const actingAs = (ctx: RunContext): AccessContext => ({
  userId: ctx.actorId ?? '',
  companyId: ctx.companyId,
  userType: 'MEMBER',
  planType: 'BUSINESS',
  roleId: null,
  permissions: new Set(),
});

/** `{ "<code>.<key>": text }` filled and grouped as records store values (`{ <template id>: { <key>: v } }`). */
function recordValues(def: EntityDefinition, texts: Record<string, string>, values: RunValues) {
  const fields = fieldsByName(def, true);
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, text] of Object.entries(texts)) {
    const field = fields.get(name);
    if (!field)
      throw new AppError('VALIDATION_FAILED', { message: `${name} is no longer a field of ${def.row.name}` });
    const value = fillValue(text, values);
    (out[field.templateId] ??= {})[field.key] = value === '' ? null : value;
  }
  return out;
}

/** The loop guard's mark: the record was written by this run (see schema.ts `pipelineCauses`). */
async function markCause(ctx: RunContext, recordId: string): Promise<void> {
  await ctx.tx
    .insert(pipelineCauses)
    .values({ companyId: ctx.companyId, subjectId: recordId, runId: ctx.runId, depth: ctx.depth });
}

async function createRecordAction(
  ctx: RunContext,
  action: Extract<TPipelineAction, { type: 'create_record' }>,
) {
  const def = await loadEntityDefinition(ctx.tx, ctx.companyId, action.entity_id);
  const values = recordValues(def, action.values, ctx.values);
  const [row] = await createRecords(ctx.tx, actingAs(ctx), def, [values], () => ['values']);
  await markCause(ctx, row!.id);
  return { input: { entity_id: def.row.id, values }, output: { record_id: row!.id, entity_id: def.row.id } };
}

async function updateRecordAction(
  ctx: RunContext,
  action: Extract<TPipelineAction, { type: 'update_record' }>,
) {
  const id = action.record_id.trim() ? fillText(action.record_id, ctx.values).trim() : ctx.recordId;
  const [row] = id && isUuid(id) ? await recordsByIds(ctx.tx, [id]) : [];
  if (!row || row.companyId !== ctx.companyId) throw notFound('Record');
  const def = await loadEntityDefinition(ctx.tx, ctx.companyId, row.entityId);
  const values = recordValues(def, action.values, ctx.values);
  await updateRecord(ctx.tx, actingAs(ctx), def, row.id, values, ['values']);
  await markCause(ctx, row.id);
  return { input: { record_id: row.id, values }, output: { record_id: row.id, entity_id: def.row.id } };
}

async function sendEmailAction(ctx: RunContext, action: Extract<TPipelineAction, { type: 'send_email' }>) {
  const to = fillText(action.to, ctx.values)
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = to.filter((address) => !ZAddress.safeParse(address).success);
  if (to.length === 0)
    throw new AppError('VALIDATION_FAILED', { message: `No address to mail (${action.to})` });
  if (bad.length > 0)
    throw new AppError('VALIDATION_FAILED', { message: `Not an email address: ${bad.join(', ')}` });
  const mail = await renderTemplateMail(
    ctx.tx,
    { companyId: ctx.companyId, userId: ctx.actorId, publicUrl: ctx.platform.config.publicUrl },
    action.template_id,
    ctx.recordId,
  );
  const ids: string[] = [];
  for (const address of to) {
    const { id } = await ctx.platform.mail.queue(
      {
        to: address,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        kind: 'pipeline.email',
        template: mail.template,
      },
      { tx: ctx.tx, companyId: ctx.companyId },
    );
    ids.push(id);
  }
  return {
    input: { template_id: mail.template.id, to },
    output: { mail_ids: ids, subject: mail.subject, template_name: mail.template.name },
  };
}

async function startWorkflowAction(
  ctx: RunContext,
  action: Extract<TPipelineAction, { type: 'start_workflow' }>,
) {
  const email = textOf(fillValue(action.contact_email, ctx.values)).trim().toLowerCase();
  if (!ZAddress.safeParse(email).success) {
    throw new AppError('VALIDATION_FAILED', { message: `Not an email address: ${email || '(empty)'}` });
  }
  const started = await startWorkflowFor(ctx.platform, ctx.tx, {
    companyId: ctx.companyId,
    workflowId: action.workflow_id,
    email,
    actor: ctx.actorId,
  });
  return {
    input: { workflow_id: action.workflow_id, contact_email: email },
    output: { workflow_data_id: started.id },
  };
}

type WebhookAction = Extract<TPipelineAction, { type: 'call_webhook' }>;

/**
 * POSTs the body (merge fields filled as JSON text; empty: the event and the run's ids) through
 * webhooks' SSRF-safe sender, with `idempotency-key: <run id>:<step>`. A refused target, no answer
 * or an answer other than 2xx fails the step.
 */
async function callWebhook(ctx: Omit<RunContext, 'tx'>, action: WebhookAction, position: number) {
  const body = action.body.trim()
    ? fillJson(action.body, ctx.values)
    : JSON.stringify({
        pipeline_id: ctx.pipelineId,
        run_id: ctx.runId,
        type: ctx.event.type,
        timestamp: ctx.event.occurred_at,
        data: ctx.event.data,
      });
  try {
    JSON.parse(body);
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      message: 'The body is not JSON once its merge fields are filled',
    });
  }
  const answer = await postSafely(
    action.url,
    body,
    { 'content-type': 'application/json', 'idempotency-key': `${ctx.runId}:${position + 1}` },
    { allowPrivate: ctx.platform.config.webhooks.allowPrivate },
  );
  const failure =
    answer.error ??
    (answer.status !== null && (answer.status < 200 || answer.status > 299)
      ? `answered ${answer.status}`
      : null);
  if (failure) throw new AppError('CONFLICT', { message: `The webhook ${failure}` });
  return {
    input: { url: action.url, body },
    output: { status: answer.status, body: answer.body, duration_ms: answer.durationMs },
  };
}

/**
 * The part of an action done outside the step's transaction, else null: a webhook call (its
 * answer is then stored as the step), a document's preparation (then stored in the step's
 * transaction and settled after it).
 */
export async function runOutside(
  ctx: Omit<RunContext, 'tx'>,
  action: TPipelineAction,
  position: number,
): Promise<OutsidePart | null> {
  if (action.type === 'send_document') return prepareDocumentStep(ctx, action, position);
  if (action.type !== 'call_webhook') return null;
  const result = await callWebhook(ctx, action, position);
  return { inside: () => Promise.resolve(result), settle: () => Promise.resolve() };
}

/** Does one action inside the step's transaction. */
export async function runAction(ctx: RunContext, action: TPipelineAction): Promise<StepResult> {
  switch (action.type) {
    case 'create_record':
      return createRecordAction(ctx, action);
    case 'update_record':
      return updateRecordAction(ctx, action);
    case 'send_email':
      return sendEmailAction(ctx, action);
    case 'start_workflow':
      return startWorkflowAction(ctx, action);
    case 'call_webhook':
    case 'send_document':
      throw new Error(`${action.type} starts outside the step transaction (runOutside)`);
  }
}
