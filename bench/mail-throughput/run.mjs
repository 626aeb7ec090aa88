// Mail throughput (background work): 3,000 mails queued at once, delivered by the job queue to a
// local SMTP server, on PostgreSQL (the production shape; PGlite too with BENCH_ONLY=pglite or
// unset). Target: at least 50 mails per second from the first queue call to the last SENT row.
// Baseline, in the same run: nodemailer alone sending the same number of mails to the same server
// over the same pool (1 connection, 10 at once), with no queue and no database: the ceiling.
// BENCH_MAILS (default 3000).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnDatabases } from '../support/run-on-databases.mjs';

await runOnDatabases(path.join(path.dirname(fileURLToPath(import.meta.url)), 'mail-bench.ts'));
