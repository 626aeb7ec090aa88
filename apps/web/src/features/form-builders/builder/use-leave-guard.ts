import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import type { FormDraft } from './form-draft';

const snapshot = (draft: FormDraft) => JSON.stringify(draft);

/**
 * Asks before leaving the builder with changes not saved: in-app navigation waits on the returned
 * blocker (a dialog proceeds or stays), closing or reloading the tab gets the browser's question.
 * `markSaved(draft)` makes `draft` the saved state (call it before navigating away after a save).
 */
export function useLeaveGuard(draft: FormDraft) {
  const saved = useRef(snapshot(draft));
  const current = useRef(draft);
  useEffect(() => {
    current.current = draft;
  }, [draft]);
  const isDirty = () => snapshot(current.current) !== saved.current;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && isDirty(),
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  });
  return {
    blocker,
    markSaved: (next: FormDraft) => {
      saved.current = snapshot(next);
      current.current = next;
    },
  };
}
