import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error';
import { showPlanLimitNotice } from './plan-limit';

const MAX_RETRIES = 2;

/** Retries only what can succeed on a second try: network failures, time-outs and 5xx/429. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return true;
  if (error.error_code === 'ABORTED') return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A plan limit (402) anywhere: the message with an "Upgrade" link (app/plan-limit.tsx).
    queryCache: new QueryCache({ onError: (error) => void showPlanLimitNotice(error) }),
    mutationCache: new MutationCache({ onError: (error) => void showPlanLimitNotice(error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: {
        // Mutations are replayed by the API client after a token refresh; never again here.
        retry: false,
      },
    },
  });
}
