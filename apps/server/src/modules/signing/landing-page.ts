import type { FastifyRequest } from 'fastify';
import type { TESignRecord } from '@esigns/contracts/signing';
import { SIGNING_LANDING_PATH } from '@esigns/contracts/signing-link';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { readESignRecord } from './esign-record';
import { storedFirstPageImageUrl } from './page-image';
import { clientOf } from './route-common';
import { assertLinkTriesLeft, invalidLink, signerBySecret } from './signer-access';

export type LandingLink = { documentId: string; userId: string; secret: string };

/** The document, recipient and secret of a signing link's address (mails.ts writes it), or null. */
export function landingLinkOf(url: string): LandingLink | null {
  const [pathname = '', query = ''] = url.split('#', 1)[0]!.split('?', 2);
  const match = SIGNING_LANDING_PATH.exec(pathname);
  const secret = new URLSearchParams(query).get('token');
  if (!match || !secret) return null;
  try {
    return { documentId: decodeURIComponent(match[1]!), userId: decodeURIComponent(match[2]!), secret };
  } catch {
    return null; // a damaged address: the app says what is wrong
  }
}

/**
 * The recipient's record for the signing link's page as the server draws it (drawn-pages.ts), with
 * the address of its first page's image when the recipient may act. Read exactly as
 * `GET /e-signs/{id}` reads it for the same secret, except that it is not counted as a view (a mail
 * scanner opening the link must not make the recipient VIEWED: the app's own call, from a browser,
 * does). Null when the link is not valid: the app then shows what it shows for it, and the failure
 * counts against the caller's address as an API call's would, so that the page cannot be used to
 * try secrets faster than the API.
 */
export async function landingRecordForPage(
  platform: Platform,
  request: FastifyRequest,
  link: LandingLink,
): Promise<{ record: TESignRecord; firstPageUrl: string | null } | null> {
  try {
    assertLinkTriesLeft(platform, request);
    const signer = await signerBySecret(platform, link);
    if (!signer) invalidLink(platform, request);
    const record = await readESignRecord(platform, signer, clientOf(request), { observed: false });
    // The first page's image (when it is made already), for a "Review and sign" pressed before the
    // app runs: only to a recipient who may act now, as `GET /e-signs/{id}/first-page` answers.
    const mayAct = record.blocked === null && record.gates.length === 0 && record.file !== null;
    const firstPageUrl = mayAct ? await storedFirstPageImageUrl(platform, signer.document) : null;
    return { record, firstPageUrl };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
