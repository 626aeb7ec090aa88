import { and, asc, count, eq } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import { INTEGRATION_EVENT_TYPES, type IntegrationEventType } from '@esigns/contracts/integration-events';
import {
  WEBHOOK_MAX_ENDPOINTS,
  type TSaveAppWebhookData,
  type TWebhookEndpoint,
  type TWebhookEndpointCreateData,
  type TWebhookEndpointUpdateData,
  type TWebhookEndpointWithSecret,
} from '@esigns/contracts/webhooks';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findClientApp } from '../oauth';
import type { AccessContext } from '../permissions';
import { checkTarget, UnsafeTargetError } from './safe-post';
import { webhookEndpoints } from './schema';
import { newWebhookSecret, openSecret, sealSecret } from './secret-box';

/** The event subscriber name of this module (`platform.events`). */
export const SUBSCRIBER = 'webhooks';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function endpointView(row: EndpointRow): TWebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    enabled: row.enabled,
    app_id: row.appId,
    disabled_reason: row.disabledReason,
    consecutive_failures: row.consecutiveFailures,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What an endpoint listens to, as the event bus keeps it: nothing while disabled. */
export function interestOf(row: Pick<EndpointRow, 'enabled' | 'eventTypes'>): IntegrationEventType[] {
  return row.enabled ? row.eventTypes : [];
}

export async function listEndpoints(
  db: Pick<Db, 'select'>,
  companyId: string,
  appId?: string,
): Promise<TWebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.companyId, companyId), appId ? eq(webhookEndpoints.appId, appId) : undefined),
    )
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(endpointView);
}

/** The company's endpoint, or 404 (another company's id is the same as none). */
export async function findEndpointRow(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
): Promise<EndpointRow> {
  if (!isUuid(id)) throw notFound('Webhook endpoint');
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function getEndpoint(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
): Promise<TWebhookEndpoint> {
  return endpointView(await findEndpointRow(db, companyId, id));
}

/** A target refused by the SSRF rules, or that does not resolve, is a 422 under `url`. */
async function checkUrl(platform: Platform, url: string): Promise<string> {
  try {
    const target = await checkTarget(url, { allowPrivate: platform.config.webhooks.allowPrivate });
    return target.url.toString();
  } catch (err) {
    if (err instanceof UnsafeTargetError) {
      throw validationError([{ key: 'url', message: err.message, path: ['url'] }], err.message);
    }
    throw err;
  }
}

/** An app id must be one of the company's OAuth client apps (422 under `app_id`). */
async function checkAppId(
  db: Pick<Db, 'select'>,
  companyId: string,
  appId: string | null | undefined,
): Promise<void> {
  if (appId === null || appId === undefined) return;
  if (!(await findClientApp(db, companyId, appId))) {
    throw validationError(
      [{ key: 'app_id', message: 'Unknown client app', path: ['app_id'] }],
      'Unknown client app',
    );
  }
}

export async function createEndpoint(
  platform: Platform,
  access: AccessContext,
  input: TWebhookEndpointCreateData,
): Promise<TWebhookEndpointWithSecret> {
  const { db } = platform.database;
  const url = await checkUrl(platform, input.url);
  await checkAppId(db, access.companyId, input.app_id);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, access.companyId));
    if (n >= WEBHOOK_MAX_ENDPOINTS) {
      throw new AppError('CONFLICT', {
        message: `A company has at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints: delete one first`,
      });
    }
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId: access.companyId,
        appId: input.app_id ?? null,
        url,
        description: input.description,
        eventTypes: input.event_types,
        secretEncrypted: sealSecret(secret, platform.config.secrets.storageSecret, access.companyId),
        enabled: input.enabled,
        disabledReason: input.enabled ? null : 'MANUAL',
        createdBy: access.userId,
      })
      .returning();
    if (!created) throw new AppError('INTERNAL_ERROR', { message: 'Webhook endpoint could not be stored' });
    await platform.events.setInterest(tx, SUBSCRIBER, access.companyId, created.id, interestOf(created));
    return created;
  });
  return { ...endpointView(row), secret };
}

