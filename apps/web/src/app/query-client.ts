import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error';

const MAX_RETRIES = 2;

/** Retries only what can succeed on a second try: network failures, time-outs and 5xx/429. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return true;
  if (error.error_code === 'ABORTED') return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * A plan limit (402) anywhere: the message with an "Upgrade" link (app/plan-limit.tsx, loaded
 * then: the notice's parts stay out of the entry script, which the sign-in page's budget counts).
 */
export function onPlanLimit(error: unknown): void {
  if (!isApiError(error) || error.status !== 402) return;
  void import('./plan-limit').then(({ showPlanLimitNotice }) => showPlanLimitNotice(error));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onPlanLimit }),
    mutationCache: new MutationCache({ onError: onPlanLimit }),
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
