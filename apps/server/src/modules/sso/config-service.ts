import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TSsoConfig, ZSsoConfigWrite } from '@esigns/contracts/sso';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { assertIssuerUsable, clientSecretBox, forgetProvider, tryDiscovery, type ProviderRow } from './oidc';
import { ssoProviders } from './schema';

type TSsoConfigInput = z.output<typeof ZSsoConfigWrite>;

/** Where the provider sends users back, and where it posts logout tokens (register both with it). */
export function ssoUrls(platform: Platform, companyId: string) {
  const base = platform.config.publicUrl;
  return {
    redirectUri: `${base}/sso-verify`,
    backchannelLogoutUri: `${base}/api/sso/backchannel-logout/${companyId}`,
    postLogoutRedirectUri: `${base}/signin`,
  };
}

/** OWNER and ADMIN only, whatever the permission sets say: the provider decides who gets in. */
export function assertCanManageSso(access: AccessContext): void {
  if (access.userType !== 'OWNER' && access.userType !== 'ADMIN') {
    throw new AppError('FORBIDDEN', { message: 'Only owners and administrators configure single sign-on' });
  }
}

export async function findProvider(
  db: Pick<Db, 'select'>,
  companyId: string,
): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.companyId, companyId)).limit(1);
  return row;
}

export async function readSsoConfig(platform: Platform, companyId: string): Promise<TSsoConfig> {
  const row = await findProvider(platform.database.db, companyId);
  const urls = ssoUrls(platform, companyId);
  return {
    configured: row !== undefined,
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? null,
    client_id: row?.clientId ?? null,
    has_client_secret: Boolean(row?.clientSecretSealed),
    allowed_domains: row?.allowedDomains ?? [],
    auto_create_users: row?.autoCreateUsers ?? false,
    new_user_type: row?.newUserType ?? 'MEMBER',
    redirect_uri: urls.redirectUri,
    backchannel_logout_uri: urls.backchannelLogoutUri,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Saves the company's provider. Enabled settings are tried first: the issuer must answer its
 * discovery document (422 on `issuer` otherwise). `client_secret` left out keeps the stored one,
 * but only for the same issuer and client id; `""` removes it (a public client, PKCE only).
 */
export async function saveSsoConfig(
  platform: Platform,
  access: AccessContext,
  input: TSsoConfigInput,
): Promise<TSsoConfig> {
  assertCanManageSso(access);
  assertIssuerUsable(platform, input.issuer);
  const db = platform.database.db;
  const existing = await findProvider(db, access.companyId);
  const sealedSecret = secretToStore(platform, access.companyId, input, existing);
  const values = {
    enabled: input.enabled,
    issuer: input.issuer,
    clientId: input.client_id,
    clientSecretSealed: sealedSecret,
    allowedDomains: [...new Set(input.allowed_domains)],
    autoCreateUsers: input.auto_create_users,
    newUserType: input.new_user_type,
    updatedBy: access.userId,
    updatedAt: new Date(),
  };
  if (input.enabled) {
    await tryDiscovery(platform, {
      companyId: access.companyId,
      version: 0,
      createdAt: new Date(),
      ...values,
    });
  }
  await db
    .insert(ssoProviders)
    .values({ companyId: access.companyId, ...values })
    .onConflictDoUpdate({
      target: ssoProviders.companyId,
      set: { ...values, version: sql`${ssoProviders.version} + 1` },
    });
  forgetProvider(access.companyId);
  return readSsoConfig(platform, access.companyId);
}

function secretToStore(
  platform: Platform,
  companyId: string,
  input: TSsoConfigInput,
  existing: ProviderRow | undefined,
): string | null {
  if (input.client_secret === '') return null;
  if (input.client_secret !== undefined)
    return clientSecretBox(platform).seal(input.client_secret, companyId);
  if (!existing?.clientSecretSealed) return null;
  if (existing.issuer !== input.issuer || existing.clientId !== input.client_id) {
    const message = 'Enter the client secret again: the issuer or client id changed';
    throw validationError([{ key: 'client_secret', message, path: ['client_secret'] }], message);
  }
  return existing.clientSecretSealed;
}
