import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error';

export const AUTOSAVE_DELAY_MS = 1000;
/** While saving fails, try again this often on its own (the user may also retry at once). */
export const AUTOSAVE_RETRY_MS = 10_000;

export type Autosave<T = unknown> = {
  status: SaveStatus;
  error: unknown;
  /** Saves now if anything is unsaved and waits; true when everything is saved. */
  flush: () => Promise<boolean>;
  /** Declares `value` saved already (the server produced it, e.g. after a page operation). */
  markSaved: (value: T) => void;
};

/**
 * Saves `value` `delay` ms after it last changed (identity comparison: the editor's states are
 * immutable). One save runs at a time; changes made during a save are saved right after it. A
 * failed save keeps the edits, shows the error and is retried on the next change, on `flush`, and
 * every AUTOSAVE_RETRY_MS. Unsaved changes are saved when the component unmounts, and closing the
 * tab asks first.
 */
export function useAutosave<T>(
  value: T,
  save: (value: T) => Promise<unknown>,
  delay = AUTOSAVE_DELAY_MS,
): Autosave<T> {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(value);
  const saved = useRef(value);
  const saveRef = useRef(save);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const isMounted = useRef(true);
  /** The latest `run`, for the retry timer it sets itself. */
  const runRef = useRef<() => Promise<void>>(() => Promise.resolve());

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const run = useCallback((): Promise<void> => {
    clearTimer();
    if (inFlight.current) return inFlight.current;
    if (latest.current === saved.current) {
      if (isMounted.current) setStatus('saved');
      return Promise.resolve();
    }
    const snapshot = latest.current;
    if (isMounted.current) setStatus('saving');
    const attempt = (async () => {
      try {
        await saveRef.current(snapshot);
        saved.current = snapshot;
        if (isMounted.current) setError(null);
      } catch (failure) {
        if (isMounted.current) {
          setError(failure);
          setStatus('error');
          timer.current = setTimeout(() => void runRef.current(), AUTOSAVE_RETRY_MS);
        }
        throw failure;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = attempt.then(
      () => {
        if (latest.current !== saved.current) return runRef.current();
        if (isMounted.current) setStatus('saved');
      },
      () => undefined,
    );
    return inFlight.current;
  }, []);

  useEffect(() => {
    runRef.current = run;
  }, [run]);

  useEffect(() => {
    latest.current = value;
    if (value === saved.current) {
      if (!inFlight.current) {
        clearTimer();
        setStatus('saved');
      }
      return;
    }
    if (inFlight.current) return;
    setStatus((current) => (current === 'error' ? 'error' : 'pending'));
    clearTimer();
    timer.current = setTimeout(() => void run(), delay);
  }, [value, delay, run]);

  const flush = useCallback(async () => {
    await run();
    if (inFlight.current) await inFlight.current;
    return latest.current === saved.current;
  }, [run]);

  // Leaving the screen: save what is left (the request outlives the component).
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      clearTimer();
      if (latest.current !== saved.current && !inFlight.current) {
        saveRef.current(latest.current).catch(() => undefined);
      }
    };
  }, []);

  // Closing or reloading the tab with unsaved changes: the browser asks first.
  useEffect(() => {
    if (status === 'saved') return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  const markSaved = useCallback((next: T) => {
    saved.current = next;
  }, []);

  return { status, error, flush, markSaved };
}
