import type { TPaged } from '@esigns/contracts/envelope';
import {
  EMAIL_STATUSES,
  OUTBOX_KEY_HEADER,
  type EmailStatus,
  type MailTransportKind,
  type TOutboxMail,
  type TOutboxMailRow,
} from '@esigns/contracts/outbox';
import { api } from '../../shared/api/api-client';

export { OUTBOX_KEY_HEADER };
export const OUTBOX_KEY_STORAGE = 'esigns.outbox-key';

export type OutboxRow = TOutboxMailRow;
export type OutboxMessage = TOutboxMail;

export type OutboxQuery = {
  page: number;
  limit: number;
  search?: string;
  status?: EmailStatus;
  /** An entity email template's id. */
  template_id?: string;
  /** Days (`YYYY-MM-DD`, the caller's local day) the mails were queued on or after / up to. */
  from?: string;
  to?: string;
};

export { EMAIL_STATUSES };

/**
 * With the operator key: the instance's Outbox (`/outbox`). Without: the signed-in admin's
 * company email log (`/email-logs`), always redacted.
 */
const basePath = (key: string | null): string => (key ? '/outbox' : '/email-logs');

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The operator key of this tab (sessionStorage: it is forgotten when the tab closes). */
export function readOutboxKey(): string | null {
  return storage()?.getItem(OUTBOX_KEY_STORAGE) || null;
}

export function saveOutboxKey(key: string): void {
  storage()?.setItem(OUTBOX_KEY_STORAGE, key);
}

export function forgetOutboxKey(): void {
  storage()?.removeItem(OUTBOX_KEY_STORAGE);
}

/**
 * With an operator key the key is the credential: a 401 then means a wrong key, not an expired
 * session, so the client must not refresh (and possibly end) the session over it.
 */
function keyOptions(key: string | null, signal: AbortSignal | undefined) {
  return key ? { headers: { [OUTBOX_KEY_HEADER]: key }, skipAuthRefresh: true, signal } : { signal };
}

/** GET /api/outbox (operator key) or /api/email-logs (the signed-in admin's token), paged and filtered. */
export async function fetchOutboxPage(
  query: OutboxQuery,
  key: string | null,
  signal?: AbortSignal,
): Promise<TPaged<OutboxRow>> {
  const search = query.search?.trim();
  const answer = await api.get<TPaged<OutboxRow>>(
    basePath(key),
    {
      page: query.page,
      limit: query.limit,
      search: search || undefined,
      status: query.status,
      template_id: query.template_id || undefined,
      from: query.from || undefined,
      to: query.to || undefined,
    },
    keyOptions(key, signal),
  );
  return answer.data;
}

/** GET /api/outbox/{id} or /api/email-logs/{id}: the row plus `redacted`, `html` and `text` (null: not shown). */
export async function fetchOutboxMessage(
  id: string,
  key: string | null,
  signal?: AbortSignal,
): Promise<OutboxMessage> {
  const answer = await api.get<OutboxMessage>(
    `${basePath(key)}/${encodeURIComponent(id)}`,
    undefined,
    keyOptions(key, signal),
  );
  return answer.data;
}

/** What the log calls the way a mail left. */
export const TRANSPORT_LABELS: Record<MailTransportKind, string> = {
  company: "Company's SMTP",
  instance: 'Instance SMTP',
  outbox: 'Outbox (no SMTP)',
};

export function formatRecipients(to: OutboxRow['to']): string {
  return Array.isArray(to) ? to.join(', ') : to;
}

/** Badge colour of a delivery status; unknown statuses are grey. */
export function statusColor(status: string): string {
  switch (status.toUpperCase()) {
    case 'SENT':
    case 'DELIVERED':
      return 'teal';
    case 'FAILED':
    case 'ERROR':
    case 'BOUNCED':
      return 'red';
    case 'OUTBOX':
      // No mail server configured: the mail is kept (and readable) here only.
      return 'blue';
    case 'QUEUED':
    case 'PENDING':
    case 'SENDING':
    case 'RETRYING':
      return 'yellow';
    default:
      return 'gray';
  }
}
