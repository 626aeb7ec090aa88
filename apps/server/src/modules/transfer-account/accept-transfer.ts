import { and, eq, lt, sql } from 'drizzle-orm';
import type { UserType } from '@esigns/contracts/auth';
import { hasPermission } from '@esigns/contracts/permissions';
import {
  MAX_TRANSFER_CODE_ATTEMPTS,
  PREVIOUS_OWNER_USER_TYPE,
  type TTransferRequest,
  type TransferStatus,
} from '@esigns/contracts/transfer-account';
import { keyedHash, safeEqual } from '../../platform/auth/one-time-secrets';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findMember, setMemberUserType } from '../company';
import type { Tx } from '../company-users';
import type { AccessContext } from '../permissions';
import { findRoleUserType } from '../roles';
import { transferAcceptedToOwnerMail, transferAcceptedToTargetMail } from './mails';
import { accountTransfers } from './schema';
import {
  TRANSFER_SLUG,
  codeError,
  findTransfer,
  isExpired,
  mailContext,
  nameOf,
  viewOf,
} from './transfer-rows';

const GONE_MESSAGES: Record<Exclude<TransferStatus, 'PENDING'>, string> = {
  ACCEPTED: 'This transfer was already accepted',
  CANCELLED: 'The owner cancelled this transfer',
  REPLACED: 'The owner started a newer transfer: use the latest mail',
};

/** A role kept only when it still fits the member's new user type. */
async function roleFor(tx: Tx, companyId: string, roleId: string | null, userType: UserType) {
  if (!roleId) return null;
  return (await findRoleUserType(tx, companyId, roleId)) === userType ? roleId : null;
}

/**
 * `POST /transfer-account/{id}/accept`: the member asked to become owner, signed in to that
 * workspace, enters the mailed code. Wrong: 422 on `code` (one attempt used; the fifth kills the
 * code until the owner resends). Right: in one transaction they become OWNER, the requesting
 * owner becomes ADMIN, the request is consumed and both are mailed.
 */
export async function acceptTransfer(
  platform: Platform,
  access: AccessContext,
  id: string,
  code: string,
): Promise<TTransferRequest> {
  const db = platform.database.db;
  const row = await findTransfer(db, id);
  const isOwnerHere = row?.companyId === access.companyId && hasPermission(access, TRANSFER_SLUG);
  if (!row || (row.to.id !== access.userId && !isOwnerHere)) throw notFound('Transfer request');
  if (row.to.id !== access.userId) {
    throw new AppError('FORBIDDEN', { message: `Only ${nameOf(row.to)} can accept this transfer` });
  }
  if (row.companyId !== access.companyId) {
    throw new AppError('CONFLICT', {
      message: `Switch to the ${row.companyName} workspace to accept this transfer`,
    });
  }
  if (row.status !== 'PENDING') throw new AppError('GONE', { message: GONE_MESSAGES[row.status] });
  if (isExpired(row)) {
    throw new AppError('GONE', { message: 'This code has expired: ask the owner to send a new one' });
  }
  const secret = platform.config.secrets.jwtSecret;
  // Each try takes one attempt before the code is compared, committed outside any transaction:
  // parallel guesses cannot get past the limit, and a failing answer cannot roll the count back.
  // Only this code's tries count (a resend meanwhile starts afresh).
  const [reserved] = await db
    .update(accountTransfers)
    .set({ attempts: sql`${accountTransfers.attempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(accountTransfers.id, row.id),
        eq(accountTransfers.status, 'PENDING'),
        eq(accountTransfers.codeHash, row.codeHash),
        lt(accountTransfers.attempts, MAX_TRANSFER_CODE_ATTEMPTS),
      ),
    )
    .returning({ attempts: accountTransfers.attempts });
  if (!reserved) {
    // Changed since it was read: closed, resent, or out of attempts.
    const latest = await findTransfer(db, id);
    if (latest && latest.status !== 'PENDING')
      throw new AppError('GONE', { message: GONE_MESSAGES[latest.status] });
    if (latest && latest.codeHash !== row.codeHash)
      throw codeError('This code was replaced: use the newest mail');
    throw new AppError('TOO_MANY_REQUESTS', {
      message: 'Too many wrong codes: ask the owner to send a new one',
    });
  }
  if (!safeEqual(row.codeHash, keyedHash(code, secret))) {
    const left = MAX_TRANSFER_CODE_ATTEMPTS - reserved.attempts;
    throw codeError(
      left > 0
        ? `Invalid code. ${left} attempt${left === 1 ? '' : 's'} left.`
        : 'Invalid code. Ask the owner to send a new one.',
    );
  }

  const context = await mailContext(db, row.companyId, row.from, row.to);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: accountTransfers.status, codeHash: accountTransfers.codeHash })
      .from(accountTransfers)
      .where(and(eq(accountTransfers.id, row.id), eq(accountTransfers.companyId, access.companyId)))
      .limit(1)
      .for('update');
    if (!current) throw notFound('Transfer request');
    if (current.status !== 'PENDING') throw new AppError('GONE', { message: GONE_MESSAGES[current.status] });
    // Resent between the check and now: the code entered belongs to the old mail.
    if (current.codeHash !== row.codeHash) throw codeError('This code was replaced: use the newest mail');
    const owner = await findMember(tx, access.companyId, row.from.id, true);
    if (owner?.status !== 'ACTIVE' || owner.userType !== 'OWNER') {
      throw new AppError('CONFLICT', {
        message: `${nameOf(row.from)} is no longer an owner of this workspace: ask a current owner to start a new transfer`,
      });
    }
    const target = await findMember(tx, access.companyId, access.userId, true);
    if (target?.status !== 'ACTIVE')
      throw new AppError('UNAUTHORIZED', { message: 'You no longer belong to this workspace' });
    const now = new Date();
    await setMemberUserType(
      tx,
      access.companyId,
      target.id,
      'OWNER',
      await roleFor(tx, access.companyId, target.roleId, 'OWNER'),
    );
    await setMemberUserType(
      tx,
      access.companyId,
      owner.id,
      PREVIOUS_OWNER_USER_TYPE,
      await roleFor(tx, access.companyId, owner.roleId, PREVIOUS_OWNER_USER_TYPE),
    );
    await tx
      .update(accountTransfers)
      .set({ status: 'ACCEPTED', acceptedAt: now, updatedAt: now })
      .where(and(eq(accountTransfers.id, row.id), eq(accountTransfers.companyId, access.companyId)));
    const workspace = `${platform.config.publicUrl}/dashboard`;
    await platform.mail.queue(
      transferAcceptedToTargetMail({ ...context, to: row.to.email, link: workspace }),
      {
        tx,
        companyId: access.companyId,
      },
    );
    await platform.mail.queue(
      transferAcceptedToOwnerMail({ ...context, to: row.from.email, link: workspace }),
      {
        tx,
        companyId: access.companyId,
      },
    );
  });
  platform.jobs.wake('mail.send');
  return viewOf(db, access, row.id);
}
