import { z } from 'zod';
import {
  DOCUMENT_STATUSES,
  RECIPIENT_STATUSES,
  RECIPIENT_TYPES,
  ZDocumentSettings,
  ZField,
} from './documents';
import { ZFileInfo, ZPageSize } from './files';

/*
 * The signer's side of a sent document (DOMAIN-ESIGN "Signer journey"). A recipient proves who
 * they are with the headers of API-CONVENTIONS: `documentid` (employee document id), `userid`
 * (their document user id) and `password` (the secret from their link, `?token=`). A signed-in
 * staff user who is the recipient may use their bearer token instead.
 */

// In headers.ts (no zod), so that the signing link's landing can send them without loading zod.
export { SIGNER_HEADERS } from './headers';

/**
 * How a recipient proved who they are before signing (shown on the certificate). `IN_PERSON`: through
 * a link the sender generated and handed over (`generate-document-link`), the sender hosting.
 */
export const VERIFICATION_METHODS = [
  'LINK',
  'EMAIL_CODE',
  'REPRESENTATIVE_PASSWORD',
  'ACCOUNT',
  'IN_PERSON',
] as const;
export type TVerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** What a recipient must still do before they see the document. */
export const SIGNER_GATES = ['EMAIL_CODE', 'REPRESENTATIVE_PASSWORD'] as const;
export type TSignerGate = (typeof SIGNER_GATES)[number];

/** Why a recipient cannot act now (absent when they can). */
export const SIGNER_BLOCKS = [
  'WAITING_FOR_OTHERS',
  'ALREADY_FINISHED',
  'COMPLETED',
  'DECLINED',
  'REJECTED',
  'VOIDED',
  'EXPIRED',
] as const;
export type TSignerBlock = (typeof SIGNER_BLOCKS)[number];

/** A field as the signer sees it: theirs to fill (`mine`) or another's, with any value already given. */
export const ZSignerField = ZField.extend({
  mine: z.boolean(),
  value: z.string().nullable(),
});
export type TSignerField = z.infer<typeof ZSignerField>;

