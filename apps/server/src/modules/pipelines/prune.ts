import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { pipelineCauses, pipelineRuns } from './schema';

/*
 * Old runs go: every day, runs created more than `RUN_RETENTION_DAYS` ago (whatever their status;
 * their steps go with them by cascade) and loop-guard rows (`pipeline_causes`) written more than
 * that long ago, `PRUNE_BATCH` rows per statement so no statement holds many locks for long.
 */

export const PRUNE_JOB = 'pipelines.prune-runs';
/** Daily at 03:40 UTC. */
export const PRUNE_CRON = '40 3 * * *';
export const RUN_RETENTION_DAYS = 90;
const PRUNE_BATCH = 1_000;

/** Deletes up to `PRUNE_BATCH` rows of the table older than the cutoff; answers how many. */
async function deleteBatch(db: Db, table: 'runs' | 'causes', cutoff: Date): Promise<number> {
  const rows =
    table === 'runs'
      ? await db
          .delete(pipelineRuns)
          .where(
            sql`${pipelineRuns.id} in (select ${pipelineRuns.id} from ${pipelineRuns}
              where ${lt(pipelineRuns.createdAt, cutoff)} limit ${PRUNE_BATCH})`,
          )
          .returning({ id: pipelineRuns.id })
      : await db
          .delete(pipelineCauses)
          .where(
            sql`ctid in (select ctid from ${pipelineCauses}
              where ${lt(pipelineCauses.writtenAt, cutoff)} limit ${PRUNE_BATCH})`,
          )
          .returning({ id: pipelineCauses.runId });
  return rows.length;
}

/** Runs and loop-guard rows older than `days` (default 90) deleted; answers how many of each. */
export async function pruneOldRuns(
  platform: Platform,
  now = new Date(),
  days = RUN_RETENTION_DAYS,
): Promise<{ runs: number; causes: number }> {
  const db = platform.database.db;
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const total = { runs: 0, causes: 0 };
  for (const table of ['causes', 'runs'] as const) {
    for (;;) {
      const n = await deleteBatch(db, table, cutoff);
      total[table] += n;
      if (n < PRUNE_BATCH) break;
      await platform.database.giveWay();
    }
  }
  return total;
}

/** The daily prune job. Not scheduled under NODE_ENV=test, where tests call `pruneOldRuns`. */
export function definePipelinePruneJob(platform: Platform): void {
  platform.jobs.define({
    name: PRUNE_JOB,
    retryLimit: 2,
    retryDelaySeconds: 300,
    expireInSeconds: 30 * 60,
    ...(platform.config.env === 'test' ? {} : { cron: { expression: PRUNE_CRON } }),
    handler: async () => {
      const pruned = await pruneOldRuns(platform);
      if (pruned.runs + pruned.causes > 0)
        platform.log.info({ job: PRUNE_JOB, ...pruned }, 'old pipeline runs pruned');
    },
  });
}
