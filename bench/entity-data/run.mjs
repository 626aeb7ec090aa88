// Entity records (issue 7): one entity with 10 fields and 1,000,000 records written through the
// bulk API (`POST /api/entities-datas`, its insert rate printed; target >= 5,000 records/s), then
// the p95 at 20 concurrent clients of `POST /api/entities-data/entity/data` for (a) page 1, (b) a
// filter on two fields plus a sort on a third, (c) page 2,000; each against the same SQL replayed
// in the same run. Target: p95 < 100 ms and <= 2x. BENCH_RECORDS, BENCH_CLIENTS, BENCH_REQUESTS
// change the sizes; BENCH_ONLY=pglite|postgres picks the database.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnDatabases } from '../support/run-on-databases.mjs';

await runOnDatabases(path.join(path.dirname(fileURLToPath(import.meta.url)), 'entity-bench.ts'));
