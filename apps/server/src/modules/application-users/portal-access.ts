import { eq } from 'drizzle-orm';
import type {
  TChangePortalAccountRequest,
  TGrantPortalAccessRequest,
  TPortalAccess,
} from '@esigns/contracts/application-users';
import { randomToken } from '../../platform/auth/one-time-secrets';
import { hashPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  createAccount,
  findAccountByEmail,
  findPeople,
  isUniqueViolation,
  issueCode,
  revokeCompanySessions,
} from '../auth';
import { findMembership } from '../company';
import { getContact } from '../contacts';
import type { AccessContext } from '../permissions';
import { companyDateStyle } from '../settings';
import { accountRecords } from './hooks';
import {
  contactInvitationMail,
  contactLink,
  INVITATION_TTL_DAYS,
  mailCompany,
  type MailCompany,
} from './mails';
import { applicationUsers } from './schema';

type Row = typeof applicationUsers.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

function toView(contactId: string, email: string, row: Row | undefined): TPortalAccess {
  return {
    contact_id: contactId,
    status: row?.status ?? 'NONE',
    email,
    account_data_id: row?.accountDataId ?? null,
    invited_at: row ? iso(row.invitedAt) : null,
    activated_at: row ? iso(row.activatedAt) : null,
    revoked_at: row ? iso(row.revokedAt) : null,
    last_signin_at: row ? iso(row.lastSigninAt) : null,
  };
}

/** The company's contact (else 404) and its portal access row, if any. */
async function contactAndAccess(db: Db, access: AccessContext, contactId: string) {
  const contact = await getContact(db, access, contactId);
  const [row] = await db
    .select()
    .from(applicationUsers)
    .where(eq(applicationUsers.contactId, contact._id))
    .limit(1);
  return { contact, existing: row as Row | undefined };
}

/** `GET /contacts/{id}/portal-access`: where the contact's access stands (NONE: never given). */
export async function getPortalAccess(
  platform: Platform,
  access: AccessContext,
  contactId: string,
): Promise<TPortalAccess> {
  const { contact, existing } = await contactAndAccess(platform.database.db, access, contactId);
  return toView(contact._id, contact.email, existing);
}

/**
 * The account record a grant links: the one named (a record of the company, else 422 on
 * `account_data_id`), none (null), or, omitted, the one kept from before, else the BUSINESS record
 * titled like the contact's account name when there is exactly one.
 */
async function resolveAccountRecord(
  db: Pick<Db, 'select'>,
  companyId: string,
  requested: string | null | undefined,
  kept: string | null | undefined,
  accountName: string,
): Promise<string | null> {
  if (requested === null) return null;
  if (requested !== undefined) {
    if (await accountRecords().isCompanyRecord(db, companyId, requested)) return requested;
    throw validationError(
      [{ key: 'account_data_id', message: 'Not a record of this company', path: ['account_data_id'] }],
      'The account record is not a record of this company',
    );
  }
  if (kept) return kept;
  if (!accountName.trim()) return null;
  const matches = await accountRecords().businessRecordsTitled(db, companyId, accountName.trim(), 2);
  return matches.length === 1 ? matches[0]! : null;
}

/**
 * `PATCH /contacts/{id}/portal-access`: links access given before (invited, active or revoked) to
 * another account record, or none. The contact's scope follows at their next call (read fresh on
 * every call); no mail. Never given: 404.
 */
export async function changePortalAccountRecord(
  platform: Platform,
  access: AccessContext,
  contactId: string,
  input: TChangePortalAccountRequest,
): Promise<TPortalAccess> {
  const db = platform.database.db;
  const { contact, existing } = await contactAndAccess(db, access, contactId);
  if (!existing) throw notFound('Portal access');
  const accountDataId = await resolveAccountRecord(
    db,
    access.companyId,
    input.account_data_id,
    existing.accountDataId,
    contact.account_name,
  );
  const [row] = await db
    .update(applicationUsers)
    .set({ accountDataId, updatedAt: new Date() })
    .where(eq(applicationUsers.id, existing.id))
    .returning();
  return toView(contact._id, contact.email, row);
}

/**
 * `POST /contacts/{id}/portal-access`: gives the contact access, or invites again (INVITED, or
 * REVOKED given back): a login for the contact's email is created when it has none (its password
 * unusable until the invitation is accepted), and a link valid 7 days is mailed; the previous link
 * of this access stops working. ACTIVE access: 409. A staff member of the company: 409.
 */
