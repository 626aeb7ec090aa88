import v8 from 'node:v8';

/*
 * V8 settings of the server's processes, imported first by each entry point (main.ts, worker.ts)
 * so that they apply before the rest of the server loads.
 *
 * Allocation-site pretenuring off: after an idle minute V8 shrinks the young generation, and the
 * code paths that ran then keep placing their objects straight in the old generation for the rest
 * of the process, so a million-record export grew the heap by ~15 MB/s until a full collection
 * (peak RSS ~500 MB); with pretenuring off the same export peaks at ~240 MB, no higher than the
 * server before it, and runs faster (bench/export; apps/server/src/modules/exports/README.md).
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
