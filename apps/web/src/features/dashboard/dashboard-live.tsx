import { useQueryClient } from '@tanstack/react-query';
import { NOTE_ADDED_EVENT, NOTE_UPDATED_EVENT } from '@esigns/contracts/document-notes';
import { DOCUMENT_EVENTS, LiveRefresh } from '../../shared/realtime/live-refresh';
import { useSession } from '../../shared/session/session-store';
import { DOCUMENT_LIST_KEYS } from '../document-lists/document-lists-api';
import { DASHBOARD_KEYS } from './dashboard-api';

const NOTE_EVENTS = [NOTE_ADDED_EVENT, NOTE_UPDATED_EVENT];

/**
 * Refreshes every dashboard query shortly after a document event reaches the workspace room, and
 * the recent notes after a note event (a note changes no count), once per burst. The document
 * screens' cached data (lists, document pages, their notes) is only marked stale, not fetched:
 * opening a document from the dashboard then reads it afresh instead of showing what was cached
 * before the event.
 */
export function DashboardLiveUpdates() {
  const queryClient = useQueryClient();
  const session = useSession();
  const markStale = (queryKey: readonly string[]) =>
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  return (
    <>
      <LiveRefresh
        events={DOCUMENT_EVENTS}
        onRefresh={() => {
          void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.all });
          markStale(DOCUMENT_LIST_KEYS.all);
        }}
      />
      <LiveRefresh
        events={NOTE_EVENTS}
        onRefresh={() => {
          void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.notes(session) });
          markStale([...DOCUMENT_LIST_KEYS.all, 'notes']);
        }}
      />
    </>
  );
}
