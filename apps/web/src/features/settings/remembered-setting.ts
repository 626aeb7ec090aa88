import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  isContactSession,
  isSignedIn,
  useSession,
  workspaceIdOf,
  type SessionState,
} from '../../shared/session/session-store';
import { settingsKey } from './settings-api';

/** A string is stored as it is (the date format's entries), anything else as JSON. */
function read(key: string): unknown {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage blocked or full: the value still applies for this page.
  }
}

/** The browser's memory of a user's setting in a workspace. */
export const rememberedKey = (prefix: string, state: SessionState): string =>
  `${prefix}:${state.user?._id ?? ''}:${workspaceIdOf(state) ?? ''}`;

/**
 * A personal setting the whole staff app applies (date format, app mode): the signed-in staff
 * user's saved value (`fetch`, cached under `settingsKey(group)`, so a save applies at once), or,
 * until it arrives, what this browser last saw for the user and workspace (a reload starts with
 * it). `parse` turns a stored or answered value into the setting, or null when unusable. Null
 * signed out, for a contact, or when nothing is known yet.
 */
export function useRememberedStaffSetting<T>(options: RememberedSettingOptions<T>): T | null {
  return useRememberedStaffSettingState(options).value;
}

type RememberedSettingOptions<T> = {
  group: string;
  storagePrefix: string;
  fetch: () => Promise<unknown>;
  parse: (value: unknown) => T | null;
};

/**
 * The same, with `settled`: false only while a staff user's saved value is being fetched and this
 * browser remembers nothing for them (a first visit in a new browser), the one moment the value
 * may still change from the default to the saved one.
 */
export function useRememberedStaffSettingState<T>(options: RememberedSettingOptions<T>): {
  value: T | null;
  settled: boolean;
} {
  const { group, storagePrefix, fetch, parse } = options;
  const session = useSession();
  const isStaff = isSignedIn(session) && !isContactSession(session) && Boolean(session.user?._id);
  const key = rememberedKey(storagePrefix, session);
  const remembered = useMemo(() => (isStaff ? parse(read(key)) : null), [isStaff, key, parse]);
  const settings = useQuery({
    queryKey: settingsKey(group, session),
    queryFn: fetch,
    enabled: isStaff,
    staleTime: 5 * 60_000,
  });
  const saved = useMemo(
    () => (isStaff && settings.data !== undefined ? parse(settings.data) : null),
    [isStaff, settings.data, parse],
  );
  useEffect(() => {
    if (saved !== null) write(key, saved);
  }, [key, saved]);
  if (!isStaff) return { value: null, settled: true };
  return { value: saved ?? remembered, settled: remembered !== null || settings.status !== 'pending' };
}
