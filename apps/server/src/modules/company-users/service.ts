import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PlanType, UserType } from '@esigns/contracts/auth';
import type { MembershipStatus } from '@esigns/contracts/team';
import { DEFAULT_PERMISSIONS, effectivePermissions, hasPermission } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import { randomToken } from '../../platform/auth/one-time-secrets';
import { hashPassword } from '../../platform/auth/passwords';
import { rowsOf, type Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  createAccount,
  findAccountByEmail,
  findPeople,
  issueCode,
  isUniqueViolation,
  revokeCompanySessions,
  userDirectory,
} from '../auth';
import {
  endMembership,
  eraseMembership,
  findCompanyById,
  findMember,
  joinCompany,
  listWorkspaces,
  lockActiveOwnerIds,
  membershipDirectory,
  setMemberUserType,
  workspacesSharedWith,
  type Member,
} from '../company';
import type { AccessContext } from '../permissions';
import {
  assertCanActOnUserType,
  assertRoleFits,
  findRoleUserType,
  likePattern,
  roleDirectory,
} from '../roles';
import { addedToCompanyMail, brandingOf, setPasswordMail } from './mails';
import { companyInvitations } from './schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Kept for importers not yet moved to `@esigns/contracts/ids`. */

/** Hours an administrator-added account has to choose its first password. */
export const SET_PASSWORD_TTL_HOURS = 72;

/**
 * A row of the company user list: a membership (`_id` = membership id, `user_id` set) or a
 * pending invitation (`_id` = invitation id, `user_id` null, status INVITED).
 */
export type CompanyUserView = {
  _id: string;
  user_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  role_id: string | null;
  role_name: string | null;
  status: MembershipStatus;
  created_at: string;
  /** Invitations only: when the link stops working. */
  expires_at: string | null;
  is_expired: boolean;
};

export type CompanyUserListQuery = {
  page: number;
  limit: number;
  search?: string;
  user_type?: UserType;
  status?: MembershipStatus | 'ALL';
};

type RawRow = {
  id: string;
  user_id: string | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  user_type: UserType;
  role_id: string | null;
  role_name: string | null;
  status: MembershipStatus;
  created_at: Date | string;
  expires_at: Date | string | null;
};

function toView(row: RawRow): CompanyUserView {
  const expiresAt = row.expires_at === null ? null : new Date(row.expires_at);
  return {
    _id: row.id,
    user_id: row.user_id,
    email: row.email,
    first_name: row.first_name ?? '',
    last_name: row.last_name ?? '',
    user_type: row.user_type,
    role_id: row.role_id,
    role_name: row.role_name,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: expiresAt?.toISOString() ?? null,
    is_expired: expiresAt !== null && expiresAt.getTime() <= Date.now(),
  };
}

/**
 * The members' branch of the list (before its WHERE): memberships with their account's names and
 * their role's name, through the subqueries company, auth and roles export (flattened into the
 * join by PostgreSQL).
 */
const membersSelect = sql`select ${membershipDirectory.id} as id, ${membershipDirectory.userId} as user_id,
    ${userDirectory.email} as email, ${userDirectory.firstName} as first_name, ${userDirectory.lastName} as last_name,
    ${membershipDirectory.userType} as user_type, ${membershipDirectory.roleId} as role_id,
    ${roleDirectory.name} as role_name, ${membershipDirectory.status} as status,
    ${membershipDirectory.createdAt} as created_at, null::timestamptz as expires_at
  from ${membershipDirectory}
  join ${userDirectory} on ${userDirectory.id} = ${membershipDirectory.userId}
  left join ${roleDirectory} on ${roleDirectory.id} = ${membershipDirectory.roleId}
    and ${roleDirectory.companyId} = ${membershipDirectory.companyId}`;

/**
 * The list as one SQL union of memberships and pending invitations, filtered and ordered newest
 * first. Every branch is scoped by the company.
 */
