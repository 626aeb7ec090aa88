import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { TOAuthAuthorizedApp } from '@esigns/contracts/oauth';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { oauthClientApps, oauthProviderModels } from './schema';

/**
 * The apps a user has authorized (their grants, as oidc-provider stored them: payload
 * `{ accountId, clientId, resources: { <api>: 'scope ...' }, openid: { scope }, iat }`), and
 * taking that authorization back: every grant of the user to the app goes, with each code and
 * token issued under it, so the app's access and refresh tokens stop at once.
 */
type GrantPayload = {
  accountId?: string;
  clientId?: string;
  iat?: number;
  resources?: Record<string, string>;
  openid?: { scope?: string };
};

function grantsOf(db: Pick<Db, 'select'>, userId: string, appId?: string) {
  return db
    .select({ id: oauthProviderModels.id, payload: oauthProviderModels.payload })
    .from(oauthProviderModels)
    .where(
      and(
        eq(oauthProviderModels.kind, 'Grant'),
        sql`${oauthProviderModels.payload}->>'accountId' = ${userId}`,
        appId ? eq(oauthProviderModels.clientId, appId) : undefined,
      ),
    );
}

export async function listAuthorizedApps(db: Db, userId: string): Promise<TOAuthAuthorizedApp[]> {
  const grants = await grantsOf(db, userId);
  const byApp = new Map<string, { scopes: Set<string>; iat: number }>();
  for (const { payload } of grants) {
    const grant = payload as GrantPayload;
    if (!grant.clientId) continue;
    const entry = byApp.get(grant.clientId) ?? { scopes: new Set<string>(), iat: Infinity };
    const scopes = [...Object.values(grant.resources ?? {}), grant.openid?.scope ?? ''];
    for (const scope of scopes.join(' ').split(' ')) if (scope) entry.scopes.add(scope);
    entry.iat = Math.min(entry.iat, grant.iat ?? Date.now() / 1000);
    byApp.set(grant.clientId, entry);
  }
  if (!byApp.size) return [];
  const apps = await db
    .select({ appId: oauthClientApps.appId, name: oauthClientApps.name })
    .from(oauthClientApps)
    .where(inArray(oauthClientApps.appId, [...byApp.keys()]));
  return apps
    .map((app) => {
      const entry = byApp.get(app.appId)!;
      return {
        appId: app.appId,
        name: app.name,
        scopes: [...entry.scopes].sort(),
        authorizedAt: new Date(entry.iat * 1000).toISOString(),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Revokes the user's authorization of the app; 404 when they have none. */
export async function revokeAuthorizedApp(db: Db, userId: string, appId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const grantIds = (await grantsOf(tx, userId, appId)).map((g) => g.id);
    if (!grantIds.length) throw new AppError('NOT_FOUND', { message: 'Authorized app not found' });
    await tx
      .delete(oauthProviderModels)
      .where(
        or(
          inArray(oauthProviderModels.grantId, grantIds),
          and(eq(oauthProviderModels.kind, 'Grant'), inArray(oauthProviderModels.id, grantIds)),
        ),
      );
  });
}
