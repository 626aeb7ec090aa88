import { AppError, notFound } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { findConfigurable, type Tx } from './lookups';
import { fillTemplate, type TemplatePerson, type TemplateSendInput } from './send-routes-service';
import { prepareSend, type PreparedSend, type SendActor, type SendResult } from './send-service';
import { storeSends } from './send-store';
import type { SenderInfo } from './sender-info';

/*
 * Sends made inside another module's transaction (a workflow starts a packet's documents together
 * with its own rows): the same checks and writes as `sendDocument`, split in three so the caller
 * owns the transaction. Prepare outside it (checks, the PDF copy), store inside it, then settle
 * after commit (or drop the copies when it rolled back).
 */

export type TemplateRole = { key: string; name: string };

/**
 * A company template, ACTIVE, filled for one send: `assign` names the person of each role (by the
 * template's roles). `sendKey` makes the send idempotent (a second store answers the first
 * document). `settings` change some of the template's (a workflow's timing). 404 for another
 * company's or a deleted template, 409 when inactive, 422 when the layout cannot be sent.
 */
export async function prepareTemplateSend(
  platform: Platform,
  actor: SendActor,
  input: {
    templateId: string;
    assign: (roles: readonly TemplateRole[]) => TemplatePerson[];
    sendKey: string;
    name?: string | undefined;
    settings?: TemplateSendInput['settings'];
  },
): Promise<PreparedSend> {
  const template = await findConfigurable(platform.database.db, actor.companyId, input.templateId);
  if (!template.isTemplate) throw notFound('Template');
  if (template.status !== 'ACTIVE') throw new AppError('CONFLICT', { message: 'This template is inactive' });
  const roles = template.documentUsers.map((r) => ({ key: r.key, name: r.role_name }));
  const filled = fillTemplate(template, {
    name: input.name,
    document_users: input.assign(roles),
    settings: input.settings,
  });
  return prepareSend(platform, actor, { ...filled, target: 'new', sendKey: input.sendKey });
}

/** The prepared sends' documents, recipients, mails and logs, in the caller's transaction. */
export function storePreparedSends(
  platform: Platform,
  tx: Tx,
  actor: SendActor,
  prepared: PreparedSend[],
  sender: SenderInfo,
): Promise<SendResult[]> {
  return storeSends(platform, tx, actor, prepared, sender);
}

/**
 * After the caller's transaction: `results` given (committed), the replays' PDF copies are dropped,
 * the mail workers woken and the company room told; without (rolled back), every copy is dropped.
 */
export async function settlePreparedSends(
  platform: Platform,
  actor: SendActor,
  prepared: PreparedSend[],
  results?: SendResult[],
): Promise<void> {
  const drop = prepared.filter((_, i) => !results || results[i]?.replayed);
  await Promise.all(
    drop.map((p) =>
      platform.storage.delete(p.file.file_ref_id).catch((err: unknown) => {
        platform.log.warn(
          { err, file: p.file.file_ref_id },
          'An unused copy of a sent PDF stayed in storage',
        );
      }),
    ),
  );
  if (!results) return;
  if (results.some((r) => !r.replayed)) platform.jobs.wake(MAIL_SEND_JOB);
  results.forEach((result, i) => {
    if (result.replayed) return;
    platform.realtime.emitToWorkspace(actor.companyId, 'document.sent', {
      document_id: result.employeeDocumentId,
      name: prepared[i]!.request.source.name,
      status: 'WAITING',
      sender_id: actor.userId,
    });
  });
}
