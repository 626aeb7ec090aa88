import { useEffect, useRef } from 'react';
import { useRealtimeEvent } from './socket';

/**
 * The workspace's realtime events of a sent document's life (emitted by the documents, signing,
 * document-actions and reminders modules): any of them may change a list, a counter, a document
 * screen or a calendar date.
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
] as const;

/** Bursts of events (a bulk send, the expiry sweep) refresh once. */
export const REFRESH_DELAY_MS = 300;

function Listener({ event, onEvent }: { event: string; onEvent: () => void }) {
  useRealtimeEvent(event, onEvent);
  return null;
}

/**
 * Calls `onRefresh` shortly after any of `events` reaches the socket, once per burst, so an open
 * screen follows what others do without a reload.
 */
export function LiveRefresh({ events, onRefresh }: { events: readonly string[]; onRefresh: () => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onRefresh);
  useEffect(() => {
    latest.current = onRefresh;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const schedule = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, REFRESH_DELAY_MS);
  };
  return (
    <>
      {events.map((event) => (
        <Listener key={event} event={event} onEvent={schedule} />
      ))}
    </>
  );
}
