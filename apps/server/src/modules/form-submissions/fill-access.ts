import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-user-permissions';
import { accessOf, requirePermission } from '../permissions';
import { isUuid } from '@esigns/contracts/ids';
import { guestClaimOf, readGuest, type GuestIdentity } from './builders-port';
import { readGuestFill, type GuestFill } from './fill-context';
import type { Caller } from './submission-store';

/*
 * Who may call a fill route: a member of the company or a signed-in contact of the contact area
 * (`Authorization: Bearer`, told apart by the token), or a guest of the form (headers `userid` +
 * `passcode` + `formbuilderid`, checked by form-builders' `readGuest`). A request with a bearer
 * token is never read as a guest.
 */

const guests = new WeakMap<FastifyRequest, GuestIdentity>();
const fills = new WeakMap<FastifyRequest, GuestFill>();

/**
 * onRequest hook: staff (holding `slug` when given), a contact with ACTIVE portal access (no slug:
 * what they reach is checked per form and submission), or a guest of the form, else 401/403. Routes
 * then read `callerOf(request)`. With `preload` (the save and submit routes), a guest's session,
 * form and submission (the route's `{id}`, else the draft they would resume) are read in one
 * statement with the session check (`fill-context.ts`); the route reads them with `fillOf`.
 */
export function requireFillerOrStaff(
  platform: Platform,
  slug?: PermissionSlug,
  options: { preload?: boolean } = {},
): onRequestAsyncHookHandler {
  const signedIn = requireStaffOrContact(platform, requirePermission(platform, slug));
  const refused = () =>
    new AppError('UNAUTHORIZED', { message: 'Sign in, or open the form from its link again' });
  return async function (request, reply) {
    if (request.headers.authorization !== undefined) {
      for (const hook of signedIn) await hook.call(this, request, reply);
      return;
    }
    if (options.preload) {
      const claim = guestClaimOf(request);
      if (!claim) throw refused();
      const id = (request.params as { id?: unknown } | undefined)?.id;
      const target =
        typeof id !== 'string' ? 'RESUMABLE' : isUuid(id) ? { submissionId: id } : ('NONE' as const);
      const fill = await readGuestFill(platform.database.db, claim, target);
      guests.set(request, fill.guest);
      fills.set(request, fill);
      return;
    }
    const guest = await readGuest(platform.database.db, request);
    if (!guest) throw refused();
    guests.set(request, guest);
  };
}

/** What the `preload` hook read for a guest (undefined for staff and other routes). */
export function fillOf(request: FastifyRequest): GuestFill | undefined {
  return fills.get(request);
}

export function callerOf(request: FastifyRequest): Caller {
  const guest = guests.get(request);
  if (guest) return { kind: 'GUEST', companyId: guest.companyId, guest };
  if (request.contact)
    return { kind: 'CONTACT', companyId: request.contact.companyId, contact: request.contact };
  const access = accessOf(request);
  return { kind: 'STAFF', companyId: access.companyId, access };
}

/** A member of the company holding `slug` (guests, contacts and members without it: 403). */
export function requireStaffSlug(caller: Caller, slug: PermissionSlug): void {
  if (caller.kind !== 'STAFF' || !hasPermission(caller.access, slug)) {
    throw new AppError('FORBIDDEN', { message: `You do not have permission to do this (${slug})` });
  }
}
