import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { TWorkflowStepStatus } from '@esigns/contracts/workflows';
import type { Platform } from '../../platform/platform';
import type { SweepStepScope } from '../reminders';
import { endInstance, lockForEnd } from './engine-end';
import { workflowData, workflowDataSteps } from './schema';

/*
 * The instances' expiry, a step of the reminders' scheduled sweep (`registerSweepStep`, every 5
 * minutes, and `POST /cron/create-cron-job` for one company), run before the documents' own
 * expiry. An IN_PROGRESS instance whose `expires_at` passed turns EXPIRED when a required step is
 * still due or waiting (else COMPLETED: only optional steps were left), through `endInstance`: its
 * open objects closed as for a void, the timeline's `expired`, the creator's notice.
 *
 * Exactly once: each instance ends in its own transaction that locks its open documents and then
 * the instance (`lockForEnd`, the signers' lock order) and re-checks it is still IN_PROGRESS and
 * past its expiry; `endInstance`'s UPDATE only takes an instance still IN_PROGRESS. A sweep killed
 * before a commit leaves that instance as it was; the next run (or a concurrent one) finds it.
 */

/** Instances looked at per query, and queries per run. */
export const EXPIRY_BATCH = 50;
const MAX_BATCHES = 20;

const OPEN_STEP: TWorkflowStepStatus[] = ['DUE', 'WAITING'];

type Ended = { id: string; status: 'EXPIRED' | 'COMPLETED' };

/** One instance past its expiry ended, in its own transaction; null when it moved on meanwhile. */
export async function expireInstance(platform: Platform, id: string, now: Date): Promise<Ended | null> {
  return platform.database.db.transaction(async (tx) => {
    const locked = await lockForEnd(tx, id);
    if (!locked || locked.status !== 'IN_PROGRESS' || !locked.expiresAt || locked.expiresAt > now)
      return null;
    const [open] = await tx
      .select({ id: workflowDataSteps.id })
      .from(workflowDataSteps)
      .where(
        and(
          eq(workflowDataSteps.workflowDataId, id),
          eq(workflowDataSteps.required, true),
          inArray(workflowDataSteps.status, OPEN_STEP),
        ),
      )
      .limit(1);
    const status = open ? 'EXPIRED' : 'COMPLETED';
    await endInstance(platform, tx, id, status, {});
    return { id, status };
  });
}

/** The IN_PROGRESS instances past their expiry (of one company when scoped), oldest expiry first. */
async function dueInstances(platform: Platform, scope: SweepStepScope): Promise<string[]> {
  const rows = await platform.database.db
    .select({ id: workflowData.id })
    .from(workflowData)
    .where(
      and(
        eq(workflowData.status, 'IN_PROGRESS'),
        lte(workflowData.expiresAt, scope.now),
        scope.companyId ? eq(workflowData.companyId, scope.companyId) : undefined,
      ),
    )
    .orderBy(asc(workflowData.expiresAt), asc(workflowData.id))
    .limit(EXPIRY_BATCH);
  return rows.map((r) => r.id);
}

/**
 * The whole expiry step: every instance due, at most `MAX_BATCHES` x `EXPIRY_BATCH` per run (an
 * instance looked at is no longer IN_PROGRESS afterwards, so the next query finds the rest).
 */
export async function runWorkflowExpiry(platform: Platform, scope: SweepStepScope): Promise<Ended[]> {
  const ended: Ended[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const ids = await dueInstances(platform, scope);
    for (const id of ids) {
      const done = await expireInstance(platform, id, scope.now);
      if (done) ended.push(done);
    }
    if (ids.length < EXPIRY_BATCH) break;
  }
  if (ended.length > 0)
    platform.log.info({ ended: ended.length }, 'workflow instances past their expiry ended');
  return ended;
}
