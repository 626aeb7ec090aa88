import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_EVENTS, LiveRefresh } from '../../shared/realtime/live-refresh';
import { DASHBOARD_KEYS } from './dashboard-api';

/** Refreshes every dashboard query shortly after a document event reaches the workspace room. */
export function DashboardLiveUpdates() {
  const queryClient = useQueryClient();
  return (
    <LiveRefresh
      events={DOCUMENT_EVENTS}
      onRefresh={() => void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.all })}
    />
  );
}
