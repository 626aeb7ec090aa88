import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import type { FieldValues } from './signing-progress';

/** Changes settle for this long before they are saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** One request carries at most this many characters of values (the API's JSON body limit is 1 MB). */
const MAX_BATCH_CHARS = 600_000;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** Splits values into requests under the body limit (a signature is up to 400,000 characters). */
export function batchesOf(values: FieldValues, max: number = MAX_BATCH_CHARS): FieldValues[] {
  const batches: FieldValues[] = [];
  let current: FieldValues = {};
  let size = 0;
  for (const [key, value] of Object.entries(values)) {
    const weight = key.length + value.length + 8;
    if (size > 0 && size + weight > max) {
      batches.push(current);
      current = {};
      size = 0;
    }
    current[key] = value;
    size += weight;
  }
  if (size > 0) batches.push(current);
  return batches;
}

/** Field key -> message, from a 422 of the values calls (`values.<key>`). */
export function valueErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.isValidation) return {};
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    if (key.startsWith('values.')) result[key.slice('values.'.length)] = message;
  }
  return result;
}

/** How a save is made: `keepalive` when the page may be going away (the request outlives it). */
export type SaveOptions = { keepalive: boolean };

/**
 * Saves the signer's values as progress, debounced: `queue` records a change, `flush` saves what
 * is waiting at once (before finishing), `saveNow` the same without waiting for the answer (an
 * input losing focus). Hiding or closing the tab saves what waits with `keepalive`, so text typed
 * a moment before the tab closes is not lost. A 422 marks the fields it names; the other values
 * of that batch are kept and sent again with the next change or flush.
 */
export function useValueAutosave(
  save: (values: FieldValues, options: SaveOptions) => Promise<unknown>,
  delayMs: number = AUTOSAVE_DELAY_MS,
) {
  const pending = useRef<FieldValues>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const saveRef = useRef(save);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const run = useCallback(async (options: SaveOptions = { keepalive: false }): Promise<void> => {
    while (inFlight.current) await inFlight.current.catch(() => undefined);
    const batch = pending.current;
    pending.current = {};
    if (Object.keys(batch).length === 0) return;
    setStatus('saving');
    const attempt = (async () => {
      const left = { ...batch };
      try {
        for (const part of batchesOf(batch)) {
          await saveRef.current(part, options);
          for (const key of Object.keys(part)) delete left[key];
        }
      } catch (error) {
        const bad = valueErrorsOf(error);
        // Values changed meanwhile win over the ones that failed.
        for (const [key, value] of Object.entries(left)) {
          if (!(key in bad) && !(key in pending.current)) pending.current[key] = value;
        }
        throw error;
      }
    })();
    inFlight.current = attempt;
    try {
      await attempt;
      setFailure(null);
      setStatus(Object.keys(pending.current).length > 0 ? 'saving' : 'saved');
    } catch (error) {
      const bad = valueErrorsOf(error);
      if (Object.keys(bad).length > 0) setServerErrors((current) => ({ ...current, ...bad }));
      setFailure(isApiError(error) ? error.message : 'Your changes could not be saved.');
      setStatus('error');
      throw error;
    } finally {
      if (inFlight.current === attempt) inFlight.current = null;
    }
  }, []);

  const queue = useCallback(
    (key: string, value: string) => {
      pending.current[key] = value;
      setServerErrors((current) => {
        if (!(key in current)) return current;
        const { [key]: _gone, ...rest } = current;
        return rest;
      });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        run().catch(() => undefined);
      }, delayMs);
    },
    [run, delayMs],
  );

  /** Saves whatever waits now; rejects when it could not be saved. */
  const flush = useCallback(
    async (options?: SaveOptions) => {
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
      }
      await run(options);
    },
    [run],
  );

  /** Saves what waits, if anything, without waiting (the status shows how it went). */
  const saveNow = useCallback(
    (options?: SaveOptions) => {
      if (Object.keys(pending.current).length > 0) flush(options).catch(() => undefined);
    },
    [flush],
  );

  // Leaving the tab, or closing it (pagehide comes even where visibilitychange does not), saves
  // what waits with a request that outlives the page.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveNow({ keepalive: true });
    };
    const onPageHide = () => saveNow({ keepalive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      if (timer.current) clearTimeout(timer.current);
      if (Object.keys(pending.current).length > 0) run().catch(() => undefined);
    };
  }, [saveNow, run]);

  return { queue, flush, saveNow, status, serverErrors, failure };
}
