import type { TImportJob } from '@esigns/contracts/entity-import';
import type { importJobs } from './schema';

export type JobRow = typeof importJobs.$inferSelect;

/** An import job as answered and sent with `import.progress`. */
export const toImportJob = (row: JobRow): TImportJob => ({
  _id: row.id,
  entity_id: row.entityId,
  upload_id: row.uploadId ?? '',
  sheet: row.sheet,
  status: row.status,
  skip_invalid: row.skipInvalid,
  total: row.total,
  processed: row.processed,
  inserted: row.inserted,
  skipped: row.skipped,
  errors: row.errors,
  errors_total: row.errorsTotal,
  rejected_url: row.skipped > 0 || row.errorsTotal > 0 ? `/api/imports/${row.id}/rejected` : null,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});
