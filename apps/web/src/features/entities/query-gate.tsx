import type { ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import { LoadError } from '../../shared/ui/page-kit';

/**
 * What stands in for a part while its query loads: the failure with a retry, or a skeleton
 * `height` high until the data (and anything else `isReady` waits for) is there; `null` after.
 */
export function queryGate(
  query: { error: unknown; data: unknown; refetch: () => Promise<unknown> },
  title: string,
  height: number,
  isReady = true,
): ReactNode {
  if (query.error)
    return <LoadError error={query.error} title={title} onRetry={() => void query.refetch()} />;
  if (!query.data || !isReady) return <Skeleton h={height} />;
  return null;
}
