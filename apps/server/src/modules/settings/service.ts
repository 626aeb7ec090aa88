import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type TNotificationEvent } from '@esigns/contracts/settings';
import { randomToken, keyedHash } from '../../platform/auth/one-time-secrets';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { apiKeys, userSettings } from './schema';

export type SettingsGroup =
  'application' | 'expirations_reminders' | 'dashboard_stats' | 'notifications' | 'app_mode';

/**
 * The user's settings of a group in this workspace, over the defaults. `db`: the caller's
 * transaction when it has one (PGlite has one connection: a read beside an open transaction waits).
 */
export async function readSettings<T extends object>(
  platform: Platform,
  access: Pick<AccessContext, 'userId' | 'companyId'>,
  group: SettingsGroup,
  defaults: T,
  db: Pick<Db, 'select'> = platform.database.db,
): Promise<T> {
  return overDefaults(defaults, await readSavedSettings(db, access, group));
}

/** What the user saved in a group in this workspace, as saved (no defaults), or undefined. */
export async function readSavedSettings(
  db: Pick<Db, 'select'>,
  access: Pick<AccessContext, 'userId' | 'companyId'>,
  group: SettingsGroup,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(
      and(
        eq(userSettings.companyId, access.companyId),
        eq(userSettings.userId, access.userId),
        eq(userSettings.group, group),
      ),
    )
    .limit(1);
  return row?.value;
}

/**
 * Saved values over the defaults, two levels deep: a group saved before a new key (or a new
 * notification event) existed still answers with every key.
 */
export function overDefaults<T extends object>(defaults: T, saved: Record<string, unknown> | undefined): T {
  if (!saved) return { ...defaults };
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(saved)) {
    const base = merged[key];
    merged[key] = isPlainObject(base) && isPlainObject(value) ? { ...base, ...value } : value;
  }
  return merged as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a user wants to hear about `event` through `channel` (their choice or the default; `db` as in `readSettings`). */
export async function wantsNotification(
  platform: Platform,
  access: Pick<AccessContext, 'userId' | 'companyId'>,
  event: TNotificationEvent,
  channel: 'email' | 'in_app',
  db: Pick<Db, 'select'> = platform.database.db,
): Promise<boolean> {
  const settings = await readSettings(platform, access, 'notifications', DEFAULT_NOTIFICATION_SETTINGS, db);
  return settings.events[event][channel];
}

export async function writeSettings<T extends object>(
  platform: Platform,
  access: Pick<AccessContext, 'userId' | 'companyId'>,
  group: SettingsGroup,
  value: T,
): Promise<T> {
  await platform.database.db
    .insert(userSettings)
    .values({
      companyId: access.companyId,
      userId: access.userId,
      group,
      value: value as Record<string, unknown>,
    })
    .onConflictDoUpdate({
      target: [userSettings.companyId, userSettings.userId, userSettings.group],
      set: { value: value as Record<string, unknown>, updatedAt: new Date() },
    });
  return value;
}

type KeyInfo = { client_id: string; secret_last4: string; created_at: string };

/** The workspace's live API key, without its secret (shown once, when made). */
export async function getApiKey(platform: Platform, access: AccessContext): Promise<KeyInfo | null> {
  const [row] = await platform.database.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, access.companyId), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row
    ? { client_id: row.clientId, secret_last4: row.secretLast4, created_at: row.createdAt.toISOString() }
    : null;
}

/**
 * Makes the workspace's API key (`generate-keys`; 409 when one exists) or replaces it
 * (`regenerate-keys`: the old secret stops working at once). The secret is answered once.
 */
export async function issueApiKey(
  platform: Platform,
  access: AccessContext,
  mode: 'generate' | 'regenerate',
): Promise<KeyInfo & { client_secret: string }> {
  const db = platform.database.db;
  return db.transaction(async (tx) => {
    const live = and(eq(apiKeys.companyId, access.companyId), isNull(apiKeys.revokedAt));
    const [existing] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(live).limit(1);
    if (existing && mode === 'generate') {
      throw new AppError('CONFLICT', {
        message: 'This workspace already has API keys: regenerate them instead',
      });
    }
    if (existing) await tx.update(apiKeys).set({ revokedAt: new Date() }).where(live);
    const clientId = randomToken('ck_').slice(0, 27);
    const secret = randomToken('cs_');
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: access.companyId,
        clientId,
        secretHash: keyedHash(secret, platform.config.secrets.jwtSecret),
        secretLast4: secret.slice(-4),
        createdBy: access.userId,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR');
    return {
      client_id: row.clientId,
      client_secret: secret,
      secret_last4: row.secretLast4,
      created_at: row.createdAt.toISOString(),
    };
  });
}