/** `GET /e-signs/{id}`: the e-sign record of the calling recipient for document `id`. */
export const ZESignRecord = z.object({
  document: z.object({
    _id: z.string().uuid(),
    name: z.string(),
    status: z.enum(DOCUMENT_STATUSES),
    sender: z.object({ name: z.string(), email: z.string(), company_name: z.string() }),
    expires_at: z.string().nullable(),
    settings: ZDocumentSettings.pick({ terms_and_conditions: true, email_message: true }),
  }),
  recipient: z.object({
    _id: z.string().uuid(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    user_type: z.enum(RECIPIENT_TYPES),
    status: z.enum(RECIPIENT_STATUSES),
    color: z.string(),
  }),
  /** Spec: "read by id, with a verified flag and verification errors". */
  verified: z.boolean(),
  /** Gates still closed; the document itself is withheld until this is empty. */
  gates: z.array(z.enum(SIGNER_GATES)),
  verification_errors: z.array(z.string()),
  blocked: z.enum(SIGNER_BLOCKS).nullable(),
  /** Present once the gates are open. */
  file: ZFileInfo.nullable(),
  pages: z.array(ZPageSize),
  fields: z.array(ZSignerField),
  /** The signed-in user's saved signature and initials (data URLs), offered for adoption. */
  saved_signature: z.object({ signature: z.string().nullable(), initial: z.string().nullable() }).nullable(),
  terms_accepted: z.boolean(),
  /**
   * The company's date style (its owner's application settings: ARCHITECTURE.md "Dates"): a signer
   * without an account reads the signing screen's dates in this format.
   */
  company_dates: z.object({ format: z.string(), time_zone: z.string() }),
});
export type TESignRecord = z.infer<typeof ZESignRecord>;

export const ZVerifyCodeRequest = z.object({ code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') });
export const ZRepresentativePasswordRequest = z.object({
  password: z.string().min(1, 'Enter the password').max(128),
});

/** Images of signatures and initials: PNG or JPEG data URLs, at most this many characters. */
export const MAX_SIGNATURE_DATA_URL = 400_000;
export const ZSignatureImage = z
  .string()
  .max(MAX_SIGNATURE_DATA_URL, 'The image is too large')
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'Use a PNG or JPEG image');

/**
 * `POST /documents/{id}/signature` (and `authorized-representative-signature`): save the values
 * of the caller's own fields (by field key). Values are strings: signature/initial/image fields
 * take data URLs, checkboxes 'true'/'false', dates ISO `YYYY-MM-DD`.
 */
export const ZSaveValuesRequest = z.object({
  values: z.record(z.string().max(64), z.string().max(MAX_SIGNATURE_DATA_URL)),
});

/** `POST /documents/{id}/finish`: finish signing (values may be sent here in one go). */
export const ZFinishRequest = z.object({
  values: z.record(z.string().max(64), z.string().max(MAX_SIGNATURE_DATA_URL)).default({}),
  accept_terms: z.boolean().default(false),
});

/** `POST /documents/{id}/decline` (spec 2 "Decline payload"). */
export const ZDeclineRequest = z.object({
  notes: z.string().trim().min(1, 'Give a reason').max(2000),
  ck_editor_content: z.string().max(20000).optional(),
  ckeditor_fields: z.unknown().optional(),
});

/** `POST /documents/{document_id}/reject` (approvers). */
export const ZRejectRequest = z.object({ notes: z.string().trim().min(1, 'Give a reason').max(2000) });

/** One row of `GET /documents/{document_id}/users/logs` (hash-chained, oldest first). */
export const ZDocumentLogEntry = z.object({
  _id: z.string().uuid(),
  seq: z.number().int(),
  action: z.string(),
  /**
   * Who acted, `Name <email>`: the recipient for their own acts, the staff user for theirs (e.g. the
   * sender notifying a recipient), null for the system. `ip` and `user_agent` are the actor's.
   */
  actor: z.string().nullable(),
  /** The recipient the row is about (`Name <email>`), whether they acted or were acted upon. */
  recipient: z.string().nullable(),
  document_user_id: z.string().uuid().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  hash: z.string(),
  prev_hash: z.string(),
});
export type TDocumentLogEntry = z.infer<typeof ZDocumentLogEntry>;

/** `POST /verify-document` (public): what an uploaded PDF is. */
export const ZVerifyDocumentResult = z.object({
  signed: z.boolean(),
  intact: z.boolean(),
  ours: z.boolean(),
  known: z.boolean(),
  sha256: z.string(),
  signed_at: z.string().nullable(),
  /** PAdES baseline level of the seal (B-B, B-T with a trusted timestamp, B-LT, B-LTA); null when unsigned. */
  level: z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']).nullable().optional(),
  /** When the timestamp authority saw the seal (its RFC 3161 signature timestamp). */
  timestamped_at: z.string().nullable().optional(),
  /** The seal's certificates, the signer's first, each followed by its issuer. */
  chain: z
    .array(
      z.object({
        subject: z.string(),
        issuer: z.string(),
        not_before: z.string(),
        not_after: z.string(),
        fingerprint: z.string(),
      }),
    )
    .optional(),
  /** SELF_SIGNED, COMPLETE (up to a self-signed root), INCOMPLETE, NONE (unsigned). */
  chain_status: z.enum(['SELF_SIGNED', 'COMPLETE', 'INCOMPLETE', 'NONE']).optional(),
  /**
   * Every timestamp in the file, oldest first: the seal's signature timestamp (SIGNATURE, B-T) and
   * each document timestamp (DOCUMENT, B-LTA; one more per archival renewal), with the authority
   * and when its certificate expires (a renewal adds a newer timestamp before that).
   */
  timestamps: z
    .array(
      z.object({
        kind: z.enum(['SIGNATURE', 'DOCUMENT']),
        valid: z.boolean(),
        time: z.string().nullable(),
        authority: z.string().nullable(),
        authority_expires_at: z.string().nullable(),
      }),
    )
    .optional(),
  document: z
    .object({
      name: z.string(),
      completed_at: z.string().nullable(),
      recipients: z.array(
        z.object({
          name: z.string(),
          email: z.string(),
          status: z.string(),
          finished_at: z.string().nullable(),
        }),
      ),
      timeline: z.array(z.object({ action: z.string(), at: z.string(), actor: z.string().nullable() })),
    })
    .nullable(),
});
export type TVerifyDocumentResult = z.infer<typeof ZVerifyDocumentResult>;

/* Answers of the signing API (issue 5), added with the server side. */

/** Answer of the gate calls (`e-sign/verify`, `e-sign/no-secure-signature`, `verify-password`). */
export const ZSignerGateState = z.object({ verified: z.boolean(), gates: z.array(z.enum(SIGNER_GATES)) });
export type TSignerGateState = z.infer<typeof ZSignerGateState>;

/** `POST /e-sign/send-verification`: where the code went (masked) and when it expires. */
export const ZSignerCodeSent = z.object({
  sent_to: z.string(),
  expires_at: z.string(),
  resend_after_seconds: z.number().int(),
});
export type TSignerCodeSent = z.infer<typeof ZSignerCodeSent>;

/** `POST /documents/{id}/signature`: the field keys saved. */
export const ZSaveValuesResult = z.object({ saved: z.array(z.string()) });

/** `POST /documents/user/terms-and-conditions`. */
export const ZTermsAccepted = z.object({ terms_accepted: z.boolean(), accepted_at: z.string() });

/** `POST /documents/{id}/finish` and `/approved`. */
export const ZFinishResult = z.object({
  status: z.enum(RECIPIENT_STATUSES),
  document_status: z.enum(DOCUMENT_STATUSES),
  /** The recipient had already finished: nothing was recorded again. */
  already_finished: z.boolean(),
  /** SEALING: everyone is done and the final PDF is being built; WAITING_FOR_OTHERS: others act next. */
  next: z.enum(['SEALING', 'WAITING_FOR_OTHERS', 'NONE']),
});
export type TFinishResult = z.infer<typeof ZFinishResult>;

/** `POST /documents/{id}/decline` and `/reject`. */
export const ZRefuseResult = z.object({
  status: z.enum(RECIPIENT_STATUSES),
  document_status: z.enum(DOCUMENT_STATUSES),
});

/** `POST /documents/{id}/download-pdf-document`: a short-lived link, opened in a new tab. */
export const ZDownloadLink = z.object({
  Location: z.string(),
  expires_in: z.number().int(),
  file: z.enum(['completed', 'original']),
});

/** `POST /document/completed/send-mail`. */
export const ZResendCompletedRequest = z.object({
  document_id: z.string().uuid(),
  /** Only these addresses (anyone); absent or empty: the sender and every recipient. */
  emails: z.array(z.string().trim().toLowerCase().email('Enter a valid email address')).max(20).optional(),
});

/** `GET /documents/{document_id}/users/logs`: the audit trail, oldest first, with its chain check. */
export const ZDocumentLogsReply = z.object({
  logs: z.array(ZDocumentLogEntry),
  /** Every row's hash matches its content and links to the previous row. */
  chain_ok: z.boolean(),
  /** The first row (seq) where the chain breaks, or null. */
  broken_at: z.number().int().nullable(),
});
export type TDocumentLogsReply = z.infer<typeof ZDocumentLogsReply>;

export const SEAL_STATUSES = ['PENDING', 'SEALING', 'DONE', 'FAILED'] as const;

/**
 * Why a seal failed for good:
 * - `RETRY`: a cause that may pass (storage unavailable, an unexpected error) outlasted the
 *   retries; sealing again may work (`POST /documents/e-sign-completed/{id}`).
 * - `VALUE`: a recipient's value (signature, initials, image) cannot be stamped: it fails at once,
 *   without retries; the fix is to ask that recipient to sign again.
 * - `DOCUMENT`: the document itself cannot be sealed (its PDF cannot be read, a field lies off its
 *   pages): fails at once; nothing a recipient can fix (retry once the file is restored, or void).
 */
export const SEAL_FAILURE_KINDS = ['RETRY', 'VALUE', 'DOCUMENT'] as const;
export type TSealFailureKind = (typeof SEAL_FAILURE_KINDS)[number];

/**
 * A document whose sealing failed for good (its status stays WAITING: every required recipient is
 * done, the final PDF could not be built). Shown to the sender with the reason and the fix:
 * `SIGN_AGAIN` (the recipients named here sign again: `POST /documents/{id}/document-users/sign-again`)
 * or `RETRY` (seal again: `POST /documents/e-sign-completed/{id}`).
 */
export const ZSealFailure = z.object({
  status: z.literal('FAILED'),
  kind: z.enum(SEAL_FAILURE_KINDS),
  /** True when retrying as it is cannot help (`VALUE`, `DOCUMENT`). */
  permanent: z.boolean(),
  /** What went wrong, for the sender (names the recipient and field for a value). */
  reason: z.string(),
  /** Attempts that failed. */
  failures: z.number().int(),
  failed_at: z.string().nullable(),
  fix: z.enum(['SIGN_AGAIN', 'RETRY']),
  /** `VALUE`: the recipients whose values could not be stamped, with those fields. */
  recipients: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      fields: z.array(z.object({ key: z.string(), label: z.string(), type: z.string() })),
    }),
  ),
});
export type TSealFailure = z.infer<typeof ZSealFailure>;

