import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from 'react-router';
import type { TDashboard } from '@esigns/contracts/custom-dashboards';
import { isApiError } from '../../shared/api/api-error';
import { DASHBOARD_KEYS, fetchDashboard, updateDashboard } from './custom-dashboards-api';
import { draftOf, saveBody, type DashboardDraft } from './builder-state';

/**
 * The dashboard being built: the saved one, the draft, and saving it with the `updated_at` it was
 * loaded with. A 409 (someone saved since) sets `conflict`: reload theirs or save over it.
 */
export function useDashboardDraft(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: DASHBOARD_KEYS.one(id),
    queryFn: ({ signal }) => fetchDashboard(id, signal),
  });
  const [saved, setSaved] = useState<TDashboard | null>(null);
  const [draft, setDraft] = useState<DashboardDraft | null>(null);
  const [conflict, setConflict] = useState(false);

  const adopt = (dashboard: TDashboard) => {
    setSaved(dashboard);
    setDraft(draftOf(dashboard));
    setConflict(false);
  };
  // The first load becomes the draft (state adjusted while rendering, not in an effect).
  if (query.data && !saved) adopt(query.data);

  const save = useMutation({
    mutationFn: (force: boolean) =>
      updateDashboard(id, saveBody(draft!, force ? null : (saved?.updated_at ?? null))),
    onSuccess: (dashboard) => {
      adopt(dashboard);
      queryClient.setQueryData(DASHBOARD_KEYS.one(id), dashboard);
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.all, refetchType: 'none' });
      notifications.show({ color: 'teal', message: `${dashboard.name} saved` });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) setConflict(true);
    },
  });

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({
      queryKey: DASHBOARD_KEYS.one(id),
      queryFn: ({ signal }) => fetchDashboard(id, signal),
      staleTime: 0,
    });
    save.reset();
    adopt(fresh);
  };

  const isDirty = Boolean(saved && draft && JSON.stringify(draftOf(saved)) !== JSON.stringify(draft));
  const fieldErrors = isApiError(save.error) && save.error.status === 422 ? save.error.fieldErrors : {};
  return { query, saved, draft, setDraft, save, isDirty, conflict, reload, fieldErrors };
}

/**
 * Asks before leaving with unsaved changes: in-app navigation waits on the blocker (the screen
 * shows a dialog), closing or reloading the tab gets the browser's own question.
 */
export function useUnsavedGuard(isDirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}
