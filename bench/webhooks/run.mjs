// Webhooks (bench/webhooks): BENCH_EVENTS (10,000) integration events published as the product
// does (each in the transaction of its change, BENCH_PUBLISHERS (20) at once, paced at BENCH_RATE
// events per second, default 250; 0: as fast as they go) for a company with one enabled endpoint;
// each is fanned out, signed and POSTed by the job queue to a local receiver. Figures: p50/p95/max
// from the commit of an event to its arrival at the receiver (target p95 < 1 s), events lost
// (target 0) and doubled (target 0), the delivery rate. Baseline in the same run: the same bodies
// posted straight to the same receiver by the SSRF-safe sender (same concurrency, no queue, no
// database). On PGlite, then PostgreSQL (BENCH_ONLY=pglite|postgres picks one).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnDatabases } from '../support/run-on-databases.mjs';

await runOnDatabases(path.join(path.dirname(fileURLToPath(import.meta.url)), 'webhooks-bench.ts'));
