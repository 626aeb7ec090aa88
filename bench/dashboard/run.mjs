// Custom dashboards: one entity with BENCH_RECORDS (1,000,000) records seeded in SQL, a dashboard of
// six widgets (two stat cards, a bar chart by month, a pie by a select field, a table of an entity
// view, a calendar month), then BENCH_CLIENTS (10) concurrent clients each loading the whole
// dashboard (its GET and the six widget calls in parallel) over and over: the p95 of a whole load,
// against the same SQL replayed at the same concurrency. Target: p95 < 300 ms. The first (cold)
// load is printed too. BENCH_ONLY=pglite|postgres picks the database (default: PostgreSQL only
// when one answers, since the target is PostgreSQL's; BENCH_ONLY=pglite runs the embedded one).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnDatabases } from '../support/run-on-databases.mjs';

if (!process.env.BENCH_ONLY) process.env.BENCH_ONLY = 'postgres';
await runOnDatabases(path.join(path.dirname(fileURLToPath(import.meta.url)), 'dashboard-bench.ts'));
