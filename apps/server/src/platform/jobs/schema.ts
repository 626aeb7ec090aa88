import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who is working on which job right now: a row per running job, written when a worker takes it
 * and deleted when it settles. Each process renews its rows every few seconds; rows not renewed
 * for `LEASE_STALE_SECONDS` belong to a process that died (kill -9, power loss), and another
 * process hands their jobs back to the queue at once instead of waiting for the job's timeout.
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    jobId: uuid().primaryKey(),
    queue: text().notNull(),
    /** The process (a random id per start) running the job. */
    owner: uuid().notNull(),
    renewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_leases_renewed_idx').on(t.renewedAt)],
);
