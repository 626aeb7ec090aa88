import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  TWhatsappAccount,
  TWhatsappAccountCreate,
  TWhatsappAccountUpdate,
} from '@esigns/contracts/whatsapp';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { fetchPhoneNumber, type GraphAuth, type PhoneNumberInfo } from './graph';
import { whatsappAccounts, whatsappTemplates } from './schema';
import { newVerifyToken, seal, unseal } from './secrets';
import { refusal } from './refusal';
import { fetchTemplatesOrRefuse, listTemplates, replaceTemplates } from './templates';

export type AccountRow = typeof whatsappAccounts.$inferSelect;

/** At most this many accounts (phone numbers) per company. */
export const MAX_ACCOUNTS = 20;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function webhookUrlOf(platform: Platform, accountId: string): string {
  return `${platform.config.publicUrl}/api/whatsapp/webhook/${accountId}`;
}

/** The Graph base and the account's token (opened from its seal). */
export function authOf(platform: Platform, account: AccountRow): GraphAuth {
  return {
    base: platform.config.whatsapp.graphUrl,
    token: unseal(
      platform.config.secrets.storageSecret,
      'access-token',
      account.accessTokenSealed,
      account.companyId,
    ),
  };
}

export function appSecretOf(platform: Platform, account: AccountRow): string {
  return unseal(
    platform.config.secrets.storageSecret,
    'app-secret',
    account.appSecretSealed,
    account.companyId,
  );
}

/** A company's account, or 404 (another company's id, or not an id). */
export async function accountOf(db: Pick<Db, 'select'>, companyId: string, id: string): Promise<AccountRow> {
  if (!isUuid(id)) throw notFound('WhatsApp account');
  const [row] = await db
    .select()
    .from(whatsappAccounts)
    .where(and(eq(whatsappAccounts.companyId, companyId), eq(whatsappAccounts.id, id)));
  if (!row) throw notFound('WhatsApp account');
  return row;
}

/** Any company's account by id (the webhook: the URL names it), or null. */
export async function accountById(db: Pick<Db, 'select'>, id: string): Promise<AccountRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
  return row ?? null;
}

async function templateCounts(db: Pick<Db, 'select'>, companyId: string) {
  const rows = await db
    .select({
      accountId: whatsappTemplates.accountId,
      all: count(),
      approved: sql<number>`count(*) filter (where ${whatsappTemplates.status} = 'APPROVED')`.mapWith(Number),
    })
    .from(whatsappTemplates)
    .where(eq(whatsappTemplates.companyId, companyId))
    .groupBy(whatsappTemplates.accountId);
  return new Map(rows.map((r) => [r.accountId, r]));
}

function view(
  platform: Platform,
  row: AccountRow,
  counts: { all: number; approved: number } | undefined,
): TWhatsappAccount {
  return {
    _id: row.id,
    name: row.name,
    phone_number_id: row.phoneNumberId,
    waba_id: row.wabaId,
    display_phone_number: row.displayPhoneNumber,
    verified_name: row.verifiedName,
    webhook_url: webhookUrlOf(platform, row.id),
    verify_token: row.verifyToken,
    verified_at: iso(row.verifiedAt),
    templates_synced_at: iso(row.templatesSyncedAt),
    templates: counts?.all ?? 0,
    approved_templates: counts?.approved ?? 0,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listAccounts(platform: Platform, companyId: string): Promise<TWhatsappAccount[]> {
  const db = platform.database.db;
  const rows = await db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.companyId, companyId))
    .orderBy(asc(whatsappAccounts.createdAt));
  const counts = await templateCounts(db, companyId);
  return rows.map((r) => view(platform, r, counts.get(r.id)));
}

export async function getAccount(
  platform: Platform,
  companyId: string,
  id: string,
): Promise<TWhatsappAccount> {
  const db = platform.database.db;
  const row = await accountOf(db, companyId, id);
  return view(platform, row, (await templateCounts(db, companyId)).get(row.id));
}

async function tryNumber(auth: GraphAuth, phoneNumberId: string): Promise<PhoneNumberInfo> {
  try {
    return await fetchPhoneNumber(auth, phoneNumberId);
  } catch (err) {
    return refusal(err, 'phone_number_id');
  }
}

/**
 * Connects an account: the token and phone number id are tried (`GET /{phone-number-id}`) and the
 * templates read (`GET /{waba-id}/message_templates`, which tries the WABA id) before anything is
 * stored; the account and its templates are then written together.
 */
