import { createHmac, createPrivateKey } from 'node:crypto';
import type { KoaContextWithOIDC, default as ProviderType } from 'oidc-provider';
import type { OAuthScope } from '@esigns/contracts/oauth';
import type { Platform } from '../../platform/platform';
import { secretMatches } from './client-apps';
import { providerAdapter } from './provider-adapter';

/** Where oidc-provider is mounted (its issuer is the public URL plus this). */
export const OAUTH_MOUNT = '/api/oauth2';
/** The one resource server access tokens are for: this API. */
export const API_RESOURCE_PATH = '/api';

export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * One provider per platform (tests build one app per file), created at the first OAuth request:
 * importing oidc-provider prints an "Unsupported runtime" warning on Node 20, so a server that
 * never serves OAuth never loads it.
 */
const providers = new WeakMap<Platform, Promise<ProviderType>>();

export function oauthProvider(platform: Platform): Promise<ProviderType> {
  let provider = providers.get(platform);
  if (!provider) {
    provider = createProvider(platform);
    providers.set(platform, provider);
    provider.catch(() => providers.delete(platform));
  }
  return provider;
}

export function apiResource(platform: Platform): string {
  return `${platform.config.publicUrl}${API_RESOURCE_PATH}`;
}

async function createProvider(platform: Platform): Promise<ProviderType> {
  const { default: Provider, errors } = await import('oidc-provider');
  const { config } = platform;
  const resource = apiResource(platform);
  const provider = new Provider(`${config.publicUrl}${OAUTH_MOUNT}`, {
    adapter: providerAdapter(platform.database.db, () => new errors.InvalidGrant('grant request is invalid')),
    clients: [],
    extraClientMetadata: { properties: ['company_id', 'app_scopes'] },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    scopes: ['openid', 'offline_access'],
    claims: { openid: ['sub'] },
    jwks: { keys: [signingKey(config.secrets.jwtSecret)] },
    enabledJWA: { idTokenSigningAlgValues: ['EdDSA'] },
    cookies: { keys: [derive(config.secrets.jwtSecret, 'oauth-cookies')] },
    pkce: { required: () => true },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator, client) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          const scopes = (client.app_scopes as OAuthScope[] | undefined) ?? [];
          return {
            scope: scopes.join(' '),
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    routes: {
      authorization: '/authorize',
      token: '/token',
      revocation: '/revoke',
      jwks: '/jwks',
      end_session: '/logout',
    },
    interactions: { url: (_ctx, interaction) => `${OAUTH_MOUNT}/signin?uid=${interaction.uid}` },
    // Every authorization asks the user (no remembered consent): only the grant of this
    // interaction's answer counts.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
      Interaction: 10 * 60,
      Session: 10 * 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
    },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
  // Secrets are stored as digests: compare the presented one with the stored digest.
  provider.Client.prototype.compareClientSecret = function compare(
    this: { clientSecret?: string },
    actual: string,
  ) {
    return Promise.resolve(Boolean(this.clientSecret) && secretMatches(this.clientSecret!, actual));
  };
  // Errors keep the OAuth fields (`error`, `error_description`) and add the API's envelope
  // (`success: false`, `message`), like every other answer under /api.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { error?: unknown; error_description?: unknown } | undefined;
    if (ctx.status >= 400 && body && typeof body === 'object' && typeof body.error === 'string') {
      const message = typeof body.error_description === 'string' ? body.error_description : body.error;
      ctx.body = { success: false, message, ...body };
    }
  });
  if (config.trustProxy !== false) provider.proxy = true;
  provider.on('server_error', (_ctx, err) => platform.log.error({ err }, 'oauth provider error'));
  return provider;
}

/** The ID-token signing key: an Ed25519 key derived from the instance secret (same on every instance). */
function signingKey(secret: string) {
  const seed = createHmac('sha256', secret).update('oauth-id-token-key').digest();
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const jwk = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  return { ...jwk, kid: 'oauth-ed25519', use: 'sig', alg: 'EdDSA' };
}

function derive(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}
