import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { IntegrationEventType } from '@esigns/contracts/integration-events';
import type { TWebhookDeliveryStatus } from '@esigns/contracts/webhooks';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * A company's webhook endpoint (README): where to post which event types, signed with its secret
 * (encrypted at rest with a key derived from STORAGE_SECRET, bound to the company). `appId` ties
 * it to one of the company's OAuth client apps (`/oauth2/save-webhook`). `consecutiveFailures`
 * and `failingSince` count final failures in a row (test events aside): enough of them over long
 * enough disable the endpoint (`disabledReason` AUTO).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    appId: text(),
    url: text().notNull(),
    description: text().notNull().default(''),
    eventTypes: text().array().$type<IntegrationEventType[]>().notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of the `whsec_...` secret. */
    secretEncrypted: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text().$type<'AUTO' | 'MANUAL'>(),
    consecutiveFailures: integer().notNull().default(0),
    failingSince: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * One event for one endpoint: unique per (endpoint, event), so the event handler running twice
 * writes it once. `body` is the payload as posted on every attempt. A chain of attempts is
 * `chain` (1, then +1 per redelivery); `chainTries` counts the tries of the current chain: a try
 * job acts only when its (chain, try) is the next one (a job run twice, or a chain replaced by a
 * redelivery, does nothing).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    eventType: text().notNull(),
    isTest: boolean().notNull().default(false),
    body: text().notNull(),
    status: text().$type<TWebhookDeliveryStatus>().notNull().default('PENDING'),
    attempts: integer().notNull().default(0),
    chain: integer().notNull().default(1),
    chainTries: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastResponseStatus: integer(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId),
    index('webhook_deliveries_company_idx').on(t.companyId, t.createdAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** One try of a delivery: what was sent (headers) and what came back (start of the answer) or why not. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    chain: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    durationMs: integer().notNull(),
    requestHeaders: jsonb().$type<Record<string, string>>().notNull(),
    responseStatus: integer(),
    responseBody: text(),
    error: text(),
    succeeded: boolean().notNull(),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_number_uq').on(t.deliveryId, t.number)],
);
