import { randomUUID } from 'node:crypto';
import * as client from 'openid-client';
import type { Platform } from '../../platform/platform';
import { openSession, type ClientInfo } from '../auth';
import { ssoUrls } from './config-service';
import type { Provider, VerifiedIdentity } from './oidc';
import { ssoSessions } from './schema';

/** Opens a session marked as single sign-on, recorded with the provider's subject and session id. */
export async function openSsoSession(
  platform: Platform,
  input: { userId: string; companyId: string; identity: VerifiedIdentity; client: ClientInfo },
) {
  const sessionId = randomUUID();
  return platform.database.db.transaction(async (tx) => {
    const reply = await openSession(platform, tx, {
      userId: input.userId,
      companyId: input.companyId,
      client: input.client,
      sso: { sessionId },
    });
    await tx.insert(ssoSessions).values({
      sessionId,
      companyId: input.companyId,
      userId: input.userId,
      subject: input.identity.subject,
      idpSid: input.identity.idpSid,
    });
    return reply;
  });
}

/** The provider's end-session URL, returning to `/signin`; null when it publishes none. */
export function logoutUrl(platform: Platform, provider: Provider): string | null {
  if (!provider.config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(provider.config, {
    client_id: provider.row.clientId,
    post_logout_redirect_uri: ssoUrls(platform, provider.row.companyId).postLogoutRedirectUri,
  }).href;
}