function companyUserRows(companyId: string, query: Omit<CompanyUserListQuery, 'page' | 'limit'>): SQL {
  const status = query.status;
  const withMembers = status !== 'INVITED';
  const withInvites = status === undefined || status === 'INVITED' || status === 'ALL';
  const memberStatuses: MembershipStatus[] =
    status === 'ALL' ? ['ACTIVE', 'DELETED'] : status === 'DELETED' ? ['DELETED'] : ['ACTIVE'];
  const pattern = query.search ? likePattern(query.search) : null;
  const u = userDirectory;
  const memberSearch = pattern
    ? sql` and (${u.email} ilike ${pattern} or ${u.firstName} ilike ${pattern} or ${u.lastName} ilike ${pattern}
        or (${u.firstName} || ' ' || ${u.lastName}) ilike ${pattern})`
    : sql``;
  const inviteSearch = pattern
    ? sql` and (i.email ilike ${pattern} or coalesce(i.first_name, '') ilike ${pattern}
        or coalesce(i.last_name, '') ilike ${pattern}
        or (coalesce(i.first_name, '') || ' ' || coalesce(i.last_name, '')) ilike ${pattern})`
    : sql``;
  const memberType = query.user_type ? sql` and ${membershipDirectory.userType} = ${query.user_type}` : sql``;
  const inviteType = query.user_type ? sql` and i.user_type = ${query.user_type}` : sql``;
  const branches: SQL[] = [];
  if (withMembers) {
    branches.push(sql`${membersSelect}
      where ${membershipDirectory.companyId} = ${companyId}
        and ${membershipDirectory.status} in (${sql.join(
          memberStatuses.map((s) => sql`${s}`),
          sql`, `,
        )})${memberType}${memberSearch}`);
  }
  if (withInvites) {
    branches.push(sql`select i.id, null::uuid as user_id, i.email, i.first_name, i.last_name, i.user_type, i.role_id,
        ${roleDirectory.name} as role_name, 'INVITED' as status, i.created_at, i.expires_at
      from company_invitations i
      left join ${roleDirectory} on ${roleDirectory.id} = i.role_id and ${roleDirectory.companyId} = i.company_id
      where i.company_id = ${companyId} and i.accepted_at is null and i.revoked_at is null${inviteType}${inviteSearch}`);
  }
  return sql.join(branches, sql` union all `);
}

/** `GET /user/companyUsers`: members and pending invitations, paged, newest first. */
export async function listCompanyUsers(
  db: Pick<Db, 'execute'>,
  access: AccessContext,
  query: CompanyUserListQuery,
): Promise<{ rows: CompanyUserView[]; total: number }> {
  const union = companyUserRows(access.companyId, query);
  const [totalRow] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${union}) t`);
  const rows = await rowsOf<RawRow>(
    db,
    sql`select * from (${union}) t order by t.created_at desc, t.id
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return { rows: rows.map(toView), total: Number(totalRow?.n ?? 0) };
}

/** `GET /getAllCompanyUsers/{company_id}`: every active member of the caller's company, by name. */
export async function listAllCompanyUsers(
  db: Pick<Db, 'execute'>,
  access: AccessContext,
  companyId: string,
): Promise<CompanyUserView[]> {
  if (companyId.toLowerCase() !== access.companyId) throw notFound('Company');
  const rows = await rowsOf<RawRow>(
    db,
    sql`select * from (${companyUserRows(access.companyId, { status: 'ACTIVE' })}) t
      order by lower(t.first_name), lower(t.last_name), t.email`,
  );
  return rows.map(toView);
}

/** One row of the list by membership id, user id or invitation id (any status), or undefined. */
export async function findCompanyUserRow(
  db: Pick<Db, 'execute'>,
  companyId: string,
  id: string,
): Promise<CompanyUserView | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await rowsOf<RawRow>(
    db,
    sql`${membersSelect}
      where ${membershipDirectory.companyId} = ${companyId}
        and (${membershipDirectory.id} = ${id} or ${membershipDirectory.userId} = ${id})
      union all
      select i.id, null::uuid, i.email, i.first_name, i.last_name, i.user_type, i.role_id, ${roleDirectory.name},
        'INVITED', i.created_at, i.expires_at
      from company_invitations i
      left join ${roleDirectory} on ${roleDirectory.id} = i.role_id and ${roleDirectory.companyId} = i.company_id
      where i.company_id = ${companyId} and i.id = ${id} and i.accepted_at is null and i.revoked_at is null
      limit 1`,
  );
  const row = rows[0];
  return row ? toView(row) : undefined;
}

/** Company name and mail branding, for mails about the company. */
export async function companyForMail(
  db: Pick<Db, 'select'>,
  companyId: string,
): Promise<{ name: string; branding: ReturnType<typeof brandingOf> }> {
  const company = await findCompanyById(db, companyId);
  if (!company) throw notFound('Company');
  return { name: company.name, branding: brandingOf(company.settings) };
}

export async function userName(db: Pick<Db, 'select'>, userId: string): Promise<string> {
  const user = (await findPeople(db, [userId])).get(userId);
  if (!user) return 'Your administrator';
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Revokes the pending invitations of an email in a company (it joined by another way). */
export async function revokePendingInvitations(
  tx: Pick<Db, 'update'>,
  companyId: string,
  email: string,
): Promise<void> {
  await tx
    .update(companyInvitations)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.email, email),
        isNull(companyInvitations.acceptedAt),
        isNull(companyInvitations.revokedAt),
      ),
    );
}

