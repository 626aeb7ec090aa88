import { and, eq, isNull, lt, or, inArray, sql } from 'drizzle-orm';
import { formatCalendarDate } from '@esigns/contracts/dates';
import type { TField } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import type { TVerificationMethod } from '@esigns/contracts/signing';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import {
  appendDocumentLog,
  changeDocumentStatus,
  isRecipientAct,
  lockEmployeeDocument,
  personOf,
  loadSenderInfo,
  type EmployeeRow,
  notifyDocumentCompleted,
  notifyDocumentSender,
  publishDocumentEvent,
  documentLogsOf,
  employeeDocumentOf,
  recipientsOf,
} from '../documents';
import { companyDateStyle } from '../settings';
import { loadFieldValues } from './field-values';
import { sealFailedMail } from './mails';
import { queueCompletedMails, senderDocumentLink } from './notifications';
import { completionTime, isEveryoneDone } from './progress';
import { classifySealError, type ClassifiedFailure } from './seal-failure';
import { companySignerFor } from './seal-certificates';
import { buildSealedPdf, type SealInput } from './seal-pdf';
import { isTimestampUnavailable } from '../../platform/pdf/timestamp';
import { archiveExpiryOf } from '../../platform/pdf/long-term';
import { SEAL_EXPIRE_SECONDS, SEAL_JOB, SEAL_RETRY_LIMIT, type TSealJob } from './seal-queue';
import { documentSeals, signerStates } from './schema';

/** A claim older than this belongs to a run that died (SIGKILL, lost worker): it may be taken over. */
export const SEAL_LEASE_SECONDS = SEAL_EXPIRE_SECONDS - 30;

/** Audit rows left off the certificate (they stay in the audit trail). */
const CERTIFICATE_SKIPS = new Set(['recipient.fields_saved']);

/** The storage key of a document's final PDF: fixed, so a rerun overwrites rather than adds. */
export const completedFileKey = (companyId: string, documentId: string): string =>
  `companies/${companyId}/documents/${documentId}/completed.pdf`;

export type SealHooks = {
  /** Called after the file is stored and before the document is marked COMPLETED (crash tests). */
  afterStore?: () => Promise<void>;
  /**
   * Filled with the milliseconds of each stage of a run that seals (bench/seal): `claim` (read
   * the document, take the lease), `gather` (rows and the original file), `build` (the PDF),
   * `store`, `complete` (the completion transaction with its mails).
   */
  timings?: Partial<Record<SealStage, number>>;
};

export type SealStage = 'claim' | 'gather' | 'build' | 'store' | 'complete';

export type SealOutcome = 'SEALED' | 'ALREADY_SEALED' | 'NOT_READY' | 'BUSY' | 'FAILED' | 'WAITING_TIMESTAMP';

/**
 * With TSA_URLS set, a seal whose timestamp fails is never completed without it, nor failed for
 * good: after the queue's retries, a new run is queued this much later, again and again, until an
 * authority answers (the seal stays SEALING, its `error` saying why).
 */
export const TIMESTAMP_WAIT_SECONDS = 300;

/**
 * The `documents.seal` job (DOMAIN-ESIGN "Completion"): claims the document's seal (a lease, so
 * that two runs never build at once), stamps the values, appends the certificate of completion
 * and applies the PAdES seal, stores the file at its fixed key, then in ONE transaction marks the
 * document COMPLETED with its SHA-256, logs it and queues the completion mails; after commit it
 * emits `document.completed`. Safe to rerun at any point: a sealed document is left alone, a run
 * that died before marking completes on the next try and overwrites the same file.
 *
 * A failure is recorded on the seal (`error`, shown to the sender). One that may pass (`RETRY`
 * of `classifySealError`) is rethrown for the queue to retry; after the last retry the seal is
 * FAILED, logged, and the sender mailed. A permanent one (a value that cannot be stamped, a
 * document that cannot be sealed) is FAILED at once, logged and mailed the same way, and the job
 * ends ('FAILED': retrying could not help); the sender's fix queues it again.
 */
