// Document lists (issue 6): p95 of `GET /api/all-documents/{status}` on 100,000 documents of one
// company with 3 recipients each, 20 concurrent clients, page 1 and page 500, without and with a
// search term; the baseline is the same SQL (every statement of the request) replayed straight on
// the database in the same process. Target: p95 < 50 ms and <= 2x the baseline. Runs on the
// embedded PGlite (what `npm start` uses), then on PostgreSQL (bench/support/run-on-databases.mjs).
// BENCH_DOCUMENTS, BENCH_CLIENTS and BENCH_REQUESTS change the sizes; BENCH_ONLY=pglite|postgres.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnDatabases } from '../support/run-on-databases.mjs';

await runOnDatabases(path.join(path.dirname(fileURLToPath(import.meta.url)), 'list-bench.ts'));
