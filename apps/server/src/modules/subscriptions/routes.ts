import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZPageQuery, ZSuccess } from '@esigns/contracts/envelope';
import { ZTransaction } from '@esigns/contracts/payments';
import {
  ZBillingDetails,
  ZCharge,
  ZCreatePlan,
  ZCreateProduct,
  ZCustomer,
  ZFeature,
  ZOperatorTransaction,
  ZOperatorTransactionQuery,
  ZPlan,
  ZPlanInfo,
  ZPlanQuery,
  ZProduct,
  ZProductWithPlans,
  ZPromoCode,
  ZPromoCodeInput,
  ZPromoCodePatch,
  ZPromoValidate,
  ZRedemption,
  ZRedemptionStatus,
  ZSubscribe,
  ZSubscribeResult,
  ZTransactionRow,
} from '@esigns/contracts/subscriptions';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { createCharge, getCharge, getCustomer, saveCustomer, userTransactions } from './billing';
import { listWireTransactions, markManualPayment } from './operator';
import { allProductsAndPlans, createPlan, createProduct, getPlan, listFeatures, listPlans } from './plans';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  settleRedemption,
  updatePromoCode,
  validatePromoCode,
} from './promo';
import { callerEmail, cancelSubscription, isOperator, planInfo, subscribe } from './subscription-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const tags = ['subscriptions'];
const security = [{ bearer: [] }];
const OWNER = "Only the company's OWNER (403 for others). ";
const OPERATOR = 'Instance operators only (emails in OPERATOR_EMAILS; 403 for others). ';
const ZIdParam = z.object({ id: z.string().max(200).describe('The id') });
const ZXParam = z.object({ x: z.string().max(200).describe('A product id or code (ESIGNS)') });

