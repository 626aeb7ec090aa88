import * as client from 'openid-client';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { secretBox } from '../../platform/auth/secret-box';
import type { ssoProviders } from './schema';

export type ProviderRow = typeof ssoProviders.$inferSelect;

/** What the provider vouched for, once its ID token passed every check. */
export type VerifiedIdentity = {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  idpSid: string | null;
};

/** A company's provider as the flows use it: discovered metadata and its signing keys. */
export type Provider = {
  row: ProviderRow;
  config: client.Configuration;
  jwks: JWTVerifyGetKey;
};

const DISCOVERY_TIMEOUT_SECONDS = 10;
/** Discovered providers, per company and settings version (a save discovers again). */
const discovered = new Map<string, { at: number; provider: Promise<Provider> }>();
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

/** The sealing of client secrets (bound to the company id). */
export function clientSecretBox(platform: Platform) {
  return secretBox(platform.config.secrets.storageSecret, 'sso_providers/client-secret');
}

/**
 * http issuers are refused (tokens and secrets cross that connection), except on a loopback host
 * outside production (a provider run locally), or anywhere with SSO_ALLOW_HTTP_ISSUERS=1 (the
 * journeys' local provider against a production build).
 */
export function insecureIssuerAllowed(platform: Platform, issuer: URL): boolean {
  if (issuer.protocol !== 'http:') return false;
  if (platform.config.ssoAllowHttpIssuers) return true;
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  return loopback && platform.config.env !== 'production';
}

export function assertIssuerUsable(platform: Platform, issuer: string): void {
  const url = new URL(issuer);
  if (url.protocol !== 'https:' && !insecureIssuerAllowed(platform, url)) {
    const message = 'The issuer must be an https URL';
    throw validationError([{ key: 'issuer', message, path: ['issuer'] }], message);
  }
}

/** Fetches the provider's discovery document (`/.well-known/openid-configuration`) and keys. */
export async function discoverProvider(platform: Platform, row: ProviderRow): Promise<Provider> {
  const key = `${row.companyId}:${row.version}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.provider;
  const provider = discover(platform, row);
  discovered.set(key, { at: Date.now(), provider });
  provider.catch(() => discovered.delete(key));
  return provider;
}

async function discover(platform: Platform, row: ProviderRow): Promise<Provider> {
  const issuer = new URL(row.issuer);
  const secret = row.clientSecretSealed
    ? clientSecretBox(platform).open(row.clientSecretSealed, row.companyId)
    : undefined;
  let config: client.Configuration;
  try {
    config = await client.discovery(issuer, row.clientId, secret, secret ? undefined : client.None(), {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      ...(insecureIssuerAllowed(platform, issuer) ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (err) {
    platform.log.warn({ err, companyId: row.companyId, issuer: row.issuer }, 'sso discovery failed');
    throw providerUnreachable(err);
  }
  const jwksUri = config.serverMetadata().jwks_uri;
  if (!jwksUri) throw providerUnreachable(new Error('the provider publishes no jwks_uri'));
  return {
    row,
    config,
    jwks: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: DISCOVERY_TIMEOUT_SECONDS * 1000 }),
  };
}

/** Checks settings before they are saved: the issuer answers a valid discovery document (else 422 on `issuer`). */
export async function tryDiscovery(platform: Platform, row: ProviderRow): Promise<void> {
  try {
    await discover(platform, row);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'SERVICE_UNAVAILABLE') throw err;
    throw validationError([{ key: 'issuer', message: err.message, path: ['issuer'] }], err.message);
  }
}

function providerUnreachable(err: unknown): AppError {
  const reason = err instanceof Error ? err.message : String(err);
  return new AppError('SERVICE_UNAVAILABLE', {
    message: `The identity provider could not be reached or answered an invalid configuration (${reason.slice(0, 200)})`,
    cause: err,
  });
}

/** Forgets the discovered provider of a company (its settings changed). */
export function forgetProvider(companyId: string): void {
  for (const key of discovered.keys()) if (key.startsWith(`${companyId}:`)) discovered.delete(key);
}
