import { offsetMinutesAt } from '@esigns/contracts/dates';
import type { TPipelineSchedule } from '@esigns/contracts/pipelines';

/*
 * When a `schedule` pipeline runs next: wall-clock slots in the schedule's time zone, turned into
 * instants. Arithmetic is done on "local" milliseconds (the wall clock written as if it were UTC),
 * then moved back by the zone's offset at that moment.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instant whose wall clock in `zone` is `localMs` (a skipped wall time moves forward). */
function fromLocal(localMs: number, zone: string): Date {
  const guess = localMs - offsetMinutesAt(new Date(localMs), zone) * 60_000;
  return new Date(localMs - offsetMinutesAt(new Date(guess), zone) * 60_000);
}

function toLocal(date: Date, zone: string): number {
  return date.getTime() + offsetMinutesAt(date, zone) * 60_000;
}

/** Candidate slots from the one at or before `after`'s wall clock, in order. */
function* slots(schedule: TPipelineSchedule, local: Date): Generator<number> {
  const [hh, mm] = schedule.at.split(':').map(Number) as [number, number];
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  switch (schedule.every) {
    case 'hour': {
      const start = Date.UTC(y, m, d, local.getUTCHours(), mm);
      for (let i = 0; ; i += 1) yield start + i * HOUR;
    }
    case 'day': {
      const start = Date.UTC(y, m, d, hh, mm);
      for (let i = 0; ; i += 1) yield start + i * DAY;
    }
    case 'week': {
      const ahead = (schedule.weekday - local.getUTCDay() + 7) % 7;
      const start = Date.UTC(y, m, d + ahead - 7, hh, mm);
      for (let i = 0; ; i += 1) yield start + i * 7 * DAY;
    }
    case 'month': {
      for (let i = 0; ; i += 1) yield Date.UTC(y, m + i, schedule.day, hh, mm);
    }
  }
}

/** The first slot strictly after `after`. */
export function nextRunAfter(schedule: TPipelineSchedule, after: Date): Date {
  const local = new Date(toLocal(after, schedule.timezone));
  for (const slot of slots(schedule, local)) {
    const at = fromLocal(slot, schedule.timezone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('unreachable');
}
