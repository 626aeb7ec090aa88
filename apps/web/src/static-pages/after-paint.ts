/**
 * Resolves once the browser has had the chance to paint and to handle input (a frame, then a
 * task), or after `capMs` in a tab that draws no frames (hidden: requestAnimationFrame waits).
 */
export function afterNextPaint(capMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const cap = setTimeout(resolve, capMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(cap);
        resolve();
      }, 0),
    );
  });
}
