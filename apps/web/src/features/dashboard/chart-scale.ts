/**
 * Axis helpers of the dashboard chart: a "nice" top value with round ticks, and which day labels
 * fit along the bottom.
 */

/** Ticks from 0 to a round top at or above `max` (at least 1), about `count` of them. */
export function niceTicks(max: number, count = 4): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough);
  const wholeStep = Math.ceil(step);
  const ticks: number[] = [];
  for (let value = 0; value < top + wholeStep; value += wholeStep) {
    ticks.push(value);
    if (value >= top) break;
  }
  return ticks;
}

/** Every how many points to print a date label so that labels of `labelWidth` px do not touch. */
export function labelStride(points: number, plotWidth: number, labelWidth = 56): number {
  if (points <= 1 || plotWidth <= 0) return 1;
  const fit = Math.max(1, Math.floor(plotWidth / labelWidth));
  return Math.max(1, Math.ceil(points / fit));
}

/** An SVG path through the points (straight segments). */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}
