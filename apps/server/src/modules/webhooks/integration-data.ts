import { and, count, eq, gte, max, sql } from 'drizzle-orm';
import type { TAppIntegrationData } from '@esigns/contracts/webhooks';
import type { Platform } from '../../platform/platform';
import { listClientApps } from '../oauth';
import type { AccessContext } from '../permissions';
import { getApiKey } from '../settings';
import { webhookDeliveries, webhookEndpoints } from './schema';

/**
 * `GET /get-app-integration-data`: the workspace's API key (no secret), its OAuth client apps with
 * how many webhook endpoints each has, and its endpoints' state, in four reads.
 */
export async function appIntegrationData(
  platform: Platform,
  access: AccessContext,
): Promise<TAppIntegrationData> {
  const db = platform.database.db;
  const { companyId } = access;
  const [apiKey, apps, endpoints, deliveries] = await Promise.all([
    getApiKey(platform, access),
    listClientApps(db, companyId),
    db
      .select({
        appId: webhookEndpoints.appId,
        enabled: webhookEndpoints.enabled,
        reason: webhookEndpoints.disabledReason,
      })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, companyId)),
    db
      .select({
        failed: count(
          sql`case when ${webhookDeliveries.status} = 'FAILED' and ${webhookDeliveries.updatedAt} >= now() - interval '1 day' then 1 end`,
        ),
        lastDelivered: max(webhookDeliveries.deliveredAt),
      })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.companyId, companyId),
          gte(webhookDeliveries.createdAt, sql`now() - interval '30 days'`),
        ),
      ),
  ]);
  const perApp = new Map<string, number>();
  for (const endpoint of endpoints) {
    if (endpoint.appId) perApp.set(endpoint.appId, (perApp.get(endpoint.appId) ?? 0) + 1);
  }
  const last = deliveries[0]?.lastDelivered;
  return {
    api_key: apiKey,
    client_apps: apps.map((app) => ({
      app_id: app.appId,
      name: app.name,
      scopes: app.scopes,
      webhook_endpoints: perApp.get(app.appId) ?? 0,
    })),
    webhooks: {
      endpoints: endpoints.length,
      enabled: endpoints.filter((e) => e.enabled).length,
      auto_disabled: endpoints.filter((e) => !e.enabled && e.reason === 'AUTO').length,
      failed_last_day: Number(deliveries[0]?.failed ?? 0),
      last_delivered_at: last ? new Date(last).toISOString() : null,
    },
  };
}
