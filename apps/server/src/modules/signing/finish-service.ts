import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TDocumentStatus, TRecipientStatus } from '@esigns/contracts/documents';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import {
  changeDocumentStatus,
  lockEmployeeDocument,
  type Tx,
  notifyDocumentSender,
  publishDocumentEvent,
  recipientOf,
  recipientsOf,
  recordRecipientProgress,
} from '../documents';
import {
  automaticValues,
  keptDefaults,
  loadFieldValues,
  missingRequired,
  saveFieldValues,
  storeValues,
} from './field-values';
import { companyDateStyle } from '../settings';
import { queueRefusalMails } from './notifications';
import { advanceDocument } from './progress';
import { wakeSealWorker } from './seal-queue';
import type { SignerContext } from './signer-access';
import { accessMethod, hostOf, logSignerEvent, type Client } from './signer-log';
import { assertCanAct, updateSignerState, type SignerStateRow } from './signer-state';

export type FinishResult = {
  status: TRecipientStatus;
  document_status: TDocumentStatus;
  /** True when this call found the recipient already finished (nothing was recorded again). */
  already_finished: boolean;
  /** What happens next: the document is being sealed, or others still have to act. */
  next: 'SEALING' | 'WAITING_FOR_OTHERS' | 'NONE';
};

/**
 * The document and recipient read again under a row lock on the document: actions on one
 * document run one after another, so two finishes see each other's result.
 */
async function lockSigner(tx: Tx, signer: SignerContext): Promise<SignerContext> {
  const document = await lockEmployeeDocument(tx, signer.document.id);
  const recipient = await recipientOf(tx, signer.document.id, signer.recipient.id);
  if (!document || !recipient) throw new AppError('NOT_FOUND', { message: 'Document not found' });
  return { ...signer, document, recipient };
}

function assertRole(signer: SignerContext, action: 'sign' | 'approve' | 'decline' | 'reject'): void {
  const type = signer.recipient.userType;
  const allowed = { sign: 'SIGNER', approve: 'APPROVER', decline: 'SIGNER', reject: 'APPROVER' }[action];
  if (type === allowed) return;
  const message =
    type === 'APPROVER'
      ? 'Approvers approve or reject the document'
      : type === 'SIGNER'
        ? 'Signers finish or decline the document'
        : 'You receive this document for information: there is nothing to sign';
  throw new AppError('CONFLICT', { message });
}

/**
 * `POST /documents/{id}/signature` and `/authorized-representative-signature`: saves values of
 * the recipient's own fields (progress; nothing is final until they finish).
 */
export async function saveSignerValues(
  platform: Platform,
  signer: SignerContext,
  client: Client,
  values: Record<string, string>,
  options: { representative: boolean },
): Promise<{ saved: string[] }> {
  if (options.representative && !signer.recipient.representativePasswordHash) {
    throw new AppError('CONFLICT', { message: 'You are not an authorized representative on this document' });
  }
  await platform.database.db.transaction(async (tx) => {
    const fresh = await lockSigner(tx, signer);
    await assertCanAct(tx, fresh);
    if (fresh.recipient.userType === 'CC' || fresh.recipient.userType === 'VIEWER') assertRole(fresh, 'sign');
    await saveFieldValues(tx, fresh.recipient, fresh.document.fields, values);
    if (Object.keys(values).length > 0) {
      await logSignerEvent(tx, fresh, client, 'recipient.fields_saved', {
        fields: Object.keys(values),
        representative: options.representative,
      });
    }
  });
  return { saved: Object.keys(values) };
}

/** `POST /documents/user/terms-and-conditions`: the recipient accepts the document's terms (logged once). */
export async function acceptTerms(
  platform: Platform,
  signer: SignerContext,
  client: Client,
): Promise<{ terms_accepted: boolean; accepted_at: string }> {
  return platform.database.db.transaction(async (tx) => {
    const fresh = await lockSigner(tx, signer);
    const state = await assertCanAct(tx, fresh);
    if (state.termsAcceptedAt)
      return { terms_accepted: true, accepted_at: state.termsAcceptedAt.toISOString() };
    const now = new Date();
    await updateSignerState(tx, fresh.recipient, { termsAcceptedAt: now });
    await logSignerEvent(tx, fresh, client, 'recipient.terms_accepted');
    return { terms_accepted: true, accepted_at: now.toISOString() };
  });
}