/**
 * The document of a seal that just failed, to classify the failure. When it cannot be read (the
 * database is down: the likely cause of the failure too) that is logged and the failure is
 * classified without it, as one to retry.
 */
async function documentOfFailedSeal(platform: Platform, job: TSealJob): Promise<EmployeeRow | undefined> {
  try {
    return await employeeDocumentOf(platform.database.db, job.document_id, job.company_id);
  } catch (err) {
    platform.log.error({ err, documentId: job.document_id }, 'could not read the document of a failed seal');
    return undefined;
  }
}

export async function runSealJob(
  platform: Platform,
  job: TSealJob,
  meta: { id: string; retryCount: number },
  hooks: SealHooks = {},
): Promise<SealOutcome> {
  try {
    return await sealDocument(platform, job, meta.id, hooks);
  } catch (err) {
    if (isBusy(err)) throw err;
    const failure = await classifySealError(
      platform.database.db,
      platform.log,
      await documentOfFailedSeal(platform, job),
      err,
    );
    if (!(err instanceof AppError))
      platform.log.error({ err, documentId: job.document_id }, 'sealing failed');
    if (isTimestampUnavailable(err)) {
      await recordSealFailure(platform, job, meta, failure, { waitingForTimestamp: true });
      if (meta.retryCount < SEAL_RETRY_LIMIT) throw err;
      // The queue's retries are spent: wait for the authority in a later run (the claim and
      // markCompleted make a second run harmless, so no singleton key is needed).
      await platform.jobs.send(SEAL_JOB, job, { startAfterSeconds: TIMESTAMP_WAIT_SECONDS });
      platform.log.warn(
        { documentId: job.document_id, reason: failure.reason },
        'seal waits for a timestamp',
      );
      return 'WAITING_TIMESTAMP';
    }
    await recordSealFailure(platform, job, meta, failure);
    if (failure.kind !== 'RETRY') return 'FAILED';
    throw err;
  }
}

/** Another run holds a fresh claim: the queue tries later; not a failure. */
const isBusy = (err: unknown): boolean =>
  err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE' && /another worker/.test(err.message);

async function sealDocument(
  platform: Platform,
  job: TSealJob,
  claimId: string,
  hooks: SealHooks,
): Promise<SealOutcome> {
  const db = platform.database.db;
  let stageStart = performance.now();
  const stage = (name: SealStage) => {
    const now = performance.now();
    if (hooks.timings) hooks.timings[name] = now - stageStart;
    stageStart = now;
  };
  const document = await employeeDocumentOf(db, job.document_id, job.company_id);
  if (!document) return 'NOT_READY';
  if (document.status === 'COMPLETED') return 'ALREADY_SEALED';
  if (document.status !== 'WAITING') return 'NOT_READY';

  const claimed = await claimSeal(platform, job, claimId);
  if (claimed !== 'CLAIMED') {
    if (claimed === 'BUSY') {
      // Another run holds a fresh claim: try again later (the queue's retry), unless it finishes.
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: 'The document is being sealed by another worker',
      });
    }
    return claimed;
  }

  stage('claim');
  const input = await gatherSealInput(platform, document);
  if (!input) {
    await releaseClaim(platform, job.document_id, claimId, 'PENDING');
    return 'NOT_READY';
  }
  stage('gather');
  const sealed = await buildSealedPdf(platform, input);
  stage('build');
  const key = completedFileKey(document.companyId, document.id);
  await platform.storage.put(key, sealed.bytes, 'application/pdf');
  stage('store');
  await hooks.afterStore?.();
  const sha256 = sealed.sha256;
  stageStart = performance.now();
  const marked = await markCompleted(platform, document, claimId, {
    key,
    sha256,
    size: sealed.bytes.length,
    pages: sealed.pages,
    completedAt: input.completedAt,
    // For the archival renewal's sweep (read only when it is on; the sweep fills in the others).
    archiveExpiresAt: platform.config.archiveRenewal.enabled ? archiveExpiryOf(sealed.bytes) : null,
  });
  stage('complete');
  if (!marked) return 'NOT_READY';
  platform.jobs.wake(MAIL_SEND_JOB);
  platform.realtime.emitToWorkspace(document.companyId, 'document.completed', {
    document_id: document.id,
    name: document.name,
    status: 'COMPLETED',
    sha256,
  });
  return 'SEALED';
}

