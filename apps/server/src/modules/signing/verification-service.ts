import type { TSignerGate } from '@esigns/contracts/signing';
import { keyedHash, safeEqual, sixDigitCode } from '../../platform/auth/one-time-secrets';
import { verifyPassword } from '../../platform/auth/passwords';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import { loadSenderInfo } from '../documents';
import { signerCodeMail } from './mails';
import type { SignerContext } from './signer-access';
import { accessMethod, lockDocument, logSignerEvent, type Client } from './signer-log';
import {
  BLOCK_MESSAGES,
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  incrementSignerCounter,
  loadSignerState,
  MAX_CODE_ATTEMPTS,
  MAX_CODES_PER_HOUR,
  MAX_PASSWORD_ATTEMPTS,
  PASSWORD_LOCK_MINUTES,
  signerBlock,
  signerGates,
  updateSignerState,
  type SignerStateRow,
} from './signer-state';

export type GateState = { verified: boolean; gates: TSignerGate[] };

const gateState = (signer: SignerContext, state: SignerStateRow): GateState => {
  const gates = signerGates(signer, state);
  return { verified: gates.length === 0, gates };
};

/** The gates only matter while the document can be acted on (or viewed once finished). */
function assertOpenable(signer: SignerContext): void {
  const block = signerBlock(signer.document, signer.recipient);
  if (block && block !== 'ALREADY_FINISHED' && block !== 'COMPLETED') {
    throw new AppError('CONFLICT', { message: BLOCK_MESSAGES[block], errorCode: block });
  }
}

const codeHash = (platform: Platform, documentUserId: string, code: string): string =>
  keyedHash(`signer-code:${documentUserId}:${code}`, platform.config.secrets.jwtSecret);

/**
 * `POST /e-sign/send-verification`: mails the recipient a new 6-digit code (valid 10 minutes;
 * the previous one stops working). At most one code per 30 s and 5 per hour (429).
 */
export async function sendSignerCode(
  platform: Platform,
  signer: SignerContext,
  client: Client,
): Promise<{ sent_to: string; expires_at: string; resend_after_seconds: number }> {
  assertOpenable(signer);
  if (!signer.recipient.emailVerification) {
    throw new AppError('CONFLICT', { message: 'This document does not need a verification code' });
  }
  const db = platform.database.db;
  const sender = await loadSenderInfo(db, signer.companyId, signer.document.senderId);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await lockDocument(tx, signer.document.id);
    const state = await loadSignerState(tx, signer.recipient, { forUpdate: true });
    if (state.codeSentAt) {
      const wait = CODE_RESEND_SECONDS - Math.floor((now.getTime() - state.codeSentAt.getTime()) / 1000);
      if (wait > 0) {
        throw new AppError('TOO_MANY_REQUESTS', { message: `Wait ${wait} s before asking for another code` });
      }
    }
    const windowOpen = state.codesWindowStart && now.getTime() - state.codesWindowStart.getTime() < 3_600_000;
    if (windowOpen && state.codesSent >= MAX_CODES_PER_HOUR) {
      throw new AppError('TOO_MANY_REQUESTS', {
        message: 'Too many codes were asked for: try again in an hour',
      });
    }
    const code = sixDigitCode();
    await updateSignerState(tx, signer.recipient, {
      codeHash: codeHash(platform, signer.recipient.id, code),
      codeExpiresAt: expiresAt,
      codeSentAt: now,
      codeAttempts: 0,
      codesSent: windowOpen ? state.codesSent + 1 : 1,
      codesWindowStart: windowOpen ? state.codesWindowStart : now,
    });
    const mail = await platform.mail.queue(
      signerCodeMail({
        to: signer.recipient.email,
        firstName: signer.recipient.firstName,
        code,
        documentName: signer.document.name,
        companyName: sender.companyName,
        validMinutes: CODE_TTL_MINUTES,
        branding: sender.branding,
      }),
      { tx, companyId: signer.companyId },
    );
    await logSignerEvent(tx, signer, client, 'recipient.code_sent', { mail_id: mail.id });
  });
  platform.jobs.wake(MAIL_SEND_JOB);
  return {
    sent_to: maskEmail(signer.recipient.email),
    expires_at: expiresAt.toISOString(),
    resend_after_seconds: CODE_RESEND_SECONDS,
  };
}

