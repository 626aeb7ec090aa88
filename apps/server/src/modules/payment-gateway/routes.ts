import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZSuccess } from '@esigns/contracts/envelope';
import {
  PAYMENT_PURPOSE_KINDS,
  TXN_STATUSES,
  ZActiveSystems,
  ZInitPayment,
  ZInitPaymentResult,
  ZInvoice,
  ZPaymentAccount,
  ZPaymentAccountCreate,
  ZPaymentAccountUpdate,
  ZTransaction,
  ZUpdateTransaction,
} from '@esigns/contracts/payments';
import { hasPermission } from '@esigns/contracts/permissions';
import { ok } from '../../platform/http/envelope';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission, type AccessContext } from '../permissions';
import { activeSystems, createAccount, getAccount, updateAccount } from './accounts';
import { getInvoice, renderInvoicePdf } from './invoices';
import { initDirectPayment, NO_ACCOUNT, updateTransaction } from './service';
import { receiveStripeEvent } from './stripe-webhooks';
import { listCompanyTransactions, transactionViewFor } from './transactions';

const ERRORS = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
};
const tags = ['payment-gateway'];
const security = [{ bearer: [] }];
const VIEW = 'Needs `payments:view`. ';
const CONFIGURE = 'Needs `payments:configure` (OWNER and ADMIN by default). ';
const SECRETS =
  'Secrets (Stripe secret key, webhook secret) are sealed at rest and never answered: `keyLast4` only. ';

/** Staff who may see a transaction or invoice of theirs: `payments:view` or `subscriptions:view`. */
function requireBillingReader(access: AccessContext): void {
  if (!hasPermission(access, 'payments:view') && !hasPermission(access, 'subscriptions:view')) {
    throw new AppError('FORBIDDEN', { message: 'You do not have permission to do this (payments:view)' });
  }
}

const ZTxnQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).catch(20).optional(),
  status: z.enum(TXN_STATUSES).optional(),
  purposeKind: z.enum(PAYMENT_PURPOSE_KINDS).optional(),
});

