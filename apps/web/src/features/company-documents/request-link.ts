import { readTabValue, writeTabValue } from '../workflows/packet/tab-storage';

/*
 * A document request's own link (`/company-documents/requested/{id}/…/execute?token={secret}`):
 * its holder proves who they are with the headers `requestid` and `password` (the secret), without
 * signing in. As for signing links, the secret is kept for this tab only (sessionStorage, one entry
 * per request) and the page drops it from the address at once.
 */

export type RequestLinkCredentials = { request_id: string; password: string };

export const REQUEST_LINK_HEADERS = { requestId: 'requestid', password: 'password' } as const;

const PREFIX = 'esigns.request-link.';
/** Secrets are random link tokens; anything longer is not one. */
const MAX_SECRET_LENGTH = 200;

export function readRequestLink(requestId: string | undefined): RequestLinkCredentials | null {
  const password = requestId ? readTabValue(PREFIX + requestId) : null;
  return requestId && password ? { request_id: requestId, password } : null;
}

/** The link of `search` (`?token=`, a newer link wins over a stored one), else this tab's. Saves what it finds. */
export function requestLinkFrom(requestId: string, search: string): RequestLinkCredentials | null {
  const token = new URLSearchParams(search).get('token');
  if (token && token.length <= MAX_SECRET_LENGTH) {
    writeTabValue(PREFIX + requestId, token);
    return { request_id: requestId, password: token };
  }
  return readRequestLink(requestId);
}

export function requestLinkHeaders(credentials: RequestLinkCredentials): Record<string, string> {
  return {
    [REQUEST_LINK_HEADERS.requestId]: credentials.request_id,
    [REQUEST_LINK_HEADERS.password]: credentials.password,
  };
}

/** The request of a `/company-documents/requested/{id}/…` address, for the route guard. */
export function requestIdOfPath(pathname: string): string | null {
  const match = /^\/company-documents\/requested\/([^/]+)\//.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
