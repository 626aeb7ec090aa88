import { SIGNER_HEADERS } from '@esigns/contracts/headers';

/**
 * The recipient's proof of who they are on this tab: the document, their document user id and
 * the secret of their link (`?token=`). It lives in sessionStorage, one entry per document, so it
 * is gone when the tab closes and is never shared with other tabs or written to localStorage.
 */
export type SignerCredentials = {
  document_id: string;
  user_id: string;
  password: string;
  /** Set once the authorized-representative password was accepted in this tab. */
  representative?: boolean;
};

const PREFIX = 'esigns.signer.';
/** Secrets are random link tokens; anything longer than this is not one. */
const MAX_SECRET_LENGTH = 200;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Blocked storage (privacy modes): the credentials then live only as long as the page.
    return null;
  }
}

/** Kept in memory instead, for browsers that refuse sessionStorage. */
const memory = new Map<string, SignerCredentials>();

export function saveSignerCredentials(credentials: SignerCredentials): void {
  const store = storage();
  try {
    if (store) {
      store.setItem(PREFIX + credentials.document_id, JSON.stringify(credentials));
      memory.delete(credentials.document_id);
      return;
    }
  } catch {
    // Quota or privacy errors: the in-memory copy serves this page.
  }
  memory.set(credentials.document_id, credentials);
}

export function readSignerCredentials(documentId: string | undefined): SignerCredentials | null {
  if (!documentId) return null;
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(PREFIX + documentId) ?? null;
  } catch {
    raw = null;
  }
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<SignerCredentials>;
      if (
        parsed.document_id === documentId &&
        typeof parsed.user_id === 'string' &&
        typeof parsed.password === 'string' &&
        parsed.password.length > 0
      ) {
        return {
          document_id: documentId,
          user_id: parsed.user_id,
          password: parsed.password,
          ...(parsed.representative === true ? { representative: true } : {}),
        };
      }
    } catch {
      // A damaged entry is ignored (and replaced by the next link opened).
    }
  }
  return memory.get(documentId) ?? null;
}

export function clearSignerCredentials(documentId: string): void {
  memory.delete(documentId);
  try {
    storage()?.removeItem(PREFIX + documentId);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The credentials of a signing link: the `token` of `search` when there is one (it wins over
 * anything stored, so a newer link replaces an older one), else what this tab stored for the same
 * recipient. Saves what it finds.
 */
export function credentialsFromLink(
  documentId: string,
  userId: string,
  search: string,
): SignerCredentials | null {
  const token = new URLSearchParams(search).get('token');
  if (token && token.length <= MAX_SECRET_LENGTH) {
    const stored = readSignerCredentials(documentId);
    const isSame = stored?.user_id === userId && stored.password === token;
    const credentials: SignerCredentials = {
      document_id: documentId,
      user_id: userId,
      password: token,
      ...(isSame && stored?.representative ? { representative: true } : {}),
    };
    saveSignerCredentials(credentials);
    return credentials;
  }
  const stored = readSignerCredentials(documentId);
  return stored && stored.user_id === userId ? stored : null;
}

/** `search` without its `token` parameter ('' when nothing else is left). */
export function searchWithoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The spec's signer headers for these credentials (none without credentials: the bearer token is used). */
export function signerHeaders(
  credentials: SignerCredentials | null,
  userId?: string,
): Record<string, string> {
  if (!credentials) return userId ? { [SIGNER_HEADERS.userId]: userId } : {};
  return {
    [SIGNER_HEADERS.documentId]: credentials.document_id,
    [SIGNER_HEADERS.userId]: credentials.user_id,
    [SIGNER_HEADERS.password]: credentials.password,
  };
}
