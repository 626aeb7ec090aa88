import type { Platform } from '../../platform/platform';
import { compactListChanges } from './list-state';

/** Folds the document lists' change rows (list-state.ts). */
export const LIST_CHANGES_COMPACT_JOB = 'documents.list-changes-compact';
/** Every 10 minutes (UTC cron): a company's rows stay few, so reading its totals stays cheap. */
export const LIST_CHANGES_COMPACT_CRON = '*/10 * * * *';

/**
 * Defines the compaction job (`src/module-jobs.ts`); safe to run twice at once (each run folds
 * only the rows it deleted). Not scheduled under NODE_ENV=test, where tests call it themselves.
 */
export function defineDocumentListJobs(platform: Platform): void {
  platform.jobs.define({
    name: LIST_CHANGES_COMPACT_JOB,
    retryLimit: 1,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    ...(platform.config.env === 'test' ? {} : { cron: { expression: LIST_CHANGES_COMPACT_CRON } }),
    handler: async () => {
      const folded = await compactListChanges(platform.database.db);
      if (folded > 0) platform.log.debug({ job: LIST_CHANGES_COMPACT_JOB, folded }, 'list changes folded');
    },
  });
}
