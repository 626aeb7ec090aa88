import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetApiClient } from '../api/api-client';
import { stopRealtime } from '../realtime/socket';
import { sessionStore, type SessionState } from '../session/session-store';
import { seedContactSession, seedStaffSession } from './fake-api';

export type TestSessionOptions = {
  /** Overrides of the staff session signed in before each test; `false` signs nobody in. */
  session?: Partial<SessionState> | false;
  /** Also restore `vi.spyOn` spies after each test. */
  restoreMocks?: boolean;
  /** Silence `console.debug` (the startup cache reports the lists the fake API does not serve); implies `restoreMocks`. */
  quietDebug?: boolean;
};

/**
 * Registers the usual hooks of a screen test: a staff session signed in before each test, and after
 * it the toasts, the rendered tree, the realtime socket, the stubbed globals (`fetch`), the API client
 * and the session reset.
 */
export function staffSessionPerTest({
  session = {},
  restoreMocks = false,
  quietDebug = false,
}: TestSessionOptions = {}): void {
  if (session !== false) beforeEach(() => seedStaffSession(session));
  if (quietDebug) beforeEach(() => void vi.spyOn(console, 'debug').mockImplementation(() => {}));
  afterEach(() => {
    notifications.clean();
    cleanup();
    stopRealtime();
    vi.unstubAllGlobals();
    if (restoreMocks || quietDebug) vi.restoreAllMocks();
    resetApiClient();
    sessionStore.clear();
  });
}

/**
 * Registers the hooks of a guest screen test (a signing link, a published template): each test
 * starts signed out with empty storage and a fresh API client; after it the rendered tree and the
 * stubbed globals are reset.
 */
export function guestPerTest(): void {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    sessionStore.clear();
    resetApiClient();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/**
 * Registers the hooks of a contact-area screen test: a contact (`/ap`) signed in before each test
 * (`user` overrides their details), and after it the same resets as `staffSessionPerTest`.
 */
export function contactSessionPerTest(user: Parameters<typeof seedContactSession>[0] = {}): void {
  beforeEach(() => seedContactSession(user));
  staffSessionPerTest({ session: false, quietDebug: true });
}
