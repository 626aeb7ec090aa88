import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PASSCODE_MAX_TRIES,
  PASSCODE_TTL_MINUTES,
  type TGuestSession,
  type TSendFormPasscodeAnswer,
  type ZSendFormPasscodeRequest,
  type ZVerifyFormPasscodeRequest,
} from '@esigns/contracts/form-builders';
import { keyedHash, safeEqual, sixDigitCode } from '../../platform/auth/one-time-secrets';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { contactDirectory } from '../contacts';
import { assertGuestsWelcome, needsPasscode } from './guest-access';
import {
  ANONYMOUS_SESSION_DAYS,
  createGuestSession,
  GUEST_SESSION_DAYS,
  type GuestKind,
} from './guest-session';
import { companyFaceOf, formPasscodeMail } from './mails';
import { formPasscodes } from './schema';
import { findPublicForm, type FormBuilderRow } from './service';

/*
 * A guest proves their email with a 6-digit code (`formBuilders/sent-otp` -> `formBuilders/verify`):
 * stored as a keyed hash, valid 10 minutes, 5 tries, only the latest code of an email works. At
 * most 5 codes per email and form an hour, and 20 per client address and form an hour (429); the
 * routes also cap calls per address per minute. Failed tries are committed before the answer.
 */

type SendBody = z.output<typeof ZSendFormPasscodeRequest>;
type VerifyBody = z.output<typeof ZVerifyFormPasscodeRequest>;

export const CODES_PER_EMAIL_HOUR = 5;
export const CODES_PER_IP_HOUR = 20;

const codeHash = (platform: Platform, formId: string, email: string, code: string): string =>
  keyedHash(`form-passcode:${formId}:${email}:${code}`, platform.config.secrets.jwtSecret);

/**
 * The form's company's contact with this email. A contact-type form is only for the contacts of
 * its type (`settings.contact_type_id`): a contact of another type (or none) is answered as a
 * stranger, so they are never mailed a code for it.
 */