/**
 * Takes the document's seal lease: a PENDING or FAILED seal, or a SEALING one whose claim is
 * stale (its run died). DONE: nothing to do; a fresh SEALING claim of another run: BUSY.
 */
async function claimSeal(
  platform: Platform,
  job: TSealJob,
  claimId: string,
): Promise<'CLAIMED' | 'ALREADY_SEALED' | 'BUSY'> {
  const db = platform.database.db;
  const now = new Date();
  const stale = new Date(now.getTime() - SEAL_LEASE_SECONDS * 1000);
  // A job queued before this module kept seal rows (or by hand) has none yet.
  await db
    .insert(documentSeals)
    .values({ employeeDocumentId: job.document_id, companyId: job.company_id })
    .onConflictDoNothing();
  const [row] = await db
    .update(documentSeals)
    .set({ status: 'SEALING', claimId, claimedAt: now, updatedAt: now })
    .where(
      and(
        eq(documentSeals.employeeDocumentId, job.document_id),
        or(
          inArray(documentSeals.status, ['PENDING', 'FAILED']),
          and(
            eq(documentSeals.status, 'SEALING'),
            or(isNull(documentSeals.claimedAt), lt(documentSeals.claimedAt, stale)),
          ),
          and(eq(documentSeals.status, 'SEALING'), eq(documentSeals.claimId, claimId)),
        ),
      ),
    )
    .returning({ id: documentSeals.employeeDocumentId });
  if (row) return 'CLAIMED';
  const [current] = await db
    .select({ status: documentSeals.status })
    .from(documentSeals)
    .where(eq(documentSeals.employeeDocumentId, job.document_id));
  return current?.status === 'DONE' ? 'ALREADY_SEALED' : 'BUSY';
}

async function releaseClaim(
  platform: Platform,
  documentId: string,
  claimId: string,
  status: 'PENDING' | 'FAILED',
) {
  await platform.database.db
    .update(documentSeals)
    .set({ status, claimId: null, claimedAt: null, updatedAt: new Date() })
    .where(and(eq(documentSeals.employeeDocumentId, documentId), eq(documentSeals.claimId, claimId)));
}

/** Everything the certificate and the stamping need, or null when not every recipient is done (exported for bench/seal). */
export async function gatherSealInput(platform: Platform, document: EmployeeRow): Promise<SealInput | null> {
  const db = platform.database.db;
  const recipients = await recipientsOf(db, document.id);
  if (!isEveryoneDone(recipients)) return null;
  const [states, values, logs, sender, original, dates, companySigner] = await Promise.all([
    db.select().from(signerStates).where(eq(signerStates.employeeDocumentId, document.id)),
    loadFieldValues(db, document.id),
    documentLogsOf(db, document.id),
    loadSenderInfo(db, document.companyId, document.senderId),
    platform.storage.get(document.file.file_ref_id).catch((err: unknown) => {
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: 'The document file could not be read from storage',
        cause: err,
      });
    }),
    companyDateStyle(db, document.companyId),
    companySignerFor(platform, document.companyId),
  ]);
  const stateOf = new Map(states.map((s) => [s.documentUserId, s]));
  const names = new Map(recipients.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim() || r.email]));
  // The completion time: the last required recipient's finish (stable across reruns); the same
  // value becomes the document's `completed_at` (markCompleted) and goes in the mails.
  const completedAt = completionTime(recipients, document.sentAt);
  return {
    original,
    companySigner,
    document: {
      id: document.id,
      name: document.name,
      sentAt: document.sentAt,
      sender: { name: sender.name, email: sender.email, companyName: sender.companyName },
      brand: {
        ...(sender.branding.app_name ? { name: sender.branding.app_name } : {}),
        ...(sender.branding.primary_color ? { color: sender.branding.primary_color } : {}),
      },
    },
    completedAt,
    dates,
    fields: document.fields,
    values: datedValues(
      document.fields,
      new Map([...values].map(([key, v]) => [key, v.value])),
      dates.format,
    ),
    recipients: recipients.map((r) => {
      const state = stateOf.get(r.id);
      const hostedBy = state?.finishedHostedBy ?? null;
      const verification: TVerificationMethod[] = hostedBy ? ['IN_PERSON'] : [];
      const method = state?.verificationMethod;
      // Hosted in person: the link was the sender's, not the recipient's email link.
      if (method && !(hostedBy && (method === 'LINK' || method === 'IN_PERSON'))) verification.push(method);
      if (state?.representativeVerifiedAt) verification.push('REPRESENTATIVE_PASSWORD');
      const signatureField = document.fields.find((f) => f.recipient_key === r.key && f.type === 'SIGNATURE');
      const signature = signatureField ? values.get(signatureField.key)?.value : undefined;
      return {
        name: names.get(r.id) ?? r.email,
        email: r.email,
        userType: r.userType,
        roleName: r.roleName,
        status: r.status,
        sentAt: r.sentAt,
        viewedAt: r.viewedAt,
        finishedAt: r.finishedAt,
        ip: state?.finishedIp ?? null,
        userAgent: state?.finishedUserAgent ?? null,
        verification,
        hostedBy,
        signature: signature?.startsWith('data:image/') ? signature : null,
      };
    }),
    // Saved progress is in the audit trail; the certificate lists what happened, not every autosave.
    events: logs
      .filter((log) => !CERTIFICATE_SKIPS.has(log.action))
      .map((log) => ({
        at: log.createdAt,
        action: log.action,
        actor: eventActor(log, names, sender.name),
        ip: log.ip,
      })),
  };
}

