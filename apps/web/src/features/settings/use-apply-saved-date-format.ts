import { Fragment, createElement, useEffect, useState, type ReactNode } from 'react';
import { DATE_FORMATS } from '@esigns/contracts/settings';
import { getDefaultDateFormat, setDefaultDateFormat } from '../../shared/format/date';
import { useRememberedStaffSettingState } from './remembered-setting';
import { fetchApplicationSettings } from './settings-api';

function isKnownFormat(value: unknown): value is string {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/** The format of a stored entry (a format) or of the saved application settings (`date`). */
const parseFormat = (value: unknown): string | null => {
  if (isKnownFormat(value)) return value;
  const date = typeof value === 'object' && value !== null ? (value as { date?: unknown }).date : null;
  return isKnownFormat(date) ? date : null;
};

/**
 * Makes the signed-in staff user's saved date format (GET /application-settings) the one
 * `formatDate` uses when no format is given (spec 1 §3). Saving the settings updates the same
 * cache entry, so a new choice applies at once. Signed out (or a contact), it is forgotten.
 *
 * Until the settings arrive, the format this browser last saw for the user is used, so that a
 * reload starts with the right one. The format is applied while the caller renders: screens
 * rendered below it use it; one already on screen shows a change from its next render (wrap the
 * page in `SavedDateFormat` to redraw it at once). Answers the format in force.
 */
export function useApplySavedDateFormat(): string {
  return useSavedDateFormatState().format;
}

/** The format in force, and whether it can still change from the default to the saved one. */
function useSavedDateFormatState(): { format: string; settled: boolean } {
  const { value: format, settled } = useRememberedStaffSettingState({
    group: 'application',
    storagePrefix: 'esigns.date-format',
    fetch: fetchApplicationSettings,
    parse: parseFormat,
  });
  // Idempotent: the same data always sets the same format.
  setDefaultDateFormat(format);

  useEffect(() => {
    setDefaultDateFormat(format);
    return () => setDefaultDateFormat(null);
  }, [format]);

  return { format: getDefaultDateFormat(), settled };
}

/** The same, as a component that renders nothing (for layouts that prefer to mount one). */
export function ApplySavedDateFormat() {
  useApplySavedDateFormat();
  return null;
}

/** How long a first visit in a new browser holds the page back for the user's saved format. */
export const SAVED_FORMAT_WAIT_MS = 2_000;

/**
 * Applies the saved date format and redraws `children` when it changes (they are remounted:
 * use it around the page). So that this does not happen under a user who has started working
 * (a camera on, a half-filled form), the page is drawn only once the format is known: at once
 * when this browser remembers it, else when the settings answer (at most SAVED_FORMAT_WAIT_MS,
 * then with the default). What remains is a remount when the user saves a new format.
 */
export function SavedDateFormat({ children }: { children: ReactNode }) {
  const { format, settled } = useSavedDateFormatState();
  const waitedLongEnough = useTimeElapsed(SAVED_FORMAT_WAIT_MS, !settled);
  if (!settled && !waitedLongEnough) return null;
  return createElement(Fragment, { key: format }, children);
}

/** True once `ms` have passed while `running`; counting starts when it first runs. */
function useTimeElapsed(ms: number, running: boolean): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!running || elapsed) return;
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms, running, elapsed]);
  return elapsed;
}