/** `POST /documents/e-sign-completed/{id}`: where completion stands (sender side). */
export const ZCompletionStatus = z.object({
  document_id: z.string().uuid(),
  status: z.enum(DOCUMENT_STATUSES),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  /** Recipients whose action is still awaited. */
  pending: z.array(
    z.object({
      _id: z.string().uuid(),
      name: z.string(),
      email: z.string(),
      user_type: z.enum(RECIPIENT_TYPES),
      status: z.enum(RECIPIENT_STATUSES),
    }),
  ),
  /** The sealing of the final PDF (null before everyone is done). */
  seal: z
    .object({
      status: z.enum(SEAL_STATUSES),
      /** The last failure's reason (kept while retrying; null once sealed). */
      error: z.string().nullable(),
      failures: z.number().int(),
      sha256: z.string().nullable(),
      sealed_at: z.string().nullable(),
    })
    .nullable(),
  /** The seal's failure for good, with its reason and fix (null unless the seal FAILED). */
  sealing: ZSealFailure.nullable(),
  /** This call queued the sealing again (it had failed or was lost). */
  requeued: z.boolean(),
});
export type TCompletionStatus = z.infer<typeof ZCompletionStatus>;

/**
 * What an expired signing link still allows (`POST /documents/{id}/document-users/verify-expiry-token`):
 * ACTIVE the link opens the document; LINK_EXPIRED newer links replaced it (a fresh one can be
 * mailed); DOCUMENT_EXPIRED the time to sign is over (the sender must reopen it); CLOSED nothing
 * is left to do through a link (finished, declined, voided, completed).
 */