/**
 * The values as stamped: dates (DATE and DATE_SIGNED fields, kept as `YYYY-MM-DD`) in the company's
 * date format, everything else as it is.
 */
export function datedValues(
  fields: TField[],
  values: Map<string, string>,
  format: string,
): Record<string, string> {
  const dated = new Set(
    fields.filter((f) => f.type === 'DATE' || f.type === 'DATE_SIGNED').map((f) => f.key),
  );
  return Object.fromEntries(
    [...values].map(([key, value]) => [key, dated.has(key) ? formatCalendarDate(value, format) : value]),
  );
}

/**
 * Who did a logged action, for the certificate's event table: the recipient for their own acts
 * (`isRecipientAct`; through a hosted link, with the host), the sender for staff actions (the
 * sender notifying a recipient is theirs, with their IP), the system otherwise.
 */
function eventActor(
  log: { documentUserId: string | null; actorUserId: string | null; details: Record<string, unknown> },
  names: Map<string, string>,
  senderName: string,
): string | null {
  if (isRecipientAct(log)) {
    const name = names.get(log.documentUserId!) ?? null;
    const host = log.details.hosted_by;
    return name && typeof host === 'string' ? `${name} (in person, hosted by ${host})` : name;
  }
  return log.actorUserId ? senderName : null;
}

/** The one transaction that completes a document; false when the claim was lost or the document changed. */
async function markCompleted(
  platform: Platform,
  document: EmployeeRow,
  claimId: string,
  file: {
    key: string;
    sha256: string;
    size: number;
    pages: TPageSize[];
    completedAt: Date;
    archiveExpiresAt: Date | null;
  },
): Promise<boolean> {
  return platform.database.db.transaction(async (tx) => {
    const current = await lockEmployeeDocument(tx, document.id);
    if (current?.status !== 'WAITING') return false;
    const now = new Date();
    const [seal] = await tx
      .update(documentSeals)
      .set({
        status: 'DONE',
        claimId: null,
        claimedAt: null,
        error: null,
        fileKey: file.key,
        sha256: file.sha256,
        size: file.size,
        pageCount: file.pages.length,
        pages: file.pages,
        archiveExpiresAt: file.archiveExpiresAt,
        sealedAt: now,
        updatedAt: now,
      })
      .where(and(eq(documentSeals.employeeDocumentId, document.id), eq(documentSeals.claimId, claimId)))
      .returning({ id: documentSeals.employeeDocumentId });
    if (!seal) return false;
    await changeDocumentStatus(tx, document.id, 'COMPLETED', {
      expectedFrom: 'WAITING',
      set: { completedAt: file.completedAt, updatedAt: now },
    });
    await appendDocumentLog(tx, {
      companyId: document.companyId,
      employeeDocumentId: document.id,
      action: 'document.completed',
      details: { sha256: file.sha256, size: file.size, pages: file.pages.length, file: file.key },
    });
    await queueCompletedMails(
      platform,
      tx,
      { ...document, status: 'COMPLETED', completedAt: file.completedAt },
      { fileKey: file.key, size: file.size },
    );
    await notifyDocumentCompleted(platform, tx, document);
    await publishDocumentEvent(
      platform,
      tx,
      { ...document, status: 'COMPLETED' },
      { type: 'document.completed' },
    );
    return true;
  });
}

