// Crash recovery (bench/crash-recovery): how soon the work of a worker process killed with
// kill -9 is taken up again with the default job lease (JOB_LEASE_STALE_SECONDS=20). A worker
// process delivers BENCH_MAILS (300) mails to a slow local SMTP server (20 ms a mail) on a fresh
// PostgreSQL database; once 60 are out it is killed and a new worker starts. The figure is the
// time from the kill until every mail the dead worker held (its active jobs: they come back only
// through their leases) is SENT; the time until all mails are SENT is printed too. Baseline in
// the same run: the same moment with no crash (the first worker goes on). Also printed: the same
// after SIGTERM (the jobs in flight are handed back: no lease to wait for). Target: a killed
// worker's jobs done within 30 s of its death (issue on durable work); ratio = 30 s / figure.
// The workers are the built server's (apps/server/dist/worker.js: `npm run bench` builds it); the
// script is TypeScript (it queues through the server's own platform) and runs with tsx.
// BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnDatabases } from '../support/run-on-databases.mjs';

// Worker processes need PostgreSQL (the embedded database belongs to one process).
process.env.BENCH_ONLY = 'postgres';
await runOnDatabases(path.join(path.dirname(fileURLToPath(import.meta.url)), 'recovery-bench.ts'));
