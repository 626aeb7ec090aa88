import type { TDocumentSettingsPatch, TEmployeeDocument, TField } from '@esigns/contracts/documents';
import { AppError, validationError } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import {
  findEmployeeDocument,
  type Tx,
  notifyRecipient,
  presentEmployeeDocument,
  holdBackRecipients,
  loadSenderInfo,
  type DocumentUserRow,
  type EmployeeRow,
  notifyDocumentCorrected,
  recipientsOf,
  rewriteRecipients,
  updateEmployeeDocument,
} from '../documents';
import type { AccessContext } from '../permissions';
import {
  advanceDocument,
  dropFieldValues,
  dueUnderOrder,
  forgetRecipientProgress,
  isDone,
  isEveryoneDone,
  sealStatusOf,
  wakeSealWorker,
} from '../signing';
import { assertActionAllowed, loadForAction, type Client } from './access';
import { planCorrection, isFinished, type CorrectionPlan, type TCorrectionRecipient } from './correct-plan';
import { emitAction, logAction } from './events';
import { applyDocumentUpdate } from './settings-service';

export type TCorrectRequest = {
  document_users: TCorrectionRecipient[];
  fields?: TField[] | undefined;
  settings?: TDocumentSettingsPatch | undefined;
};

/**
 * Who is mailed after a correction: `all-due` (a correction) re-sends the document to everyone
 * whose turn it is and who has not finished, each with a new link (the old one stops working);
 * `new-due` (recipients added) mails only those who were not asked before and whose turn it is.
 * Either way, recipients whose email changed get a new link when due.
 */
type NotifyMode = 'all-due' | 'new-due';

type Outcome = { row: EmployeeRow; sealQueued: boolean; notified: string[] };

/**
 * After the recipients changed, in the same transaction: when every required recipient is done
 * (e.g. the last pending signer was removed) the seal is queued like after the last finish;
 * otherwise recipients no longer due (moved later in the order) lose their link until their turn,
 * and those due are mailed per `mode` (new link each).
 */
async function moveOn(
  platform: Platform,
  tx: Tx,
  access: AccessContext,
  client: Client,
  doc: EmployeeRow,
  mode: NotifyMode,
): Promise<{ sealQueued: boolean; notified: string[]; heldBack: DocumentUserRow[] }> {
  const rows = await recipientsOf(tx, doc.id);
  if (isEveryoneDone(rows)) return { ...(await advanceDocument(platform, tx, doc)), heldBack: [] };
  const due = new Set(
    (doc.settings.signing_order ? dueUnderOrder(rows) : rows.filter((r) => r.userType !== 'CC')).map(
      (r) => r.id,
    ),
  );
  const open = rows.filter((r) => r.userType !== 'CC' && !isFinished(r) && !isDone(r));
  const notDueAnyMore = open.filter((r) => !due.has(r.id) && r.status !== 'PENDING');
  await holdBackRecipients(
    tx,
    notDueAnyMore.map((r) => r.id),
  );
  const toMail = open.filter((r) => due.has(r.id) && (mode === 'all-due' || r.status === 'PENDING'));
  if (toMail.length === 0) return { sealQueued: false, notified: [], heldBack: notDueAnyMore };
  const sender = await loadSenderInfo(tx, doc.companyId, doc.senderId);
  for (const recipient of toMail) {
    await notifyRecipient(
      platform,
      tx,
      { companyId: access.companyId, userId: access.userId, ip: client.ip, userAgent: client.userAgent },
      { recipient, documentName: doc.name, settings: doc.settings, sender, expiresAt: doc.expiresAt },
    );
  }
  return { sealQueued: false, notified: toMail.map((r) => r.id), heldBack: notDueAnyMore };
}

/**
 * The writes of a correction of a locked WAITING document: recipients, fields (stale values of
 * pending recipients dropped), settings (the signing order included), the `document.corrected`
 * log row, then who is due is worked out again (`moveOn`).
 */
