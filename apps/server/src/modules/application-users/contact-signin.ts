import { and, eq } from 'drizzle-orm';
import type {
  TApplicationUserLinkInfo,
  TApplicationUserSigninReply,
  TApplicationUserVerifyRequest,
} from '@esigns/contracts/application-users';
import { assertAcceptablePassword } from '../../platform/auth/password-policy';
import { hashPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  checkSigninPassword,
  findAccountByEmail,
  findAccountById,
  invalidSignin,
  issueCode,
  readLinkToken,
  resetAccountPassword,
  revokeAllSessions,
  signinSucceeded,
  spendLinkToken,
  startSecondFactor,
  takeOverAccount,
  type AccountProfile,
  type ClientInfo,
  type LinkTokenState,
} from '../auth';
import { findActiveCompanyBySlug } from '../company';
import { contactDirectory } from '../contacts';
import { contactLink, contactResetMail, mailCompany, RESET_TTL_MINUTES, type MailCompany } from './mails';
import { queueInvitation } from './portal-access';
import { applicationUsers } from './schema';
import { openContactSessionReply } from './session';

type Row = typeof applicationUsers.$inferSelect;
type Purpose = TApplicationUserLinkInfo['purpose'];

const gone = (message: string) => new AppError('GONE', { message });

/** What an invitation or reset link opens: its token row, the portal access, the login, the company. */
type OpenedLink = {
  purpose: Purpose;
  token: LinkTokenState;
  row: Row;
  account: AccountProfile;
  company: MailCompany;
};

/**
 * The invitation or reset link a token is, or 410: unknown, used, expired, replaced by a newer
 * one, or its access no longer waiting for it (an invitation of access that is not INVITED, a
 * reset of access that is not ACTIVE).
 */
async function openLink(platform: Platform, token: string): Promise<OpenedLink> {
  const db = platform.database.db;
  const secret = platform.config.secrets.jwtSecret;
  const invitation = await readLinkToken(db, secret, { token, purpose: 'CONTACT_INVITE' });
  const found = invitation ?? (await readLinkToken(db, secret, { token, purpose: 'CONTACT_RESET' }));
  if (!found?.scope) throw gone('This link is not valid. Ask for a new one.');
  const purpose: Purpose = invitation ? 'INVITATION' : 'PASSWORD_RESET';
  if (found.state === 'USED') {
    throw gone(
      purpose === 'INVITATION'
        ? 'This invitation was already used or replaced by a newer one.'
        : 'This link was already used or replaced by a newer one.',
    );
  }
  if (found.state === 'EXPIRED') {
    throw gone(
      purpose === 'INVITATION'
        ? 'This invitation has expired. Ask for a new one.'
        : 'This link has expired. Ask for a new one.',
    );
  }
  const [row] = await db
    .select()
    .from(applicationUsers)
    .where(and(eq(applicationUsers.id, found.scope), eq(applicationUsers.userId, found.userId)))
    .limit(1);
  const waiting = purpose === 'INVITATION' ? 'INVITED' : 'ACTIVE';
  if (!row || row.status !== waiting) throw gone('This link is no longer valid.');
  const account = await findAccountById(db, row.userId);
  if (!account) throw gone('This link is no longer valid.');
  return { purpose, token: found, row, account, company: await mailCompany(db, row.companyId) };
}

/** `POST /application/user-email-verify`: what the link is for, before the form (nothing spent). */
export async function describeLink(platform: Platform, token: string): Promise<TApplicationUserLinkInfo> {
  const link = await openLink(platform, token);
  return {
    purpose: link.purpose,
    email: link.account.email,
    first_name: link.account.firstName,
    last_name: link.account.lastName,
    has_password: link.purpose === 'INVITATION' && link.account.verifiedAt !== null,
    company: { _id: link.company.id, name: link.company.name, slug: link.company.slug },
  };
}

const required = (key: string, message = 'Required') =>
  validationError([{ key, message, path: [key] }], message);

/**
 * `POST /application/user-verify`: accepts an invitation (access ACTIVE; a login without a
 * verified password takes the names and password given) or a reset (new password, every session
 * of the login ended), once, then signs the contact in, or answers the second-factor challenge
 * of a login that has one.
 */
