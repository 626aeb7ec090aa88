import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { readGuest, type GuestIdentity } from './builders-port';
import type { Caller } from './submission-store';

/*
 * Who may call a fill route: a member of the company (`Authorization: Bearer`) or a guest of the
 * form (headers `userid` + `passcode` + `formbuilderid`, checked by form-builders' `readGuest`).
 * A request with a bearer token is always read as staff.
 */

const guests = new WeakMap<FastifyRequest, GuestIdentity>();

/**
 * onRequest hook: staff (holding `slug` when given) or a guest of the form, else 401/403. Routes
 * then read `callerOf(request)`.
 */
export function requireFillerOrStaff(platform: Platform, slug?: PermissionSlug): onRequestAsyncHookHandler {
  const staff = requirePermission(platform, slug);
  return async function (request, reply) {
    if (request.headers.authorization !== undefined) {
      for (const hook of staff) await hook.call(this, request, reply);
      return;
    }
    const guest = await readGuest(platform.database.db, request);
    if (!guest)
      throw new AppError('UNAUTHORIZED', { message: 'Sign in, or open the form from its link again' });
    guests.set(request, guest);
  };
}

export function callerOf(request: FastifyRequest): Caller {
  const guest = guests.get(request);
  if (guest) return { kind: 'GUEST', companyId: guest.companyId, guest };
  const access = accessOf(request);
  return { kind: 'STAFF', companyId: access.companyId, access };
}

/** A member of the company holding `slug` (guests and members without it: 403). */
export function requireStaffSlug(caller: Caller, slug: PermissionSlug): void {
  if (caller.kind !== 'STAFF' || !hasPermission(caller.access, slug)) {
    throw new AppError('FORBIDDEN', { message: `You do not have permission to do this (${slug})` });
  }
}
