import dayjs from 'dayjs';

/** A month as the calendar shows it: whole weeks (Sunday first) covering every day of the month. */
export type MonthGrid = {
  /** First day of the month, YYYY-MM-01. */
  month: string;
  /** The days shown, YYYY-MM-DD, a multiple of 7 (35 or 42; 28 for a February starting on Sunday). */
  days: string[];
  from: string;
  to: string;
};

/** The grid of the month containing `day` (YYYY-MM-DD). */
export function monthGrid(day: string): MonthGrid {
  const first = dayjs(day).startOf('month');
  const start = first.subtract(first.day(), 'day');
  const last = first.endOf('month');
  const end = last.add(6 - last.day(), 'day');
  const count = end.diff(start, 'day') + 1;
  const days = Array.from({ length: count }, (_, i) => start.add(i, 'day').format('YYYY-MM-DD'));
  return { month: first.format('YYYY-MM-DD'), days, from: days[0]!, to: days.at(-1)! };
}

/** The first day of the month `by` months away from the month of `month`. */
export function shiftMonth(month: string, by: number): string {
  return dayjs(month).startOf('month').add(by, 'month').format('YYYY-MM-DD');
}

/** The local day (YYYY-MM-DD) of an ISO instant. */
export const localDay = (iso: string): string => dayjs(iso).format('YYYY-MM-DD');
