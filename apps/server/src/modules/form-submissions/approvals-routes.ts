import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ZFormSubmission } from '@esigns/contracts/form-builders';
import {
  ZApprovalAuth,
  ZApprovalDecisionRequest,
  ZApprovalQueueItem,
  ZApprovalQueueQuery,
  ZResendApprovalsRequest,
} from '@esigns/contracts/form-submissions';
import { AppError } from '../../platform/http/app-error';
import { clientIp } from '../../platform/http/client-ip';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-user-permissions';
import { accessOf, requirePermission } from '../permissions';
import {
  approvalAuth,
  countWaitingApprovals,
  listWaitingApprovals,
  type SignedInApprover,
} from './approvals-queue';
import { approverOf, linkOf, requireApprover } from './approver-access';
import { decideApproval, resendApprovals } from './approvals-service';
import { callerOf } from './fill-access';
import { FILL_ERRORS, FILL_SECURITY, FILL_TAGS } from './fill-route-common';

/*
 * Approval routes. Staff approvers use their bearer token; approvers outside the company the
 * headers of their mailed link: `approvercontactid` (the approval id) and `passcode` (its secret).
 */

const APPROVER_DOC =
  'Staff approvers send their bearer token; approvers outside the company the headers of their mailed link ' +
  '(`/public/fbd/{code}/approval/auth?approval=...&t=...`): `approvercontactid` (the approval id) and `passcode` ' +
  '(the `t` secret). A wrong or withdrawn link answers 401.';
const STAFF_SECURITY = [{ bearer: [] }];

/** The signed-in approver of a queue call (`requireStaffOrContact` ran: never a guest). */
const signedInApprover = (request: FastifyRequest): SignedInApprover => {
  const caller = callerOf(request);
  if (caller.kind === 'GUEST') throw new AppError('UNAUTHORIZED', { message: 'Sign in to continue' });
  return caller;
};

export function registerApprovalRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const signedIn = requireStaffOrContact(platform, requirePermission(platform));

  r.get(
    '/formbuilder-data/approval',
    {
      onRequest: signedIn,
      schema: {
        tags: FILL_TAGS,
        security: STAFF_SECURITY,
        summary: 'Submissions waiting for my approval, paged',
        description:
          "The signed-in user's undecided approvals at the level their submission waits at now, newest first " +
          '(`/forms/approval-forms`); `formbuilder_details_id` narrows to one form. A signed-in contact of the ' +
          'contact area (`/ap/approvalforms`) gets the approvals asked of their contact (CONTACT approvers).',
        querystring: ZApprovalQueueQuery,
        response: { 200: ZSuccess(ZPaged(ZApprovalQueueItem)), ...FILL_ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listWaitingApprovals(db, signedInApprover(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/formbuilder-data/approval/count',
    {
      onRequest: signedIn,
      schema: {
        tags: FILL_TAGS,
        security: STAFF_SECURITY,
        summary: 'How many submissions wait for my approval',
        description: 'The count of `GET formbuilder-data/approval` (the sidebar badge).',
        response: { 200: ZSuccess(z.object({ count: z.number().int() })), ...FILL_ERRORS },
      },
    },
    async (request) => ok(await countWaitingApprovals(db, signedInApprover(request))),
  );

  r.post(
    '/formbuilder-data/:id/approval',
    {
      onRequest: requireApprover(platform),
      schema: {
        tags: FILL_TAGS,
        security: FILL_SECURITY,
        summary: 'Approve or reject a submission',
        description:
          "The approver's decision at the level the submission waits at (a path the spec does not name; the " +
          'approval screens call it). ANY levels are settled by the first decision; ALL levels need every ' +
          'approver to approve (one rejection settles them). An approved level opens the next (its approvers ' +
          'mailed) or makes the submission APPROVED; a rejection makes it REJECTED, or SENT_BACK to its filler ' +
          'when the level sends back. The filler is mailed the outcome; every decision is in the history. Not an ' +
          'approver of this submission (or a link of another one): 404; already decided, or not at your level: 409. ' +
          'A signed-in contact of the contact area decides the approvals asked of their contact. ' +
          APPROVER_DOC,
        params: z.object({ id: z.string().max(64) }),
        body: ZApprovalDecisionRequest,
        response: { 200: ZSuccess(ZFormSubmission), ...FILL_ERRORS },
      },
    },
    async (request) => {
      const input = { ...request.body, ip: clientIp(request) };
      return ok(
        await decideApproval(platform, approverOf(request), request.params.id, input),
        'Decision recorded',
      );
    },
  );

  r.get(
    '/formBuilders/approvals/auth',
    {
      onRequest: requireApprover(platform),
      schema: {
        tags: FILL_TAGS,
        summary: "What an outside approver's link opens",
        description:
          '`authDetails`: the approval, its submission and form code, its level, the decision when given and ' +
          `whether it can be decided now; \`userDetails\`: the approver. ${APPROVER_DOC}`,
        response: { 200: ZSuccess(ZApprovalAuth), ...FILL_ERRORS },
      },
    },
    async (request) => {
      const approval = linkOf(request);
      if (!approval) throw new AppError('UNAUTHORIZED', { message: 'Open the approval link from your mail' });
      return ok(await approvalAuth(db, approval));
    },
  );

  r.post(
    '/formBuilders/resendapprovals/',
    {
      onRequest: requirePermission(platform, 'form-builders:send'),
      schema: {
        tags: FILL_TAGS,
        security: STAFF_SECURITY,
        summary: 'Mail the waiting approvers again',
        description:
          'Needs `form-builders:send`. The undecided approvers of the level the submission waits at are mailed ' +
          'again; outside approvers get a new link (the old one stops working). A submission not waiting for ' +
          "approval: 409; an unknown or another company's id: 404.",
        body: ZResendApprovalsRequest,
        response: { 200: ZSuccess(z.object({ resent: z.number().int() })), ...FILL_ERRORS },
      },
    },
    async (request) =>
      ok(
        await resendApprovals(platform, accessOf(request), request.body.formbuilder_data_id),
        'Approvers mailed',
      ),
  );
}
