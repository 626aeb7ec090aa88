import type { Db } from '../../platform/db/database';
import { clientAppById, secretMatches } from './client-apps';

/**
 * The company of a client app whose secret is `secret` (client-credentials authentication of a
 * company's own server, e.g. minting an embedded-mode token) and who made the app, or null.
 */
export async function companyOfClientApp(
  db: Pick<Db, 'select'>,
  appId: string,
  secret: string,
): Promise<{ companyId: string; createdBy: string | null } | null> {
  const app = await clientAppById(db, appId);
  if (!app) return null;
  return secretMatches(app.secretHash, secret)
    ? { companyId: app.companyId, createdBy: app.createdBy }
    : null;
}