/**
 * `POST /documents/{id}/finish` (signers) and `POST /documents/{document_id}/approved`
 * (approvers): stores the values given, fills the automatic ones, checks that every required
 * own field has a value and the terms are accepted when the document has some (422 listing
 * what is missing), marks the recipient SIGNED or APPROVED and moves the document on (next
 * signing-order group mailed, or the seal queued). Finishing again answers the first result.
 */
export async function finishRecipient(
  platform: Platform,
  signer: SignerContext,
  client: Client,
  body: { values: Record<string, string>; accept_terms: boolean },
  action: 'sign' | 'approve',
): Promise<FinishResult> {
  const result = await platform.database.db.transaction(
    async (tx): Promise<FinishResult & { notified: string[] }> => {
      const fresh = await lockSigner(tx, signer);
      const done = action === 'sign' ? 'SIGNED' : 'APPROVED';
      if (fresh.recipient.status === done) {
        return {
          status: done,
          document_status: fresh.document.status,
          already_finished: true,
          next: 'NONE',
          notified: [],
        };
      }
      const state = await assertCanAct(tx, fresh);
      assertRole(fresh, action);
      const now = new Date();
      await saveFieldValues(tx, fresh.recipient, fresh.document.fields, body.values, now);
      await assertComplete(tx, fresh, state, body.accept_terms);
      if (
        body.accept_terms &&
        !state.termsAcceptedAt &&
        fresh.document.settings.terms_and_conditions.enabled
      ) {
        await updateSignerState(tx, fresh.recipient, { termsAcceptedAt: now });
        await logSignerEvent(tx, fresh, client, 'recipient.terms_accepted');
      }
      const values = await loadFieldValues(tx, fresh.document.id);
      const { zone } = await companyDateStyle(tx, fresh.recipient.companyId);
      await storeValues(
        tx,
        fresh.recipient,
        [
          ...keptDefaults(fresh.document.fields, fresh.recipient, values),
          ...automaticValues(fresh.document.fields, fresh.recipient, now, zone),
        ],
        now,
      );
      await recordRecipientProgress(tx, fresh.recipient.id, {
        status: done,
        finishedAt: now,
        ...(fresh.recipient.viewedAt ? {} : { viewedAt: now }),
      });
      // Through a link the sender generated, the sender hosted the signing: recorded as such on
      // the timeline and the certificate, never as the recipient's own email link.
      const host = await hostOf(tx, fresh);
      await updateSignerState(tx, fresh.recipient, {
        finishedIp: client.ip,
        finishedUserAgent: client.userAgent ? client.userAgent.slice(0, 500) : null,
        finishedHostedBy: host?.label ?? null,
        ...(state.verificationMethod ? {} : { verificationMethod: accessMethod(fresh) }),
      });
      const own = fresh.document.fields.filter((f) => f.recipient_key === fresh.recipient.key).length;
      const finishedAction = action === 'sign' ? 'recipient.signed' : 'recipient.approved';
      await logSignerEvent(tx, fresh, client, host ? `${finishedAction}_in_person` : finishedAction, {
        fields: own,
        representative: fresh.recipient.representativePasswordHash !== null,
      });
      await notifyDocumentSender(platform, tx, fresh.document, {
        event: action === 'sign' ? 'document.signed' : 'document.approved',
        who: fresh.recipient,
      });
      await publishDocumentEvent(platform, tx, fresh.document, {
        type: 'document.signed',
        who: fresh.recipient,
      });
      const progress = await advanceDocument(platform, tx, fresh.document);
      return {
        status: done,
        document_status: fresh.document.status,
        already_finished: false,
        next: progress.sealQueued ? 'SEALING' : 'WAITING_FOR_OTHERS',
        notified: progress.notified,
      };
    },
  );
  if (!result.already_finished) {
    platform.jobs.wake(MAIL_SEND_JOB);
    if (result.next === 'SEALING') wakeSealWorker(platform);
    platform.realtime.emitToWorkspace(signer.companyId, 'document.recipient_finished', {
      document_id: signer.document.id,
      document_user_id: signer.recipient.id,
      status: result.status,
    });
  }
  const { notified: _notified, ...answer } = result;
  return answer;
}