/** The payment gateway's calls (spec 3 §7) and the Stripe webhook endpoints. */
export function registerPaymentGatewayRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;
  const canView = () => requirePermission(platform, 'payments:view');
  const canConfigure = () => requirePermission(platform, 'payments:configure');
  const signedIn = () => requirePermission(platform);

  r.get(
    '/activeSystems',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: "Payment providers (configured or not) and the company's payment accounts",
        description: `STRIPE, MANUAL (wire; always available) and SWIREPAY (a slot, not configured). ${SECRETS}${VIEW}`,
        response: { 200: ZSuccess(ZActiveSystems), ...ERRORS },
      },
    },
    async (request) => ok(await activeSystems(db, accessOf(request).companyId)),
  );

  r.post(
    '/payment-systems',
    {
      onRequest: canConfigure(),
      schema: {
        tags,
        security,
        summary: 'Add a payment account (STRIPE with its keys, or MANUAL with wire instructions)',
        description: `At most 20 per company. A STRIPE account needs \`secretKey\`; TEST or LIVE follows the key. ${SECRETS}${CONFIGURE}`,
        body: ZPaymentAccountCreate,
        response: { 200: ZSuccess(ZPaymentAccount), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await db.transaction((tx) => createAccount(tx, accessOf(request).companyId, request.body)),
        'Payment account added',
      ),
  );

  r.put(
    '/updateSystem/:accountId',
    {
      onRequest: canConfigure(),
      schema: {
        tags,
        security,
        summary: 'Edit a payment account: name, keys, instructions, active',
        description: `Fields left out stay; a key is replaced only when given. 404 for another company's account. ${SECRETS}${CONFIGURE}`,
        params: z.object({ accountId: z.string() }),
        body: ZPaymentAccountUpdate,
        response: { 200: ZSuccess(ZPaymentAccount), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await db.transaction((tx) =>
          updateAccount(tx, accessOf(request).companyId, request.params.accountId, request.body),
        ),
        'Payment account saved',
      ),
  );

  r.get(
    '/getAccInfo/:pgAccountId',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: 'One payment account, without its secrets',
        description: `404 for another company's account. ${SECRETS}${VIEW}`,
        params: z.object({ pgAccountId: z.string() }),
        response: { 200: ZSuccess(ZPaymentAccount), ...ERRORS },
      },
    },
    async (request) => ok(await getAccount(db, accessOf(request).companyId, request.params.pgAccountId)),
  );

  r.post(
    '/init',
    {
      onRequest: canConfigure(),
      schema: {
        tags,
        security,
        summary: 'Start a direct payment the company collects',
        description:
          "Through `accountId` (one of the company's active accounts) or, without one, its first active STRIPE account, else MANUAL. " +
          'STRIPE answers `redirectUrl` (the Checkout page); MANUAL answers PENDING without one (wire instructions on the transaction). ' +
          'The same `idempotencyKey` answers the same transaction. Stripe failing: 503 `External api error`. ' +
          CONFIGURE,
        body: ZInitPayment,
        response: { 200: ZSuccess(ZInitPaymentResult), 503: ZErrorBody, ...ERRORS },
      },
    },
    async (request) =>
      ok(await db.transaction((tx) => initDirectPayment(tx, accessOf(request).companyId, request.body))),
  );

  r.put(
    '/update/:accountId/:txnId',
    {
      onRequest: canConfigure(),
      schema: {
        tags,
        security,
        summary: 'Settle a transaction: MANUAL marked PAID/FAILED, STRIPE refreshed from Stripe',
        description:
          `\`accountId\` is the transaction's account (\`${NO_ACCOUNT}\` for a MANUAL one without an account). ` +
          'A final status never changes back (409). Stripe failing: 503 `External api error`. ' +
          CONFIGURE,
        params: z.object({ accountId: z.string(), txnId: z.string() }),
        body: ZUpdateTransaction.nullish(),
        response: { 200: ZSuccess(ZTransaction), 503: ZErrorBody, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await db.transaction((tx) =>
          updateTransaction(
            tx,
            accessOf(request).companyId,
            request.params.accountId,
            request.params.txnId,
            request.body ?? {},
          ),
        ),
      ),
  );

  r.get(
    '/payment-gateway/transactions',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'Transactions the company collects or pays, newest first',
        description: 'Needs `payments:view` or `subscriptions:view`.',
        querystring: ZTxnQuery,
        response: { 200: ZSuccess(ZPaged(ZTransaction)), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      requireBillingReader(access);
      return ok(await listCompanyTransactions(db, access.companyId, request.query));
    },
  );

  r.get(
    '/payment-gateway/transactions/:id',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'One transaction the company collects or pays (the return page polls it)',
        description: "404 for another company's. Needs `payments:view` or `subscriptions:view`.",
        params: z.object({ id: z.string() }),
        response: { 200: ZSuccess(ZTransaction), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      requireBillingReader(access);
      return ok(await transactionViewFor(db, access.companyId, request.params.id));
    },
  );

  r.get(
    '/invoices/:id',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'An invoice the company issued or was billed with',
        description: "404 for another company's. Needs `payments:view` or `subscriptions:view`.",
        params: z.object({ id: z.string() }),
        response: { 200: ZSuccess(ZInvoice), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      requireBillingReader(access);
      return ok(await getInvoice(db, access.companyId, request.params.id));
    },
  );

  r.get(
    '/invoices/:id/pdf',
    {
      onRequest: signedIn(),
      schema: {
        tags,
        security,
        summary: 'An invoice as PDF',
        description:
          "The issuing or the billed company's staff. 404 for another company's. Needs `payments:view` or `subscriptions:view`. `?download=1` answers it as an attachment.",
        params: z.object({ id: z.string() }),
        querystring: z.object({ download: z.string().optional() }),
        response: { 200: z.any().describe('application/pdf'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      requireBillingReader(access);
      const invoice = await getInvoice(db, access.companyId, request.params.id);
      const pdf = await renderInvoicePdf(invoice);
      const disposition = request.query.download ? 'attachment' : 'inline';
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  // Stripe posts events here: the raw body is what the signature covers.
  void api.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    const h = hooks.withTypeProvider<ZodTypeProvider>();
    const webhookSchema = (summary: string) => ({
      tags,
      summary,
      description:
        "Signed by Stripe (`Stripe-Signature`, checked with the SDK against the endpoint's webhook secret): a bad signature is a 400 and nothing is written. " +
        'Each event id is handled once (a replay answers 200 with `duplicate: true`). Handles checkout.session.completed / async_payment_succeeded / async_payment_failed / expired, ' +
        'payment_intent.payment_failed, charge.refunded, invoice.paid (renewals), customer.subscription.deleted.',
      response: {
        200: z.object({ received: z.boolean(), duplicate: z.boolean() }),
        400: ZErrorBody,
        404: ZErrorBody,
      },
    });
    const bodyOf = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.from(''));
    h.post(
      '/payment-gateway/webhooks/stripe',
      { schema: webhookSchema("The instance's Stripe events (STRIPE_WEBHOOK_SECRET)") },
      async (request) => {
        const sig = request.headers['stripe-signature'];
        const result = await receiveStripeEvent(
          platform,
          'instance',
          bodyOf(request.body),
          typeof sig === 'string' ? sig : undefined,
        );
        return { received: true, duplicate: result.duplicate };
      },
    );
    h.post(
      '/payment-gateway/webhooks/stripe/:accountId',
      {
        schema: {
          ...webhookSchema("A company Stripe account's events (its webhook secret)"),
          params: z.object({ accountId: z.string() }),
        },
      },
      async (request) => {
        const sig = request.headers['stripe-signature'];
        const result = await receiveStripeEvent(
          platform,
          { accountId: request.params.accountId },
          bodyOf(request.body),
          typeof sig === 'string' ? sig : undefined,
        );
        return { received: true, duplicate: result.duplicate };
      },
    );
  });
}