export async function acceptLink(
  platform: Platform,
  input: TApplicationUserVerifyRequest,
  client: ClientInfo,
): Promise<TApplicationUserSigninReply> {
  const db = platform.database.db;
  const link = await openLink(platform, input.token);
  const { account, row } = link;
  const hasPassword = link.purpose === 'INVITATION' && account.verifiedAt !== null;
  if (hasPassword && input.password) {
    throw required('password', 'This email already has a password: accept without one, then sign in with it');
  }
  if (!hasPassword && !input.password) throw required('password');
  const firstName = input.first_name ?? account.firstName;
  const lastName = input.last_name ?? account.lastName;
  if (input.password) {
    await assertAcceptablePassword(input.password, account.email, {
      userInputs: [firstName, lastName, link.company.name],
    });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction(async (tx) => {
    if (!(await spendLinkToken(tx, link.token.id))) throw gone('This link was already used.');
    const now = new Date();
    if (link.purpose === 'PASSWORD_RESET') {
      await resetAccountPassword(tx, account, passwordHash!);
      return;
    }
    if (passwordHash) {
      // The link proves the mailbox: an account without a verified password is completed.
      await takeOverAccount(tx, account.id, {
        firstName,
        lastName,
        passwordHash,
        emailVerifiedAt: now,
        passwordChangedAt: now,
        updatedAt: now,
      });
      await revokeAllSessions(tx, account.id);
    }
    const activated = await tx
      .update(applicationUsers)
      .set({ status: 'ACTIVE', activatedAt: now, updatedAt: now })
      .where(and(eq(applicationUsers.id, row.id), eq(applicationUsers.status, 'INVITED')))
      .returning({ id: applicationUsers.id });
    if (activated.length === 0) throw gone('This link is no longer valid.');
  });
  return finishSignin(platform, account, row.companyId, client);
}

/** After the password (or a link): the second factor's challenge when the login has one, else the session. */
async function finishSignin(
  platform: Platform,
  account: { id: string; email: string; firstName: string; mf2aMethod: 'TOTP' | 'EMAIL' | null },
  companyId: string,
  client: ClientInfo,
): Promise<TApplicationUserSigninReply> {
  if (account.mf2aMethod) {
    return startSecondFactor(
      platform,
      { ...account, mf2aMethod: account.mf2aMethod },
      { contactCompanyId: companyId },
    );
  }
  await signinSucceeded(platform, account.email, client.ip);
  const session = await openContactSessionReply(platform, { userId: account.id, companyId, client });
  return { ...session, mf2a: false };
}

/**
 * `POST /application-user-signin`: email and password on the company's contact sign-in page
 * (throttled and answered as staff sign-in is, through auth's password step). An unknown company,
 * or a login without ACTIVE access in it, answers like a wrong password.
 */
export async function contactSignin(
  platform: Platform,
  input: { email: string; password: string; company_slug: string },
  client: ClientInfo,
): Promise<TApplicationUserSigninReply> {
  const db = platform.database.db;
  const user = await checkSigninPassword(platform, input, client);
  const company = await findActiveCompanyBySlug(db, input.company_slug);
  const row = company ? await accessOfLogin(db, company.id, user.id) : undefined;
  if (!company || row?.status !== 'ACTIVE') throw invalidSignin();
  return finishSignin(platform, user, company.id, client);
}

async function accessOfLogin(
  db: Pick<Db, 'select'>,
  companyId: string,
  userId: string,
): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(applicationUsers)
    .where(and(eq(applicationUsers.companyId, companyId), eq(applicationUsers.userId, userId)))
    .limit(1);
  return row;
}

/**
 * `POST /application-user/forgot-or-resend`: a contact with ACTIVE access gets a password-reset
 * link (1 hour), one still INVITED the invitation again (7 days); anyone else nothing. The
 * answer is the same in every case.
 */
export async function forgotOrResend(
  platform: Platform,
  input: { email: string; company_slug: string },
): Promise<void> {
  const db = platform.database.db;
  const company = await findActiveCompanyBySlug(db, input.company_slug);
  const account = company ? await findAccountByEmail(db, input.email) : undefined;
  const row = company && account ? await accessOfLogin(db, company.id, account.id) : undefined;
  if (!company || !account || !row || row.status === 'REVOKED') return;
  const mailed = await mailCompany(db, company.id);
  const [contact] = await db
    .select({ firstName: contactDirectory.firstName })
    .from(contactDirectory)
    .where(eq(contactDirectory.id, row.contactId))
    .limit(1);
  const firstName = contact?.firstName ?? account.firstName;
  await db.transaction(async (tx) => {
    if (row.status === 'INVITED') {
      await queueInvitation(platform, tx, {
        row,
        to: input.email,
        firstName,
        company: mailed,
        inviterName: mailed.name,
      });
      return;
    }
    const { token } = await issueCode(tx, platform.config.secrets.jwtSecret, {
      userId: account.id,
      purpose: 'CONTACT_RESET',
      scope: row.id,
      ttlMinutes: RESET_TTL_MINUTES,
      withCode: false,
      withLink: true,
    });
    await platform.mail.queue(
      contactResetMail({
        to: input.email,
        firstName,
        companyName: mailed.name,
        link: contactLink(platform.config.publicUrl, mailed.slug, 'reset', token!),
        branding: mailed.branding,
      }),
      { tx, companyId: company.id },
    );
  });
  platform.jobs.wake('mail.send');
}