/** 422 listing every required own field left empty (by key) and unaccepted terms. */
async function assertComplete(
  tx: Tx,
  signer: SignerContext,
  state: SignerStateRow,
  acceptTerms: boolean,
): Promise<void> {
  const values = await loadFieldValues(tx, signer.document.id);
  const missing = missingRequired(signer.document.fields, signer.recipient, values);
  const details: TValidationDetail[] = missing.map((f) => ({
    key: `values.${f.key}`,
    message: `${f.label || fieldTypeLabel(f.type)} is required`,
    path: ['values', f.key],
  }));
  if (signer.document.settings.terms_and_conditions.enabled && !state.termsAcceptedAt && !acceptTerms) {
    details.push({ key: 'accept_terms', message: 'Accept the terms and conditions', path: ['accept_terms'] });
  }
  if (details.length > 0) {
    const message =
      missing.length > 0
        ? `Fill in the required fields first (${missing.length} left)`
        : 'Accept the terms and conditions first';
    throw validationError(details, message);
  }
}

const fieldTypeLabel = (type: string): string => {
  const words = type.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * `POST /documents/{id}/decline` (signers) and `POST /documents/{document_id}/reject`
 * (approvers): the document ends DECLINED or REJECTED; the sender is mailed the reason and the
 * other recipients who had been asked to act are told they need not. Repeating it answers the
 * same result.
 */
export async function refuseDocument(
  platform: Platform,
  signer: SignerContext,
  client: Client,
  body: { notes: string; ck_editor_content?: string | undefined; ckeditor_fields?: unknown },
  action: 'decline' | 'reject',
): Promise<{ status: TRecipientStatus; document_status: TDocumentStatus }> {
  const recipientStatus = action === 'decline' ? 'DECLINED' : 'REJECTED';
  const result = await platform.database.db.transaction(async (tx) => {
    const fresh = await lockSigner(tx, signer);
    if (fresh.recipient.status === recipientStatus) {
      return { status: recipientStatus, document_status: fresh.document.status, changed: false };
    }
    await assertCanAct(tx, fresh);
    assertRole(fresh, action);
    const now = new Date();
    await recordRecipientProgress(tx, fresh.recipient.id, { status: recipientStatus, finishedAt: now });
    await changeDocumentStatus(tx, fresh.document.id, recipientStatus, {
      expectedFrom: 'WAITING',
      set: { updatedAt: now },
    });
    await logSignerEvent(
      tx,
      fresh,
      client,
      action === 'decline' ? 'recipient.declined' : 'recipient.rejected',
      {
        notes: body.notes,
        ...(body.ck_editor_content ? { ck_editor_content: body.ck_editor_content } : {}),
      },
    );
    await notifyDocumentSender(platform, tx, fresh.document, {
      event: action === 'decline' ? 'document.declined' : 'document.rejected',
      who: fresh.recipient,
      reason: body.notes,
    });
    await publishDocumentEvent(
      platform,
      tx,
      { ...fresh.document, status: recipientStatus },
      { type: 'document.declined', who: fresh.recipient, reason: body.notes },
    );
    const others = (await recipientsOf(tx, fresh.document.id)).filter(
      (r) => r.status === 'SENT' || r.status === 'VIEWED',
    );
    await queueRefusalMails(platform, tx, fresh, others, {
      notes: body.notes,
      kind: action === 'decline' ? 'declined' : 'rejected',
    });
    return { status: recipientStatus, document_status: recipientStatus, changed: true };
  });
  if (result.changed) {
    platform.jobs.wake(MAIL_SEND_JOB);
    platform.realtime.emitToWorkspace(
      signer.companyId,
      `document.${action === 'decline' ? 'declined' : 'rejected'}`,
      {
        document_id: signer.document.id,
        document_user_id: signer.recipient.id,
      },
    );
  }
  return {
    status: result.status as TRecipientStatus,
    document_status: result.document_status as TDocumentStatus,
  };
}