export type AddCompanyUserInput = {
  email: string;
  first_name?: string;
  last_name?: string;
  user_type: UserType;
  role_id?: string | null;
};

/**
 * `POST /user/companyUsers`: adds a user directly. An email without an account gets one,
 * unverified with no usable password, and a mailed code to choose it (which also verifies the
 * email); an existing account joins at once and is told by mail. Already a member: 409.
 */
export async function addCompanyUser(
  platform: Platform,
  access: AccessContext,
  input: AddCompanyUserInput,
): Promise<CompanyUserView> {
  const db = platform.database.db;
  assertCanActOnUserType(access, input.user_type, 'company-users:add', 'add');
  const role = input.role_id
    ? await assertRoleFits(db, access.companyId, input.role_id, input.user_type)
    : null;
  const existing = await findAccountByEmail(db, input.email);
  if (!existing) {
    const missing = (['first_name', 'last_name'] as const).filter((key) => !input[key]);
    if (missing.length > 0) {
      throw validationError(
        missing.map((key) => ({ key, message: 'Required for a new account', path: [key] })),
        'First and last name are required for a new account',
      );
    }
  }
  const company = await companyForMail(db, access.companyId);
  const inviterName = await userName(db, access.userId);
  const unusablePassword = existing ? undefined : await hashPassword(randomToken());
  let membershipId: string | undefined;
  try {
    await db.transaction(async (tx) => {
      let userId = existing?.id;
      if (!userId) {
        userId = await createAccount(tx, {
          email: input.email,
          firstName: input.first_name ?? '',
          lastName: input.last_name ?? '',
          passwordHash: unusablePassword!,
          lastCompanyId: access.companyId,
        });
      }
      const { joined } = await joinCompany(tx, {
        companyId: access.companyId,
        userId,
        userType: input.user_type,
        roleId: role?.id ?? null,
      });
      if (!joined) {
        throw new AppError('CONFLICT', { message: `${input.email} is already a member of this company` });
      }
      await revokePendingInvitations(tx, access.companyId, input.email);
      const firstName = existing?.firstName ?? input.first_name ?? '';
      if (!existing?.verifiedAt) {
        const { code } = await issueCode(tx, platform.config.secrets.jwtSecret, {
          userId,
          purpose: 'PASSWORD_RESET',
          ttlMinutes: SET_PASSWORD_TTL_HOURS * 60,
        });
        const link = `${platform.config.publicUrl}/forgot-password-verification?email=${encodeURIComponent(input.email)}`;
        await platform.mail.queue(
          setPasswordMail({
            to: input.email,
            firstName,
            companyName: company.name,
            inviterName,
            code: code!,
            link,
            validHours: SET_PASSWORD_TTL_HOURS,
            branding: company.branding,
          }),
          { tx, companyId: access.companyId },
        );
      } else {
        await platform.mail.queue(
          addedToCompanyMail({
            to: input.email,
            firstName,
            companyName: company.name,
            inviterName,
            userType: input.user_type,
            roleName: role?.name ?? null,
            signinUrl: `${platform.config.publicUrl}/signin`,
            branding: company.branding,
          }),
          { tx, companyId: access.companyId },
        );
      }
      const membership = await findMember(tx, access.companyId, userId, true);
      membershipId = membership?.id;
    });
  } catch (err) {
    // The same email added twice at the same instant.
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', { message: `${input.email} is already a member of this company` });
    }
    throw err;
  }
  platform.jobs.wake('mail.send');
  const row = membershipId ? await findCompanyUserRow(db, access.companyId, membershipId) : undefined;
  if (!row) throw notFound('Company user');
  return row;
}

export type UpdateCompanyUserInput = { user_id: string; user_type?: UserType; role_id?: string | null };

/**
 * `PUT /user/companyUsers`: changes a member's user type and/or role. The caller must reach both
 * the member's type and the new one (`canActOnRow`), and the last active OWNER cannot be
 * demoted. A role must belong to the company and fit the (new) type; a type change drops a
 * role that no longer fits unless a new one is given (`role_id: null` clears it).
 */
