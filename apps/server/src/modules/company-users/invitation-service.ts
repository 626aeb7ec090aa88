import { isUuid } from '@esigns/contracts/ids';
import { and, eq, isNull } from 'drizzle-orm';
import type { TSessionReply, UserType } from '@esigns/contracts/auth';
import { keyedHash, randomToken } from '../../platform/auth/one-time-secrets';
import { assertAcceptablePassword } from '../../platform/auth/password-policy';
import { hashPassword } from '../../platform/auth/passwords';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  createAccount,
  findAccountByEmail,
  isUniqueViolation,
  openSession,
  revokeAllSessions,
  takeOverAccount,
  userDirectory,
  type ClientInfo,
} from '../auth';
import { findCompanyById, joinCompany, membershipDirectory } from '../company';
import type { AccessContext } from '../permissions';
import { assertCanActOnUserType, assertRoleFits, roleDirectory } from '../roles';
import { companyDateStyle } from '../settings';
import { assertWithinPlan } from '../subscriptions';
import { invitationMail } from './mails';
import { companyInvitations, INVITATION_TTL_DAYS } from './schema';
import { companyForMail, findCompanyUserRow, userName, type CompanyUserView, type Tx } from './service';

export type InviteUserInput = {
  email: string;
  user_type: UserType;
  role_id?: string | null;
  first_name?: string;
  last_name?: string;
};

const expiryFromNow = (): Date => new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600 * 1000);

/**
 * `POST /user/inviteUser`: invites an email to the company with a user type (and optional role)
 * and mails a branded link `${publicUrl}/inviteUser?token=...`, valid for 7 days. Inviting an
 * email that has a pending invitation refreshes it (new token, expiry, type and role): the old
 * link stops working. An active member: 409. The caller must reach the user type (an ADMIN
 * cannot invite an OWNER: 403).
 */
export async function inviteUser(
  platform: Platform,
  access: AccessContext,
  input: InviteUserInput,
): Promise<CompanyUserView> {
  const db = platform.database.db;
  assertCanActOnUserType(access, input.user_type, 'company-users:invite', 'invite');
  const role = input.role_id
    ? await assertRoleFits(db, access.companyId, input.role_id, input.user_type)
    : null;
  const [member] = await db
    .select({ status: membershipDirectory.status })
    .from(membershipDirectory)
    .innerJoin(userDirectory, eq(userDirectory.id, membershipDirectory.userId))
    .where(and(eq(membershipDirectory.companyId, access.companyId), eq(userDirectory.email, input.email)))
    .limit(1);
  if (member?.status === 'ACTIVE') {
    throw new AppError('CONFLICT', { message: `${input.email} is already a member of this company` });
  }
  const company = await companyForMail(db, access.companyId);
  const inviterName = await userName(db, access.userId);
  let invitationId: string;
  try {
    invitationId = await db.transaction(async (tx) => {
      const [pending] = await tx
        .select({ id: companyInvitations.id, userType: companyInvitations.userType })
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, access.companyId),
            eq(companyInvitations.email, input.email),
            isNull(companyInvitations.acceptedAt),
            isNull(companyInvitations.revokedAt),
          ),
        )
        .limit(1)
        .for('update');
      // Re-inviting changes the pending invitation: the caller must reach its current type too.
      if (pending)
        assertCanActOnUserType(access, pending.userType, 'company-users:invite', 'change invitations of');
      // A new invitation takes a seat of the plan (402 past its users limit); re-inviting does not.
      else await assertWithinPlan(tx, access.companyId, 'users');
      const token = randomToken();
      const values = {
        firstName: input.first_name ?? null,
        lastName: input.last_name ?? null,
        userType: input.user_type,
        roleId: role?.id ?? null,
        tokenHash: keyedHash(token, platform.config.secrets.jwtSecret),
        expiresAt: expiryFromNow(),
        invitedBy: access.userId,
        updatedAt: new Date(),
      };
      let id: string;
      if (pending) {
        await tx.update(companyInvitations).set(values).where(eq(companyInvitations.id, pending.id));
        id = pending.id;
      } else {
        const [created] = await tx
          .insert(companyInvitations)
          .values({ ...values, companyId: access.companyId, email: input.email })
          .returning({ id: companyInvitations.id });
        if (!created) throw new AppError('INTERNAL_ERROR', { message: 'Invitation could not be stored' });
        id = created.id;
      }
      await queueInvitationMail(platform, tx, {
        companyId: access.companyId,
        to: input.email,
        firstName: input.first_name ?? null,
        companyName: company.name,
        branding: company.branding,
        inviterName,
        userType: input.user_type,
        roleName: role?.name ?? null,
        token,
        expiresAt: values.expiresAt,
      });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', { message: `An invitation to ${input.email} was just sent` });
    }
    throw err;
  }
  platform.jobs.wake('mail.send');
  return requireRow(platform, access.companyId, invitationId);
}

/**
 * `POST /resend/inviteMail`: a pending invitation of the company (by id or by email) gets a new
 * token and a new 7-day expiry, and is mailed again; expired ones come back to life. The old link
 * stops working. Accepted: 409; unknown, revoked or another company's: 404.
 */