export const EXPIRED_LINK_STATES = ['ACTIVE', 'LINK_EXPIRED', 'DOCUMENT_EXPIRED', 'CLOSED'] as const;
export type TExpiredLinkState = (typeof EXPIRED_LINK_STATES)[number];

/** Body of `verify-expiry-token` and `resend-document-expiry-link`: the link's recipient and token. */
export const ZExpiryTokenRequest = z.object({
  user_id: z.uuid('Not a valid recipient id'),
  token: z.string().min(1, 'The link token is required').max(200),
});
export type TExpiryTokenRequest = z.infer<typeof ZExpiryTokenRequest>;

/** `verify-expiry-token`: the link's state; `email` is the recipient's address, masked. */
export const ZExpiryTokenState = z.object({
  state: z.enum(EXPIRED_LINK_STATES),
  can_request_new_link: z.boolean(),
  email: z.string(),
  document_name: z.string(),
  expires_at: z.string().nullable(),
  sender: z.object({ name: z.string(), email: z.string() }),
});
export type TExpiryTokenState = z.infer<typeof ZExpiryTokenState>;

/** `resend-document-expiry-link`: where the fresh link went (masked) and when another may be asked for. */
export const ZExpiryLinkSent = z.object({
  email: z.string(),
  resend_after_seconds: z.number().int(),
});
export type TExpiryLinkSent = z.infer<typeof ZExpiryLinkSent>;