export async function applyCorrection(
  platform: Platform,
  tx: Tx,
  access: AccessContext,
  client: Client,
  locked: EmployeeRow,
  request: TCorrectRequest,
  mode: NotifyMode,
): Promise<Outcome> {
  const sealStatus = await sealStatusOf(tx, locked.id);
  if (sealStatus && sealStatus !== 'FAILED') {
    // Everyone required has finished and the sealed PDF is being built: too late to change who signs.
    throw new AppError('CONFLICT', {
      message: 'Everyone has finished and the document is being completed: it can no longer be corrected',
    });
  }
  const rows = await recipientsOf(tx, locked.id);
  const planned = planCorrection({ rows, fields: locked.fields, pages: locked.pages }, request);
  if ('details' in planned) throw validationError(planned.details, planned.details[0]!.message);
  const { plan } = planned;
  const { signing_order: signingOrder, ...otherSettings } = request.settings ?? {};
  let row = await applyDocumentUpdate(tx, access, client, locked, { settings: otherSettings });
  row = await updateEmployeeDocument(tx, row, {
    fields: plan.fields,
    settings: { ...row.settings, ...(signingOrder === undefined ? {} : { signing_order: signingOrder }) },
  });
  await dropFieldValues(tx, locked.id, plan.staleValueKeys);
  await rewriteRecipients(tx, { companyId: access.companyId, userId: access.userId }, locked.id, plan);
  // A new email is another person: what the previous one did (code verified, values typed so far)
  // does not carry over.
  await forgetRecipientProgress(
    tx,
    plan.changed.filter((c) => c.emailChanged).map((c) => c.row.id),
  );
  await logAction(tx, access, client, {
    documentId: locked.id,
    action: mode === 'new-due' ? 'document.recipients_added' : 'document.corrected',
    details: {
      added: plan.added.map((r) => ({ email: r.email, user_type: r.user_type, order: r.signing_order })),
      removed: plan.removed.map((r) => ({ id: r.id, email: r.email })),
      changed: plan.changed.map((c) => ({
        id: c.row.id,
        before: { email: c.row.email, user_type: c.row.userType, order: c.row.signingOrder },
        after: { email: c.next.email, user_type: c.next.user_type, order: c.next.signing_order },
      })),
      fields: request.fields ? plan.fields.length : undefined,
      signing_order: signingOrder,
    },
  });
  const { heldBack, ...progress } = await moveOn(platform, tx, access, client, row, mode);
  await notifyDocumentCorrected(platform, tx, row, {
    by: access.userId,
    mode: mode === 'new-due' ? 'added' : 'corrected',
    summary: correctionSummary(plan, progress),
    removed: replacedAfterAsked(plan),
    heldBack,
  });
  return { row, ...progress };
}

const displayName = (r: { firstName: string; lastName: string; email: string }): string =>
  `${r.firstName} ${r.lastName}`.trim() || r.email;

/** Recipients a correction took off the document (or whose address it replaced) after they had been asked to act. */
function replacedAfterAsked(plan: CorrectionPlan): DocumentUserRow[] {
  return [...plan.removed, ...plan.changed.filter((c) => c.emailChanged).map((c) => c.row)].filter(
    (r) => r.userType !== 'CC' && (r.status === 'SENT' || r.status === 'VIEWED'),
  );
}

/** What a correction changed, in a sentence or three, for the document's sender. */
function correctionSummary(
  plan: CorrectionPlan,
  progress: { sealQueued: boolean; notified: string[] },
): string {
  const parts: string[] = [];
  const added = plan.added.map((r) => `${r.first_name} ${r.last_name}`.trim() || r.email);
  if (added.length > 0) parts.push(`Added: ${added.join(', ')}.`);
  const removed = plan.removed.map(displayName);
  if (removed.length > 0) parts.push(`Removed: ${removed.join(', ')}.`);
  const readdressed = plan.changed.filter((c) => c.emailChanged);
  if (readdressed.length > 0) {
    parts.push(`New address: ${readdressed.map((c) => `${c.row.email} → ${c.next.email}`).join(', ')}.`);
  }
  if (progress.sealQueued) parts.push('Everyone required has finished: the document is being completed.');
  else if (progress.notified.length > 0) {
    const n = progress.notified.length;
    parts.push(`Sent to ${n} recipient${n === 1 ? '' : 's'} with a new link.`);
  }
  return parts.join(' ');
}

/** After commit: mail workers, the seal worker, and the realtime event. */
export function afterCorrection(
  platform: Platform,
  access: AccessContext,
  event: string,
  outcome: Outcome,
): void {
  if (outcome.notified.length > 0 || outcome.sealQueued) platform.jobs.wake(MAIL_SEND_JOB);
  if (outcome.sealQueued) wakeSealWorker(platform);
  emitAction(platform, access, event, outcome.row, {
    notified: outcome.notified,
    sealing: outcome.sealQueued,
  });
}

/**
 * `POST /documents/{id}/correct`: changes the recipients, fields and settings of a document out
 * for signature (`planCorrection` says what may change). Recipients who have finished keep their
 * signatures and values. Everyone whose turn it is and who has not finished is sent the document
 * again with a new link; if nobody required is left, the document is completed (sealed).
 */
export async function correctDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  request: TCorrectRequest,
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  await loadForAction(platform, access, id, 'correct');
  const outcome = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed('correct', locked);
    return applyCorrection(platform, tx, access, client, locked, request, 'all-due');
  });
  afterCorrection(platform, access, 'corrected', outcome);
  return presentEmployeeDocument(db, access.companyId, id);
}
