import { and, eq } from 'drizzle-orm';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authOf, requireAuth } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { contactDirectory } from '../contacts';
import { applicationUsers } from './schema';

/** The contact behind a contact-area call: every service of the contact area receives this. */
export type ContactContext = {
  /** The login (`users` row). */
  userId: string;
  companyId: string;
  contactId: string;
  applicationUserId: string;
  contactTypeId: string | null;
  /** The contact's own account record: what their OWN-scope entity permissions are linked to. */
  accountDataId: string | null;
  email: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    contact?: ContactContext;
  }
}

/**
 * The contact with ACTIVE portal access behind a (user, company) pair, read fresh on every call
 * (one indexed join): revoked access or a deleted contact takes effect at once, not when the token
 * expires.
 */
export async function loadContactContext(
  db: Pick<Db, 'select'>,
  claims: { userId: string; companyId: string },
): Promise<ContactContext | null> {
  const [row] = await db
    .select({
      applicationUserId: applicationUsers.id,
      contactId: applicationUsers.contactId,
      accountDataId: applicationUsers.accountDataId,
      contactTypeId: contactDirectory.contactTypeId,
      email: contactDirectory.email,
    })
    .from(applicationUsers)
    .innerJoin(contactDirectory, eq(contactDirectory.id, applicationUsers.contactId))
    .where(
      and(
        eq(applicationUsers.userId, claims.userId),
        eq(applicationUsers.companyId, claims.companyId),
        eq(applicationUsers.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { userId: claims.userId, companyId: claims.companyId, ...row };
}

/**
 * onRequest hooks of a contact-only route: a contact-area access token (a staff token is 403)
 * whose portal access is still ACTIVE (else 401), then `contactOf(request)`.
 */
export function requireContact(platform: Platform): onRequestAsyncHookHandler[] {
  return [
    requireAuth(platform.config.secrets.jwtSecret, 'contact'),
    async (request) => {
      const contact = await loadContactContext(platform.database.db, authOf(request));
      if (!contact) {
        throw new AppError('UNAUTHORIZED', { message: 'Your access to this contact area has ended' });
      }
      request.contact = contact;
    },
  ];
}

/** The caller of a route behind `requireContact`. */
export function contactOf(request: FastifyRequest): ContactContext {
  if (!request.contact) throw new AppError('UNAUTHORIZED', { message: 'Sign in to continue' });
  return request.contact;
}

/**
 * onRequest hooks of a route both staff and contacts call: a contact token runs `requireContact`
 * (ACTIVE portal access, then `contactOf(request)`), any other token runs `staffHooks` (typically
 * `requirePermission(...)`, then `accessOf(request)`). The handler tells them apart by
 * `request.contact`.
 */
export function requireStaffOrContact(
  platform: Platform,
  staffHooks: onRequestAsyncHookHandler[],
): onRequestAsyncHookHandler[] {
  const contactHooks = requireContact(platform);
  return [
    requireAuth(platform.config.secrets.jwtSecret, 'staff-or-contact'),
    async function admit(request, reply) {
      const hooks = authOf(request).isContact ? contactHooks : staffHooks;
      for (const hook of hooks) await hook.call(this, request, reply);
    },
  ];
}