/**
 * `POST /e-sign/verify`: checks the mailed code. Wrong, expired or missing: 422 on `code`. The
 * fifth wrong try kills the code (logged as locked): a new one must be asked for. Failed tries
 * are committed before the answer, so they count whatever the client does.
 */
export async function verifySignerCode(
  platform: Platform,
  signer: SignerContext,
  client: Client,
  code: string,
): Promise<GateState> {
  assertOpenable(signer);
  const db = platform.database.db;
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    await lockDocument(tx, signer.document.id);
    const state = await loadSignerState(tx, signer.recipient, { forUpdate: true });
    if (state.verifiedAt) return { ok: true as const, state };
    if (!signer.recipient.emailVerification) {
      throw new AppError('CONFLICT', { message: 'This document does not need a verification code' });
    }
    if (!state.codeHash || !state.codeExpiresAt)
      return { ok: false as const, message: 'Ask for a code first' };
    if (state.codeAttempts >= MAX_CODE_ATTEMPTS) {
      return { ok: false as const, message: 'Too many wrong codes: ask for a new one' };
    }
    if (state.codeExpiresAt.getTime() <= now.getTime()) {
      return { ok: false as const, message: 'This code has expired: ask for a new one' };
    }
    if (!safeEqual(state.codeHash, codeHash(platform, signer.recipient.id, code))) {
      const attempts = await incrementSignerCounter(tx, signer.recipient, 'codeAttempts');
      const left = Math.max(0, MAX_CODE_ATTEMPTS - attempts);
      await logSignerEvent(tx, signer, client, 'recipient.code_failed', { attempts });
      if (left === 0) {
        await logSignerEvent(tx, signer, client, 'recipient.code_locked', { attempts });
        return { ok: false as const, message: 'Too many wrong codes: ask for a new one' };
      }
      return { ok: false as const, message: `Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left` };
    }
    const values = {
      verifiedAt: now,
      verificationMethod: 'EMAIL_CODE' as const,
      codeHash: null,
      codeExpiresAt: null,
      codeAttempts: 0,
    };
    await updateSignerState(tx, signer.recipient, values);
    await logSignerEvent(tx, signer, client, 'recipient.code_verified');
    return { ok: true as const, state: { ...state, ...values } };
  });
  if (!outcome.ok)
    throw validationError([{ key: 'code', message: outcome.message, path: ['code'] }], outcome.message);
  return gateState(signer, outcome.state);
}

/**
 * `POST /e-sign/no-secure-signature`: a recipient whose document needs no code opens it; the
 * opening is logged once. 409 when the document does need a code.
 */
export async function openWithoutCode(
  platform: Platform,
  signer: SignerContext,
  client: Client,
): Promise<GateState> {
  assertOpenable(signer);
  if (signer.recipient.emailVerification && signer.via !== 'ACCOUNT') {
    throw new AppError('CONFLICT', {
      message: 'This document needs the code mailed to you',
      errorCode: 'EMAIL_CODE',
    });
  }
  const state = await platform.database.db.transaction(async (tx) => {
    await lockDocument(tx, signer.document.id);
    const current = await loadSignerState(tx, signer.recipient, { forUpdate: true });
    if (current.verifiedAt) return current;
    const values = {
      verifiedAt: new Date(),
      verificationMethod: accessMethod(signer),
    };
    await updateSignerState(tx, signer.recipient, values);
    await logSignerEvent(tx, signer, client, 'recipient.opened', { method: values.verificationMethod });
    return { ...current, ...values };
  });
  return gateState(signer, state);
}

