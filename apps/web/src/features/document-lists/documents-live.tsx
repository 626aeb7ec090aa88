import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTE_ADDED_EVENT, NOTE_UPDATED_EVENT } from '@esigns/contracts/document-notes';
import { useRealtimeEvent } from '../../shared/realtime/socket';
import { DOCUMENT_LIST_KEYS } from './document-lists-api';

/**
 * The workspace's realtime events that change a document list, a document screen or its notes
 * (emitted by the documents, signing, document-actions, reminders and notes modules).
 */
export const DOCUMENT_EVENTS = [
  'document.sent',
  'document.updated',
  'document.recipient_viewed',
  'document.recipient_finished',
  'document.declined',
  'document.rejected',
  'document.completed',
  'document.seal_failed',
  'document.expired',
  'document.reminded',
  'document.voided',
  'document.corrected',
  'document.recipients_added',
  'document.archived',
  'document.restored',
  'document.deleted',
  'document.discarded',
  'document.duplicated',
  'document.cloned',
  'document.resent',
  'document.renamed',
  'document.shared',
  'document.ownership_changed',
  'document.status_changed',
  'document.marked_completed',
  NOTE_ADDED_EVENT,
  NOTE_UPDATED_EVENT,
] as const;

/** Bursts of events (a bulk send, the expiry sweep) refresh once. */
export const REFRESH_DELAY_MS = 300;

function Listener({ event, onEvent }: { event: string; onEvent: () => void }) {
  useRealtimeEvent(event, onEvent);
  return null;
}

/**
 * Refreshes every document query (lists, counts, document screens, notes) and the audit
 * timelines shortly after a document event reaches the workspace room, so an open list or
 * document follows what others do without a reload.
 */
export function DocumentsLiveUpdates() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: DOCUMENT_LIST_KEYS.all });
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'signing' && query.queryKey[2] === 'logs',
      });
    }, REFRESH_DELAY_MS);
  };
  return (
    <>
      {DOCUMENT_EVENTS.map((event) => (
        <Listener key={event} event={event} onEvent={refresh} />
      ))}
    </>
  );
}