/**
 * Records a failed attempt on the seal (its reason is what the sender sees) and releases the
 * claim. After the last retry, or at once for a permanent failure: FAILED with the failure's
 * kind (and the values that could not be stamped), logged in the audit trail, the sender notified
 * and mailed the reason and the fix, and a realtime event, so a stuck document is never silent.
 */
async function recordSealFailure(
  platform: Platform,
  job: TSealJob,
  meta: { id: string; retryCount: number },
  failure: ClassifiedFailure,
  options: { waitingForTimestamp?: boolean } = {},
): Promise<void> {
  const { reason } = failure;
  const waiting = options.waitingForTimestamp === true;
  const isLast = !waiting && (failure.kind !== 'RETRY' || meta.retryCount >= SEAL_RETRY_LIMIT);
  const db = platform.database.db;
  try {
    const now = new Date();
    await db
      .update(documentSeals)
      .set({
        // Waiting for a timestamp authority: still being sealed (unclaimed, so the next run takes it).
        status: isLast ? 'FAILED' : waiting ? 'SEALING' : 'PENDING',
        failures: sql`${documentSeals.failures} + 1`,
        error: reason,
        failureKind: isLast ? failure.kind : null,
        failedValues: isLast && failure.values.length > 0 ? failure.values : null,
        failedAt: isLast ? now : null,
        claimId: null,
        claimedAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(documentSeals.employeeDocumentId, job.document_id),
          or(eq(documentSeals.claimId, meta.id), isNull(documentSeals.claimId)),
          inArray(documentSeals.status, ['PENDING', 'SEALING', 'FAILED']),
        ),
      );
    if (!isLast) return;
    const document = await employeeDocumentOf(db, job.document_id, job.company_id);
    if (!document || document.status !== 'WAITING') return;
    const sender = await loadSenderInfo(db, document.companyId, document.senderId);
    const person = await personOf(db, document.senderId);
    const fix = failure.kind === 'VALUE' ? 'SIGN_AGAIN' : 'RETRY';
    await db.transaction(async (tx) => {
      await appendDocumentLog(tx, {
        companyId: document.companyId,
        employeeDocumentId: document.id,
        action: 'document.seal_failed',
        details: {
          reason,
          kind: failure.kind,
          attempts: meta.retryCount + 1,
          ...(failure.values.length > 0 ? { values: failure.values } : {}),
        },
      });
      await notifyDocumentSender(platform, tx, document, { event: 'document.seal_failed', reason });
      if (person.email) {
        await platform.mail.queue(
          sealFailedMail({
            to: person.email,
            firstName: sender.name.split(' ')[0] ?? '',
            documentName: document.name,
            reason,
            fix,
            link: senderDocumentLink(platform.config.publicUrl, document.id),
            branding: sender.branding,
          }),
          { tx, companyId: document.companyId },
        );
      }
    });
    platform.jobs.wake(MAIL_SEND_JOB);
    platform.realtime.emitToWorkspace(document.companyId, 'document.seal_failed', {
      document_id: document.id,
      reason,
      kind: failure.kind,
    });
  } catch (recordErr) {
    platform.log.error({ err: recordErr, documentId: job.document_id }, 'could not record a sealing failure');
  }
}
