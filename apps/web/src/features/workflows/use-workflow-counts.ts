import { useQuery } from '@tanstack/react-query';
import { WORKFLOW_KEYS, fetchWorkflowCounts } from './workflows-api';

export const WORKFLOWS_PAGE_SIZE = 10;

/** The per-status counts of definitions and instances (`POST /workflow/count`), narrowed by the search. */
export function useWorkflowCounts(search: string, enabled: boolean, workflowId?: string) {
  return useQuery({
    queryKey: WORKFLOW_KEYS.counts(search, workflowId),
    queryFn: () => fetchWorkflowCounts(search, workflowId),
    enabled,
  });
}
