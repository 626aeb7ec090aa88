import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { findContactsByIds, type ContactMessage } from '../contacts';
import { accountById, authOf } from './accounts';
import { GraphError, sendTemplateMessage } from './graph';
import { isOptedIn, whatsappNumber } from './opt-ins';
import { whatsappMessages, whatsappPurposes, whatsappTemplates } from './schema';
import { seal, unseal } from './secrets';

export const SEND_JOB = 'whatsapp.send';
export type SendJob = { id: string };

/** Tries of one message's job: the first and this many retries (the Cloud API's own faults only). */
export const SEND_RETRIES = 5;

/**
 * The contacts module's channel: a link message to a contact becomes a WhatsApp template message
 * when the company enabled the purpose (an APPROVED template mapped), the contact opted in and has
 * a usable number. Written with its job in the mail's transaction; the idempotency key
 * `purpose:target:contact` makes a second write of the same occasion nothing.
 */
export async function queueContactMessage(
  platform: Platform,
  tx: Db,
  message: ContactMessage,
): Promise<void> {
  const [setting] = await tx
    .select({
      enabled: whatsappPurposes.enabled,
      parameters: whatsappPurposes.parameters,
      template: whatsappTemplates,
    })
    .from(whatsappPurposes)
    .innerJoin(whatsappTemplates, eq(whatsappTemplates.id, whatsappPurposes.templateId))
    .where(
      and(eq(whatsappPurposes.companyId, message.companyId), eq(whatsappPurposes.purpose, message.purpose)),
    );
  if (!setting?.enabled || setting.template.status !== 'APPROVED') return;
  if (!(await isOptedIn(tx, message.companyId, message.contactId))) return;
  const [contact] = await findContactsByIds(tx, message.companyId, [message.contactId]);
  const to = contact ? whatsappNumber(contact.phone) : null;
  if (!contact || !to) return;
  const parameters = setting.parameters.map((name) => (message.values[name] ?? '').trim() || '-');
  const [row] = await tx
    .insert(whatsappMessages)
    .values({
      companyId: message.companyId,
      accountId: setting.template.accountId,
      purpose: message.purpose,
      targetId: message.targetId,
      contactId: contact.id,
      contactName: `${contact.firstName} ${contact.lastName}`.trim() || contact.email,
      toPhone: to,
      templateName: setting.template.name,
      language: setting.template.language,
      parametersSealed: seal(
        platform.config.secrets.storageSecret,
        'message-parameters',
        JSON.stringify(parameters),
        message.companyId,
      ),
      idempotencyKey: `${message.purpose}:${message.targetId}:${contact.id}`,
    })
    .onConflictDoNothing()
    .returning({ id: whatsappMessages.id });
  if (row) await platform.jobs.send<SendJob>(SEND_JOB, { id: row.id }, { tx });
}

type MessageRow = typeof whatsappMessages.$inferSelect;

async function settle(platform: Platform, id: string, changes: Partial<MessageRow>): Promise<void> {
  await platform.database.db
    .update(whatsappMessages)
    .set(changes)
    .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'SENDING')));
}

/**
 * The send job. It claims the message (QUEUED -> SENDING, committed) before calling the Cloud API,
 * so a message is posted at most once: a run that finds it SENDING (the process died during the
 * call, the outcome unknown) marks it FAILED instead of posting it again. A refusal (4xx) fails it
 * at once; a fault of the API (no answer, 5xx, 429) puts it back to QUEUED for the job's retry,
 * and fails it after the last one.
 */
export async function runSend(platform: Platform, data: SendJob, job: { retryCount: number }): Promise<void> {
  const db = platform.database.db;
  const [claimed] = await db
    .update(whatsappMessages)
    .set({ status: 'SENDING' })
    .where(and(eq(whatsappMessages.id, data.id), eq(whatsappMessages.status, 'QUEUED')))
    .returning();
  if (!claimed) {
    await db
      .update(whatsappMessages)
      .set({
        status: 'FAILED',
        error: 'Stopped while sending: not sent again, so that it is never sent twice',
        statusAt: new Date(),
      })
      .where(and(eq(whatsappMessages.id, data.id), eq(whatsappMessages.status, 'SENDING')));
    return;
  }
  const account = await accountById(db, claimed.accountId);
  if (!account) return;
  const secret = platform.config.secrets.storageSecret;
  const parameters = JSON.parse(
    unseal(secret, 'message-parameters', claimed.parametersSealed, claimed.companyId),
  ) as string[];
  try {
    const wamid = await sendTemplateMessage(authOf(platform, account), account.phoneNumberId, {
      to: claimed.toPhone,
      template: claimed.templateName,
      language: claimed.language,
      parameters,
    });
    await settle(platform, claimed.id, {
      status: 'SENT',
      waMessageId: wamid,
      sentAt: new Date(),
      statusAt: new Date(),
      error: null,
    });
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    const last = job.retryCount >= SEND_RETRIES;
    if (err.permanent || last) {
      await settle(platform, claimed.id, { status: 'FAILED', error: err.message, statusAt: new Date() });
      return;
    }
    await settle(platform, claimed.id, { status: 'QUEUED', error: err.message });
    throw err;
  }
}
