import { useQueryClient } from '@tanstack/react-query';
import { NOTE_ADDED_EVENT, NOTE_UPDATED_EVENT } from '@esigns/contracts/document-notes';
import { DOCUMENT_EVENTS, LiveRefresh } from '../../shared/realtime/live-refresh';
import { DOCUMENT_LIST_KEYS } from './document-lists-api';

const EVENTS = [...DOCUMENT_EVENTS, NOTE_ADDED_EVENT, NOTE_UPDATED_EVENT];

/**
 * Refreshes every document query (lists, counts, document screens, notes) and the audit
 * timelines shortly after a document or note event reaches the workspace room, so an open list
 * or document follows what others do without a reload.
 */
export function DocumentsLiveUpdates() {
  const queryClient = useQueryClient();
  return (
    <LiveRefresh
      events={EVENTS}
      onRefresh={() => {
        void queryClient.invalidateQueries({ queryKey: DOCUMENT_LIST_KEYS.all });
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === 'signing' && query.queryKey[2] === 'logs',
        });
      }}
    />
  );
}