/** The subscription calls of spec 2 §7 and spec 3 §7 (payments), and promo code management. */
export function registerSubscriptionRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;
  const signedIn = () => requirePermission(platform);
  const operatorOnly = (): onRequestAsyncHookHandler[] => [
    ...requirePermission(platform),
    async (request) => {
      const email = await callerEmail(platform, accessOf(request).userId);
      if (!isOperator(platform, email)) {
        throw new AppError('FORBIDDEN', {
          message: 'Only instance operators manage products, plans and promo codes',
        });
      }
    },
  ];

  r.get(
    '/getPlans/:x',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: "A product's plans",
        description:
          'Active plans of the product (id or code, `product` in the query wins), cheapest first; `planType=year` ' +
          'orders by the yearly price. Prices are integer minor units (paise) of `currency`; a limit of null is unlimited.',
        params: ZXParam,
        querystring: ZPlanQuery,
        response: { 200: ZSuccess(z.array(ZPlan)), ...ERRORS },
      },
    },
    async (request) =>
      ok(await listPlans(db, request.query.product ?? request.params.x, request.query.planType)),
  );

  r.get(
    '/getPlanInfo',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: "The company's plan, status, period, usage and limits",
        response: { 200: ZSuccess(ZPlanInfo), ...ERRORS },
      },
    },
    async (request) => ok(await planInfo(platform, accessOf(request))),
  );

  r.get(
    '/features',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'Every plan feature',
        response: { 200: ZSuccess(z.array(ZFeature)), ...ERRORS },
      },
    },
    async () => ok(await listFeatures(db)),
  );

  r.get(
    '/features/:id',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: "A plan's features",
        description: '`id`: a plan id or code (404 for neither).',
        params: ZIdParam,
        response: { 200: ZSuccess(z.array(ZFeature)), ...ERRORS },
      },
    },
    async (request) => ok(await listFeatures(db, request.params.id)),
  );

  r.get(
    '/plans/:id',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'One plan',
        params: ZIdParam,
        response: { 200: ZSuccess(ZPlan), ...ERRORS },
      },
    },
    async (request) => ok(await getPlan(db, request.params.id)),
  );

  r.get(
    '/getAllProductsAndPlans',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'Every product with its plans (inactive ones too)',
        response: { 200: ZSuccess(z.array(ZProductWithPlans)), ...ERRORS },
      },
    },
    async () => ok(await allProductsAndPlans(db)),
  );

  r.post(
    '/createProduct',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        security,
        summary: 'Create a product',
        description: `\`code\`: 2 to 40 letters, digits, - or _ (stored upper case, unique: 422). ${OPERATOR}`,
        body: ZCreateProduct,
        response: { 200: ZSuccess(ZProduct), ...ERRORS },
      },
    },
    async (request) => ok(await createProduct(db, request.body), 'Product created'),
  );

  r.post(
    '/createPlan',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        security,
        summary: 'Create a plan of a product',
        description:
          'Prices per month and per year in integer minor units; limits (users, documentsPerMonth, entities, records, ' +
          `storageBytes; null: unlimited); feature codes of \`GET /features\`. ${OPERATOR}`,
        body: ZCreatePlan,
        response: { 200: ZSuccess(ZPlan), ...ERRORS },
      },
    },
    async (request) => ok(await createPlan(db, request.body), 'Plan created'),
  );

  r.get(
    '/billing-details',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: "The company's billing details (null when none)",
        response: { 200: ZSuccess(ZCustomer.nullable()), ...ERRORS },
      },
    },
    async (request) => ok(await getCustomer(platform, accessOf(request))),
  );

  r.post(
    '/createCustomer',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: "Save the company's billing details",
        description: `Name, email, address and tax id printed on its invoices; saving again replaces them. ${OWNER}`,
        body: ZBillingDetails,
        response: { 200: ZSuccess(ZCustomer), ...ERRORS },
      },
    },
    async (request) =>
      ok(await saveCustomer(platform, accessOf(request), request.body), 'Billing details saved'),
  );

  const SUBSCRIBE =
    'A free plan applies at once (a paid subscription stops renewing). A paid plan starts a payment through the payment ' +
    'gateway: `redirect_url` is Stripe Checkout (return at `/paymentStatus?txn=`), or null with `instructions` for a ' +
    'wire (MANUAL, when the instance has no Stripe key: an operator marks it paid). The plan changes when the payment ' +
    'is reported paid; until then the current plan stays. `redemption_id` (from `PUT /promoCodeRedeem/validate/{code}`, ' +
    `same plan and interval) lowers the price; a price brought to 0 applies at once. ${OWNER}`;
  for (const path of ['/subscribe', '/subscription']) {
    r.post(
      path,
      {
        onRequest: signedIn(),
        schema: {
          tags,
          security,
          summary: 'Change the company plan',
          description: SUBSCRIBE,
          body: ZSubscribe,
          response: { 200: ZSuccess(ZSubscribeResult), ...ERRORS, 502: ZErrorBody, 503: ZErrorBody },
        },
      },
      async (request) => {
        const result = await subscribe(platform, accessOf(request), {
          plan_id: request.body.plan_id,
          interval: request.body.interval,
          redemption_id: request.body.redemption_id,
        });
        return ok(result, result.status === 'ACTIVE' ? 'Plan changed' : 'Payment started');
      },
    );
  }

  r.post(
    '/subscription/cancel',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'Stop renewing the paid plan',
        description: `The plan runs until its period ends, then the company is on Free (nothing is deleted). ${OWNER}`,
        response: { 200: ZSuccess(z.null()), ...ERRORS },
      },
    },
    async (request) => {
      await cancelSubscription(platform, accessOf(request));
      return ok(null, 'Your plan will not renew');
    },
  );

  const ZChargeResult = z.object({
    charge_id: z.string(),
    transaction_id: z.string(),
    redirect_url: z.string().nullable(),
    provider: z.string(),
    instructions: z.string().nullable(),
  });
  r.post(
    '/charge',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'A one-off charge to the company',
        description: `E.g. extra storage; paid like a plan change (Stripe Checkout or wire). ${OWNER}`,
        body: ZCharge,
        response: { 200: ZSuccess(ZChargeResult), ...ERRORS, 502: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (request) => ok(await createCharge(platform, accessOf(request), request.body), 'Payment started'),
  );

  r.get(
    '/charge/:id',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'A charge or plan payment of the company',
        description: "`id`: the charge's id or its transaction's; another company's: 404.",
        params: ZIdParam,
        response: {
          200: ZSuccess(
            z.object({
              charge_id: z.string().nullable(),
              kind: z.string(),
              status: z.string(),
              amount_minor: z.number().int(),
              currency: z.string(),
              transaction: ZTransactionRow.nullable(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await getCharge(platform, accessOf(request), request.params.id)),
  );

  r.get(
    '/userTrasactions',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: "What the instance billed the company (the spec's spelling)",
        description: 'Newest first, with the invoice id of each paid one (`/invoice?id=`).',
        querystring: ZPageQuery,
        response: { 200: ZSuccess(ZPaged(ZTransactionRow)), ...ERRORS },
      },
    },
    async (request) =>
      ok(await userTransactions(platform, accessOf(request), request.query.page, request.query.limit)),
  );

  r.put(
    '/promoCodeRedeem/validate/:code',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'Apply a promo code to a plan',
        description:
          'Checks the code (active, within its dates, for this plan, below its redemption cap) and holds a place for an ' +
          'hour: a PENDING redemption with the discounted price, given to `POST /subscription`. Refusals: 422 under `code`. ' +
          OWNER,
        params: z.object({ code: z.string().max(100) }),
        body: ZPromoValidate,
        response: { 200: ZSuccess(ZRedemption), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      if (access.userType !== 'OWNER') {
        throw new AppError('FORBIDDEN', { message: "Only the company's owner changes its plan and billing" });
      }
      return ok(
        await validatePromoCode(db, access.companyId, request.params.code, request.body),
        'Promo code applied',
      );
    },
  );

  r.put(
    '/promoCodeRedeem/validateStatus/:id',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'Settle a promo code redemption',
        description:
          'APPLIED keeps its place, CANCELLED gives it back; only a PENDING one moves (409 otherwise; the same status ' +
          `again answers it as it is). A paid plan change applies its redemption itself. ${OWNER}`,
        params: ZIdParam,
        body: ZRedemptionStatus,
        response: { 200: ZSuccess(ZRedemption), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      if (access.userType !== 'OWNER') {
        throw new AppError('FORBIDDEN', { message: "Only the company's owner changes its plan and billing" });
      }
      return ok(
        await db.transaction((tx) =>
          settleRedemption(tx, access.companyId, request.params.id, request.body.status),
        ),
      );
    },
  );

  r.get(
    '/promo-codes',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        security,
        summary: 'Every promo code',
        description: OPERATOR,
        response: { 200: ZSuccess(z.array(ZPromoCode)), ...ERRORS },
      },
    },
    async () => ok(await listPromoCodes(db)),
  );

  r.post(
    '/promo-codes',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        security,
        summary: 'Create a promo code',
        description:
          'Either `percent_off` (1-100) or `amount_off_minor` (in `currency`); `valid_from`/`valid_to` (ISO); ' +
          `\`max_redemptions\` (null: no cap); \`plan_ids\` (empty: every plan). ${OPERATOR}`,
        body: ZPromoCodeInput,
        response: { 200: ZSuccess(ZPromoCode), ...ERRORS },
      },
    },
    async (request) => ok(await createPromoCode(db, request.body), 'Promo code created'),
  );

  r.patch(
    '/promo-codes/:id',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        security,
        summary: 'Change a promo code (active, valid_to, max_redemptions, description)',
        description: OPERATOR,
        params: ZIdParam,
        body: ZPromoCodePatch,
        response: { 200: ZSuccess(ZPromoCode), ...ERRORS },
      },
    },
    async (request) => ok(await updatePromoCode(db, request.params.id, request.body)),
  );

  r.delete(
    '/promo-codes/:id',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        security,
        summary: 'Delete a promo code (with its redemptions)',
        description: OPERATOR,
        params: ZIdParam,
        response: { 200: ZSuccess(z.null()), ...ERRORS },
      },
    },
    async (request) => {
      await deletePromoCode(db, request.params.id);
      return ok(null, 'Promo code deleted');
    },
  );

  r.get(
    '/subscriptions/operator/transactions',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        security,
        summary: "The companies' wire (MANUAL) plan payments, newest first",
        description: `Filter by \`status\` (PENDING: waiting to be marked). Paged. ${OPERATOR}`,
        querystring: ZOperatorTransactionQuery,
        response: { 200: ZSuccess(ZPaged(ZOperatorTransaction)), ...ERRORS },
      },
    },
    async (request) => ok(await listWireTransactions(db, request.query)),
  );

  r.put(
    '/subscriptions/operator/transactions/:id',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        security,
        summary: "Mark a company's wire (MANUAL) plan payment paid or failed",
        description: `PAID makes the plan change the company's (once); FAILED drops it. ${OPERATOR}`,
        params: ZIdParam,
        body: z.object({ status: z.enum(['PAID', 'FAILED']), reason: z.string().trim().max(500).optional() }),
        response: { 200: ZSuccess(ZTransaction), ...ERRORS },
      },
    },
    async (request) =>
      ok(await markManualPayment(platform, request.params.id, request.body.status, request.body.reason)),
  );
}
