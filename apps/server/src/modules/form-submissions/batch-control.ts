import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TFormBatch, TFormBatchStarted } from '@esigns/contracts/form-sends';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { findSendableForm, startBatch } from './batch-start';
import { findBatch } from './batch-views';
import { formBatches, formSubmissions } from './schema';
import type { Recipient, Tx } from './send-link';

/*
 * Staff control of a send: cancel it (the chunk jobs stop at the next chunk; the people sent
 * before stay sent) and retry its failed people as a new send.
 */

const RUNNING = ['QUEUED', 'RUNNING'] as const;

/** The company's batch row locked (`FOR UPDATE`: a running chunk's transaction is waited for), or 404. */
async function lockBatch(tx: Tx, access: AccessContext, id: string) {
  if (!isUuid(id)) throw notFound('Send');
  const [row] = await tx
    .select({
      id: formBatches.id,
      formBuilderId: formBatches.formBuilderId,
      status: formBatches.status,
      cursor: formBatches.cursor,
      retryBatchId: formBatches.retryBatchId,
    })
    .from(formBatches)
    .where(and(eq(formBatches.id, id), eq(formBatches.companyId, access.companyId)))
    .for('update');
  if (!row) throw notFound('Send');
  return row;
}

/**
 * `POST /formbuilders-batch/{id}/cancel`: a QUEUED or RUNNING send becomes CANCELLED. The lock
 * waits for a chunk in flight, which commits its people; the next chunk's job then finds the
 * send over and does nothing. 409 once the send is over.
 */
export async function cancelBatch(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TFormBatch> {
  await platform.database.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, access, id);
    if (!(RUNNING as readonly string[]).includes(batch.status)) {
      throw new AppError('CONFLICT', { message: 'This send is over: there is nothing to cancel' });
    }
    await tx
      .update(formBatches)
      .set({
        status: 'CANCELLED',
        finishedAt: new Date(),
        message: sql`trim(both E'\\n' from ${formBatches.message} || E'\\n' || 'Cancelled: the people not sent yet were left out')`,
      })
      .where(eq(formBatches.id, batch.id));
  });
  return findBatch(platform, access, id);
}

/**
 * The people of a send who did not get a link: no submission of the send has their email. A
 * CANCELLED send counts only the people it tried (before its cursor): the rest were cancelled,
 * not failed.
 */
async function failedPeople(tx: Tx, batchId: string, upTo: number | null): Promise<Recipient[]> {
  const [row] = await tx
    .select({
      people: sql<Recipient[]>`(SELECT coalesce(jsonb_agg(r.e ORDER BY r.i), '[]'::jsonb)
        FROM jsonb_array_elements(${formBatches.recipients}) WITH ORDINALITY AS r(e, i)
        WHERE (${upTo}::int IS NULL OR r.i <= ${upTo}::int)
          AND NOT EXISTS (SELECT 1 FROM ${formSubmissions} s
            WHERE s.batch_id = ${batchId}::uuid AND lower(s.filler_email) = lower(r.e ->> 'email')))`,
    })
    .from(formBatches)
    .where(eq(formBatches.id, batchId));
  return row?.people ?? [];
}

/**
 * `POST /formbuilders-batch/{id}/retry`: a new send to the people this one failed (the form must
 * still be sendable: 409 otherwise), answered as a send (202). A send is retried once (409 after;
 * its retry may be retried) and not while it runs (409); nobody failed is 409.
 */
export async function retryBatch(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TFormBatchStarted> {
  const head = await platform.database.db.transaction((tx) => lockBatch(tx, access, id));
  const form = await findSendableForm(platform, access, head.formBuilderId, 'USERS');
  const retryId = randomUUID();
  return startBatch(
    platform,
    access,
    form,
    async (tx) => {
      const batch = await lockBatch(tx, access, id);
      if ((RUNNING as readonly string[]).includes(batch.status)) {
        throw new AppError('CONFLICT', { message: 'This send is still running: wait for it, or cancel it' });
      }
      if (batch.retryBatchId) {
        throw new AppError('CONFLICT', { message: 'This send was retried already: retry that send instead' });
      }
      const people = await failedPeople(tx, batch.id, batch.status === 'CANCELLED' ? batch.cursor : null);
      if (people.length === 0) {
        throw new AppError('CONFLICT', { message: 'Everyone of this send got their link: nobody to retry' });
      }
      await tx.update(formBatches).set({ retryBatchId: retryId }).where(eq(formBatches.id, batch.id));
      return { recipients: people, skipped: 0 };
    },
    retryId,
  );
}
