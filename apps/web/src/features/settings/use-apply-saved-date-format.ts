import { Fragment, createElement, useEffect, type ReactNode } from 'react';
import { DATE_FORMATS } from '@esigns/contracts/settings';
import { getDefaultDateFormat, setDefaultDateFormat } from '../../shared/format/date';
import { useRememberedStaffSetting } from './remembered-setting';
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
  const format = useRememberedStaffSetting({
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