export async function grantPortalAccess(
  platform: Platform,
  access: AccessContext,
  contactId: string,
  input: TGrantPortalAccessRequest,
): Promise<TPortalAccess> {
  const db = platform.database.db;
  const { contact, existing } = await contactAndAccess(db, access, contactId);
  if (existing?.status === 'ACTIVE') {
    throw new AppError('CONFLICT', { message: `${contact.email} already has access to the contact area` });
  }
  const accountDataId = await resolveAccountRecord(
    db,
    access.companyId,
    input.account_data_id,
    existing?.accountDataId,
    contact.account_name,
  );
  const account = await findAccountByEmail(db, contact.email);
  if (account && (await findMembership(db, account.id, access.companyId))) {
    throw new AppError('CONFLICT', {
      message: `${contact.email} is a staff member of this company: staff sign in to the app, not the contact area`,
    });
  }
  const company = await mailCompany(db, access.companyId);
  const inviter = (await findPeople(db, [access.userId])).get(access.userId);
  const inviterName = inviter
    ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email
    : company.name;
  const unusablePassword = account ? undefined : await hashPassword(randomToken());
  let row: Row;
  try {
    row = await db.transaction(async (tx) => {
      const userId =
        account?.id ??
        (await createAccount(tx, {
          email: contact.email,
          firstName: contact.first_name,
          lastName: contact.last_name,
          passwordHash: unusablePassword!,
        }));
      const values = {
        userId,
        status: 'INVITED' as const,
        accountDataId,
        invitedBy: access.userId,
        invitedAt: new Date(),
        revokedAt: null,
        updatedAt: new Date(),
      };
      const [saved] = existing
        ? await tx
            .update(applicationUsers)
            .set(values)
            .where(eq(applicationUsers.id, existing.id))
            .returning()
        : await tx
            .insert(applicationUsers)
            .values({ ...values, companyId: access.companyId, contactId: contact._id })
            .returning();
      if (!saved) throw new AppError('INTERNAL_ERROR', { message: 'Portal access could not be stored' });
      await queueInvitation(platform, tx, {
        row: saved,
        to: contact.email,
        firstName: contact.first_name,
        company,
        inviterName,
      });
      return saved;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', {
        message: `Another contact of this company with ${contact.email} already has portal access`,
      });
    }
    throw err;
  }
  platform.jobs.wake('mail.send');
  return toView(contact._id, contact.email, row);
}

/** Issues the invitation link of a portal access (the previous one dies) and queues its mail. */
export async function queueInvitation(
  platform: Platform,
  tx: Tx,
  input: {
    row: Row;
    to: string;
    firstName: string;
    company: MailCompany;
    inviterName: string;
  },
): Promise<void> {
  const { token } = await issueCode(tx, platform.config.secrets.jwtSecret, {
    userId: input.row.userId,
    purpose: 'CONTACT_INVITE',
    scope: input.row.id,
    ttlMinutes: INVITATION_TTL_DAYS * 24 * 60,
    withCode: false,
    withLink: true,
  });
  const dates = await companyDateStyle(tx, input.row.companyId);
  await platform.mail.queue(
    contactInvitationMail({
      to: input.to,
      firstName: input.firstName,
      companyName: input.company.name,
      inviterName: input.inviterName,
      link: contactLink(platform.config.publicUrl, input.company.slug, 'invitation', token!),
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600_000),
      dates,
      branding: input.company.branding,
    }),
    { tx, companyId: input.row.companyId },
  );
}

/**
 * `DELETE /contacts/{id}/portal-access`: the contact can no longer sign in, their contact-area
 * sessions end (refresh 401; a live access token is refused at its next call), an unused
 * invitation link stops working. Never given: 404; already revoked: answered as it stands.
 */
export async function revokePortalAccess(
  platform: Platform,
  access: AccessContext,
  contactId: string,
): Promise<TPortalAccess> {
  const db = platform.database.db;
  const { contact, existing } = await contactAndAccess(db, access, contactId);
  if (!existing) throw notFound('Portal access');
  if (existing.status === 'REVOKED') return toView(contact._id, contact.email, existing);
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(applicationUsers)
      .set({ status: 'REVOKED', revokedAt: new Date(), updatedAt: new Date() })
      .where(eq(applicationUsers.id, existing.id))
      .returning();
    await revokeCompanySessions(tx, existing.userId, existing.companyId, { contactOnly: true });
    return saved!;
  });
  return toView(contact._id, contact.email, row);
}
