import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import {
  ZAddWorkflowContacts,
  ZSendWorkflow,
  ZWorkflowDataCreate,
  ZWorkflowDataUpdate,
  ZWorkflowInstance,
  ZWorkflowInstanceDetail,
  ZWorkflowSendProgress,
} from '@esigns/contracts/workflows';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { WORKFLOW_ERRORS, WORKFLOW_SECURITY, WORKFLOW_TAGS, ZWorkflowDataIdParams } from './route-schemas';
import { addWorkflowContacts, createWorkflowData, sendWorkflow, updateWorkflowData } from './start-service';

const tags = WORKFLOW_TAGS;
const security = WORKFLOW_SECURITY;
const NOT_FOUND = "Unknown or another company's workflow, instance or contact: 404.";

/** Running workflows: drafts, their contacts, voiding, the send. */
export function registerWorkflowEngineRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/create-workflow-data/:workflow_id',
    {
      onRequest: requirePermission(platform, 'workflows:send'),
      schema: {
        tags,
        security,
        summary: 'A DRAFT instance of a workflow',
        description:
          "Needs `workflows:send`. A DRAFT of the workflow's current version (its steps WAITING), with the " +
          "contact when given (a contact of the company, of the workflow's contact type when it has one: else " +
          `422). Only an ACTIVE workflow: else 409. ${NOT_FOUND}`,
        params: z.object({ workflow_id: z.string().max(64) }),
        body: ZWorkflowDataCreate,
        response: { 200: ZSuccess(ZWorkflowInstanceDetail), ...WORKFLOW_ERRORS },
      },
    },
    async (request) =>
      ok(
        await createWorkflowData(
          platform,
          accessOf(request),
          request.params.workflow_id,
          request.body.contact_id,
        ),
      ),
  );

  r.post(
    '/addWorkflow-contacts',
    {
      onRequest: requirePermission(platform, 'workflows:send'),
      schema: {
        tags,
        security,
        summary: 'Contacts of a DRAFT instance (more contacts: more DRAFTs in one batch)',
        description:
          'Needs `workflows:send`. The DRAFT gets the first contact; each further contact gets a DRAFT of the ' +
          "same version in the draft's batch, started together by one send. Contacts must be the company's " +
          "(else 404) and of the workflow's contact type when it has one (else 422 naming them). A sent " +
          `instance or a workflow no longer ACTIVE: 409. Answers every instance of the batch. ${NOT_FOUND}`,
        body: ZAddWorkflowContacts,
        response: { 200: ZSuccess(z.array(ZWorkflowInstance)), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => ok(await addWorkflowContacts(platform, accessOf(request), request.body)),
  );

  r.put(
    '/workflow-data/:id',
    {
      onRequest: requirePermission(platform, 'workflows:update'),
      schema: {
        tags,
        security,
        summary: "Change a DRAFT instance's contact or timing, or void an instance",
        description:
          'Needs `workflows:update`. A DRAFT takes `contact_id` and `timing`; `status: VOIDED` (with an optional ' +
          '`reason`) ends a DRAFT or IN_PROGRESS instance: its due steps become VOIDED and their open documents ' +
          `are voided. A final instance: 409. Logged in the timeline. ${NOT_FOUND}`,
        params: ZWorkflowDataIdParams,
        body: ZWorkflowDataUpdate,
        response: { 200: ZSuccess(ZWorkflowInstanceDetail), ...WORKFLOW_ERRORS },
      },
    },
    async (request) =>
      ok(await updateWorkflowData(platform, accessOf(request), request.params.id, request.body)),
  );

  r.post(
    '/documents/send-workflow',
    {
      onRequest: requirePermission(platform, 'workflows:send'),
      schema: {
        tags,
        security,
        summary: 'Send a DRAFT instance, or its whole batch',
        description:
          'Needs `workflows:send`. Queues durable jobs of at most 50 instances; each instance starts in one ' +
          "transaction that creates its first stage's objects (sent documents, document requests, form links) " +
          'and queues their mails, so it starts exactly once even after a crash. Answers the batch progress ' +
          '(`sent`, `failed`: an instance whose template or form cannot be sent stays DRAFT, logged ' +
          `\`start_failed\`). An instance already sent, without a contact, or a workflow not ACTIVE: 409/422. ${NOT_FOUND}`,
        body: ZSendWorkflow,
        response: { 200: ZSuccess(ZWorkflowSendProgress), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => ok(await sendWorkflow(platform, accessOf(request), request.body)),
  );
}
