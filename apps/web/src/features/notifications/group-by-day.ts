import dayjs from 'dayjs';
import { formatDate } from '../../shared/format/date';

export type DayGroup<T> = { key: string; label: string; items: T[] };

/**
 * Items (newest first) in sections per local calendar day: "Today", "Yesterday", then the date
 * in the user's format. The order of the items is kept.
 */
export function groupByDay<T extends { created_at: string }>(
  items: T[],
  now: Date = new Date(),
): DayGroup<T>[] {
  const today = dayjs(now).startOf('day');
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = dayjs(item.created_at).startOf('day');
    const key = day.format('YYYY-MM-DD');
    let group = groups.at(-1);
    if (group?.key !== key) {
      const diff = today.diff(day, 'day');
      const label = diff === 0 ? 'Today' : diff === 1 ? 'Yesterday' : formatDate(day.toDate());
      group = { key, label, items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
