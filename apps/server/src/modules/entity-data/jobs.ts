import type { Platform } from '../../platform/platform';
import { compactRecordChanges } from './record-state';
import { removeAbandonedImports, stagedImports } from './staged-imports';
import { removeAbandonedUploads } from './upload-cleanup';

/** Folds the data grid's change rows (record-state.ts). */
export const RECORD_CHANGES_COMPACT_JOB = 'entity-data.changes-compact';
/** Every 10 minutes (UTC cron): an entity's rows stay few, so reading its total stays cheap. */
export const RECORD_CHANGES_COMPACT_CRON = '*/10 * * * *';
/** Removes uploads that never completed (upload-cleanup.ts). */
export const ABANDONED_UPLOADS_JOB = 'entity-data.abandoned-uploads';
/** Hourly (UTC cron), 500 at a time. */
export const ABANDONED_UPLOADS_CRON = '17 * * * *';

/** Removes staged imports a stopped server left, with their hidden records (staged-imports.ts). */
export const ABANDONED_IMPORTS_JOB = 'entity-data.abandoned-imports';
/** Every 10 minutes (UTC cron); the records stay hidden meanwhile. */
export const ABANDONED_IMPORTS_CRON = '*/10 * * * *';
/** When this process started: a staged import opened before then was cut short by a stop. */
const STARTED_AT = new Date();

/**
 * Defines the compaction, upload cleanup and abandoned import jobs (`src/module-jobs.ts`); safe to run twice at once (each run folds
 * only the rows it deleted). Not scheduled under NODE_ENV=test, where tests call it themselves.
 */
export function defineRecordJobs(platform: Platform): void {
  platform.jobs.define({
    name: RECORD_CHANGES_COMPACT_JOB,
    retryLimit: 1,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    ...(platform.config.env === 'test' ? {} : { cron: { expression: RECORD_CHANGES_COMPACT_CRON } }),
    handler: async () => {
      const folded = await compactRecordChanges(platform.database.db);
      if (folded > 0)
        platform.log.debug({ job: RECORD_CHANGES_COMPACT_JOB, folded }, 'record changes folded');
    },
  });
  platform.jobs.define({
    name: ABANDONED_UPLOADS_JOB,
    retryLimit: 1,
    retryDelaySeconds: 300,
    expireInSeconds: 30 * 60,
    ...(platform.config.env === 'test' ? {} : { cron: { expression: ABANDONED_UPLOADS_CRON } }),
    handler: async () => {
      const removed = await removeAbandonedUploads(platform);
      if (removed > 0)
        platform.log.info({ job: ABANDONED_UPLOADS_JOB, removed }, 'abandoned uploads removed');
    },
  });
  platform.jobs.define({
    name: ABANDONED_IMPORTS_JOB,
    retryLimit: 1,
    retryDelaySeconds: 300,
    expireInSeconds: 30 * 60,
    ...(platform.config.env === 'test' ? {} : { cron: { expression: ABANDONED_IMPORTS_CRON } }),
    handler: async () => {
      // Only PGlite stages imports, and only its one process writes: older imports are abandoned.
      if (!stagedImports()) return;
      const removed = await removeAbandonedImports(
        platform.database.db,
        STARTED_AT,
        platform.database.giveWay,
      );
      if (removed > 0)
        platform.log.info({ job: ABANDONED_IMPORTS_JOB, removed }, 'abandoned imports removed');
    },
  });
}