export async function resendInvitation(
  platform: Platform,
  access: AccessContext,
  input: { invitation_id?: string; email?: string },
): Promise<CompanyUserView> {
  const db = platform.database.db;
  const company = await companyForMail(db, access.companyId);
  const inviterName = await userName(db, access.userId);
  const invitationId = await db.transaction(async (tx) => {
    const filters = [
      eq(companyInvitations.companyId, access.companyId),
      isNull(companyInvitations.revokedAt),
    ];
    if (input.invitation_id) {
      if (!isUuid(input.invitation_id)) throw notFound('Invitation');
      filters.push(eq(companyInvitations.id, input.invitation_id));
    }
    if (input.email) {
      filters.push(eq(companyInvitations.email, input.email), isNull(companyInvitations.acceptedAt));
    }
    const [invitation] = await tx
      .select({
        id: companyInvitations.id,
        email: companyInvitations.email,
        firstName: companyInvitations.firstName,
        userType: companyInvitations.userType,
        acceptedAt: companyInvitations.acceptedAt,
        roleName: roleDirectory.name,
      })
      .from(companyInvitations)
      .leftJoin(
        roleDirectory,
        and(
          eq(roleDirectory.id, companyInvitations.roleId),
          eq(roleDirectory.companyId, companyInvitations.companyId),
        ),
      )
      .where(and(...filters))
      .limit(1)
      .for('update', { of: companyInvitations });
    if (!invitation) throw notFound('Invitation');
    if (invitation.acceptedAt)
      throw new AppError('CONFLICT', { message: 'This invitation was already accepted' });
    assertCanActOnUserType(access, invitation.userType, 'company-users:invite', 'invite');
    const token = randomToken();
    const expiresAt = expiryFromNow();
    await tx
      .update(companyInvitations)
      .set({
        tokenHash: keyedHash(token, platform.config.secrets.jwtSecret),
        expiresAt,
        invitedBy: access.userId,
        updatedAt: new Date(),
      })
      .where(eq(companyInvitations.id, invitation.id));
    await queueInvitationMail(platform, tx, {
      companyId: access.companyId,
      to: invitation.email,
      firstName: invitation.firstName,
      companyName: company.name,
      branding: company.branding,
      inviterName,
      userType: invitation.userType,
      roleName: invitation.roleName,
      token,
      expiresAt,
    });
    return invitation.id;
  });
  platform.jobs.wake('mail.send');
  return requireRow(platform, access.companyId, invitationId);
}

async function queueInvitationMail(
  platform: Platform,
  tx: Tx,
  input: Omit<Parameters<typeof invitationMail>[0], 'link' | 'dates'> & { companyId: string; token: string },
): Promise<void> {
  const { companyId, token, ...mail } = input;
  const link = `${platform.config.publicUrl}/inviteUser?token=${encodeURIComponent(token)}`;
  // The invitee is not a member of this company yet: the company's date style, the zone named.
  const dates = await companyDateStyle(tx, companyId);
  await platform.mail.queue(invitationMail({ ...mail, link, dates }), { tx, companyId });
}

async function requireRow(platform: Platform, companyId: string, id: string): Promise<CompanyUserView> {
  const row = await findCompanyUserRow(platform.database.db, companyId, id);
  if (!row) throw notFound('Invitation');
  return row;
}

export type InvitationPreview = {
  company_name: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  role_name: string | null;
  invited_by: string;
  expires_at: string;
  /** The email has a verified account: sign in, then accept (`POST /inviteUserSignup` with a Bearer). */
  user_exists: boolean;
};

type LiveInvitation = {
  id: string;
  companyId: string;
  companyName: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  userType: UserType;
  roleId: string | null;
  roleName: string | null;
  invitedBy: string | null;
  expiresAt: Date;
};

/** The invitation a token opens, or 410 (unknown, replaced, revoked, used or expired). */
async function findLiveInvitation(
  db: Pick<Tx, 'select'>,
  secret: string,
  token: string,
): Promise<LiveInvitation> {
  const [row] = await db
    .select({
      id: companyInvitations.id,
      companyId: companyInvitations.companyId,
      email: companyInvitations.email,
      firstName: companyInvitations.firstName,
      lastName: companyInvitations.lastName,
      userType: companyInvitations.userType,
      roleId: companyInvitations.roleId,
      roleName: roleDirectory.name,
      invitedBy: companyInvitations.invitedBy,
      expiresAt: companyInvitations.expiresAt,
      acceptedAt: companyInvitations.acceptedAt,
      revokedAt: companyInvitations.revokedAt,
    })
    .from(companyInvitations)
    .leftJoin(
      roleDirectory,
      and(
        eq(roleDirectory.id, companyInvitations.roleId),
        eq(roleDirectory.companyId, companyInvitations.companyId),
      ),
    )
    .where(eq(companyInvitations.tokenHash, keyedHash(token, secret)))
    .limit(1);
  const company = row ? await findCompanyById(db, row.companyId) : undefined;
  if (!row || !company || row.revokedAt) {
    throw new AppError('GONE', {
      message: 'This invitation link is no longer valid: it was replaced by a newer one or withdrawn.',
    });
  }
  if (row.acceptedAt) {
    throw new AppError('GONE', { message: 'This invitation was already accepted. Sign in to continue.' });
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError('GONE', {
      message: `This invitation has expired. Ask ${company.name} to send a new one.`,
    });
  }
  return { ...row, companyName: company.name };
}

