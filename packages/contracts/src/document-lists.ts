import { z } from 'zod';
import { DOCUMENT_ACTIONS } from './document-actions';
import {
  DOCUMENT_LIST_FILTERS,
  DOCUMENT_STATUSES,
  RECIPIENT_STATUSES,
  RECIPIENT_TYPES,
  type TDocumentListFilter,
  type TDocumentStatus,
} from './documents';
import { ZSealFailure } from './signing';

/*
 * The document lists (`GET /documents`, `/all-documents/{document_status}`, `/employee-documents`,
 * `/entities/employeeDocuments`), their tab counts and a document's recipients, shared by the API
 * and the web app.
 */

/** The largest page of a document list: one call never asks for more. */
export const DOCUMENT_LIST_MAX_LIMIT = 100;

export const DOCUMENT_LIST_SORTS = [
  'updated_at',
  '-updated_at',
  'created_at',
  '-created_at',
  'sent_at',
  '-sent_at',
  'expires_at',
  '-expires_at',
  'name',
  '-name',
] as const;
export type TDocumentListSort = (typeof DOCUMENT_LIST_SORTS)[number];

export const DOCUMENT_DATE_FIELDS = ['created_at', 'sent_at'] as const;
export type TDocumentDateField = (typeof DOCUMENT_DATE_FIELDS)[number];

function positiveIntOr(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A day (`YYYY-MM-DD`, the caller's local day) or an instant (ISO-8601 with a time). */
const ZDateBound = z
  .string({ error: 'Must be a date' })
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(DATE_ONLY.test(v) ? `${v}T00:00:00Z` : v)), {
    message: 'Use a date such as 2026-01-31 or an ISO-8601 time',
  });

/**
 * Query of every document list. `page`/`limit` that are not positive whole numbers fall back to
 * 1 and 5 (spec 2 §5); `limit` is capped at `DOCUMENT_LIST_MAX_LIMIT`.
 */
export const ZDocumentListQuery = z.object({
  page: z
    .unknown()
    .optional()
    .transform((v) => positiveIntOr(v, 1)),
  limit: z
    .unknown()
    .optional()
    .transform((v) => Math.min(positiveIntOr(v, 5), DOCUMENT_LIST_MAX_LIMIT)),
  search: z
    .string({ error: 'Must be text' })
    .trim()
    .max(100)
    .optional()
    .describe(
      "Words matched at the start of any word of the document's name or of a recipient's name or email " +
        '(`acme` finds `bob@acme.com`); every word must match',
    ),
  sort: z
    .enum(DOCUMENT_LIST_SORTS, { error: `Use one of ${DOCUMENT_LIST_SORTS.join(', ')}` })
    .optional()
    .describe('A column, `-` first for newest/last first; default `-updated_at`'),
  date_field: z
    .enum(DOCUMENT_DATE_FIELDS, { error: `Use one of ${DOCUMENT_DATE_FIELDS.join(', ')}` })
    .optional()
    .describe('The date `from` and `to` apply to; default `created_at`'),
  from: ZDateBound.optional().describe('From this day (inclusive, caller-local) or instant'),
  to: ZDateBound.optional().describe('Up to this day (inclusive, caller-local) or instant'),
  recipient: z
    .string({ error: 'Must be text' })
    .trim()
    .max(254)
    .optional()
    .describe('Only documents with this recipient: an email or a contact id'),
  owner: z
    .string({ error: 'Must be text' })
    .trim()
    .max(64)
    .optional()
    .describe('Only documents sent by this user id'),
});
export type TDocumentListQuery = z.output<typeof ZDocumentListQuery>;
export type TDocumentListQueryInput = z.input<typeof ZDocumentListQuery>;

export const ZDocumentListFilter = z.enum(DOCUMENT_LIST_FILTERS, {
  error: `Use one of ${DOCUMENT_LIST_FILTERS.join(', ')}`,
});

/** A recipient as the lists show it. */
export const ZRecipientSummary = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  user_type: z.enum(RECIPIENT_TYPES),
  status: z.enum(RECIPIENT_STATUSES),
  signing_order: z.number().int(),
});
export type TRecipientSummary = z.infer<typeof ZRecipientSummary>;

