import { vi } from 'vitest';
import type { TApplicationUserDetails } from '@esigns/contracts/application-users';
import type { TSessionReply, TUserDetails, TWorkspace } from '@esigns/contracts/auth';
import { sessionStore, type SessionState } from '../session/session-store';

/** One call the app made through `fetch`, with the parts tests look at. */
export type FakeCall = {
  method: string;
  /** Path and query, e.g. `/api/signin`. */
  url: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
};

export type FakeHandler = (call: FakeCall) => Response | undefined | Promise<Response | undefined>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** `{ success: true, data }` */
export function ok(data: unknown, message?: string): Response {
  return json(200, { success: true, ...(message ? { message } : {}), data });
}

/** `{ success: false, message, … }` */
export function fail(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return json(status, { success: false, message, status_code: String(status), ...extra });
}

/** A 422 answer with one detail per key. */
export function invalid(fields: Record<string, string>): Response {
  return fail(422, 'Validation failed', {
    errors: { details: Object.entries(fields).map(([key, message]) => ({ key, message, path: [key] })) },
  });
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Replaces `fetch`: each call goes to `handler`; a call it does not answer gets the API's 404
 * envelope (how the startup cache sees a list that is not built yet).
 */
export function installFakeApi(handler: FakeHandler) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = String(input);
    const call: FakeCall = {
      method: init.method ?? 'GET',
      url,
      path: url.split('?')[0] ?? url,
      body: parseBody(init.body),
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(call);
    return (await handler(call)) ?? fail(404, 'Route not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** Calls to `path` (exact, without the query), optionally of one method. */
    callsTo: (path: string, method?: string) =>
      calls.filter((c) => c.path === path && (!method || c.method === method)),
  };
}

export const USER_ID = '4f7c2f0e-2a51-4c5e-9d53-1a2b3c4d5e6f';

export function makeWorkspace(overrides: Partial<TWorkspace> = {}): TWorkspace {
  return {
    company_id: 'c1',
    company_name: 'Acme Corp',
    company_slug: 'acme',
    plan_type: 'BUSINESS',
    user_type: 'OWNER',
    is_active: true,
    ...overrides,
  };
}

export function makeUserDetails(overrides: Partial<TUserDetails> = {}): TUserDetails {
  const workspace = overrides.current_workspace ?? makeWorkspace();
  return {
    _id: USER_ID,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    title: null,
    phone: null,
    address: null,
    company_name: workspace.company_name,
    signature: null,
    initial: null,
    avatar: null,
    is_contact: false,
    user_type: workspace.user_type,
    activeRole: { role_id: null, userType_name: workspace.user_type },
    current_workspace: workspace,
    workspaces: [workspace],
    mf2a_enabled: false,
    ...overrides,
  };
}

/** A sign-in answer: tokens valid for an hour (access) and a week (refresh). */
export function makeSessionReply(
  overrides: Partial<TSessionReply> = {},
  now: number = Date.now(),
): TSessionReply {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    access_token_expires_at: new Date(now + 3_600_000).toISOString(),
    refresh_token_expires_at: new Date(now + 7 * 86_400_000).toISOString(),
    user_details: makeUserDetails(),
    ...overrides,
  };
}

/** Signs a staff session in, the way a real sign-in leaves it. */
export function seedStaffSession(overrides: Partial<SessionState> = {}): void {
  const reply = makeSessionReply();
  sessionStore.setState({
    tokens: {
      access_token: reply.access_token,
      refresh_token: reply.refresh_token,
      access_token_expires_at: reply.access_token_expires_at,
      refresh_token_expires_at: reply.refresh_token_expires_at,
    },
    user: reply.user_details,
    user_type: 'OWNER',
    is_contact: false,
    company: { _id: 'c1', slug: 'acme' },
    login_at: new Date().toISOString(),
    ...overrides,
  });
}

/** Answers the calls the staff shell makes on its own (profile, workspace list). */
export const shellHandler: FakeHandler = (call) => {
  if (call.path === '/api/user/profile') return ok(makeUserDetails());
  if (call.path === '/api/user/getUserWorkspaceList') return ok([makeWorkspace()]);
  return undefined;
};

export const CONTACT_USER_ID = '7d1e9a40-3b62-4d7f-8e64-2b3c4d5e6f70';
export const CONTACT_TYPE_ID = '2c9f5e1a-6b7d-4e8f-9a0b-1c2d3e4f5a6b';

/** The signed-in contact as a contact-area sign-in leaves it (`ZApplicationUserDetails`). */
export function makeContactDetails(
  overrides: Partial<TApplicationUserDetails> = {},
): TApplicationUserDetails {
  return {
    _id: CONTACT_USER_ID,
    contact_id: 'contact-1',
    first_name: 'Tara',
    last_name: 'Tenant',
    email: 'tara@example.com',
    phone: null,
    title: null,
    signature: null,
    initial: null,
    avatar: null,
    is_contact: true,
    user_type: 'CONTACT',
    account_data_id: 'account-record-1',
    contact_type: { _id: CONTACT_TYPE_ID, name: 'Tenant' },
    company_name: 'Acme Corp',
    company: { _id: 'c1', name: 'Acme Corp', slug: 'acme' },
    mf2a_enabled: false,
    ...overrides,
  };
}

/** Signs a contact in to the contact area (`/ap`), the way a contact sign-in leaves the session. */
export function seedContactSession(user: Partial<TApplicationUserDetails> = {}): void {
  const reply = makeSessionReply();
  sessionStore.setState({
    tokens: {
      access_token: 'contact-access-1',
      refresh_token: 'contact-refresh-1',
      access_token_expires_at: reply.access_token_expires_at,
      refresh_token_expires_at: reply.refresh_token_expires_at,
    },
    user: makeContactDetails(user),
    user_type: null,
    is_contact: true,
    company: { _id: 'c1', slug: 'acme' },
    login_at: new Date().toISOString(),
  });
}
