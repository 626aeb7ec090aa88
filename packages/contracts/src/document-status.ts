import type { TDocumentStatus } from './documents';

/**
 * The life of a document's status (spec 2 §4): every change the server may make, and the event
 * that makes it. The server writes `employee_documents.status` through one function
 * (`changeDocumentStatus` of the documents module), which refuses any change this table does not
 * list with a 409; the hand-made changes of the action menu (`STATUS_TRANSITIONS` of
 * `document-actions.ts`) are the events of `HAND_MADE_STATUS_EVENTS` taken from it.
 *
 * ```
 *            send                 complete | decline | reject | void
 *  (new) ──────────► WAITING ──────────────────────────────────────────► COMPLETED | DECLINED | REJECTED | VOIDED
 *    │ create          ▲  │ expire
 *    ▼       send      │  ▼
 *  DRAFT ──────────────┘ EXPIRED ── reopen ──► WAITING
 * ```
 */
export const DOCUMENT_STATUS_EVENTS = [
  /** A new DRAFT (editor, template, send-data-to-template, clone of a voided document). */
  'create',
  /** Sent for signing: a DRAFT, or a new document sent straight from a template (bulk send, public link). */
  'send',
  /** Everyone required finished (or the sender completed it) and the sealed PDF was stored. */
  'complete',
  /** A signer declined. */
  'decline',
  /** An approver rejected. */
  'reject',
  /** The sender voided it (with or without a reason). */
  'void',
  /** Its expiry date passed (the reminders sweep), or the sender ended signing now by hand. */
  'expire',
  /** The sender reopened an expired document for signing (a new expiry date from its settings). */
  'reopen',
] as const;
export type TDocumentStatusEvent = (typeof DOCUMENT_STATUS_EVENTS)[number];

/** from-status -> to-status -> the event that makes that change. A status absent from a row cannot follow it. */
export const DOCUMENT_STATUS_CHANGES: Readonly<
  Record<TDocumentStatus, Readonly<Partial<Record<TDocumentStatus, TDocumentStatusEvent>>>>
> = {
  DRAFT: { WAITING: 'send' },
  WAITING: {
    EXPIRED: 'expire',
    VOIDED: 'void',
    COMPLETED: 'complete',
    DECLINED: 'decline',
    REJECTED: 'reject',
  },
  EXPIRED: { WAITING: 'reopen' },
  COMPLETED: {},
  DECLINED: {},
  REJECTED: {},
  VOIDED: {},
};

/** The statuses a new document row may be stored with, and why. */
export const NEW_DOCUMENT_STATUSES = { DRAFT: 'create', WAITING: 'send' } as const satisfies Readonly<
  Partial<Record<TDocumentStatus, TDocumentStatusEvent>>
>;
export type TNewDocumentStatus = keyof typeof NEW_DOCUMENT_STATUSES;

/** The events the sender may cause by hand (`PATCH /documents/{id}/status/{status}`). */
export const HAND_MADE_STATUS_EVENTS: readonly TDocumentStatusEvent[] = ['expire', 'void', 'reopen'];

/** The event that changes `from` into `to`, or null when the table has no such change. */
export function statusChangeEvent(from: TDocumentStatus, to: TDocumentStatus): TDocumentStatusEvent | null {
  return DOCUMENT_STATUS_CHANGES[from][to] ?? null;
}

/** The statuses a document in `from` may change into. */
export function nextStatuses(from: TDocumentStatus): TDocumentStatus[] {
  return Object.keys(DOCUMENT_STATUS_CHANGES[from]) as TDocumentStatus[];
}

/** The statuses from which a document may change into `to`. */
export function previousStatuses(to: TDocumentStatus): TDocumentStatus[] {
  return (Object.keys(DOCUMENT_STATUS_CHANGES) as TDocumentStatus[]).filter(
    (from) => statusChangeEvent(from, to) !== null,
  );
}

/** `null` when `from` may change into `to`, else why not (the 409 message). */
export function statusChangeRefusal(from: TDocumentStatus, to: TDocumentStatus): string | null {
  if (statusChangeEvent(from, to)) return null;
  if (from === to) return `The document is already ${from}`;
  const next = nextStatuses(from);
  const a = /^[AEIOU]/.test(from) ? 'An' : 'A';
  return next.length > 0
    ? `${a} ${from} document cannot become ${to}: it can become ${next.join(' or ')}`
    : `${a} ${from} document is final: its status cannot change`;
}
