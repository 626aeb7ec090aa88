import { and, eq, type SQL } from 'drizzle-orm';
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
import { findPeople, type PersonNames } from '../auth';
import { findCompanyById } from '../company';
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

/** The first transfer `where` selects, with its company's name and both users; undefined when none. */
export async function findTransferWhere(
  db: Pick<Db, 'select'>,
  where: SQL | undefined,
): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(accountTransfers).where(where).limit(1);
  if (!row) return undefined;
  const [company, people] = await Promise.all([
    findCompanyById(db, row.companyId),
    findPeople(db, [row.fromUserId, row.toUserId]),
  ]);
  const from = people.get(row.fromUserId);
  const to = people.get(row.toUserId);
  if (!company || !from || !to) return undefined;
  const person = (id: string, p: PersonNames) => ({
    id,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
  });
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: company.name,
    status: row.status,
    codeHash: row.codeHash,
    attempts: row.attempts,
    expiresAt: row.expiresAt,
    lastSentAt: row.lastSentAt,
    acceptedAt: row.acceptedAt,
    createdAt: row.createdAt,
    from: person(row.fromUserId, from),
    to: person(row.toUserId, to),
  };
}

export async function findTransfer(db: Pick<Db, 'select'>, id: string): Promise<TransferRow | undefined> {
  if (!isUuid(id)) return undefined;
  return findTransferWhere(db, eq(accountTransfers.id, id));
}

/** A transfer of the caller's own workspace (another company's id: undefined, so 404). */
export async function findCompanyTransfer(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  id: string,
): Promise<TransferRow | undefined> {
  if (!isUuid(id)) return undefined;
  return findTransferWhere(
    db,
    and(eq(accountTransfers.id, id), eq(accountTransfers.companyId, access.companyId)),
  );
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

export async function userById(db: Pick<Db, 'select'>, userId: string) {
  const user = (await findPeople(db, [userId])).get(userId);
  if (!user) throw notFound('User');
  return { id: userId, email: user.email, firstName: user.firstName, lastName: user.lastName };
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
