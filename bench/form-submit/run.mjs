// Forms: sustained public submissions (a verified guest fills a three-step form of 20 fields and
// submits: four calls) at 20 concurrent clients, against the same submission written straight
// through SQL in the same run. Targets: p95 of a call < 100 ms and >= 200 submissions/s on
// PostgreSQL. BENCH_CLIENTS, BENCH_SUBMISSIONS change the sizes; BENCH_ONLY=pglite|postgres.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnDatabases } from '../support/run-on-databases.mjs';

await runOnDatabases(path.join(path.dirname(fileURLToPath(import.meta.url)), 'form-bench.ts'));
