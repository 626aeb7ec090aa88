import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findConfigurable, type Tx } from './lookups';
import { fillTemplate, type TemplatePerson, type TemplateSendInput } from './send-routes-service';
import {
  afterSendsCommitted,
  prepareSend,
  prepareSends,
  type PreparedSend,
  type SendActor,
  type SendRequest,
  type SendResult,
} from './send-service';
import { storeSends } from './send-store';
import type { SenderInfo } from './sender-info';

/*
 * Sends made inside another module's transaction (a workflow starts a packet's documents together
 * with its own rows): the same checks and writes as `sendDocument`, split in three so the caller
 * owns the transaction. Prepare outside it (checks, the PDF copy), store inside it, then settle
 * after commit (or drop the copies when it rolled back).
 */

export type TemplateRole = { key: string; name: string };

/** One send of a company template: `assign` names the person of each role (by the template's roles). */
export type TemplateSendItem = {
  assign: (roles: readonly TemplateRole[]) => TemplatePerson[];
  sendKey: string;
  name?: string | undefined;
  settings?: TemplateSendInput['settings'];
};

/** The template for sending (404 for another company's or a deleted one, 409 when inactive). */
async function sendableTemplate(platform: Platform, actor: SendActor, templateId: string) {
  const template = await findConfigurable(platform.database.db, actor.companyId, templateId);
  if (!template.isTemplate) throw notFound('Template');
  if (template.status !== 'ACTIVE') throw new AppError('CONFLICT', { message: 'This template is inactive' });
  return template;
}

type SendableTemplate = Awaited<ReturnType<typeof sendableTemplate>>;

function templateRequest(template: SendableTemplate, item: TemplateSendItem): SendRequest {
  const roles = template.documentUsers.map((r) => ({ key: r.key, name: r.role_name }));
  const filled = fillTemplate(template, {
    name: item.name,
    document_users: item.assign(roles),
    settings: item.settings,
  });
  return { ...filled, target: 'new', sendKey: item.sendKey };
}

/**
 * A company template, ACTIVE, filled for one send. `sendKey` makes the send idempotent (a second
 * store answers the first document). `settings` change some of the template's (a workflow's
 * timing). 404 for another company's or a deleted template, 409 when inactive, 422 when the
 * layout cannot be sent.
 */
export async function prepareTemplateSend(
  platform: Platform,
  actor: SendActor,
  input: TemplateSendItem & { templateId: string },
): Promise<PreparedSend> {
  const template = await sendableTemplate(platform, actor, input.templateId);
  return prepareSend(platform, actor, templateRequest(template, input));
}

/**
 * `prepareTemplateSend` for many sends of one template (a workflow chunk's documents): the
 * template read once, the contacts in one query, its PDF read once (`prepareSends`). Each send's
 * 404/409/422 is answered in its slot (all of them when the template itself cannot be sent).
 */
export async function prepareTemplateSends(
  platform: Platform,
  actor: SendActor,
  templateId: string,
  items: readonly TemplateSendItem[],
): Promise<(PreparedSend | { error: AppError })[]> {
  let template: SendableTemplate;
  try {
    template = await sendableTemplate(platform, actor, templateId);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return items.map(() => ({ error: err }));
  }
  const out: (PreparedSend | { error: AppError } | undefined)[] = new Array(items.length);
  const requests: { index: number; request: SendRequest }[] = [];
  items.forEach((item, index) => {
    try {
      requests.push({ index, request: templateRequest(template, item) });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      out[index] = { error: err };
    }
  });
  const prepared = await prepareSends(
    platform,
    actor,
    requests.map((r) => r.request),
  );
  requests.forEach((r, i) => (out[r.index] = prepared[i]));
  return out as (PreparedSend | { error: AppError })[];
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
 * and what follows committed sends is done (`afterSendsCommitted`); without (rolled back), every
 * copy is dropped.
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
  if (results) afterSendsCommitted(platform, actor, prepared, results);
}
