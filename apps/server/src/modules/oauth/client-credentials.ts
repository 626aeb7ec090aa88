import type { Db } from '../../platform/db/database';
import { clientAppById, secretMatches } from './client-apps';

/**
 * The company of a client app whose secret is `secret` (client-credentials authentication of a
 * company's own server, e.g. minting an embedded-mode token), or null.
 */
export async function companyOfClientApp(
  db: Pick<Db, 'select'>,
  appId: string,
  secret: string,
): Promise<string | null> {
  const app = await clientAppById(db, appId);
  if (!app) return null;
  return secretMatches(app.secretHash, secret) ? app.companyId : null;
}
