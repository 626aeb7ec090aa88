import { z } from 'zod';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TPipelineAction } from '@esigns/contracts/pipelines';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import {
  findConfigurable,
  loadSenderInfo,
  prepareTemplateSend,
  settlePreparedSends,
  storePreparedSends,
  type SendActor,
  type SendResult,
  type TemplatePerson,
  type TemplateRole,
  type Tx,
} from '../documents';
import type { RunContext, StepResult } from './actions';
import { fillText, fillValue, textOf, type RunValues } from './values';

/*
 * The "send a document template" action: an ACTIVE document template of the company sent to a
 * person per role (texts with merge fields, or fixed). Sent as documents' workflows send theirs:
 * prepared BEFORE the step's transaction (template read, contacts resolved, layout checked, the
 * PDF copied: never holding the transaction open over storage), stored IN it (document,
 * recipients, signing mails queued, log), settled after it (the copy dropped when the step rolled
 * back or was done by another run of the job). The send key `pipeline:<run id>:<step>` makes the
 * step send at most one document: a second store answers the first document (replayed).
 */

export type DocumentAction = Extract<TPipelineAction, { type: 'send_document' }>;

/** A part of a step done around its transaction: `inside` in it, `settle` after it (committed or not). */
export type OutsidePart = {
  inside: (tx: Tx) => Promise<StepResult>;
  settle: (committed: boolean) => Promise<void>;
};

const ZAddress = z.email();

export const documentSendKey = (runId: string, position: number): string =>
  `pipeline:${runId}:${position + 1}`;

/** Each role's person with merge fields filled; a bad or empty address is a 422 naming the role. */
function assignPeople(
  action: DocumentAction,
  values: RunValues,
  roles: readonly TemplateRole[],
): TemplatePerson[] {
  return roles.map((role) => {
    const given = action.recipients[role.key];
    if (!given) {
      throw new AppError('VALIDATION_FAILED', { message: `No recipient for the role ${role.name}` });
    }
    const email = textOf(fillValue(given.email, values)).trim().toLowerCase();
    if (!ZAddress.safeParse(email).success) {
      throw new AppError('VALIDATION_FAILED', {
        message: `${role.name}: not an email address: ${email || '(empty)'}`,
      });
    }
    const [first = '', ...rest] = fillText(given.name, values).trim().split(/\s+/);
    return { key: role.key, email, first_name: first.slice(0, 100), last_name: rest.join(' ').slice(0, 100) };
  });
}

/**
 * The document prepared outside the step's transaction, then stored in it. The pipeline's last
 * editor sends it (a pipeline whose editors are gone cannot send: 409).
 */
export async function prepareDocumentStep(
  ctx: Omit<RunContext, 'tx'>,
  action: DocumentAction,
  position: number,
): Promise<OutsidePart> {
  if (!ctx.actorId) {
    throw new AppError('CONFLICT', { message: 'The person who last saved this pipeline is gone' });
  }
  const actor: SendActor = { companyId: ctx.companyId, userId: ctx.actorId };
  const sendKey = documentSendKey(ctx.runId, position);
  let people: TemplatePerson[] = [];
  const prepared = await prepareTemplateSend(ctx.platform, actor, {
    templateId: action.template_id,
    sendKey,
    assign: (roles) => (people = assignPeople(action, ctx.values, roles)),
  });
  let sender: Awaited<ReturnType<typeof loadSenderInfo>>;
  try {
    sender = await loadSenderInfo(ctx.platform.database.db, ctx.companyId, ctx.actorId);
  } catch (err) {
    await settlePreparedSends(ctx.platform, actor, [prepared]);
    throw err;
  }
  let results: SendResult[] | undefined;
  return {
    inside: async (tx) => {
      results = await storePreparedSends(ctx.platform, tx, actor, [prepared], sender);
      const [result] = results;
      return {
        input: {
          template_id: action.template_id,
          recipients: people.map((p) => ({
            key: p.key,
            email: p.email,
            name: `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim(),
          })),
          send_key: sendKey,
        },
        output: {
          document_id: result!.employeeDocumentId,
          document_name: prepared.request.source.name,
          replayed: result!.replayed,
        },
      };
    },
    settle: (committed) =>
      settlePreparedSends(ctx.platform, actor, [prepared], committed ? results : undefined),
  };
}

const detail = (path: (string | number)[], message: string): TValidationDetail => ({
  key: path.join('.'),
  path,
  message,
});

/**
 * Checked at save: the template is an ACTIVE document template of the company (unknown, another
 * company's or not a template: 422 on `template_id`), every role has a recipient and no recipient
 * names a role the template lacks (422 on `recipients.<role key>`), a fixed address is an address.
 */
export async function documentActionProblems(
  db: Db,
  companyId: string,
  action: DocumentAction,
  path: (string | number)[],
): Promise<TValidationDetail[]> {
  let template: Awaited<ReturnType<typeof findConfigurable>> | null = null;
  try {
    template = await findConfigurable(db, companyId, action.template_id);
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 404) throw err;
  }
  if (!template || !template.isTemplate) {
    return [detail([...path, 'template_id'], 'Not a document template of this company')];
  }
  if (template.status !== 'ACTIVE') return [detail([...path, 'template_id'], 'This template is inactive')];
  const roles = new Map(template.documentUsers.map((r) => [r.key, r.role_name || r.key]));
  const problems: TValidationDetail[] = [];
  for (const [key, name] of roles) {
    const given = action.recipients[key];
    if (!given) problems.push(detail([...path, 'recipients', key], `Who is ${name}?`));
    else if (!given.email.includes('{{') && !ZAddress.safeParse(given.email).success) {
      problems.push(detail([...path, 'recipients', key, 'email'], 'Not an email address'));
    }
  }
  for (const key of Object.keys(action.recipients)) {
    if (!roles.has(key)) problems.push(detail([...path, 'recipients', key], 'The template has no such role'));
  }
  return problems;
}
