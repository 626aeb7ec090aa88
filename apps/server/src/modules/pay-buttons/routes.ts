import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZPageQuery, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZManualStatus,
  ZManualStatusNew,
  ZPayButtonPayment,
  ZPayButtonPaymentDetail,
  ZPayButtonState,
  ZPayIntegration,
  ZPayIntegrationSave,
  ZPaymentsQuery,
  ZPayStatusQuery,
  ZStartPayment,
  ZStartPaymentResult,
  ZUpdatePayRules,
} from '@esigns/contracts/pay-buttons';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-user-permissions';
import { fillCallerOf, requireFillerOrStaff } from '../form-submissions';
import { accessOf, requirePermission } from '../permissions';
import type { Payer } from './buttons';
import {
  findIntegration,
  listIntegrations,
  saveIntegration,
  updateRules,
  integrationView,
} from './integrations';
import { recordManualPayment, setPaymentStatus } from './manual';
import { startButtonPayment } from './payments';
import { listPayments, paymentDetail, targetStates } from './reads';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const tags = ['pay-buttons'];
const security = [{ bearer: [] }];
const VIEW = 'Needs `payments:view`. ';
const CONFIGURE = 'Needs `payments:configure` (OWNER and ADMIN by default). ';
const AMOUNT =
  'The amount is computed here from the button (its fixed amount, or the saved value of its amount field; a rule of ' +
  '`/updateRulesOfPayBtn` may override it), never taken from the caller: save the record or form step first. ' +
  'A button already paid: 409. An open attempt of the same amount and payer is resumed (same transaction). ' +
  'Answers where to send the payer (`redirect_url`, Stripe Checkout) or, for a wire (MANUAL) account, the instructions. ';

/** A signed-in caller of `POST /payment` / the status read: staff, or a contact of the contact area. */
function signedInPayer(request: FastifyRequest): Payer {
  if (request.contact) return { kind: 'CONTACT', contact: request.contact };
  return { kind: 'STAFF', access: accessOf(request) };
}

/** A caller of the fill routes: a guest of the form's session, a contact or staff. */
function fillPayer(request: FastifyRequest): Payer {
  const caller = fillCallerOf(request);
  if (caller.kind === 'GUEST') return { kind: 'GUEST', caller };
  if (caller.kind === 'CONTACT') return { kind: 'CONTACT', contact: caller.contact };
  return { kind: 'STAFF', access: caller.access };
}

