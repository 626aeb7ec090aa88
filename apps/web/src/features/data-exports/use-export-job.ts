import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EXPORT_PROGRESS_EVENT, type TExportJob } from '@esigns/contracts/data-exports';
import { useRealtimeEvent } from '../../shared/realtime/socket';
import { EXPORT_KEYS, fetchExportJob } from './exports-api';

/** How often a running job is read when no socket event came (a dropped socket, a proxy). */
export const EXPORT_POLL_MS = 5_000;

export const isFinished = (job: Pick<TExportJob, 'status'>) =>
  job.status === 'DONE' || job.status === 'FAILED';

/**
 * Keeps the cache of export jobs in step with `export.progress`: the job's own entry and the
 * recent-exports list. Mounted by every screen that shows a job.
 */
export function useExportProgressEvents(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent<TExportJob>(EXPORT_PROGRESS_EVENT, (job) => {
    if (!job || typeof job._id !== 'string') return;
    queryClient.setQueryData(EXPORT_KEYS.one(job._id), job);
    queryClient.setQueryData<TExportJob[]>(EXPORT_KEYS.list(), (list) =>
      list?.some((j) => j._id === job._id) ? list.map((j) => (j._id === job._id ? job : j)) : list,
    );
  });
}

/** One job as it progresses: the socket's events, and a slow read while it runs as a fallback. */
export function useExportJob(initial: TExportJob) {
  useExportProgressEvents();
  return useQuery({
    queryKey: EXPORT_KEYS.one(initial._id),
    queryFn: ({ signal }) => fetchExportJob(initial._id, signal),
    initialData: initial,
    staleTime: EXPORT_POLL_MS,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : EXPORT_POLL_MS),
  });
}
