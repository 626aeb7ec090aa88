import type { TGuestSession } from '@esigns/contracts/form-builders';
import type { AuthDetails } from '../../shared/session/session-store';

/*
 * Who a guest or an outside approver is on this tab, one entry per form code: the session
 * secret (`passcode` header, never the mailed 6-digit code), their guest id (`userid`) and the
 * form id (`formbuilderid`); approvers keep the approval id and the link's secret. It lives in
 * sessionStorage, so it is gone when the tab closes and never lands in the persisted session.
 */

export type GuestCredentials = {
  kind: 'GUEST' | 'ANONYMOUS';
  code: string;
  form_id: string;
  user_id: string;
  passcode: string;
  email: string | null;
  expires_at: string | null;
};

export type ApproverCredentials = { code: string; approval_id: string; passcode: string };

const GUEST_PREFIX = 'esigns.form-guest.';
const APPROVER_PREFIX = 'esigns.form-approver.';
/** Secrets are random link tokens; anything longer is not one. */
export const MAX_SECRET_LENGTH = 200;

const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Blocked storage (privacy modes): the entry then lives as long as the page.
    return null;
  }
}

function write(key: string, value: unknown): void {
  const text = JSON.stringify(value);
  try {
    const store = storage();
    if (store) {
      store.setItem(key, text);
      memory.delete(key);
      return;
    }
  } catch {
    // Quota or privacy errors: keep it in memory.
  }
  memory.set(key, text);
}

function read(key: string): Record<string, unknown> | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    raw = null;
  }
  raw ??= memory.get(key) ?? null;
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function remove(key: string): void {
  memory.delete(key);
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

export function saveGuestSession(code: string, session: TGuestSession): GuestCredentials {
  const credentials: GuestCredentials = {
    kind: session.contact.kind,
    code,
    form_id: session.formbuilder_details_id,
    user_id: session.contact._id,
    passcode: session.passcode,
    email: session.contact.email,
    expires_at: session.expires_at,
  };
  write(GUEST_PREFIX + code, credentials);
  return credentials;
}

/** A personal link (`vp/{user_id}?t=`): the guest id and secret without the form id yet. */
export function saveLinkCredentials(code: string, userId: string, secret: string): GuestCredentials | null {
  if (!secret || secret.length > MAX_SECRET_LENGTH) return null;
  const credentials: GuestCredentials = {
    kind: 'GUEST',
    code,
    form_id: '',
    user_id: userId,
    passcode: secret,
    email: null,
    expires_at: null,
  };
  write(GUEST_PREFIX + code, credentials);
  return credentials;
}

/** The tab's guest of form `code`, or null (none, damaged or expired). */
export function readGuestCredentials(code: string, now = Date.now()): GuestCredentials | null {
  const raw = read(GUEST_PREFIX + code);
  const userId = text(raw?.user_id);
  const passcode = text(raw?.passcode);
  if (!raw || !userId || !passcode) return null;
  const expiresAt = text(raw.expires_at);
  if (expiresAt && Date.parse(expiresAt) <= now) return null;
  return {
    kind: raw.kind === 'ANONYMOUS' ? 'ANONYMOUS' : 'GUEST',
    code,
    form_id: text(raw.form_id) ?? '',
    user_id: userId,
    passcode,
    email: text(raw.email),
    expires_at: expiresAt,
  };
}

export function clearGuestCredentials(code: string): void {
  remove(GUEST_PREFIX + code);
}

export function saveApproverCredentials(credentials: ApproverCredentials): boolean {
  if (!credentials.passcode || credentials.passcode.length > MAX_SECRET_LENGTH) return false;
  write(APPROVER_PREFIX + credentials.code, credentials);
  return true;
}

export function readApproverCredentials(code: string): ApproverCredentials | null {
  const raw = read(APPROVER_PREFIX + code);
  const approvalId = text(raw?.approval_id);
  const passcode = text(raw?.passcode);
  return approvalId && passcode ? { code, approval_id: approvalId, passcode } : null;
}

/** The spec's guest headers: `userid`, `passcode` and, once known, `formbuilderid`. */
export function guestHeaders(credentials: GuestCredentials): Record<string, string> {
  return {
    userid: credentials.user_id,
    passcode: credentials.passcode,
    ...(credentials.form_id ? { formbuilderid: credentials.form_id } : {}),
  };
}

export function approverHeaders(credentials: ApproverCredentials): Record<string, string> {
  return { approvercontactid: credentials.approval_id, passcode: credentials.passcode };
}

/** The form code of a public form address (`/public/fbd/{code}/…`, `/public/fb/{code}/{id}/…`). */
export function publicFormCode(pathname: string): string | null {
  const match = /^\/public\/fbd?\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The auth details this tab holds for the public form at `pathname`, for the `formGuest` and
 * `formApproval` route guards (which otherwise read only the persisted session).
 */
export function tabFormAuthDetails(pathname: string): AuthDetails {
  const code = publicFormCode(pathname);
  if (!code) return {};
  const approver = /\/approval\//.test(pathname) ? readApproverCredentials(code) : null;
  if (approver) return { passcode: approver.passcode, approver_contact_id: approver.approval_id };
  const guest = readGuestCredentials(code);
  return guest ? { passcode: guest.passcode, user_id: guest.user_id, formbuilder_id: guest.form_id } : {};
}
