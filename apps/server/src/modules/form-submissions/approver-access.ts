import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { isUuid } from '@esigns/contracts/ids';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-user-permissions';
import { accessOf, requirePermission } from '../permissions';
import { approvalOfLink, type ApproverCaller } from './approvals-service';
import type { ApprovalRow } from './submission-store';

/*
 * Approvers outside the company prove their approval with the headers of their mailed link:
 * `approvercontactid` (the approval id) and `passcode` (the link's secret). A request with a bearer
 * token is read as staff, or as a signed-in contact of the contact area when the token is theirs.
 */

const links = new WeakMap<FastifyRequest, ApprovalRow>();

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Whether the request carries an outside approver's headers (and no bearer token). */
export const hasApproverHeaders = (request: FastifyRequest): boolean =>
  request.headers.authorization === undefined && headerOf(request, 'approvercontactid') !== undefined;

/** Reads and checks the approver's link headers (401 when wrong); `linkOf` then answers the approval. */
export async function readApproverLink(platform: Platform, request: FastifyRequest): Promise<void> {
  const approvalId = headerOf(request, 'approvercontactid');
  const secret = headerOf(request, 'passcode');
  if (!approvalId || !secret || !isUuid(approvalId)) {
    throw new AppError('UNAUTHORIZED', { message: 'This approval link is not valid any more' });
  }
  links.set(request, await approvalOfLink(platform, approvalId, secret));
}

/** onRequest: an approver's link headers, else staff as `requirePermission`, or a signed-in contact. */
export function requireApprover(platform: Platform): onRequestAsyncHookHandler {
  const staff = requireStaffOrContact(platform, requirePermission(platform));
  return async function (request, reply) {
    if (hasApproverHeaders(request)) return readApproverLink(platform, request);
    for (const hook of staff) await hook.call(this, request, reply);
  };
}

export const linkOf = (request: FastifyRequest): ApprovalRow | undefined => links.get(request);

export function approverOf(request: FastifyRequest): ApproverCaller {
  const approval = links.get(request);
  if (approval) return { kind: 'LINK', approval };
  if (request.contact) return { kind: 'CONTACT', contact: request.contact };
  return { kind: 'STAFF', access: accessOf(request) };
}