async function contactIdOf(
  db: Pick<Db, 'select'>,
  form: FormBuilderRow,
  email: string,
): Promise<string | null> {
  const typeId = form.ownerType === 'CONTACTS' ? form.settings.contact_type_id : null;
  const [row] = await db
    .select({ id: contactDirectory.id })
    .from(contactDirectory)
    .where(
      and(
        eq(contactDirectory.companyId, form.companyId),
        eq(contactDirectory.email, email),
        typeId ? eq(contactDirectory.contactTypeId, typeId) : undefined,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The answer every session-giving call makes. */
export async function openGuestSession(
  db: Pick<Db, 'select' | 'insert' | 'update' | 'execute'>,
  form: FormBuilderRow,
  who: { kind: GuestKind; email: string | null; contactId: string | null },
): Promise<TGuestSession> {
  const session = await createGuestSession(db, {
    companyId: form.companyId,
    formBuilderId: form.id,
    email: who.email,
    contactId: who.contactId,
    kind: who.kind,
    ttlDays: who.kind === 'GUEST' ? GUEST_SESSION_DAYS : ANONYMOUS_SESSION_DAYS,
  });
  return {
    contact: { _id: session.guestId, email: who.email, kind: who.kind },
    passcode: session.secret,
    secure_access: who.kind === 'GUEST',
    formbuilder_details_id: form.id,
    expires_at: session.expiresAt.toISOString(),
  };
}

async function assertUnderLimits(
  db: Pick<Db, 'select'>,
  formId: string,
  email: string,
  ip: string,
): Promise<void> {
  const hourAgo = new Date(Date.now() - 3_600_000);
  const [counts] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${formPasscodes.email} = ${email})::int`,
      byIp: sql<number>`count(*) filter (where ${formPasscodes.ip} = ${ip})::int`,
    })
    .from(formPasscodes)
    .where(
      and(
        eq(formPasscodes.formBuilderId, formId),
        eq(formPasscodes.purpose, 'GUEST'),
        gt(formPasscodes.createdAt, hourAgo),
      ),
    );
  if ((counts?.byEmail ?? 0) >= CODES_PER_EMAIL_HOUR || (counts?.byIp ?? 0) >= CODES_PER_IP_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS', {
      message: 'Too many codes were asked for: try again in an hour',
    });
  }
}

/**
 * `POST formBuilders/sent-otp`. A form that needs a proven email gets a code mailed (a contact-type
 * form only to the company's contacts; the answer is the same either way, so it tells nobody
 * whether an email is known); any other form answers a session for the given email at once
 * (ANONYMOUS: the email is not proven).
 */
export async function sendFormPasscode(
  platform: Platform,
  body: SendBody,
  ip: string,
): Promise<TSendFormPasscodeAnswer> {
  const db = platform.database.db;
  const form = await findPublicForm(db, body.formbuilder_details_id);
  await assertGuestsWelcome(db, form);
  if (!needsPasscode(form)) {
    return openGuestSession(db, form, { kind: 'ANONYMOUS', email: body.email, contactId: null });
  }
  await assertUnderLimits(db, form.id, body.email, ip);
  const expiresAt = new Date(Date.now() + PASSCODE_TTL_MINUTES * 60_000);
  const mayReceive = form.ownerType !== 'CONTACTS' || (await contactIdOf(db, form, body.email)) !== null;
  const company = await companyFaceOf(db, form.companyId);
  await db.transaction(async (tx) => {
    const code = sixDigitCode();
    await tx.insert(formPasscodes).values({
      formBuilderId: form.id,
      purpose: 'GUEST',
      email: body.email,
      // A refused email still counts against the limits, so its code can never be guessed.
      codeHash: mayReceive ? codeHash(platform, form.id, body.email, code) : 'refused',
      expiresAt,
      ip,
    });
    if (!mayReceive) return;
    await platform.mail.queue(
      formPasscodeMail({
        to: body.email,
        code,
        formName: form.name,
        company,
        validMinutes: PASSCODE_TTL_MINUTES,
      }),
      { tx, companyId: form.companyId },
    );
  });
  platform.jobs.wake(MAIL_SEND_JOB);
  platform.log.info({ formBuilderId: form.id, ip, mailed: mayReceive }, 'form passcode asked for');
  return {
    secure_access: true,
    formbuilder_details_id: form.id,
    contact: { email: body.email },
    expires_at: expiresAt.toISOString(),
  };
}

type Outcome = { ok: true; session: TGuestSession } | { ok: false; error: AppError };
type PasscodeRow = typeof formPasscodes.$inferSelect;

const codeError = (message: string) => validationError([{ key: 'code', message, path: ['code'] }], message);

const PASSCODE_STATES = {
  PASSCODE_USED: ['CONFLICT', 'This code was already used: ask for a new one'],
  PASSCODE_LOCKED: ['CONFLICT', 'Too many wrong codes: ask for a new one'],
  PASSCODE_EXPIRED: ['GONE', 'This code has expired: ask for a new one'],
} as const;

const refused = (state: keyof typeof PASSCODE_STATES): Outcome => {
  const [code, message] = PASSCODE_STATES[state];
  return { ok: false, error: new AppError(code, { message, errorCode: state }) };
};

/** Why the stored code can no longer be tried, or null. */
function spentState(row: PasscodeRow): keyof typeof PASSCODE_STATES | null {
  if (row.consumedAt) return 'PASSCODE_USED';
  if (row.attempts >= PASSCODE_MAX_TRIES) return 'PASSCODE_LOCKED';
  if (row.expiresAt.getTime() <= Date.now()) return 'PASSCODE_EXPIRED';
  return null;
}

/** Counts a wrong try (committed with the answer) and says how many are left. */
async function countWrongTry(tx: Pick<Db, 'update'>, row: PasscodeRow): Promise<Outcome> {
  const [updated] = await tx
    .update(formPasscodes)
    .set({ attempts: sql`${formPasscodes.attempts} + 1` })
    .where(eq(formPasscodes.id, row.id))
    .returning({ attempts: formPasscodes.attempts });
  const left = Math.max(0, PASSCODE_MAX_TRIES - (updated?.attempts ?? PASSCODE_MAX_TRIES));
  if (left === 0) return refused('PASSCODE_LOCKED');
  return { ok: false, error: codeError(`Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left`) };
}

/**
 * `POST formBuilders/verify`: the latest code mailed to the email for this form. Wrong: 422 on
 * `code` with the tries left; used: 409; the fifth wrong try or later: 409 (ask for a new one);
 * expired: 410. Right: the code is used up and the guest gets a session.
 */
export async function verifyFormPasscode(
  platform: Platform,
  body: VerifyBody,
  ip: string,
): Promise<TGuestSession> {
  const db = platform.database.db;
  const form = await findPublicForm(db, body.formbuilder_details_id);
  await assertGuestsWelcome(db, form);
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(formPasscodes)
      .where(
        and(
          eq(formPasscodes.formBuilderId, form.id),
          eq(formPasscodes.purpose, 'GUEST'),
          eq(formPasscodes.email, body.email),
        ),
      )
      .orderBy(desc(formPasscodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) return { ok: false, error: codeError('Ask for a code first') };
    const spent = spentState(row);
    if (spent) return refused(spent);
    if (!safeEqual(row.codeHash, codeHash(platform, form.id, body.email, body.code))) {
      return countWrongTry(tx, row);
    }
    await tx.update(formPasscodes).set({ consumedAt: new Date() }).where(eq(formPasscodes.id, row.id));
    const contactId = await contactIdOf(tx, form, body.email);
    return {
      ok: true,
      session: await openGuestSession(tx, form, { kind: 'GUEST', email: body.email, contactId }),
    };
  });
  // Every try is logged with the client address (never the code): the trail of guessing.
  const result = outcome.ok ? 'verified' : (outcome.error.errorCode ?? 'wrong');
  platform.log.info({ formBuilderId: form.id, ip, result }, 'form passcode tried');
  if (!outcome.ok) throw outcome.error;
  return outcome.session;
}
