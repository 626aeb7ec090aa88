import { and, eq } from 'drizzle-orm';
import { hasPermission } from '@esigns/contracts/permissions';
import type { TTransferRequest } from '@esigns/contracts/transfer-account';
import { keyedHash, sixDigitCode } from '../../platform/auth/one-time-secrets';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { isUniqueViolation } from '../auth';
import { findMember } from '../company';
import type { AccessContext } from '../permissions';
import { recipientDateStyle } from '../settings';
import { transferCancelledMail, transferCodeMail, transferStartedMail } from './mails';
import { accountTransfers } from './schema';
import {
  TRANSFER_SLUG,
  codeExpiry,
  findCompanyTransfer,
  findTransfer,
  links,
  mailContext,
  findTransferWhere,
  targetError,
  toView,
  userById,
  viewOf,
} from './transfer-rows';

/**
 * `POST /transfer-account`: the owner asks an active member of the workspace to become its owner.
 * A pending request of the workspace is replaced. The member is mailed a 6-digit code (stored
 * keyed-hashed) and a link; the owner is mailed a confirmation with a way to cancel.
 */
export async function startTransfer(
  platform: Platform,
  access: AccessContext,
  input: { to_user_id: string },
): Promise<TTransferRequest> {
  const db = platform.database.db;
  const target = await findMember(db, access.companyId, input.to_user_id, false);
  if (!target) throw notFound('Company user');
  if (target.userId === access.userId)
    throw targetError('Pick another member: you already own this workspace');
  if (target.status !== 'ACTIVE')
    throw targetError('Only an active member of the workspace can become its owner');
  if (target.userType === 'OWNER') throw targetError('This member is already an owner of the workspace');

  const owner = await userById(db, access.userId);
  const targetUser = await userById(db, target.userId);
  const context = await mailContext(db, access.companyId, owner, targetUser);
  const code = sixDigitCode();
  const expiresAt = codeExpiry();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(accountTransfers)
        .set({ status: 'REPLACED', closedAt: now, updatedAt: now })
        .where(and(eq(accountTransfers.companyId, access.companyId), eq(accountTransfers.status, 'PENDING')));
      const [created] = await tx
        .insert(accountTransfers)
        .values({
          companyId: access.companyId,
          fromUserId: access.userId,
          toUserId: target.userId,
          codeHash: keyedHash(code, platform.config.secrets.jwtSecret),
          expiresAt,
        })
        .returning({ id: accountTransfers.id });
      if (!created) throw new AppError('INTERNAL_ERROR', { message: 'The transfer could not be stored' });
      await platform.mail.queue(
        transferCodeMail({
          ...context,
          to: targetUser.email,
          code,
          link: links(platform, created.id),
          expiresAt,
          dates: await recipientDateStyle(tx, access.companyId, target.userId),
        }),
        { tx, companyId: access.companyId },
      );
      await platform.mail.queue(
        transferStartedMail({
          ...context,
          to: owner.email,
          link: links(platform),
          expiresAt,
          dates: await recipientDateStyle(tx, access.companyId, access.userId),
        }),
        { tx, companyId: access.companyId },
      );
      return created.id;
    });
  } catch (err) {
    // Two requests started at the same instant: the unique pending index keeps one.
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', {
        message: 'Another transfer was started at the same time: reload and retry',
      });
    }
    throw err;
  }
  platform.jobs.wake('mail.send');
  return viewOf(db, access, id);
}

/** `GET /transfer-account`: the workspace's pending request (expired or not), or null. */
export async function findPendingTransfer(
  db: Pick<Db, 'select'>,
  access: AccessContext,
): Promise<TTransferRequest | null> {
  const row = await findTransferWhere(
    db,
    and(eq(accountTransfers.companyId, access.companyId), eq(accountTransfers.status, 'PENDING')),
  );
  return row ? toView(row, access) : null;
}

/**
 * `GET /transfer-account/{id}`: for the member asked to become owner (from any of their
 * workspaces, so the screen can offer to switch) or an owner of the request's workspace. Anyone
 * else: 404, as for an unknown id.
 */
export async function readTransfer(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  id: string,
): Promise<TTransferRequest> {
  const row = await findTransfer(db, id);
  if (!row) throw notFound('Transfer request');
  const isOwnerHere = row.companyId === access.companyId && hasPermission(access, TRANSFER_SLUG);
  if (row.to.id !== access.userId && !isOwnerHere) throw notFound('Transfer request');
  return toView(row, access);
}

/** `DELETE /transfer-account/{id}`: withdraws a pending request; the member is told. Repeating is harmless. */
export async function cancelTransfer(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TTransferRequest> {
  const db = platform.database.db;
  const row = await findCompanyTransfer(db, access, id);
  if (!row) throw notFound('Transfer request');
  if (row.status === 'ACCEPTED') {
    throw new AppError('CONFLICT', { message: 'This transfer was already accepted' });
  }
  if (row.status !== 'PENDING') return toView(row, access);
  const context = await mailContext(db, row.companyId, await userById(db, access.userId), row.to);
  await db.transaction(async (tx) => {
    const now = new Date();
    const closed = await tx
      .update(accountTransfers)
      .set({ status: 'CANCELLED', closedAt: now, updatedAt: now })
      .where(
        and(
          eq(accountTransfers.id, row.id),
          eq(accountTransfers.companyId, access.companyId),
          eq(accountTransfers.status, 'PENDING'),
        ),
      )
      .returning({ id: accountTransfers.id });
    // Accepted or cancelled by someone else a moment ago: nothing more to do here.
    if (closed.length === 0) return;
    await platform.mail.queue(transferCancelledMail({ ...context, to: row.to.email }), {
      tx,
      companyId: access.companyId,
    });
  });
  platform.jobs.wake('mail.send');
  const after = await viewOf(db, access, row.id);
  if (after.status === 'ACCEPTED') {
    throw new AppError('CONFLICT', { message: 'This transfer was already accepted' });
  }
  return after;
}

/**
 * `POST /transfer-account/{id}/resend`: a fresh code for a pending request (expired, or dead after
 * too many wrong codes, included): new expiry, attempts back to zero, the previous code dead.
 */
export async function resendTransfer(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TTransferRequest> {
  const db = platform.database.db;
  const row = await findCompanyTransfer(db, access, id);
  if (!row) throw notFound('Transfer request');
  if (row.status !== 'PENDING') {
    throw new AppError('CONFLICT', { message: 'This transfer is no longer pending: start a new one' });
  }
  const context = await mailContext(db, row.companyId, row.from, row.to);
  const code = sixDigitCode();
  const expiresAt = codeExpiry();
  await db.transaction(async (tx) => {
    const now = new Date();
    const updated = await tx
      .update(accountTransfers)
      .set({
        codeHash: keyedHash(code, platform.config.secrets.jwtSecret),
        attempts: 0,
        expiresAt,
        lastSentAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(accountTransfers.id, row.id),
          eq(accountTransfers.companyId, access.companyId),
          eq(accountTransfers.status, 'PENDING'),
        ),
      )
      .returning({ id: accountTransfers.id });
    if (updated.length === 0) {
      throw new AppError('CONFLICT', { message: 'This transfer is no longer pending: start a new one' });
    }
    await platform.mail.queue(
      transferCodeMail({
        ...context,
        to: row.to.email,
        code,
        link: links(platform, row.id),
        expiresAt,
        dates: await recipientDateStyle(tx, access.companyId, row.to.id),
      }),
      { tx, companyId: access.companyId },
    );
  });
  platform.jobs.wake('mail.send');
  return viewOf(db, access, row.id);
}
