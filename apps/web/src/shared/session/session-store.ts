import { useSyncExternalStore } from 'react';

/** Staff user types (spec 1 §6). Contacts are flagged with `is_contact` instead. */
export type UserType = 'OWNER' | 'ADMIN' | 'MANAGER' | 'MEMBER';

export const USER_TYPES: readonly UserType[] = ['OWNER', 'ADMIN', 'MANAGER', 'MEMBER'];

/** Token pair of spec 1 §3. Expiry fields are ISO strings or epoch numbers (seconds or ms). */
export type SessionTokens = {
  access_token: string;
  refresh_token: string;
  access_token_expires_at?: string | number | null;
  refresh_token_expires_at?: string | number | null;
};

/**
 * Identity of signers, guests and approvers who have no account session (spec 1 §3 "Auth
 * details sent on calls"). The API client turns them into request headers.
 */
export type AuthDetails = {
  user_id?: string;
  anonymous_user_id?: string;
  password?: string;
  document_id?: string;
  workflow_data_id?: string;
  passcode?: string;
  approver_company_user_id?: string;
  approver_contact_id?: string;
  formbuilder_id?: string;
};

/** A workspace the user belongs to (the API's `current_workspace` and `workspaces` entries). */
export type SessionWorkspace = {
  _id?: string;
  company_id?: string;
  company_name?: string;
  company_slug?: string;
  plan_type?: 'INDIVIDUAL' | 'BUSINESS';
  user_type?: string;
  is_active?: boolean;
  name?: string;
};

export type SessionUser = {
  _id: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  avatar?: string | null;
  is_contact?: boolean;
  user_type?: string | { name?: string } | null;
  activeRole?: { role_id?: string | null; userType_name?: string } | null;
  current_workspace?: SessionWorkspace | string | null;
  workspace?: SessionWorkspace[];
  workspaces?: SessionWorkspace[];
  document_settings?: { application_settings?: { date?: string } } | null;
  [key: string]: unknown;
};

export type SessionCompany = { _id?: string; slug?: string };

export type SessionState = {
  tokens: SessionTokens | null;
  user: SessionUser | null;
  is_contact: boolean;
  user_type: UserType | null;
  auth_details: AuthDetails;
  company: SessionCompany | null;
  login_at: string | null;
};

export const SESSION_STORAGE_KEY = 'esigns.session';

export function createEmptySession(): SessionState {
  return {
    tokens: null,
    user: null,
    is_contact: false,
    user_type: null,
    auth_details: {},
    company: null,
    login_at: null,
  };
}

type Listener = (state: SessionState) => void;
type SessionPatch = Partial<SessionState> | ((state: SessionState) => Partial<SessionState>);

function getStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when blocked by privacy settings; the session then lives in memory.
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toUserType(value: unknown): UserType | null {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value)
    ? (value as UserType)
    : null;
}

/** Reads a persisted session, tolerating anything a previous version or a user may have left. */
export function parseStoredSession(raw: string | null): SessionState {
  const empty = createEmptySession();
  if (!raw) return empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (!isRecord(parsed)) return empty;
  const tokens =
    isRecord(parsed.tokens) && typeof parsed.tokens.access_token === 'string'
      ? (parsed.tokens as SessionTokens)
      : null;
  const user =
    isRecord(parsed.user) && typeof parsed.user._id === 'string' ? (parsed.user as SessionUser) : null;
  return {
    tokens,
    user,
    is_contact: parsed.is_contact === true,
    user_type: toUserType(parsed.user_type),
    auth_details: isRecord(parsed.auth_details) ? (parsed.auth_details as AuthDetails) : {},
    company: isRecord(parsed.company) ? (parsed.company as SessionCompany) : null,
    login_at: typeof parsed.login_at === 'string' ? parsed.login_at : null,
  };
}

function createSessionStore() {
  let state: SessionState | null = null;
  const listeners = new Set<Listener>();
  let isListeningToOtherTabs = false;
  /** An embedded frame's session: never read from or written to storage (`keepInMemoryOnly`). */
  let memoryOnly = false;

  function load(): SessionState {
    if (state === null) state = parseStoredSession(getStorage()?.getItem(SESSION_STORAGE_KEY) ?? null);
    return state;
  }

  function persist(next: SessionState) {
    if (memoryOnly) return;
    const storage = getStorage();
    if (!storage) return;
    try {
      const isEmpty =
        !next.tokens && !next.user && Object.keys(next.auth_details).length === 0 && !next.company;
      if (isEmpty) storage.removeItem(SESSION_STORAGE_KEY);
      else storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Quota exceeded: keep the in-memory session.
    }
  }

  function emit() {
    const current = load();
    for (const listener of listeners) listener(current);
  }

  function listenToOtherTabs() {
    if (isListeningToOtherTabs || typeof window === 'undefined') return;
    isListeningToOtherTabs = true;
    // Signing out (or in) in one tab updates every open tab.
    window.addEventListener('storage', (event) => {
      if (memoryOnly || (event.key !== SESSION_STORAGE_KEY && event.key !== null)) return;
      state = parseStoredSession(getStorage()?.getItem(SESSION_STORAGE_KEY) ?? null);
      emit();
    });
  }

  function getState(): SessionState {
    return load();
  }

  function setState(patch: SessionPatch): void {
    const current = load();
    const changes = typeof patch === 'function' ? patch(current) : patch;
    state = { ...current, ...changes };
    persist(state);
    emit();
  }

  return {
    getState,
    setState,
    setTokens(tokens: SessionTokens): void {
      setState({ tokens });
    },
    setAuthDetails(details: AuthDetails): void {
      setState((s) => ({ auth_details: { ...s.auth_details, ...details } }));
    },
    /** Signs out: every field returns to its empty value (spec 1 §4 "Sign-out resets auth"). */
    clear(): void {
      state = createEmptySession();
      persist(state);
      emit();
    },
    subscribe(listener: Listener): () => void {
      listenToOtherTabs();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Drops the in-memory copy so the next read comes from storage (tests, tab sync). */
    reload(): void {
      state = memoryOnly ? createEmptySession() : null;
      emit();
    },
    /**
     * From now on the session lives in this page's memory only, starting empty: an embedded frame
     * (`/if/{ssoAuth}`) never sees nor changes the app's stored session (another tab's).
     */
    keepInMemoryOnly(): void {
      memoryOnly = true;
      state = createEmptySession();
      emit();
    },
  };
}

export const sessionStore = createSessionStore();

export function isSignedIn(state: SessionState): boolean {
  return Boolean(state.tokens?.access_token);
}

export function isContactSession(state: SessionState): boolean {
  return state.is_contact || state.user?.is_contact === true;
}

/** The staff user type, from the session field or, failing that, the user record. */
export function userTypeOf(state: SessionState): UserType | null {
  if (state.user_type) return state.user_type;
  const user = state.user;
  if (!user) return null;
  const fromRole = toUserType(user.activeRole?.userType_name);
  if (fromRole) return fromRole;
  const raw = user.user_type;
  return toUserType(typeof raw === 'string' ? raw : raw?.name);
}

/** Id of the active workspace: the company the user currently works in. */
export function workspaceIdOf(state: SessionState): string | null {
  const current = state.user?.current_workspace;
  if (typeof current === 'string') return current || null;
  return current?.company_id ?? current?._id ?? state.company?._id ?? null;
}

export function useSession(): SessionState;
export function useSession<T>(selector: (state: SessionState) => T): T;
export function useSession<T>(selector?: (state: SessionState) => T): T | SessionState {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
  return selector ? selector(state) : state;
}
