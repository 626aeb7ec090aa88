import type { FastifyRequest } from 'fastify';
import type { ContactContext } from '../application-users';
import { accessOf, type AccessContext } from '../permissions';

/** Who calls the library: staff of the company, or a contact of its contact area. */
export type FileCaller =
  { kind: 'STAFF'; access: AccessContext } | { kind: 'CONTACT'; contact: ContactContext };

/** The caller of a route behind `requireStaffOrContact` (or a staff-only route). */
export function fileCallerOf(request: FastifyRequest): FileCaller {
  if (request.contact) return { kind: 'CONTACT', contact: request.contact };
  return { kind: 'STAFF', access: accessOf(request) };
}

export const companyOf = (caller: FileCaller): string =>
  caller.kind === 'STAFF' ? caller.access.companyId : caller.contact.companyId;

export const userOf = (caller: FileCaller): string =>
  caller.kind === 'STAFF' ? caller.access.userId : caller.contact.userId;
