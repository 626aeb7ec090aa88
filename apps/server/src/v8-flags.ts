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

/*
 * The old generation is collected once it has grown by 25% over what the last full collection
 * kept (V8's default factor here is up to 4x: with ~100 MB live at rest, garbage promoted by a
 * long job piled up to ~200 MB before anything was collected). An import of 100,000 rows promotes
 * its batches (each lives while the next is read and converted) and peaked at ~375 MB RSS; with
 * this it stays under 300 MB, at the cost of a full collection every ~25 MB promoted (tens of ms
 * each, mostly concurrent): bench/import, apps/server/src/modules/entity-imports/README.md.
 */
v8.setFlagsFromString('--heap-growing-percent=25');
