import { useQueryClient } from '@tanstack/react-query';
import { NOTE_ADDED_EVENT, NOTE_UPDATED_EVENT } from '@esigns/contracts/document-notes';
import { DOCUMENT_EVENTS, LiveRefresh } from '../../shared/realtime/live-refresh';
import { DOCUMENT_LIST_KEYS } from './document-lists-api';

const NOTE_EVENTS = [NOTE_ADDED_EVENT, NOTE_UPDATED_EVENT];

/**
 * Marks the cached document data (lists, document pages, their notes) stale when a document or
 * note event reaches the workspace, whatever screen is open: a document opened again afterwards
 * reads it afresh rather than showing what was cached before the event. Nothing is fetched here
 * (`refetchType: 'none'`); screens showing documents refresh themselves. Mounted once, by the
 * staff layout.
 */
export function DocumentCacheFreshness() {
  const queryClient = useQueryClient();
  const markStale = (queryKey: readonly string[]) =>
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  return (
    <>
      <LiveRefresh events={DOCUMENT_EVENTS} onRefresh={() => markStale(DOCUMENT_LIST_KEYS.all)} />
      <LiveRefresh events={NOTE_EVENTS} onRefresh={() => markStale([...DOCUMENT_LIST_KEYS.all, 'notes'])} />
    </>
  );
}