export async function updateCompanyUser(
  db: Db,
  access: AccessContext,
  input: UpdateCompanyUserInput,
): Promise<CompanyUserView> {
  const membershipId = await db.transaction(async (tx) => {
    const member = await findMember(tx, access.companyId, input.user_id, true);
    if (!member) throw notFound('Company user');
    if (member.status !== 'ACTIVE') {
      throw new AppError('CONFLICT', { message: 'This user was removed from the company' });
    }
    assertCanActOnUserType(access, member.userType, 'company-users:update', 'change');
    const userType = input.user_type ?? member.userType;
    if (userType !== member.userType) {
      assertCanActOnUserType(access, userType, 'company-users:update', 'make users');
      if (member.userType === 'OWNER')
        await assertAnotherOwner(tx, access.companyId, member.userId, 'demote');
    }
    let roleId = member.roleId;
    if (input.role_id === null) roleId = null;
    else if (input.role_id !== undefined) {
      roleId = (await assertRoleFits(tx, access.companyId, input.role_id, userType)).id;
    } else if (roleId && (await findRoleUserType(tx, access.companyId, roleId)) !== userType) {
      roleId = null;
    }
    await setMemberUserType(tx, access.companyId, member.id, userType, roleId);
    return member.id;
  });
  const row = await findCompanyUserRow(db, access.companyId, membershipId);
  if (!row) throw notFound('Company user');
  return row;
}

/** 409 unless the company keeps another ACTIVE owner besides `userId`. Locks the owner rows. */
async function assertAnotherOwner(tx: Tx, companyId: string, userId: string, verb: string): Promise<void> {
  const owners = await lockActiveOwnerIds(tx, companyId);
  if (!owners.some((ownerId) => ownerId !== userId)) {
    throw new AppError('CONFLICT', {
      message: `A company needs at least one owner: make someone else OWNER before you ${verb} this one`,
    });
  }
}

export type RemovalResult = { _id: string; status: 'DELETED' | 'REVOKED' | 'ERASED' };

/**
 * `DELETE /user/companyUsers/{id}`: soft delete. A member (membership or user id) becomes
 * DELETED and their sessions in this company end; a pending invitation (its id) is revoked.
 * Removing oneself or the last owner is refused (409); removing twice is harmless.
 */
export async function removeCompanyUser(db: Db, access: AccessContext, id: string): Promise<RemovalResult> {
  return db.transaction(async (tx) => {
    const member = await findMember(tx, access.companyId, id, true);
    if (!member) return revokeInvitation(tx, access, id, 'company-users:delete');
    assertRemovable(access, member, 'company-users:delete');
    if (member.status === 'DELETED') return { _id: member.id, status: 'DELETED' };
    if (member.userType === 'OWNER') await assertAnotherOwner(tx, access.companyId, member.userId, 'remove');
    await endMembership(tx, access.companyId, member.userId);
    await revokeCompanySessions(tx, member.userId, access.companyId);
    return { _id: member.id, status: 'DELETED' };
  });
}

/**
 * `DELETE /user/companyUsers/permanentDelete/{id}`: erases the membership row (the account
 * stays: it may belong to other workspaces) or an invitation, whatever its state. Same rules as
 * the soft delete.
 */
export async function eraseCompanyUser(db: Db, access: AccessContext, id: string): Promise<RemovalResult> {
  return db.transaction(async (tx) => {
    const member = await findMember(tx, access.companyId, id, true);
    if (!member) {
      if (!isUuid(id)) throw notFound('Company user');
      const [invitation] = await tx
        .select({ id: companyInvitations.id, userType: companyInvitations.userType })
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, access.companyId), eq(companyInvitations.id, id)))
        .limit(1);
      if (!invitation) throw notFound('Company user');
      assertCanActOnUserType(
        access,
        invitation.userType,
        'company-users:permanent-delete',
        'delete invitations of',
      );
      await tx
        .delete(companyInvitations)
        .where(
          and(eq(companyInvitations.id, invitation.id), eq(companyInvitations.companyId, access.companyId)),
        );
      return { _id: invitation.id, status: 'ERASED' };
    }
    assertRemovable(access, member, 'company-users:permanent-delete');
    if (member.userType === 'OWNER' && member.status === 'ACTIVE') {
      await assertAnotherOwner(tx, access.companyId, member.userId, 'delete');
    }
    await eraseMembership(tx, access.companyId, member.id);
    await revokeCompanySessions(tx, member.userId, access.companyId);
    return { _id: member.id, status: 'ERASED' };
  });
}

function assertRemovable(
  access: AccessContext,
  member: Member,
  slug: 'company-users:delete' | 'company-users:permanent-delete',
): void {
  if (member.userId === access.userId) {
    throw new AppError('CONFLICT', {
      message: 'You cannot remove yourself: leave the workspace from your profile instead',
    });
  }
  assertCanActOnUserType(access, member.userType, slug, 'remove');
}

