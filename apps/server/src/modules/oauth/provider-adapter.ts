import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../platform/db/database';
import { clientAppById } from './client-apps';
import { oauthProviderModels } from './schema';

/**
 * oidc-provider's storage on the app's database (PGlite or PostgreSQL): every model in
 * `oauth_provider_models` except clients, which are the workspace's client apps
 * (`oauth_client_apps`, secret kept as a digest: see `compareClientSecret` in provider.ts).
 */
export function providerAdapter(db: Db, alreadyUsed: () => Error): new (name: string) => Adapter {
  return class DrizzleAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        clientId: payload.clientId ?? null,
        expiresAt,
        consumedAt: payload.consumed ? new Date() : null,
      };
      await db
        .insert(oauthProviderModels)
        .values({ kind: this.kind, id, ...row })
        .onConflictDoUpdate({ target: [oauthProviderModels.kind, oauthProviderModels.id], set: row });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.kind === 'Client') return clientMetadata(db, id);
      return this.findWhere(eq(oauthProviderModels.id, id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oauthProviderModels.uid, uid));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oauthProviderModels.userCode, userCode));
    }

    /**
     * Marks a code or refresh token used, once: the provider checks `consumed` before calling this,
     * but two requests with the same code can both pass that check. The second to get here finds
     * it used, revokes everything of its grant and is refused (`invalid_grant`).
     */
    async consume(id: string): Promise<void> {
      const marked = await db
        .update(oauthProviderModels)
        .set({
          consumedAt: new Date(),
          payload: sql`${oauthProviderModels.payload} || jsonb_build_object('consumed', extract(epoch from now())::bigint)`,
        })
        .where(
          and(
            eq(oauthProviderModels.kind, this.kind),
            eq(oauthProviderModels.id, id),
            isNull(oauthProviderModels.consumedAt),
          ),
        )
        .returning({ id: oauthProviderModels.id });
      if (marked.length > 0) return;
      const [used] = await db
        .select({ grantId: oauthProviderModels.grantId })
        .from(oauthProviderModels)
        .where(and(eq(oauthProviderModels.kind, this.kind), eq(oauthProviderModels.id, id)));
      if (used?.grantId)
        await db.delete(oauthProviderModels).where(eq(oauthProviderModels.grantId, used.grantId));
      throw alreadyUsed();
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oauthProviderModels)
        .where(and(eq(oauthProviderModels.kind, this.kind), eq(oauthProviderModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db
        .delete(oauthProviderModels)
        .where(and(eq(oauthProviderModels.kind, this.kind), eq(oauthProviderModels.grantId, grantId)));
    }

    private async findWhere(where: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oauthProviderModels.payload, expiresAt: oauthProviderModels.expiresAt })
        .from(oauthProviderModels)
        .where(and(eq(oauthProviderModels.kind, this.kind), where))
        .limit(1);
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return row.payload as AdapterPayload;
    }
  };
}

/** A client app as oidc-provider's client metadata; `client_secret` is the stored digest. */
async function clientMetadata(db: Db, appId: string): Promise<AdapterPayload | undefined> {
  const app = await clientAppById(db, appId);
  if (!app) return undefined;
  return {
    client_id: app.appId,
    client_secret: app.secretHash,
    client_name: app.name,
    redirect_uris: app.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'EdDSA',
    company_id: app.companyId,
    app_scopes: app.scopes,
  };
}
