import { and, eq, isNull } from 'drizzle-orm';
import { keyedHash, safeEqual } from '../../platform/auth/one-time-secrets';
import type { Db } from '../../platform/db/database';
import { apiKeys } from './schema';

/**
 * The company of a live API key (`/generate-keys`: `client_id` + `client_secret`) and who made it,
 * or null when the pair is unknown, revoked or the secret is wrong (constant-time comparison of
 * the keyed hashes).
 */
export async function companyOfApiKey(
  db: Pick<Db, 'select'>,
  jwtSecret: string,
  clientId: string,
  secret: string,
): Promise<{ companyId: string; createdBy: string | null } | null> {
  const [row] = await db
    .select({ companyId: apiKeys.companyId, createdBy: apiKeys.createdBy, secretHash: apiKeys.secretHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.clientId, clientId), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  return safeEqual(row.secretHash, keyedHash(secret, jwtSecret))
    ? { companyId: row.companyId, createdBy: row.createdBy }
    : null;
}