export async function createAccount(
  platform: Platform,
  companyId: string,
  input: TWhatsappAccountCreate,
): Promise<TWhatsappAccount> {
  const db = platform.database.db;
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.companyId, companyId));
  if (n >= MAX_ACCOUNTS)
    throw new AppError('CONFLICT', { message: `At most ${MAX_ACCOUNTS} WhatsApp accounts` });
  const auth: GraphAuth = { base: platform.config.whatsapp.graphUrl, token: input.access_token };
  const number = await tryNumber(auth, input.phone_number_id);
  const templates = await fetchTemplatesOrRefuse(auth, input.waba_id);
  const secret = platform.config.secrets.storageSecret;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(whatsappAccounts)
      .values({
        companyId,
        name: input.name,
        phoneNumberId: input.phone_number_id,
        wabaId: input.waba_id,
        accessTokenSealed: seal(secret, 'access-token', input.access_token, companyId),
        appSecretSealed: seal(secret, 'app-secret', input.app_secret, companyId),
        verifyToken: newVerifyToken(),
        displayPhoneNumber: number.displayPhoneNumber,
        verifiedName: number.verifiedName,
        verifiedAt: new Date(),
        templatesSyncedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: whatsappAccounts.id });
    if (!row)
      throw new AppError('CONFLICT', {
        message: 'This phone number id is already connected',
        details: [{ key: 'phone_number_id', message: 'Already connected', path: ['phone_number_id'] }],
      });
    await replaceTemplates(tx, companyId, row.id, templates);
    return row.id;
  });
  return getAccount(platform, companyId, id);
}

/** Changes an account; new credentials or ids are tried first (the stored token when not given). */
export async function updateAccount(
  platform: Platform,
  companyId: string,
  id: string,
  input: TWhatsappAccountUpdate,
): Promise<TWhatsappAccount> {
  const db = platform.database.db;
  const row = await accountOf(db, companyId, id);
  const secret = platform.config.secrets.storageSecret;
  const changes: Partial<typeof whatsappAccounts.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.app_secret !== undefined)
    changes.appSecretSealed = seal(secret, 'app-secret', input.app_secret, companyId);
  const reach =
    input.access_token !== undefined ||
    (input.phone_number_id !== undefined && input.phone_number_id !== row.phoneNumberId) ||
    (input.waba_id !== undefined && input.waba_id !== row.wabaId);
  if (reach) {
    const auth: GraphAuth = {
      base: platform.config.whatsapp.graphUrl,
      token: input.access_token ?? authOf(platform, row).token,
    };
    const phoneNumberId = input.phone_number_id ?? row.phoneNumberId;
    const number = await tryNumber(auth, phoneNumberId);
    await fetchTemplatesOrRefuse(auth, input.waba_id ?? row.wabaId);
    Object.assign(changes, {
      phoneNumberId,
      wabaId: input.waba_id ?? row.wabaId,
      displayPhoneNumber: number.displayPhoneNumber,
      verifiedName: number.verifiedName,
      verifiedAt: new Date(),
      ...(input.access_token !== undefined
        ? { accessTokenSealed: seal(secret, 'access-token', input.access_token, companyId) }
        : {}),
    });
  }
  try {
    await db
      .update(whatsappAccounts)
      .set(changes)
      .where(and(eq(whatsappAccounts.companyId, companyId), eq(whatsappAccounts.id, id)));
  } catch (err) {
    if ((err as { code?: string }).code === '23505' || /whatsapp_accounts_phone_uq/.test(String(err)))
      throw new AppError('CONFLICT', { message: 'This phone number id is already connected' });
    throw err;
  }
  return getAccount(platform, companyId, id);
}

/** "Test connection": the stored token and number tried again; answers the account (verified now). */
export async function testAccount(
  platform: Platform,
  companyId: string,
  id: string,
): Promise<TWhatsappAccount> {
  const db = platform.database.db;
  const row = await accountOf(db, companyId, id);
  const number = await tryNumber(authOf(platform, row), row.phoneNumberId);
  await db
    .update(whatsappAccounts)
    .set({
      displayPhoneNumber: number.displayPhoneNumber,
      verifiedName: number.verifiedName,
      verifiedAt: new Date(),
    })
    .where(eq(whatsappAccounts.id, row.id));
  return getAccount(platform, companyId, id);
}

/** Removes an account with its templates and message log (cascade). */
export async function deleteAccount(platform: Platform, companyId: string, id: string): Promise<void> {
  const db = platform.database.db;
  const row = await accountOf(db, companyId, id);
  await db.delete(whatsappAccounts).where(eq(whatsappAccounts.id, row.id));
}

/** Reads the account's templates from the Cloud API again and replaces the stored list. */
export async function syncTemplates(platform: Platform, companyId: string, id: string) {
  const db = platform.database.db;
  const row = await accountOf(db, companyId, id);
  const templates = await fetchTemplatesOrRefuse(authOf(platform, row), row.wabaId);
  await db.transaction(async (tx) => {
    await replaceTemplates(tx, companyId, row.id, templates);
    await tx
      .update(whatsappAccounts)
      .set({ templatesSyncedAt: new Date() })
      .where(eq(whatsappAccounts.id, row.id));
  });
  return listTemplates(db, companyId, row.id);
}
