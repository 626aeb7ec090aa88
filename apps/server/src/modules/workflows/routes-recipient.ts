import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZResendWorkflow,
  ZWorkflowAcknowledgeRequest,
  ZResendWorkflowResult,
  ZWorkflowUserStatus,
  ZWorkflowUserStatusRequest,
} from '@esigns/contracts/workflows';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { findPeople } from '../auth';
import { accessOf, requirePermission } from '../permissions';
import { nameOf } from './definitions-read';
import { MINTS_PER_STEP_HOUR } from './recipient-mint';
import { acknowledgeStep } from './recipient-acknowledge';
import { recipientStatus } from './recipient-status';
import { resendDueSteps } from './resend-service';
import { WORKFLOW_ERRORS, WORKFLOW_SECURITY, WORKFLOW_TAGS } from './route-schemas';

const tags = WORKFLOW_TAGS;

const ZRecipientHeaders = z
  .object({
    workflowdataid: z
      .string()
      .optional()
      .describe(
        'The packet (instance) id: optional with a link, must agree with it; required with a bearer token',
      ),
    documentid: z.string().optional().describe("A signing link's sent document id"),
    userid: z.string().optional().describe("A signing link's document user id, or a form link's guest id"),
    password: z.string().optional().describe("A signing link's or a request link's `token`"),
    requestid: z.string().optional().describe("A request link's document request id"),
    passcode: z.string().optional().describe("A form link's session secret (`t` of the link)"),
    formbuilderid: z.string().optional().describe("A form link's form id"),
    formbuilderdataid: z
      .string()
      .optional()
      .describe("A form link's submission id (else the packet's form steps are tried)"),
  })
  .passthrough();

/** The recipient's side of packets (`user-status`, public with a link) and the staff's resend. */
export function registerWorkflowRecipientRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/workflow/user-status',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        security: [...WORKFLOW_SECURITY, {}],
        summary: "A recipient's own packet: their steps, states, and the link of the next one",
        description:
          "The caller proves who they are with ONE step object's credentials: a signing link (`documentid`, " +
          '`userid`, `password`), a request link (`requestid`, `password`), a form link (`userid` + `passcode` + ' +
          '`formbuilderid`, and `formbuilderdataid` or `workflowdataid`), or `Authorization: Bearer` of a signed-in ' +
          "user (staff or contact area) whose email is a recipient's (then `workflowdataid` is required: 422). The " +
          'packet is the one the object belongs to (a `workflowdataid` given must be it: else 404); an object in ' +
          'no packet: 404. Answers the steps addressed to the caller (same email: requests and forms go to the ' +
          "primary person, a template's document to its recipients), in order, with states. `open_url` is null " +
          'except for the step the caller came by (its page, without the secret) and, with `open_step_id`, a ' +
          'fresh link to that DUE step of theirs, minted through its own area (a new live signing secret, a new ' +
          "request link, a new form link session) and logged on the timeline (`link_issued`) and the object's " +
          `trail: at most ${MINTS_PER_STEP_HOUR} per step and hour (429). Another recipient's or an unknown step: ` +
          '404; a step not due, or a finished packet: 409 (a finished packet still answers its states). Wrong ' +
          'or replaced secrets, unknown ids: 401 with one message; 20 failures from one address in 15 minutes: 429.',
        headers: ZRecipientHeaders,
        body: ZWorkflowUserStatusRequest.nullish().transform((body) => body ?? {}),
        response: { 200: ZSuccess(ZWorkflowUserStatus), ...WORKFLOW_ERRORS, 429: ZErrorBody },
      },
    },
    async (request) => ok(await recipientStatus(platform, request, request.body)),
  );

  r.post(
    '/workflow/acknowledge',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security: [...WORKFLOW_SECURITY, {}],
        summary: 'A recipient acknowledges a read-and-acknowledge step (not in the spec)',
        description:
          'The viewer of a `static` step ("read and acknowledge") says they have read its document, with the ' +
          'credentials `user-status` takes (a signing link, or a bearer token with `workflowdataid`). Opening ' +
          'the document only marks it viewed; this is the acknowledgement, recorded with time, IP and user agent ' +
          "on the packet's timeline (`acknowledged`) and the document's audit trail (`recipient.acknowledged`). " +
          "Once every viewer of the step's document has acknowledged it and the document is completed, the " +
          'step is DONE and the packet moves on. Twice is once. Not a static step of the caller, or the caller ' +
          "is not its viewer: 409; another recipient's or an unknown step: 404; the step not due or the packet " +
          'finished: 409; not viewed yet: 409. Answers the packet as `user-status` does.',
        headers: ZRecipientHeaders,
        body: ZWorkflowAcknowledgeRequest,
        response: { 200: ZSuccess(ZWorkflowUserStatus), ...WORKFLOW_ERRORS, 429: ZErrorBody },
      },
    },
    async (request) => ok(await acknowledgeStep(platform, request, request.body), 'Acknowledged'),
  );

  r.post(
    '/resend-workflow/:workflow_id',
    {
      onRequest: requirePermission(platform, 'workflows:send'),
      schema: {
        tags,
        security: WORKFLOW_SECURITY,
        summary: "Mail a running packet's due steps again",
        description:
          'Needs `workflows:send`. `workflow_id` is the INSTANCE (workflow data) id. Mails every DUE step ' +
          "(or only `step_ids`) again through its own area: a template step's recipients whose turn it is get " +
          "the signing mail with a new link (earlier links keep working, up to five), a requested step's contact " +
          "a new request link mail, a form step's filler their personal link again (a new session: the older " +
          'form link stops working). All in one transaction; a `resent` timeline event per step. Not IN_PROGRESS: ' +
          "409; an unknown step id or a step not DUE: 422 keyed `step_ids.{i}` naming it; another company's " +
          'or an unknown instance: 404. Answers the steps mailed with the addresses.',
        params: z.object({ workflow_id: z.string().max(64).describe('The workflow data (instance) id') }),
        body: ZResendWorkflow.nullish().transform((body) => body ?? {}),
        response: { 200: ZSuccess(ZResendWorkflowResult), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const me = (await findPeople(platform.database.db, [access.userId])).get(access.userId);
      const name = me ? nameOf(me) : null;
      const result = await resendDueSteps(platform, {
        companyId: access.companyId,
        instanceId: request.params.workflow_id,
        stepIds: request.body.step_ids,
        actor: { userId: access.userId, name },
      });
      return ok(result, 'Mailed again');
    },
  );
}
