import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { TOAuthClientApp, TOAuthClientAppInput } from '@esigns/contracts/oauth';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { oauthClientApps, oauthProviderModels } from './schema';
import { runClientAppDeletedHooks } from './hooks';

type ClientAppRow = typeof oauthClientApps.$inferSelect;

/** An app of the workspace, or undefined: another workspace's app id is the same as none. */
export async function findClientApp(
  db: Pick<Db, 'select'>,
  companyId: string,
  appId: string,
): Promise<TOAuthClientApp | undefined> {
  const [row] = await db
    .select()
    .from(oauthClientApps)
    .where(and(eq(oauthClientApps.companyId, companyId), eq(oauthClientApps.appId, appId)))
    .limit(1);
  return row ? clientAppView(row) : undefined;
}

/** The app or 404 (`fetch-client/{appId}`). */
export async function getClientApp(
  db: Pick<Db, 'select'>,
  companyId: string,
  appId: string,
): Promise<TOAuthClientApp> {
  const app = await findClientApp(db, companyId, appId);
  if (!app) throw new AppError('NOT_FOUND', { message: 'Client app not found' });
  return app;
}

export async function listClientApps(db: Pick<Db, 'select'>, companyId: string): Promise<TOAuthClientApp[]> {
  const rows = await db
    .select()
    .from(oauthClientApps)
    .where(eq(oauthClientApps.companyId, companyId))
    .orderBy(desc(oauthClientApps.createdAt), oauthClientApps.appId);
  return rows.map(clientAppView);
}

/** A new app and its secret, which is never readable again. */
export async function createClientApp(
  db: Pick<Db, 'insert'>,
  input: { companyId: string; userId: string } & TOAuthClientAppInput,
): Promise<{ app: TOAuthClientApp; clientSecret: string }> {
  const secret = newSecret();
  const [row] = await db
    .insert(oauthClientApps)
    .values({
      appId: `app_${randomBytes(12).toString('base64url')}`,
      companyId: input.companyId,
      name: input.name,
      redirectUris: [...new Set(input.redirectUris)],
      scopes: [...new Set(input.scopes)],
      secretHash: hashSecret(secret),
      secretLast4: secret.slice(-4),
      createdBy: input.userId,
    })
    .returning();
  return { app: clientAppView(row!), clientSecret: secret };
}

/**
 * A new secret for the app (the old one stops working at once); tokens already issued stay valid
 * until they expire or are revoked.
 */
export async function rotateClientSecret(
  db: Pick<Db, 'update'>,
  companyId: string,
  appId: string,
): Promise<{ app: TOAuthClientApp; clientSecret: string }> {
  const secret = newSecret();
  const [row] = await db
    .update(oauthClientApps)
    .set({ secretHash: hashSecret(secret), secretLast4: secret.slice(-4), updatedAt: new Date() })
    .where(and(eq(oauthClientApps.companyId, companyId), eq(oauthClientApps.appId, appId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: 'Client app not found' });
  return { app: clientAppView(row), clientSecret: secret };
}

/** Deletes the app and everything issued to it (codes, grants, access and refresh tokens). */
export async function deleteClientApp(db: Db, companyId: string, appId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(oauthClientApps)
      .where(and(eq(oauthClientApps.companyId, companyId), eq(oauthClientApps.appId, appId)))
      .returning({ appId: oauthClientApps.appId });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'Client app not found' });
    await tx.delete(oauthProviderModels).where(eq(oauthProviderModels.clientId, appId));
    await runClientAppDeletedHooks(tx, companyId, appId);
  });
}

/** The stored app as oidc-provider reads it (by client id, whatever the workspace). */
export async function clientAppById(
  db: Pick<Db, 'select'>,
  appId: string,
): Promise<ClientAppRow | undefined> {
  const [row] = await db.select().from(oauthClientApps).where(eq(oauthClientApps.appId, appId)).limit(1);
  return row;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether `secret` is the one whose digest is stored (constant time). */
export function secretMatches(storedHash: string, secret: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function newSecret(): string {
  return `sec_${randomBytes(32).toString('base64url')}`;
}

function clientAppView(row: ClientAppRow): TOAuthClientApp {
  return {
    appId: row.appId,
    name: row.name,
    redirectUris: row.redirectUris,
    scopes: row.scopes as TOAuthClientApp['scopes'],
    secretLast4: row.secretLast4,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
