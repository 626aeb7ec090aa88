import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../shared/realtime/socket';
import { DASHBOARD_KEYS } from './dashboard-api';

/**
 * The workspace's realtime document events that change a dashboard number, an activity or a
 * calendar date (emitted by the documents, signing, document-actions and reminders modules).
 */
export const DASHBOARD_EVENTS = [
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

/** Bursts of events (a bulk send, a sweep) refresh once. */
export const REFRESH_DELAY_MS = 300;

function Listener({ event, onEvent }: { event: string; onEvent: () => void }) {
  useRealtimeEvent(event, onEvent);
  return null;
}

/** Refreshes every dashboard query shortly after a document event reaches the workspace room. */
export function DashboardLiveUpdates() {
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
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.all });
    }, REFRESH_DELAY_MS);
  };
  return (
    <>
      {DASHBOARD_EVENTS.map((event) => (
        <Listener key={event} event={event} onEvent={refresh} />
      ))}
    </>
  );
}
