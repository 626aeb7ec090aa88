import type { TActivityAction, TActivityEntry } from '@esigns/contracts/activity-log';
import type { TPaged } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';
import type { ListParams } from '../../shared/ui/list-screen';

export type ActivityFilters = { actor: string; action: string; since: string };

export const ACTIVITY_KEYS = {
  all: ['activity-log'] as const,
  page: (params: ListParams<ActivityFilters>) => ['activity-log', 'page', params] as const,
};

/** "Since" choices of the screen: the days back from now (`''`: any time). */
export const SINCE_DAYS: Record<string, number> = { '1': 1, '7': 7, '30': 30 };

/** The ISO start of a "since" choice, from `now`. */
export function sinceToFrom(since: string, now: Date): string | undefined {
  const days = SINCE_DAYS[since];
  return days ? new Date(now.getTime() - days * 86_400_000).toISOString() : undefined;
}

export async function fetchActivity(
  params: ListParams<ActivityFilters>,
  signal?: AbortSignal,
): Promise<TPaged<TActivityEntry>> {
  const query = {
    page: params.page,
    limit: params.limit,
    actor: params.actor || undefined,
    action: (params.action || undefined) as TActivityAction | undefined,
    from: sinceToFrom(params.since ?? '', new Date()),
  };
  return (await api.get<TPaged<TActivityEntry>>('/activity-log', query, { signal })).data;
}
