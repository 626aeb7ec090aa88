import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserType } from '@esigns/contracts/auth';
import {
  MAX_TRANSFER_CODE_ATTEMPTS,
  TRANSFER_CODE_TTL_HOURS,
  type TTransferRequest,
  type TransferStatus,
} from '@esigns/contracts/transfer-account';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { notFound, validationError, type AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { users } from '../auth/schema';
import { companies, companyUsers, type MembershipStatus } from '../company/schema';
import { companyForMail } from '../company-users';
import type { AccessContext } from '../permissions';
import type { TransferMailContext } from './mails';
import { accountTransfers } from './schema';

/** Reading transfer requests and the small helpers the transfer services share. */

export const TRANSFER_SLUG = 'company:transfer-account';

export type TransferRow = {
  id: string;
  companyId: string;
  companyName: string;
  status: TransferStatus;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  lastSentAt: Date;
  acceptedAt: Date | null;
  createdAt: Date;
  from: { id: string; email: string; firstName: string; lastName: string };
  to: { id: string; email: string; firstName: string; lastName: string };
};

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');

/** Transfer rows with their company and both users; callers add the scope. */
export function selectTransfers(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: accountTransfers.id,
      companyId: accountTransfers.companyId,
      companyName: companies.name,
      status: accountTransfers.status,
      codeHash: accountTransfers.codeHash,
      attempts: accountTransfers.attempts,
      expiresAt: accountTransfers.expiresAt,
      lastSentAt: accountTransfers.lastSentAt,
      acceptedAt: accountTransfers.acceptedAt,
      createdAt: accountTransfers.createdAt,
      from: {
        id: fromUser.id,
        email: fromUser.email,
        firstName: fromUser.firstName,
        lastName: fromUser.lastName,
      },
      to: { id: toUser.id, email: toUser.email, firstName: toUser.firstName, lastName: toUser.lastName },
    })
    .from(accountTransfers)
    .innerJoin(companies, eq(companies.id, accountTransfers.companyId))
    .innerJoin(fromUser, eq(fromUser.id, accountTransfers.fromUserId))
    .innerJoin(toUser, eq(toUser.id, accountTransfers.toUserId));
}

export async function findTransfer(db: Pick<Db, 'select'>, id: string): Promise<TransferRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectTransfers(db).where(eq(accountTransfers.id, id)).limit(1);
  return row;
}

/** A transfer of the caller's own workspace (another company's id: undefined, so 404). */
export async function findCompanyTransfer(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  id: string,
): Promise<TransferRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectTransfers(db)
    .where(and(eq(accountTransfers.id, id), eq(accountTransfers.companyId, access.companyId)))
    .limit(1);
  return row;
}

export const isExpired = (row: Pick<TransferRow, 'expiresAt'>): boolean =>
  row.expiresAt.getTime() <= Date.now();

export const nameOf = (user: { firstName: string; lastName: string; email: string }): string =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

export function toView(row: TransferRow, access: AccessContext): TTransferRequest {
  const user = (u: TransferRow['from']) => ({
    _id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
  });
  return {
    _id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    status: row.status,
    from_user: user(row.from),
    to_user: user(row.to),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    is_expired: isExpired(row),
    attempts_left: Math.max(0, MAX_TRANSFER_CODE_ATTEMPTS - row.attempts),
    last_sent_at: row.lastSentAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    is_current_workspace: row.companyId === access.companyId,
    is_target: row.to.id === access.userId,
  };
}

export async function viewOf(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  id: string,
): Promise<TTransferRequest> {
  const row = await findTransfer(db, id);
  if (!row) throw notFound('Transfer request');
  return toView(row, access);
}

export type Member = {
  id: string;
  userId: string;
  userType: UserType;
  roleId: string | null;
  status: MembershipStatus;
};

/** A membership of the company by user id or membership id (locked when in a transaction). */
export async function findMember(
  db: Pick<Db, 'select'>,
  companyId: string,
  idOrUserId: string,
  lock: boolean,
): Promise<Member | undefined> {
  if (!isUuid(idOrUserId)) return undefined;
  const query = db
    .select({
      id: companyUsers.id,
      userId: companyUsers.userId,
      userType: companyUsers.userType,
      roleId: companyUsers.roleId,
      status: companyUsers.status,
    })
    .from(companyUsers)
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        sql`(${companyUsers.id} = ${idOrUserId} or ${companyUsers.userId} = ${idOrUserId})`,
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function userById(db: Pick<Db, 'select'>, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound('User');
  return user;
}

export const links = (platform: Platform, id?: string) => {
  const base = `${platform.config.publicUrl}/profilesettings/transferAccount`;
  return id ? `${base}/${id}` : base;
};

export const codeExpiry = (): Date => new Date(Date.now() + TRANSFER_CODE_TTL_HOURS * 3600_000);

export function targetError(message: string): AppError {
  return validationError([{ key: 'to_user_id', message, path: ['to_user_id'] }], message);
}

export function codeError(message: string): AppError {
  return validationError([{ key: 'code', message, path: ['code'] }], message);
}

export async function mailContext(
  db: Pick<Db, 'select'>,
  companyId: string,
  owner: { firstName: string; lastName: string; email: string },
  target: { firstName: string; lastName: string; email: string },
): Promise<TransferMailContext> {
  const company = await companyForMail(db, companyId);
  return {
    companyName: company.name,
    branding: company.branding,
    ownerName: nameOf(owner),
    targetName: nameOf(target),
  };
}
