import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Platform } from '../../platform/platform';
import { entityDataFiles } from './schema';

/** An upload address lives 15 minutes; a file still PENDING a day later never came. */
export const ABANDONED_UPLOAD_HOURS = 24;

/**
 * Removes uploads that never completed: PENDING file rows older than a day (their upload address
 * expired long ago, so no record can confirm them any more) and whatever part of their object
 * reached storage. At most `batch` per run; answers how many went.
 */
export async function removeAbandonedUploads(
  platform: Pick<Platform, 'database' | 'storage'>,
  now = new Date(),
  batch = 500,
): Promise<number> {
  const db = platform.database.db;
  const before = new Date(now.getTime() - ABANDONED_UPLOAD_HOURS * 3_600_000);
  const stale = await db
    .select({ id: entityDataFiles.id, storageKey: entityDataFiles.storageKey })
    .from(entityDataFiles)
    .where(and(eq(entityDataFiles.status, 'PENDING'), lt(entityDataFiles.createdAt, before)))
    .limit(batch);
  if (stale.length === 0) return 0;
  for (const file of stale) {
    // A missing object is fine: most abandoned uploads never sent a byte.
    await platform.storage.delete(file.storageKey).catch(() => undefined);
  }
  const removed = await db
    .delete(entityDataFiles)
    .where(
      and(
        inArray(
          entityDataFiles.id,
          stale.map((f) => f.id),
        ),
        eq(entityDataFiles.status, 'PENDING'),
      ),
    )
    .returning({ id: entityDataFiles.id });
  return removed.length;
}