/**
 * `POST /authorized-representative/verify-password`: the representative's document password
 * (argon2). Wrong: 422 on `password`; the fifth wrong one locks tries for 15 minutes (logged).
 */
export async function verifyRepresentativePassword(
  platform: Platform,
  signer: SignerContext,
  client: Client,
  password: string,
): Promise<GateState> {
  assertOpenable(signer);
  const hash = signer.recipient.representativePasswordHash;
  if (!hash) throw new AppError('CONFLICT', { message: 'This recipient has no document password' });
  const db = platform.database.db;
  const now = new Date();
  const current = await loadSignerState(db, signer.recipient);
  if (current.representativeVerifiedAt) return gateState(signer, current);
  const locked = lockMessage(current, now);
  if (locked) throw validationError([{ key: 'password', message: locked, path: ['password'] }], locked);
  // Checked outside the transaction: argon2 takes a while and must not hold a lock.
  const isRight = await verifyPassword(hash, password);
  const outcome = await db.transaction(async (tx) => {
    await lockDocument(tx, signer.document.id);
    const state = await loadSignerState(tx, signer.recipient, { forUpdate: true });
    if (isRight) {
      const values = {
        representativeVerifiedAt: now,
        representativeAttempts: 0,
        representativeLockedUntil: null,
      };
      await updateSignerState(tx, signer.recipient, values);
      await logSignerEvent(tx, signer, client, 'recipient.password_verified');
      return { ok: true as const, state: { ...state, ...values } };
    }
    const stillLocked = lockMessage(state, now);
    if (stillLocked) return { ok: false as const, message: stillLocked };
    const attempts = await incrementSignerCounter(tx, signer.recipient, 'representativeAttempts');
    await logSignerEvent(tx, signer, client, 'recipient.password_failed', { attempts });
    if (attempts >= MAX_PASSWORD_ATTEMPTS) {
      const until = new Date(now.getTime() + PASSWORD_LOCK_MINUTES * 60_000);
      await updateSignerState(tx, signer.recipient, {
        representativeAttempts: 0,
        representativeLockedUntil: until,
      });
      await logSignerEvent(tx, signer, client, 'recipient.password_locked', { until: until.toISOString() });
      return {
        ok: false as const,
        message: `Too many wrong passwords: try again in ${PASSWORD_LOCK_MINUTES} minutes`,
      };
    }
    const left = MAX_PASSWORD_ATTEMPTS - attempts;
    return { ok: false as const, message: `Wrong password: ${left} ${left === 1 ? 'try' : 'tries'} left` };
  });
  if (!outcome.ok) {
    throw validationError(
      [{ key: 'password', message: outcome.message, path: ['password'] }],
      outcome.message,
    );
  }
  return gateState(signer, outcome.state);
}

function lockMessage(state: SignerStateRow, now: Date): string | null {
  if (!state.representativeLockedUntil || state.representativeLockedUntil.getTime() <= now.getTime())
    return null;
  const minutes = Math.ceil((state.representativeLockedUntil.getTime() - now.getTime()) / 60_000);
  return `Too many wrong passwords: try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** `j***@example.com`: enough for the recipient to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return `${email[0]}***${email.slice(at)}`;
}

/** Messages about the gates for the e-sign record (`verification_errors`). */
export function verificationErrors(signer: SignerContext, state: SignerStateRow, now = new Date()): string[] {
  const errors: string[] = [];
  const gates = signerGates(signer, state);
  if (gates.includes('EMAIL_CODE') && state.codeHash) {
    if (state.codeAttempts >= MAX_CODE_ATTEMPTS) errors.push('Too many wrong codes: ask for a new one');
    else if (state.codeExpiresAt && state.codeExpiresAt.getTime() <= now.getTime()) {
      errors.push('The code has expired: ask for a new one');
    }
  }
  if (gates.includes('REPRESENTATIVE_PASSWORD')) {
    const locked = lockMessage(state, now);
    if (locked) errors.push(locked);
  }
  return errors;
}
