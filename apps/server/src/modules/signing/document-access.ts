import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { bearerToken, verifyAccessToken } from '../../platform/auth/access-token';
import { AppError, notFound } from '../../platform/http/app-error';
import { assertEmbeddedSessionMay, markSessionHook } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { isUuid } from '@esigns/contracts/ids';
import {
  canSeeSentDocument,
  findEmployeeDocument,
  forbidden,
  type EmployeeRow,
  employeeDocumentOf,
} from '../documents';
import { loadAccess, type AccessContext } from '../permissions';
import { assertSigner, authenticateSigner, hasSignerSecret } from './signer-access';

/**
 * A sent document of the caller's company that they see, else 404 (unknown, another company's,
 * or not theirs to see: never tell which); 403 when they see it but lack `slug`.
 */
export async function findVisibleDocument(
  platform: Platform,
  access: AccessContext,
  id: string,
  slug: PermissionSlug,
): Promise<EmployeeRow> {
  const document = await findEmployeeDocument(platform.database.db, access.companyId, id);
  if (document.status === 'DRAFT' || !canSeeSentDocument(access, document)) throw notFound('Document');
  if (!hasPermission(access, slug)) throw forbidden(slug);
  return document;
}

/**
 * onRequest hook of the routes open to staff and recipients alike (downloads): signer headers
 * (`password`) make the caller a recipient; otherwise a bearer token is needed, and the caller
 * is staff when the document is one of their company's that they see (holding `slug`, else
 * 403), or a recipient when the token's user has the recipient's email. Anything else: 404.
 * Sets `request.access` (staff) or `request.signer` (recipient).
 */
export function requireStaffOrSigner(
  platform: Platform,
  param: string,
  slug: PermissionSlug,
): onRequestAsyncHookHandler {
  return markSessionHook(async (request: FastifyRequest) => {
    if (hasSignerSecret(request)) {
      request.signer = await assertSigner(platform, request, param);
      return;
    }
    const token = bearerToken(request.headers.authorization);
    if (!token)
      throw new AppError('UNAUTHORIZED', { message: 'Sign in or open your signing link to continue' });
    const claims = await verifyAccessToken(token, platform.config.secrets.jwtSecret);
    if (!claims) throw new AppError('UNAUTHORIZED', { message: 'Your session has expired' });
    assertEmbeddedSessionMay(claims, request);
    const id = (request.params as Record<string, unknown>)[param];
    if (typeof id !== 'string' || !isUuid(id)) throw notFound('Document');
    const document = await employeeDocumentOf(platform.database.db, id);
    if (document && document.companyId === claims.companyId && !claims.isContact) {
      const access = await loadAccess(platform.database.db, claims);
      if (document.status !== 'DRAFT' && canSeeSentDocument(access, document)) {
        if (!hasPermission(access, slug)) throw forbidden(slug);
        request.access = access;
        return;
      }
    }
    // A bearer token cannot be guessed: no failure counting here, unlike link secrets.
    const signer = await authenticateSigner(platform, request, param);
    if (!signer) throw notFound('Document');
    request.signer = signer;
  }, 'staff-or-signer');
}