/** One row of a document list. `actions` are the ones the caller may take now. */
export const ZDocumentListItem = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  archived_at: z.string().nullable(),
  /** The one-off layout a DRAFT is edited in. */
  configurable_document_id: z.string().nullable(),
  /** The uploaded source: the field editor's address of a DRAFT. */
  company_document_id: z.string().nullable(),
  sender: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  recipients: z.array(ZRecipientSummary),
  /** Recipients whose action completes the document, and how many of them are done. */
  progress: z.object({ done: z.number().int(), required: z.number().int() }),
  /** Whether the caller is a recipient who must act now. */
  waiting_for_me: z.boolean(),
  /**
   * Everyone required finished but the final PDF could not be built (the seal FAILED): the
   * document stays WAITING until the sender fixes it (`sealing` of its recipients call says how).
   */
  seal_failed: z.boolean(),
  sent_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  actions: z.array(z.enum(DOCUMENT_ACTIONS)),
});
export type TDocumentListItem = z.infer<typeof ZDocumentListItem>;

/** `GET /employee-documents-counts`: documents per list filter for the caller. */
export const ZDocumentListCounts = z.object(
  Object.fromEntries(DOCUMENT_LIST_FILTERS.map((f) => [f, z.number().int()])) as Record<
    TDocumentListFilter,
    z.ZodNumber
  >,
);
export type TDocumentListCounts = Record<TDocumentListFilter, number>;

/** `GET /documents/{document_id}/recipients`: one recipient, never its link secret or password. */
export const ZDocumentRecipient = z.object({
  _id: z.string(),
  key: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role_name: z.string(),
  contact_id: z.string().nullable(),
  user_type: z.enum(RECIPIENT_TYPES),
  status: z.enum(RECIPIENT_STATUSES),
  signing_order: z.number().int(),
  color: z.string(),
  email_verification: z.boolean(),
  has_representative_password: z.boolean(),
  /** Whether it is this recipient's turn (notified and not finished). */
  is_due: z.boolean(),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  reminders_sent: z.number().int(),
  last_reminded_at: z.string().nullable(),
});
export type TDocumentRecipient = z.infer<typeof ZDocumentRecipient>;

/**
 * `GET /documents/{document_id}/recipients`: the document as a list shows it (with the caller's
 * `actions`, for the document screen's menu) and its recipients in full.
 */
export const ZDocumentRecipients = z.object({
  document: ZDocumentListItem,
  /** Whether recipients act one group after another (`signing_order` of the settings). */
  signing_order: z.boolean(),
  recipients: z.array(ZDocumentRecipient),
  /** The seal's failure for good, with its reason and fix; null unless `document.seal_failed`. */
  sealing: ZSealFailure.nullable(),
});
export type TDocumentRecipients = z.infer<typeof ZDocumentRecipients>;

/** Statuses of each plain list filter (the others depend on the caller). */
export const FILTER_STATUS: Partial<Record<TDocumentListFilter, TDocumentStatus>> = {
  draft: 'DRAFT',
  completed: 'COMPLETED',
  declined: 'DECLINED',
  rejected: 'REJECTED',
  voided: 'VOIDED',
  expired: 'EXPIRED',
};

/** Labels of the list filters, in tab order. */
export const DOCUMENT_LIST_FILTER_LABELS: Record<TDocumentListFilter, string> = {
  'all-documents': 'All',
  draft: 'Drafts',
  'waiting-for-me': 'Waiting for me',
  'waiting-for-others': 'Waiting for others',
  completed: 'Completed',
  declined: 'Declined',
  rejected: 'Rejected',
  voided: 'Voided',
  expired: 'Expired',
  archived: 'Archived',
};

/**
 * The words of a search as prefix terms of a PostgreSQL `tsquery` (`'acm':*`): letters and digits
 * only, lower-cased, at most 6 words; empty when nothing searchable is left.
 */
export function searchTerms(search: string | undefined): string[] {
  if (!search) return [];
  return search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 6)
    .map((word) => `'${word}':*`);
}
