import type { onRequestAsyncHookHandler } from 'fastify';
import { authOf, requireAuth } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { requireContact } from '../application-users';

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
