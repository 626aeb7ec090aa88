import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { oauthProviderModels } from './schema';

/**
 * Expired provider rows (interactions, sessions, codes, tokens, grants) go every hour: once
 * expired the provider never reads them (a used refresh token stays until its own expiry, so its
 * reuse is still caught).
 */
export function defineOAuthJobs(platform: Platform): void {
  platform.jobs.define<object>({
    name: 'oauth.prune',
    cron: { expression: '17 * * * *' },
    handler: () => pruneExpired(platform.database.db),
  });
}

export async function pruneExpired(db: Pick<Db, 'delete'>): Promise<void> {
  await db.delete(oauthProviderModels).where(lt(oauthProviderModels.expiresAt, sql`now()`));
}