/** Pay buttons (spec 3 §7 payments): integrations, rules, paying, the payments' state and history. */
export function registerPayButtonRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;
  const canView = () => requirePermission(platform, 'payments:view');
  const canConfigure = () => requirePermission(platform, 'payments:configure');

  r.get(
    '/integration',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: "The company's pay-button integrations",
        description:
          'Which payment account each template (optionally one entity) collects into, and its rules. ' + VIEW,
        response: { 200: ZSuccess(z.array(ZPayIntegration)), ...ERRORS },
      },
    },
    async (request) => ok(await listIntegrations(db, accessOf(request).companyId)),
  );

  r.post(
    '/integration',
    {
      onRequest: canConfigure(),
      schema: {
        tags,
        security,
        summary: 'Add or change the pay-button integration of a template',
        description:
          "One per template, and optionally one per (template, entity), which wins for that entity's records. " +
          '`account_id`: a payment-gateway account of the company (`/activeSystems`); null: its default (Stripe, ' +
          'else a manual account, else wire instructions). ' +
          CONFIGURE,
        body: ZPayIntegrationSave,
        response: { 200: ZSuccess(ZPayIntegration), ...ERRORS },
      },
    },
    async (request) => ok(await saveIntegration(db, accessOf(request), request.body)),
  );

  r.get(
    '/integrationByTemplate/:id',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: 'The pay-button integration of a template',
        description: "The template-wide one (`?entity_id=` for an entity's own); null when none. " + VIEW,
        params: z.object({ id: z.uuid('Use a template id') }),
        querystring: z.object({ entity_id: z.uuid().optional() }),
        response: { 200: ZSuccess(ZPayIntegration.nullable()), ...ERRORS },
      },
    },
    async (request) => {
      const row = await findIntegration(
        db,
        accessOf(request).companyId,
        request.params.id,
        request.query.entity_id,
      );
      return ok(row ? integrationView(row) : null);
    },
  );

  r.post(
    '/updateRulesOfPayBtn',
    {
      onRequest: canConfigure(),
      schema: {
        tags,
        security,
        summary: "The rules of a template's pay buttons",
        description:
          "Replaces the rules: per pay button field, the amount source (the field's settings, FIXED or FIELD), " +
          'whether a form needs it paid before submitting, a text field showing the status. ' +
          CONFIGURE,
        body: ZUpdatePayRules,
        response: { 200: ZSuccess(ZPayIntegration), ...ERRORS },
      },
    },
    async (request) => ok(await updateRules(db, accessOf(request), request.body)),
  );

  r.post(
    '/payment',
    {
      onRequest: requireStaffOrContact(platform, requirePermission(platform)),
      schema: {
        tags,
        security,
        summary: 'Pay a pay button of a record or submission (staff or contact)',
        description:
          'Staff: a record they may view (`entity-data:view`) or a submission they fill or see; a contact: a record ' +
          'their type may read in their scope, or their own submission (else 404). ' +
          AMOUNT,
        body: ZStartPayment,
        response: { 200: ZSuccess(ZStartPaymentResult), ...ERRORS },
      },
    },
    async (request) => ok(await startButtonPayment(db, signedInPayer(request), request.body)),
  );

  r.post(
    '/orderPlace',
    {
      onRequest: requireFillerOrStaff(platform),
      schema: {
        tags,
        summary: 'Pay a pay button of a form submission (a guest of a public form)',
        description:
          'Authorised as the form fill: headers `userid` (or `anonymoususerid`) + `passcode` + `formbuilderid` of ' +
          "the guest session; only the guest's own submission of that form (else 404). A bearer token is read as " +
          'staff or contact, as `/payment`. Give `submission_id`, `step_id` and `field_key`; `payer_email` when ' +
          'the session has none. ' +
          AMOUNT,
        body: ZStartPayment,
        response: { 200: ZSuccess(ZStartPaymentResult), ...ERRORS },
      },
    },
    async (request) => ok(await startButtonPayment(db, fillPayer(request), request.body)),
  );

  r.get(
    '/pay-buttons/status',
    {
      onRequest: requireFillerOrStaff(platform),
      schema: {
        tags,
        summary: 'The pay buttons of a record or submission: paid or not',
        description:
          "Each button with a payment: paid (with its transaction and time) or the latest attempt's status. " +
          'Whoever may pay it reads it (guest headers as the form fill, or a bearer token).',
        querystring: ZPayStatusQuery,
        response: { 200: ZSuccess(z.array(ZPayButtonState)), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await targetStates(db, fillPayer(request), {
          recordId: request.query.record_id,
          submissionId: request.query.submission_id,
        }),
      ),
  );

  r.get(
    '/pay-buttons/payments',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: "The company's pay-button payments (the /payments-status screen)",
        description:
          'Newest first; filters by status, target, template; `search` in the payer, description, transaction. ' +
          VIEW,
        querystring: ZPaymentsQuery.extend(ZPageQuery.shape),
        response: { 200: ZSuccess(ZPaged(ZPayButtonPayment)), ...ERRORS },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(await listPayments(db, accessOf(request).companyId, filter, { page, limit }));
    },
  );

  r.get(
    '/pay-buttons/payments/:id',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: 'One pay-button payment with its history (the /payments/{paymentDetailsId} screen)',
        description: VIEW,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ZSuccess(ZPayButtonPaymentDetail), ...ERRORS },
      },
    },
    async (request) => ok(await paymentDetail(db, accessOf(request).companyId, request.params.id)),
  );

  r.put(
    '/pay-buttons/payments/:id/status',
    {
      onRequest: canConfigure(),
      schema: {
        tags,
        security,
        summary: "Set a payment's status by hand (the /entity-payment-status-update screen)",
        description:
          'PAID, FAILED, CANCELLED or REFUNDED (only from PAID) with a reason, kept in the history. An open wire ' +
          '(MANUAL) transaction is settled through the payment gateway (its invoice issued). ' +
          CONFIGURE,
        params: z.object({ id: z.string().max(100) }),
        body: ZManualStatus,
        response: { 200: ZSuccess(ZPayButtonPaymentDetail), ...ERRORS },
      },
    },
    async (request) => ok(await setPaymentStatus(db, accessOf(request), request.params.id, request.body)),
  );

  r.post(
    '/pay-buttons/manual-status',
    {
      onRequest: canConfigure(),
      schema: {
        tags,
        security,
        summary: 'Record a payment received outside the app for a button',
        description:
          "A wire or cash payment of a record's (`record_id` + `template_id`) or submission's (`submission_id` + " +
          '`step_id`) pay button nobody started paying: its computed amount, the status and the reason. ' +
          CONFIGURE,
        body: ZManualStatusNew,
        response: { 200: ZSuccess(ZPayButtonPaymentDetail), ...ERRORS },
      },
    },
    async (request) => ok(await recordManualPayment(db, accessOf(request), request.body)),
  );
}
