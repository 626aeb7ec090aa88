import { Fragment, createElement, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DATE_FORMATS } from '@esigns/contracts/settings';
import { getDefaultDateFormat, setDefaultDateFormat } from '../../shared/format/date';
import {
  isContactSession,
  isSignedIn,
  useSession,
  workspaceIdOf,
  type SessionState,
} from '../../shared/session/session-store';
import { fetchApplicationSettings, settingsKey } from './settings-api';

const STORAGE_PREFIX = 'esigns.date-format';

function storageKey(state: SessionState): string {
  return `${STORAGE_PREFIX}:${state.user?._id ?? ''}:${workspaceIdOf(state) ?? ''}`;
}

function isKnownFormat(value: unknown): value is string {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/** The format this browser last saw for the user and workspace (so a reload starts with it). */
export function readRememberedDateFormat(key: string): string | null {
  try {
    const value = localStorage.getItem(key);
    return isKnownFormat(value) ? value : null;
  } catch {
    return null;
  }
}

function rememberDateFormat(key: string, format: string): void {
  try {
    localStorage.setItem(key, format);
  } catch {
    // Storage blocked or full: the format still applies for this page.
  }
}

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
  const session = useSession();
  const isStaff = isSignedIn(session) && !isContactSession(session) && Boolean(session.user?._id);
  const key = storageKey(session);
  const remembered = useMemo(() => (isStaff ? readRememberedDateFormat(key) : null), [isStaff, key]);
  const settings = useQuery({
    queryKey: settingsKey('application', session),
    queryFn: fetchApplicationSettings,
    enabled: isStaff,
    staleTime: 5 * 60_000,
  });
  const saved = isStaff && isKnownFormat(settings.data?.date) ? settings.data.date : null;
  const format = isStaff ? (saved ?? remembered) : null;
  // Idempotent: the same data always sets the same format.
  setDefaultDateFormat(format);

  useEffect(() => {
    setDefaultDateFormat(format);
    return () => setDefaultDateFormat(null);
  }, [format]);

  useEffect(() => {
    if (saved) rememberDateFormat(key, saved);
  }, [key, saved]);

  return getDefaultDateFormat();
}

/** The same, as a component that renders nothing (for layouts that prefer to mount one). */
export function ApplySavedDateFormat() {
  useApplySavedDateFormat();
  return null;
}

/**
 * Applies the saved date format and redraws `children` when it changes (they are remounted:
 * use it around the page, where that happens only when the format first arrives or changes).
 */
export function SavedDateFormat({ children }: { children: ReactNode }) {
  const format = useApplySavedDateFormat();
  return createElement(Fragment, { key: format }, children);
}