/** `GET /getInviteUser?token=...` (public): what the invitation is about, for the accept screen. */
export async function previewInvitation(platform: Platform, token: string): Promise<InvitationPreview> {
  const db = platform.database.db;
  const invitation = await findLiveInvitation(db, platform.config.secrets.jwtSecret, token);
  const user = await findAccountByEmail(db, invitation.email);
  return {
    company_name: invitation.companyName,
    email: invitation.email,
    first_name: invitation.firstName ?? '',
    last_name: invitation.lastName ?? '',
    user_type: invitation.userType,
    role_name: invitation.roleName,
    invited_by: invitation.invitedBy ? await userName(db, invitation.invitedBy) : invitation.companyName,
    expires_at: invitation.expiresAt.toISOString(),
    user_exists: Boolean(user?.verifiedAt),
  };
}

export type AcceptInvitationInput = {
  token: string;
  first_name?: string;
  last_name?: string;
  password?: string;
};

export type AcceptInvitationReply = TSessionReply & {
  status_code: 'NEW_USER' | 'EXISTED_USER_LOGIN_SUCCESS';
};

/**
 * `POST /inviteUserSignup`: accepts an invitation, once, and answers a session in the company.
 * - Signed in (Bearer of the invited email's account): just joins. Another account: 403.
 * - Not signed in, email without a verified account: creates it (or completes an unverified one)
 *   with the given names and password, verified since the mailed link proves the mailbox.
 * - Not signed in, email with a verified account: 409, sign in first.
 */
export async function acceptInvitation(
  platform: Platform,
  input: AcceptInvitationInput,
  auth: { userId: string } | undefined,
  client: ClientInfo,
): Promise<AcceptInvitationReply> {
  const db = platform.database.db;
  const secret = platform.config.secrets.jwtSecret;
  const invitation = await findLiveInvitation(db, secret, input.token);
  const account = await findAccountByEmail(db, invitation.email);

  if (auth) {
    if (!account || account.id !== auth.userId) {
      throw new AppError('FORBIDDEN', {
        message: `This invitation was sent to ${invitation.email}: sign in with that account to accept it`,
      });
    }
  } else if (account?.verifiedAt) {
    throw new AppError('CONFLICT', {
      message: `${invitation.email} already has an account: sign in with it, then open the invitation link again`,
    });
  } else {
    const missing = (['first_name', 'last_name', 'password'] as const).filter((key) => !input[key]);
    if (missing.length > 0) {
      throw validationError(
        missing.map((key) => ({ key, message: 'Required', path: [key] })),
        'Enter your name and choose a password',
      );
    }
  }
  if (!auth) {
    await assertAcceptablePassword(input.password!, invitation.email, {
      userInputs: [input.first_name ?? '', input.last_name ?? ''],
    });
  }
  const passwordHash = auth ? undefined : await hashPassword(input.password!);

  try {
    const session = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(companyInvitations)
        .set({ acceptedAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(companyInvitations.id, invitation.id),
            eq(companyInvitations.tokenHash, keyedHash(input.token, secret)),
            isNull(companyInvitations.acceptedAt),
            isNull(companyInvitations.revokedAt),
          ),
        )
        .returning({ id: companyInvitations.id });
      if (!claimed)
        throw new AppError('GONE', { message: 'This invitation was already accepted. Sign in to continue.' });

      let userId = account?.id;
      if (!auth) {
        const profile = {
          firstName: input.first_name!,
          lastName: input.last_name!,
          passwordHash: passwordHash!,
          emailVerifiedAt: new Date(),
          passwordChangedAt: new Date(),
          updatedAt: new Date(),
        };
        if (userId) {
          // An unverified account proved nothing; the link proves the mailbox: it is taken over.
          await takeOverAccount(tx, userId, profile);
          await revokeAllSessions(tx, userId);
        } else {
          userId = await createAccount(tx, { ...profile, email: invitation.email });
        }
      }
      await tx
        .update(companyInvitations)
        .set({ acceptedBy: userId! })
        .where(eq(companyInvitations.id, invitation.id));
      await joinCompany(tx, {
        companyId: invitation.companyId,
        userId: userId!,
        userType: invitation.userType,
        roleId: invitation.roleId,
      });
      return openSession(platform, tx, { userId: userId!, companyId: invitation.companyId, client });
    });
    return { ...session, status_code: auth ? 'EXISTED_USER_LOGIN_SUCCESS' : 'NEW_USER' };
  } catch (err) {
    // The same email signed up at the same instant by another way.
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', {
        message: `${invitation.email} already has an account: sign in with it`,
      });
    }
    throw err;
  }
}
