import { and, asc, count, eq } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import type {
  TActiveSystems,
  TPaymentAccount,
  TPaymentAccountCreate,
  TPaymentAccountUpdate,
} from '@esigns/contracts/payments';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { registerStripeWebhook } from './adapters/stripe';
import { gatewayContext } from './context';
import { paymentAccounts } from './schema';
import { accountView, type AccountRow } from './views';

/** At most this many accounts per company. */
export const MAX_ACCOUNTS = 20;

const keyMode = (key: string): boolean => /^(sk|rk)_test_/.test(key);

export async function listAccounts(db: Pick<Db, 'select'>, companyId: string): Promise<TPaymentAccount[]> {
  const { publicUrl } = gatewayContext();
  const rows = await db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.companyId, companyId))
    .orderBy(asc(paymentAccounts.createdAt), asc(paymentAccounts.id));
  return rows.map((row) => accountView(row, publicUrl));
}

/** The company's account, or 404 (another company's id is the same as none). */
export async function findAccountRow(
  db: Pick<Db, 'select'>,
  companyId: string,
  accountId: string,
): Promise<AccountRow> {
  if (!isUuid(accountId)) throw notFound('Payment account');
  const [row] = await db
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.id, accountId), eq(paymentAccounts.companyId, companyId)));
  if (!row) throw notFound('Payment account');
  return row;
}

/** Any company's account by id (webhooks: the URL names it), or undefined. */
export async function accountById(
  db: Pick<Db, 'select'>,
  accountId: string,
): Promise<AccountRow | undefined> {
  if (!isUuid(accountId)) return undefined;
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.id, accountId));
  return row;
}

export async function getAccount(db: Pick<Db, 'select'>, companyId: string, accountId: string) {
  return accountView(await findAccountRow(db, companyId, accountId), gatewayContext().publicUrl);
}

/** The account's Stripe secret key, opened (bound to its company). */
export function accountSecretKey(row: AccountRow): string | null {
  return row.secretKeySealed ? gatewayContext().box.open(row.secretKeySealed, row.companyId) : null;
}

export function accountWebhookSecret(row: AccountRow): string | null {
  return row.webhookSecretSealed ? gatewayContext().box.open(row.webhookSecretSealed, row.companyId) : null;
}

function sealedFields(companyId: string, input: TPaymentAccountUpdate, provider: 'STRIPE' | 'MANUAL') {
  const { box } = gatewayContext();
  const fields: Partial<typeof paymentAccounts.$inferInsert> = {};
  if (input.name !== undefined) fields.name = input.name;
  if (input.active !== undefined) fields.active = input.active;
  if (provider === 'STRIPE') {
    if (input.secretKey !== undefined) {
      fields.secretKeySealed = box.seal(input.secretKey, companyId);
      fields.keyLast4 = input.secretKey.slice(-4);
      fields.testMode = keyMode(input.secretKey);
    }
    if (input.webhookSecret !== undefined)
      fields.webhookSecretSealed = box.seal(input.webhookSecret, companyId);
    if (input.publishableKey !== undefined) fields.publishableKey = input.publishableKey;
  } else {
    if (input.instructions !== undefined) fields.instructions = input.instructions;
    if (input.testMode !== undefined) fields.testMode = input.testMode;
  }
  return fields;
}

function refuseForeignFields(provider: 'STRIPE' | 'MANUAL', input: TPaymentAccountUpdate): void {
  const foreign =
    provider === 'STRIPE'
      ? (['instructions'] as const).filter((k) => input[k] !== undefined && input[k] !== null)
      : (['secretKey', 'webhookSecret', 'publishableKey'] as const).filter(
          (k) => input[k] !== undefined && input[k] !== null,
        );
  if (foreign.length > 0) {
    throw validationError(
      foreign.map((key) => ({ key, path: [key], message: `Not a setting of a ${provider} account` })),
    );
  }
}

export async function createAccount(
  tx: Db,
  companyId: string,
  input: TPaymentAccountCreate,
): Promise<TPaymentAccount> {
  refuseForeignFields(input.provider, input);
  if (input.provider === 'STRIPE' && !input.secretKey) {
    throw validationError([
      { key: 'secretKey', path: ['secretKey'], message: 'A Stripe account needs its secret key' },
    ]);
  }
  const [counted] = await tx
    .select({ n: count() })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.companyId, companyId));
  if ((counted?.n ?? 0) >= MAX_ACCOUNTS) {
    throw new AppError('CONFLICT', { message: `At most ${MAX_ACCOUNTS} payment accounts per company` });
  }
  const [row] = await tx
    .insert(paymentAccounts)
    .values({
      companyId,
      provider: input.provider,
      name: input.name,
      ...sealedFields(companyId, input, input.provider),
    })
    .returning();
  let created = row!;
  if (created.provider === 'STRIPE' && !input.webhookSecret && input.secretKey) {
    const { publicUrl, payments, box, log } = gatewayContext();
    // Stripe may refuse (e.g. a PUBLIC_URL it cannot reach): the account is kept and waits for
    // its webhook secret to be pasted; the refusal is logged.
    const secret = await registerStripeWebhook(
      { secretKey: input.secretKey, apiUrl: payments.stripeApiUrl },
      `${publicUrl}/api/payment-gateway/webhooks/stripe/${created.id}`,
    ).catch((err: unknown) => {
      log.warn({ err, accountId: created.id }, 'Stripe refused to register the webhook endpoint');
      return null;
    });
    if (secret) {
      const [updated] = await tx
        .update(paymentAccounts)
        .set({ webhookSecretSealed: box.seal(secret, companyId) })
        .where(eq(paymentAccounts.id, created.id))
        .returning();
      created = updated!;
    }
  }
  return accountView(created, gatewayContext().publicUrl);
}

export async function updateAccount(
  tx: Db,
  companyId: string,
  accountId: string,
  input: TPaymentAccountUpdate,
): Promise<TPaymentAccount> {
  const row = await findAccountRow(tx, companyId, accountId);
  refuseForeignFields(row.provider, input);
  const [updated] = await tx
    .update(paymentAccounts)
    .set({ ...sealedFields(companyId, input, row.provider), updatedAt: new Date() })
    .where(eq(paymentAccounts.id, row.id))
    .returning();
  return accountView(updated!, gatewayContext().publicUrl);
}

/** `GET /activeSystems`: what the instance offers and the company's accounts. */
export async function activeSystems(db: Pick<Db, 'select'>, companyId: string): Promise<TActiveSystems> {
  const { payments } = gatewayContext();
  return {
    providers: [
      {
        provider: 'STRIPE',
        label: 'Stripe (cards)',
        configured: payments.stripeSecretKey !== undefined,
        accountsAllowed: true,
        note: payments.stripeSecretKey
          ? 'The instance bills through Stripe; companies may add their own Stripe accounts for pay buttons.'
          : 'The instance has no Stripe key (STRIPE_SECRET_KEY); companies may still add their own Stripe accounts.',
      },
      {
        provider: 'MANUAL',
        label: 'Wire transfer (manual)',
        configured: true,
        accountsAllowed: true,
        note: 'No external account: the payer wires the money and staff mark the payment paid.',
      },
      {
        provider: 'SWIREPAY',
        label: 'Swirepay',
        configured: false,
        accountsAllowed: false,
        note: 'Not configured: an adapter slot for a later integration.',
      },
    ],
    accounts: await listAccounts(db, companyId),
    wireInstructions: payments.wireInstructions ?? null,
  };
}
