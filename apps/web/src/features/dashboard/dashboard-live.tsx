import { useQueryClient } from '@tanstack/react-query';
import { NOTE_ADDED_EVENT, NOTE_UPDATED_EVENT } from '@esigns/contracts/document-notes';
import { DOCUMENT_EVENTS, LiveRefresh } from '../../shared/realtime/live-refresh';
import { useSession } from '../../shared/session/session-store';
import { DASHBOARD_KEYS } from './dashboard-api';

const NOTE_EVENTS = [NOTE_ADDED_EVENT, NOTE_UPDATED_EVENT];

/**
 * Refreshes every dashboard query shortly after a document event reaches the workspace room, and
 * the recent notes after a note event (a note changes no count), once per burst. The document
 * screens' cached data is marked stale by the staff layout (`DocumentCacheFreshness`).
 */
export function DashboardLiveUpdates() {
  const queryClient = useQueryClient();
  const session = useSession();
  return (
    <>
      <LiveRefresh
        events={DOCUMENT_EVENTS}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.all })}
      />
      <LiveRefresh
        events={NOTE_EVENTS}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.notes(session) })}
      />
    </>
  );
}