export async function updateEndpoint(
  platform: Platform,
  access: AccessContext,
  id: string,
  patch: TWebhookEndpointUpdateData,
): Promise<TWebhookEndpoint> {
  const { db } = platform.database;
  await findEndpointRow(db, access.companyId, id);
  const url = patch.url === undefined ? undefined : await checkUrl(platform, patch.url);
  await checkAppId(db, access.companyId, patch.app_id);
  const row = await db.transaction(async (tx) => {
    const current = await findEndpointRow(tx, access.companyId, id);
    const enabled = patch.enabled ?? current.enabled;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url === undefined ? {} : { url }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.event_types === undefined ? {} : { eventTypes: patch.event_types }),
        ...(patch.app_id === undefined ? {} : { appId: patch.app_id }),
        ...enabledChange(current, enabled),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!updated) throw notFound('Webhook endpoint');
    await platform.events.setInterest(tx, SUBSCRIBER, access.companyId, id, interestOf(updated));
    return updated;
  });
  return endpointView(row);
}

/** Enabling clears the failure streak (a fresh start); disabling by hand is MANUAL. */
function enabledChange(current: EndpointRow, enabled: boolean): Partial<EndpointRow> {
  if (enabled === current.enabled) return {};
  return enabled
    ? { enabled: true, disabledReason: null, consecutiveFailures: 0, failingSince: null }
    : { enabled: false, disabledReason: 'MANUAL' };
}

/** Deletes the endpoint with its deliveries and attempts (cascade); pending tries find nothing. */
export async function deleteEndpoint(platform: Platform, access: AccessContext, id: string): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    await findEndpointRow(tx, access.companyId, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await platform.events.setInterest(tx, SUBSCRIBER, access.companyId, id, []);
  });
}

export function secretOf(platform: Platform, row: EndpointRow): string {
  return openSecret(row.secretEncrypted, platform.config.secrets.storageSecret, row.companyId);
}

export async function revealSecret(platform: Platform, access: AccessContext, id: string): Promise<string> {
  return secretOf(platform, await findEndpointRow(platform.database.db, access.companyId, id));
}

/** A new secret; the old one stops signing at once (receivers must switch to the new one). */
export async function rotateSecret(platform: Platform, access: AccessContext, id: string): Promise<string> {
  await findEndpointRow(platform.database.db, access.companyId, id);
  const secret = newWebhookSecret();
  await platform.database.db
    .update(webhookEndpoints)
    .set({
      secretEncrypted: sealSecret(secret, platform.config.secrets.storageSecret, access.companyId),
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, access.companyId)));
  return secret;
}

/** The webhook of a client app: its oldest endpoint (save-webhook keeps one per app). */
async function appEndpoint(
  db: Pick<Db, 'select'>,
  companyId: string,
  appId: string,
): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.appId, appId)))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    .limit(1);
  return row ?? null;
}

/** `POST /oauth2/fetch-webhook`: the app's webhook or null; 404 for an app not of the company. */
export async function fetchAppWebhook(
  platform: Platform,
  access: AccessContext,
  appId: string,
): Promise<TWebhookEndpoint | null> {
  const { db } = platform.database;
  if (!(await findClientApp(db, access.companyId, appId))) throw notFound('Client app');
  const row = await appEndpoint(db, access.companyId, appId);
  return row ? endpointView(row) : null;
}

/**
 * `POST /oauth2/save-webhook`: updates the app's webhook, or creates it (every event type unless
 * given; the answer then carries the secret, shown this once).
 */
export async function saveAppWebhook(
  platform: Platform,
  access: AccessContext,
  input: TSaveAppWebhookData,
): Promise<TWebhookEndpoint & { secret?: string }> {
  const { db } = platform.database;
  if (!(await findClientApp(db, access.companyId, input.app_id))) throw notFound('Client app');
  const existing = await appEndpoint(db, access.companyId, input.app_id);
  const fields = {
    url: input.url,
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.event_types === undefined ? {} : { event_types: input.event_types }),
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
  };
  if (existing) return updateEndpoint(platform, access, existing.id, fields);
  return createEndpoint(platform, access, {
    description: '',
    event_types: [...INTEGRATION_EVENT_TYPES],
    enabled: true,
    ...fields,
    app_id: input.app_id,
  });
}

/**
 * A deleted client app takes its webhook endpoints with it (their deliveries go too): nothing
 * could manage them any more, and nothing of the app should keep receiving the company's events.
 */
export async function deleteAppEndpoints(
  platform: Platform,
  tx: Db,
  companyId: string,
  appId: string,
): Promise<void> {
  const gone = await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.appId, appId)))
    .returning({ id: webhookEndpoints.id });
  for (const { id } of gone) await platform.events.setInterest(tx, SUBSCRIBER, companyId, id, []);
}
