/**
 * For long loops of synchronous work (reading a 20,000-row sheet, converting its cells): `turn()`
 * gives the event loop a turn once `sliceMs` of work has passed since the last one, so requests
 * that arrive meanwhile are read and answered between two slices instead of after the loop.
 * Between two slices it resolves at once.
 */
export function eventLoopTurns(sliceMs = 20): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}
