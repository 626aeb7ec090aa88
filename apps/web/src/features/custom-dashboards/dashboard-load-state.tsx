import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError, PageFrame, Panel } from '../../shared/ui/page-kit';
import { SkeletonStack } from '../../shared/ui/list-screen';

/** A dashboard page while its dashboard loads, or when it could not be read (with a retry). */
export function DashboardLoadState({
  query,
  title,
  actions,
}: {
  query: UseQueryResult<unknown>;
  title: string;
  actions?: ReactNode;
}) {
  return (
    <PageFrame title={title} actions={actions}>
      {query.isError ? (
        <Panel>
          <LoadError
            title="Could not open the dashboard"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </Panel>
      ) : (
        <SkeletonStack count={3} height={120} />
      )}
    </PageFrame>
  );
}