async function revokeInvitation(
  tx: Tx,
  access: AccessContext,
  id: string,
  slug: 'company-users:delete',
): Promise<RemovalResult> {
  if (!isUuid(id)) throw notFound('Company user');
  const [invitation] = await tx
    .select({
      id: companyInvitations.id,
      userType: companyInvitations.userType,
      acceptedAt: companyInvitations.acceptedAt,
    })
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, access.companyId), eq(companyInvitations.id, id)))
    .limit(1);
  if (!invitation || invitation.acceptedAt) throw notFound('Company user');
  assertCanActOnUserType(access, invitation.userType, slug, 'revoke invitations of');
  await tx
    .update(companyInvitations)
    .set({ revokedAt: sql`coalesce(${companyInvitations.revokedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(companyInvitations.id, invitation.id), eq(companyInvitations.companyId, access.companyId)));
  return { _id: invitation.id, status: 'REVOKED' };
}

export type UserWorkspaceView = {
  company_id: string;
  company_name: string;
  company_slug: string;
  plan_type: PlanType;
  user_type: UserType;
  status: MembershipStatus;
  role_id: string | null;
};

/**
 * `GET /userList/{email}`: the workspaces an email belongs to, as far as the caller may know:
 * only workspaces where the caller is an active member who may see company users there. An
 * unknown email and an email sharing no such workspace both answer an empty list, so the call
 * reveals nothing about accounts outside the caller's own companies. The caller's own email
 * lists all their workspaces.
 */
export async function listUserWorkspaces(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  email: string,
): Promise<UserWorkspaceView[]> {
  const target = await findAccountByEmail(db, email);
  if (!target) return [];
  if (target.id === access.userId) {
    const own = await listWorkspaces(db, access.userId);
    return own.map((w) => ({
      company_id: w.company_id,
      company_name: w.company_name,
      company_slug: w.company_slug,
      plan_type: w.plan_type,
      user_type: w.user_type,
      status: 'ACTIVE' as const,
      role_id: null,
    }));
  }
  const rows = await workspacesSharedWith(db, target.id, access.userId);
  return rows
    .filter((row) => {
      const permissions = effectivePermissions({
        planType: row.planType,
        userType: row.myType,
        userTypePermissions: row.mySet ?? DEFAULT_PERMISSIONS[row.myType],
      });
      return hasPermission(
        { planType: row.planType, userType: row.myType, permissions },
        'company-users:view',
      );
    })
    .map((row) => ({
      company_id: row.companyId,
      company_name: row.name,
      company_slug: row.slug,
      plan_type: row.planType,
      user_type: row.userType,
      status: row.status,
      role_id: row.roleId,
    }));
}

export type UserTypeMail = {
  _id: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
};

export type ActiveMember = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  title: string | null;
  userType: UserType;
};

/**
 * The company's ACTIVE members who are one of `userIds` or of one of `userTypes` (an absent or
 * empty list adds nothing), by email, at most `limit` when given.
 */
export async function findActiveMembers(
  db: Pick<Db, 'select'>,
  companyId: string,
  who: { userIds?: readonly string[]; userTypes?: readonly UserType[] },
  limit?: number,
): Promise<ActiveMember[]> {
  const userIds = who.userIds ?? [];
  const userTypes = who.userTypes ?? [];
  const query = db
    .select({
      userId: userDirectory.id,
      email: userDirectory.email,
      firstName: userDirectory.firstName,
      lastName: userDirectory.lastName,
      phone: userDirectory.phone,
      title: userDirectory.title,
      userType: membershipDirectory.userType,
    })
    .from(membershipDirectory)
    .innerJoin(userDirectory, eq(userDirectory.id, membershipDirectory.userId))
    .where(
      and(
        eq(membershipDirectory.companyId, companyId),
        eq(membershipDirectory.status, 'ACTIVE'),
        or(
          userIds.length > 0 ? inArray(membershipDirectory.userId, [...userIds]) : undefined,
          userTypes.length > 0 ? inArray(membershipDirectory.userType, [...userTypes]) : undefined,
        ),
      ),
    )
    .orderBy(asc(userDirectory.email))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

/**
 * `GET /getUserTypeMails`: the emails of the company's active users of the given types (e.g.
 * to notify every ADMIN); with `includeData` their ids and names too, ordered by email.
 */
export async function listUserTypeMails(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  userTypes: UserType[],
): Promise<UserTypeMail[]> {
  const rows = await findActiveMembers(db, access.companyId, { userTypes });
  return rows.map((r) => ({
    _id: r.userId,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    user_type: r.userType,
  }));
}
