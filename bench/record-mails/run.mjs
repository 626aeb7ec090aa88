// Mailing records (background work): BENCH_RECORDS (10,000) records of one entity mailed with one
// email template by `POST /entities/emails`: the call's answer time, then the time until the
// mailing is DONE (every mail rendered and queued, chunk by chunk), and the slowest answer of a
// light call made meanwhile. On PGlite, then PostgreSQL (BENCH_ONLY=pglite|postgres picks one).
// Baseline, in the same run: the same number of already rendered mails queued by the mail
// service alone, 50 per transaction (what queueing costs without rendering or bookkeeping).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnDatabases } from '../support/run-on-databases.mjs';

await runOnDatabases(path.join(path.dirname(fileURLToPath(import.meta.url)), 'record-mails-bench.ts'));
