import type { TRecipientStatus, TRecipientType } from '@esigns/contracts/documents';
import { keyedHash, randomToken, safeEqual } from '../../platform/auth/one-time-secrets';

/** Recipient statuses after which a recipient has nothing left to do. */
export const FINISHED_STATUSES: readonly TRecipientStatus[] = ['SIGNED', 'APPROVED', 'DECLINED', 'REJECTED'];

type OrderedRecipient = {
  key: string;
  userType: TRecipientType;
  signingOrder: number;
  status: TRecipientStatus;
};

/**
 * The recipients who must be notified now (DOMAIN-ESIGN "signing order"): CC recipients never
 * (they get the completed copy); without a signing order every other recipient who is not done;
 * with one, those of the lowest order value among recipients not done yet (equal values act in
 * parallel). Recipients already notified (SENT, VIEWED) are part of the answer too: the caller
 * mails only the PENDING ones.
 */
export function dueRecipients<T extends OrderedRecipient>(recipients: T[], signingOrder: boolean): T[] {
  const open = recipients.filter((r) => r.userType !== 'CC' && !FINISHED_STATUSES.includes(r.status));
  if (!signingOrder || open.length === 0) return open;
  const lowest = Math.min(...open.map((r) => r.signingOrder));
  return open.filter((r) => r.signingOrder === lowest);
}

/**
 * A new link secret for a recipient (256 random bits) and its keyed hash for storage. Only the
 * secret goes in the mail; only the hash is stored, so a database leak opens no document.
 */
export function newRecipientSecret(hashKey: string): { secret: string; hash: string } {
  const secret = randomToken();
  return { secret, hash: keyedHash(secret, hashKey) };
}

/** How many links of one recipient open the document at once (the newest and earlier ones). */
export const MAX_LIVE_LINKS = 5;

/** How many replaced links of one recipient are still recognised (to ask for a fresh link). */
export const MAX_RETIRED_LINKS = 20;

type SecretColumns = { secretHash: string | null; previousSecretHashes: string[] };
type RetiredColumns = { retiredSecretHashes: string[] };

function retire(dropped: (string | null)[], recipient: Partial<RetiredColumns>): string[] {
  const hashes = dropped.filter((h): h is string => h !== null);
  return [...hashes, ...(recipient.retiredSecretHashes ?? [])].slice(0, MAX_RETIRED_LINKS);
}

/**
 * The columns that give a recipient one more working link (reminder, resend, correction): the
 * same person, so the links in the mails they already have keep working too. A link pushed out
 * of `MAX_LIVE_LINKS` is retired (`retiredSecretHashes`).
 */
export function withAddedSecret(
  recipient: SecretColumns & Partial<RetiredColumns>,
  hash: string,
): SecretColumns & RetiredColumns {
  const earlier = [recipient.secretHash, ...recipient.previousSecretHashes].filter(
    (h): h is string => h !== null,
  );
  return {
    secretHash: hash,
    previousSecretHashes: earlier.slice(0, MAX_LIVE_LINKS - 1),
    retiredSecretHashes: retire(earlier.slice(MAX_LIVE_LINKS - 1), recipient),
  };
}

/**
 * The columns of a link generated for the sender to hand over (`generate-document-link`): it is
 * the only live link (every earlier one, mailed or generated, stops at once and is retired) and
 * it is marked as hosted by `hostUserId`, so what is done through it is recorded as in-person signing.
 */
export function hostedLinkColumns(
  hash: string,
  hostUserId: string,
  current: SecretColumns & Partial<RetiredColumns> = { secretHash: null, previousSecretHashes: [] },
): SecretColumns & RetiredColumns & { hostedSecretHash: string; hostedByUserId: string } {
  return {
    secretHash: hash,
    previousSecretHashes: [],
    retiredSecretHashes: retire([current.secretHash, ...current.previousSecretHashes], current),
    hostedSecretHash: hash,
    hostedByUserId: hostUserId,
  };
}

/** The columns that end every link of a recipient (another person now, or not due any more). */
export const NO_SECRETS: SecretColumns & RetiredColumns & { hostedSecretHash: null; hostedByUserId: null } = {
  secretHash: null,
  previousSecretHashes: [],
  retiredSecretHashes: [],
  hostedSecretHash: null,
  hostedByUserId: null,
};

/**
 * Whether `secret` is one of the recipient's replaced links (`retiredSecretHashes`): it opens
 * nothing, it only proves its holder was mailed a link of this recipient once.
 */
export function isRetiredSecret(secret: string, recipient: RetiredColumns, hashKey: string): boolean {
  const hash = keyedHash(secret, hashKey);
  return recipient.retiredSecretHashes.some((stored) => safeEqual(stored, hash));
}

/**
 * Whether `secret` is the recipient's sender-hosted link (and still live): the server's record
 * of the link's kind, never anything the client says.
 */
export function isHostedSecret(
  secret: string,
  recipient: SecretColumns & { hostedSecretHash: string | null },
  hashKey: string,
): boolean {
  if (recipient.hostedSecretHash === null) return false;
  const hash = keyedHash(secret, hashKey);
  return (
    safeEqual(recipient.hostedSecretHash, hash) &&
    [recipient.secretHash, ...recipient.previousSecretHashes].some((s) => s !== null && safeEqual(s, hash))
  );
}

/** Whether `secret` (the `password` header or the link's token) opens this recipient's links. */
export function isRecipientSecret(secret: string, recipient: SecretColumns, hashKey: string): boolean {
  const hash = keyedHash(secret, hashKey);
  return [recipient.secretHash, ...recipient.previousSecretHashes].some(
    (stored) => stored !== null && safeEqual(stored, hash),
  );
}
