import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaged, ZPageQuery, ZSuccess } from '@esigns/contracts/envelope';
import {
  MAX_SEND_RECIPIENTS,
  ZFormBatch,
  ZFormBatchListQuery,
  ZFormBatchMail,
  ZFormBatchStarted,
  ZFormContactCheck,
  ZFormContactCheckRequest,
  ZFormContactCreateRequest,
  ZFormLinkSent,
  ZFormSendEntityRequest,
  ZFormSendRequest,
  ZFormSendUsersRequest,
} from '@esigns/contracts/form-sends';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission, type AccessContext } from '../permissions';
import { cancelBatch, retryBatch } from './batch-control';
import { defineFormSendJob } from './batch-job';
import { defineFormReminderJob } from './reminders';
import { findSendableForm, startBatch, type Audience } from './batch-start';
import { batchMails, listBatches } from './batch-views';
import { checkFormContact, resendSubmissionLink, sendToContact } from './send-contact';
import type { FormBuilderRow } from './builders-port';
import { formContactType } from './contact-types';
import type { Tx } from './send-link';
import { contactRecipients, entityRecipients, userRecipients, type Resolved } from './send-recipients';
import { SEND_ERRORS, SEND_TAGS, security } from './send-schemas';
import { registerTemplateDataRoutes } from './template-data-routes';

const SEND_NOTE =
  'Answers 202 at once: a `formbuilders-batch` row holds the people (one per email) and ONE durable job sends ' +
  'them in chunks of 50; per person, in one transaction, a DRAFT submission (`batch_id`), a guest session for ' +
  'people outside the company, the personal-link mail and its history event, so each gets exactly one mail even ' +
  'if a worker is killed. Progress: `GET /formbuilders-batch`. 404 for a form of another company; 409 when the ' +
  'form is not ACTIVE, closed or full, or nobody is left to send to (one-per-person forms skip people who ' +
  `already have a submission). At most ${MAX_SEND_RECIPIENTS.toLocaleString('en')} people. Needs \`form-builders:send\`.`;

type SendRoute<B extends z.ZodType<{ formbuilder_details_id: string }>> = {
  url: string;
  summary: string;
  description: string;
  body: B;
  audience: Audience;
  resolve: (tx: Tx, access: AccessContext, body: z.output<B>, form: FormBuilderRow) => Promise<Resolved>;
};

/** A send: the form checked, the people resolved and the batch queued (202 with its id). */
function registerSend<B extends z.ZodType<{ formbuilder_details_id: string }>>(
  api: FastifyInstance,
  platform: Platform,
  route: SendRoute<B>,
): void {
  api.withTypeProvider<ZodTypeProvider>().post(
    route.url,
    {
      onRequest: requirePermission(platform, 'form-builders:send'),
      schema: {
        tags: SEND_TAGS,
        summary: route.summary,
        description: `${route.description} ${SEND_NOTE}`,
        security,
        body: route.body,
        response: { 202: ZSuccess(ZFormBatchStarted), ...SEND_ERRORS },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const body = request.body as z.output<B>;
      const form = await findSendableForm(platform, access, body.formbuilder_details_id, route.audience);
      const result = await startBatch(platform, access, form, (tx) => route.resolve(tx, access, body, form));
      return reply.code(202).send(ok(result, 'Sending the form'));
    },
  );
}

function registerSendRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const send = requirePermission(platform, 'form-builders:send');
  registerSend(api, platform, {
    url: '/formbuilder-data/send',
    summary: 'Send a form to contacts (by id) and emails',
    description:
      'Emails that are not contacts yet become contacts; 422 `contact_ids.{i}` for a contact of another company.',
    body: ZFormSendRequest,
    audience: 'OUTSIDE',
    resolve: (tx, access, body, form) =>
      contactRecipients(tx, access, body.contact_ids, body.emails, formContactType(form)),
  });
  registerSend(api, platform, {
    url: '/formbuilder-data/send/multiple-users',
    summary: 'Send a form to company users',
    description:
      'Each user gets a link to their submission (`/fb/{code}/{id}`, opened signed in); 422 `user_ids.{i}` for ' +
      'someone who is not an active member.',
    body: ZFormSendUsersRequest,
    audience: 'USERS',
    resolve: (tx, access, body) => userRecipients(tx, access, body.user_ids),
  });
  registerSend(api, platform, {
    url: '/formbuilder-data/multiple-entities',
    summary: 'Send a form to every record of an entity (the email in a field of its records)',
    description:
      "`email_field`: a field key of the entity's primary template (default its first EMAIL field; 422 when none). " +
      'Records without a valid email are skipped (`skipped`); the emails become contacts. 404 for an entity of ' +
      'another company.',
    body: ZFormSendEntityRequest,
    audience: 'OUTSIDE',
    resolve: (tx, access, body, form) =>
      entityRecipients(tx, access, body.entity_id, body.email_field, formContactType(form)),
  });

  r.post(
    '/formbuilder-data/contact/check',
    {
      onRequest: send,
      schema: {
        tags: SEND_TAGS,
        summary: "A contact's standing for a form",
        description:
          "The company's contact with the email (null when none), that email's submissions of the form (not drafts) " +
          'and whether they may start one now (`reason` says why not). 404 for a form of another company. Needs ' +
          '`form-builders:send`.',
        security,
        body: ZFormContactCheckRequest,
        response: { 200: ZSuccess(ZFormContactCheck), ...SEND_ERRORS },
      },
    },
    async (request) => ok(await checkFormContact(platform, accessOf(request), request.body)),
  );

  r.post(
    '/formbuilder-data/contact',
    {
      onRequest: send,
      schema: {
        tags: SEND_TAGS,
        summary: 'Create a contact (or take the existing one) and send them a personal link',
        description:
          'In one transaction: the contact (an existing one keeps their names), a DRAFT submission, a guest session ' +
          'and the link mail (`/public/fb/{code}/{formbuilder_data_id}/vp/{guest_id}?t=...`). 409 when the form ' +
          'cannot be sent (see `/formbuilder-data/send`) or takes one submission per person and the email has one. ' +
          'Needs `form-builders:send`.',
        security,
        body: ZFormContactCreateRequest,
        response: { 201: ZSuccess(ZFormLinkSent), ...SEND_ERRORS },
      },
    },
    async (request, reply) => {
      const sent = await sendToContact(platform, accessOf(request), request.body);
      return reply.code(201).send(ok(sent, 'Link sent'));
    },
  );

  r.post(
    '/wh/formbuilders/:id',
    {
      onRequest: send,
      schema: {
        tags: SEND_TAGS,
        summary: 'Resend the personal link of a submission',
        description:
          'Mails the filler a new link (a guest gets a new session secret: their older link stops working; a company ' +
          'user the same sign-in link). A history event records it. 404 for a submission of another company; 409 ' +
          'once it is submitted. Needs `form-builders:send`.',
        security,
        params: z.object({ id: z.string().max(100).describe('Submission (formbuilder_data) id') }),
        response: { 200: ZSuccess(ZFormLinkSent), ...SEND_ERRORS },
      },
    },
    async (request) =>
      ok(await resendSubmissionLink(platform, accessOf(request), request.params.id), 'Link sent'),
  );
}

function registerBatchRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/formbuilders-batch',
    {
      onRequest: requirePermission(platform, 'form-builders:send'),
      schema: {
        tags: SEND_TAGS,
        summary: "The company's form sends, with progress",
        description:
          'Newest first; `?formbuilder_details_id` narrows to one form, `?status` to QUEUED, RUNNING, DONE or ' +
          'FAILED. `progress` is 0-100 (people sent or failed of `total`); `message` names the first people who ' +
          'could not be sent. Needs `form-builders:send`.',
        security,
        querystring: ZFormBatchListQuery,
        response: { 200: ZSuccess(ZPaged(ZFormBatch)), ...SEND_ERRORS },
      },
    },
    async (request) => ok(await listBatches(platform, accessOf(request), request.query)),
  );

  r.get(
    '/formbuilders-batch/email-data/:id',
    {
      onRequest: requirePermission(platform, 'form-builders:send'),
      schema: {
        tags: SEND_TAGS,
        summary: 'The people a send reached, with their mail status',
        description:
          'Paged, in the order they were sent: the submission (`formbuilder_data_id`), email, name, the ' +
          "submission's status and the delivery of the latest link mail (QUEUED, SENDING, SENT, FAILED, OUTBOX). " +
          '`batch` is the send with its progress. 404 for a send of another company. Needs `form-builders:send`.',
        security,
        params: z.object({ id: z.string().max(100).describe('Send (batch) id') }),
        querystring: ZPageQuery,
        response: {
          200: ZSuccess(ZPaged(ZFormBatchMail).extend({ batch: ZFormBatch })),
          ...SEND_ERRORS,
        },
      },
    },
    async (request) => ok(await batchMails(platform, accessOf(request), request.params.id, request.query)),
  );

  r.post(
    '/formbuilders-batch/:id/cancel',
    {
      onRequest: requirePermission(platform, 'form-builders:send'),
      schema: {
        tags: SEND_TAGS,
        summary: 'Cancel a send',
        description:
          'A QUEUED or RUNNING send becomes CANCELLED: a chunk in flight finishes (its people stay sent), the next ' +
          'chunk does nothing; the people not reached yet get no link. Answers the send. 404 for a send of another ' +
          'company; 409 once the send is over. A path the spec does not name. Needs `form-builders:send`.',
        security,
        params: z.object({ id: z.string().max(100).describe('Send (batch) id') }),
        response: { 200: ZSuccess(ZFormBatch), ...SEND_ERRORS },
      },
    },
    async (request) =>
      ok(await cancelBatch(platform, accessOf(request), request.params.id), 'Send cancelled'),
  );

  r.post(
    '/formbuilders-batch/:id/retry',
    {
      onRequest: requirePermission(platform, 'form-builders:send'),
      schema: {
        tags: SEND_TAGS,
        summary: 'Retry the people a send failed',
        description:
          'A new send (202, as `/formbuilder-data/send`) to the people of a DONE, FAILED or CANCELLED send who got no ' +
          "link (a cancelled send's people not tried yet are not failed); the send's `retry_batch_id` names it. 404 " +
          'for a send of another company; 409 while it runs, when it was retried already, when nobody failed, or ' +
          'when the form cannot be sent now. A path the spec does not name. Needs `form-builders:send`.',
        security,
        params: z.object({ id: z.string().max(100).describe('Send (batch) id') }),
        response: { 202: ZSuccess(ZFormBatchStarted), ...SEND_ERRORS },
      },
    },
    async (request, reply) =>
      reply.code(202).send(ok(await retryBatch(platform, accessOf(request), request.params.id), 'Retrying')),
  );
}

/** Sending a form to people (batches with progress), resending links, and submission data out. */
export function registerSubmissionSendRoutes(api: FastifyInstance, platform: Platform): void {
  registerSendRoutes(api, platform);
  registerBatchRoutes(api, platform);
  registerTemplateDataRoutes(api, platform);
}

/** The durable jobs of form sends and reminders, defined before the queue starts. */
export function defineFormSendJobs(platform: Platform): void {
  defineFormSendJob(platform);
  defineFormReminderJob(platform);
}
