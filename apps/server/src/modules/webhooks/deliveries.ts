import { randomUUID } from 'node:crypto';
import { and, arrayContains, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { TPageQuery, TPaged } from '@esigns/contracts/envelope';
import { toPaged } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import type { IntegrationEvent, IntegrationEventType } from '@esigns/contracts/integration-events';
import {
  WEBHOOK_EXAMPLE_DATA,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RESPONSE_KEEP_BYTES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOK_USER_AGENT,
  webhookPayload,
  type TWebhookDelivery,
  type TWebhookDeliveryDetail,
  type TWebhookDeliveryStatus,
} from '@esigns/contracts/webhooks';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { disableAfterFailures } from './auto-disable';
import { postSafely, type SafePostResult } from './safe-post';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './schema';
import { findEndpointRow, secretOf, type EndpointRow } from './service';

/** One try of one delivery: `chain` and `tryNo` say which, so a stale or repeated job does nothing. */
export const ATTEMPT_JOB = 'webhooks.attempt';
export type AttemptJob = { deliveryId: string; chain: number; tryNo: number };

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function retryDelays(platform: Platform): readonly number[] {
  return platform.config.webhooks.retryDelaysSeconds ?? WEBHOOK_RETRY_DELAYS_SECONDS;
}

/**
 * The event handler (`platform.events.subscribe('webhooks', ...)`): one delivery per enabled
 * endpoint of the company listening to the type, unique per (endpoint, event) (one statement);
 * then the first try of each, made here (one job hop less between the commit and the receiver).
 * The event's job is done only once they are recorded: after a crash it runs again
 * (`retryCount` > 0), inserts nothing new, and makes the first tries still not recorded (chain 1,
 * no try yet). Later tries are `webhooks.attempt` jobs queued with each recorded failure.
 */
export async function fanOutEvent(
  platform: Platform,
  event: IntegrationEvent,
  context: { signal: AbortSignal; retryCount: number },
): Promise<void> {
  const { db } = platform.database;
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, event.company_id),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.eventTypes, [event.type]),
      ),
    );
  if (endpoints.length === 0) return;
  const body = webhookPayload(event.type, event.occurred_at, event.data);
  const inserted = await db
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        companyId: event.company_id,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        body,
        nextAttemptAt: new Date(),
      })),
    )
    .onConflictDoNothing()
    .returning();
  const untried =
    context.retryCount === 0
      ? inserted
      : await db
          .select()
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.eventId, event.id),
              eq(webhookDeliveries.companyId, event.company_id),
              eq(webhookDeliveries.status, 'PENDING'),
              eq(webhookDeliveries.chain, 1),
              eq(webhookDeliveries.chainTries, 0),
            ),
          );
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  await Promise.all(
    untried.map((delivery) => {
      const endpoint = byId.get(delivery.endpointId);
      const job = { deliveryId: delivery.id, chain: 1, tryNo: 1 };
      return endpoint
        ? makeTry(platform, delivery, endpoint, job, context.signal)
        : runAttempt(platform, job, context.signal);
    }),
  );
}

/** The Standard Webhooks headers of one try: the signature covers `id.timestamp.body`. */
export function signedHeaders(
  secret: string,
  eventId: string,
  at: Date,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

/**
 * The `webhooks.attempt` job: posts the delivery once, records the try, and queues the next one
 * (after the chain's delay), or settles the delivery DELIVERED or FAILED. Acts only when the job is
 * the delivery's next try (the chain's tries so far, its chain, PENDING); the record is written
 * under the same condition, so a job run twice at once records one try (its receiver may get the
 * event twice: at least once, deduplicated by `webhook-id`).
 */
export async function runAttempt(platform: Platform, job: AttemptJob, signal: AbortSignal): Promise<void> {
  const [found] = await platform.database.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.deliveryId));
  if (!found || !isNextTry(found.delivery, job)) return;
  await makeTry(platform, found.delivery, found.endpoint, job, signal);
}

/** Posts the delivery once (signed now) and records the outcome, unless the endpoint was disabled meanwhile. */
async function makeTry(
  platform: Platform,
  delivery: DeliveryRow,
  endpoint: EndpointRow,
  job: AttemptJob,
  signal: AbortSignal,
): Promise<void> {
  if (!endpoint.enabled) {
    await settleWithoutTry(platform.database.db, job, 'The endpoint is disabled');
    return;
  }
  const startedAt = new Date();
  const headers = signedHeaders(secretOf(platform, endpoint), delivery.eventId, startedAt, delivery.body);
  const result = await postSafely(endpoint.url, delivery.body, headers, {
    allowPrivate: platform.config.webhooks.allowPrivate,
    timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000,
    keepBytes: WEBHOOK_RESPONSE_KEEP_BYTES,
    signal,
  });
  // Stopping: the job is handed back and the try made again by its next run.
  if (signal.aborted) return;
  await recordTry(platform, { delivery, endpoint, job, startedAt, headers, result });
}

function isNextTry(delivery: DeliveryRow, job: AttemptJob): boolean {
  return (
    delivery.status === 'PENDING' && delivery.chain === job.chain && delivery.chainTries === job.tryNo - 1
  );
}

/** The condition under which a job may write its outcome: still the delivery's next try. */
function stillNext(job: AttemptJob): SQL | undefined {
  return and(
    eq(webhookDeliveries.id, job.deliveryId),
    eq(webhookDeliveries.status, 'PENDING'),
    eq(webhookDeliveries.chain, job.chain),
    eq(webhookDeliveries.chainTries, job.tryNo - 1),
  );
}

/** A try that cannot be made (the endpoint was disabled meanwhile): FAILED, no try recorded, no streak. */
async function settleWithoutTry(db: Db, job: AttemptJob, error: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'FAILED', lastError: error, nextAttemptAt: null, updatedAt: new Date() })
    .where(stillNext(job));
}

type TryOutcome = {
  delivery: DeliveryRow;
  endpoint: EndpointRow;
  job: AttemptJob;
  startedAt: Date;
  headers: Record<string, string>;
  result: SafePostResult;
};

async function recordTry(platform: Platform, outcome: TryOutcome): Promise<void> {
  const { result } = outcome;
  if (result.status !== null && result.status >= 200 && result.status < 300) {
    await recordSuccess(platform.database.db, outcome);
    return;
  }
  if (await recordFailure(platform, outcome)) platform.jobs.wake(ATTEMPT_JOB);
}

/**
 * A failed try: recorded with the next one queued after the chain's delay, or, after the last
 * try, the delivery FAILED and the endpoint's failure streak one longer (maybe disabling it).
 * Answers whether a try is due at once (the caller wakes the queue).
 */
async function recordFailure(platform: Platform, outcome: TryOutcome): Promise<boolean> {
  const { delivery, endpoint, job, startedAt, headers, result } = outcome;
  const delays = retryDelays(platform);
  const last = job.tryNo >= WEBHOOK_MAX_ATTEMPTS;
  const delay = last ? null : (delays[job.tryNo - 1] ?? delays[delays.length - 1] ?? 0);
  const error = result.error ?? `The receiver answered ${result.status}`;
  const now = new Date();
  return platform.database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(webhookDeliveries)
      .set({
        status: last ? 'FAILED' : 'PENDING',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        chainTries: job.tryNo,
        nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay * 1000),
        lastResponseStatus: result.status,
        lastError: error,
        updatedAt: now,
      })
      .where(stillNext(job))
      .returning({ attempts: webhookDeliveries.attempts });
    if (!claimed) return false;
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      number: claimed.attempts,
      chain: job.chain,
      startedAt,
      durationMs: result.durationMs,
      requestHeaders: headers,
      responseStatus: result.status,
      responseBody: result.body,
      error,
      succeeded: false,
    });
    if (delay !== null) {
      await platform.jobs.send<AttemptJob>(
        ATTEMPT_JOB,
        { deliveryId: delivery.id, chain: job.chain, tryNo: job.tryNo + 1 },
        { tx, startAfterSeconds: delay },
      );
      return delay === 0;
    }
    if (!delivery.isTest) await lengthenStreak(platform, tx, endpoint);
    return false;
  });
}

/**
 * A delivered try, in one statement (the common case, kept cheap): the delivery DELIVERED if the
 * try is still its next one, the try recorded, and the endpoint's failure streak ended (not for a
 * test event).
 */
async function recordSuccess(db: Db, outcome: TryOutcome): Promise<void> {
  const { delivery, endpoint, job, startedAt, headers, result } = outcome;
  await db.execute(sql`
    with claimed as (
      update webhook_deliveries
      set status = 'DELIVERED', attempts = attempts + 1, chain_tries = ${job.tryNo}, next_attempt_at = null,
        last_response_status = ${result.status}, last_error = null, delivered_at = now(), updated_at = now()
      where id = ${delivery.id} and status = 'PENDING' and chain = ${job.chain} and chain_tries = ${job.tryNo - 1}
      returning id, attempts, is_test
    ), streak as (
      update webhook_endpoints set consecutive_failures = 0, failing_since = null
      where id = ${endpoint.id} and (consecutive_failures > 0 or failing_since is not null)
        and exists (select 1 from claimed where not is_test)
    )
    insert into webhook_attempts
      (delivery_id, number, chain, started_at, duration_ms, request_headers, response_status, response_body, error, succeeded)
    select id, attempts, ${job.chain}, ${startedAt.toISOString()}::timestamptz, ${result.durationMs},
      ${JSON.stringify(headers)}::jsonb, ${result.status}, ${result.body}, null, true
    from claimed`);
}

/** A final failure lengthens the endpoint's failure streak (which may disable it). */
async function lengthenStreak(platform: Platform, tx: Db, endpoint: EndpointRow): Promise<void> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
    })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  if (row) await disableAfterFailures(platform, tx, row);
}

// --- Calls of the portal ------------------------------------------------------------------------

function deliveryView(row: DeliveryRow, endpointUrl: string): TWebhookDelivery {
  return {
    _id: row.id,
    endpoint_id: row.endpointId,
    endpoint_url: endpointUrl,
    event_id: row.eventId,
    event_type: row.eventType,
    is_test: row.isTest,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'PENDING' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    last_response_status: row.lastResponseStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

export type DeliveryFilter = {
  endpoint_id?: string | undefined;
  app_id?: string | undefined;
  status?: TWebhookDeliveryStatus | undefined;
  event_type?: IntegrationEventType | undefined;
};

/** The delivery log, newest first, paged; filters by endpoint, client app, status and event type. */
export async function listDeliveries(
  db: Pick<Db, 'select'>,
  companyId: string,
  filter: DeliveryFilter,
  page: TPageQuery,
): Promise<TPaged<TWebhookDelivery>> {
  const where = and(
    eq(webhookDeliveries.companyId, companyId),
    filter.endpoint_id ? eq(webhookDeliveries.endpointId, filter.endpoint_id) : undefined,
    filter.app_id ? eq(webhookEndpoints.appId, filter.app_id) : undefined,
    filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
    filter.event_type ? eq(webhookDeliveries.eventType, filter.event_type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db
      .select({ n: count() })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(where),
  ]);
  return toPaged(
    rows.map((r) => deliveryView(r.delivery, r.url)),
    total?.n ?? 0,
    page,
  );
}

async function findDelivery(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow }> {
  if (!isUuid(id)) throw notFound('Webhook delivery');
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.companyId, companyId)));
  if (!found) throw notFound('Webhook delivery');
  return found;
}

/** One delivery with every try (request headers, answer, duration, error). */
export async function getDelivery(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
): Promise<TWebhookDeliveryDetail> {
  const { delivery, endpoint } = await findDelivery(db, companyId, id);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, delivery.id))
    .orderBy(asc(webhookAttempts.number));
  return {
    ...deliveryView(delivery, endpoint.url),
    request_body: delivery.body,
    attempts_list: attempts.map((a) => ({
      _id: a.id,
      number: a.number,
      chain: a.chain,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      request_headers: a.requestHeaders,
      response_status: a.responseStatus,
      response_body: a.responseBody,
      error: a.error,
      succeeded: a.succeeded,
    })),
  };
}

function refuseDisabled(endpoint: EndpointRow): void {
  if (!endpoint.enabled) {
    throw new AppError('CONFLICT', { message: 'The endpoint is disabled: enable it first' });
  }
}

/**
 * A new chain of tries for a delivery (whatever its status): the same event id and body, up to
 * WEBHOOK_MAX_ATTEMPTS tries again. A chain still running is replaced (its queued try does nothing).
 */
export async function redeliver(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TWebhookDelivery> {
  const { db } = platform.database;
  const { endpoint } = await findDelivery(db, access.companyId, id);
  refuseDisabled(endpoint);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'PENDING',
        chain: sql`${webhookDeliveries.chain} + 1`,
        chainTries: 0,
        nextAttemptAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.companyId, access.companyId)))
      .returning();
    if (!updated) throw notFound('Webhook delivery');
    await platform.jobs.send<AttemptJob>(
      ATTEMPT_JOB,
      { deliveryId: id, chain: updated.chain, tryNo: 1 },
      { tx },
    );
    return updated;
  });
  platform.jobs.wake(ATTEMPT_JOB);
  return deliveryView(row, endpoint.url);
}

/**
 * "Send test event": an example event of the type (default: the endpoint's first) with a new id,
 * delivered like any other (signed, retried) and listed in the log as a test. Test deliveries do
 * not count towards disabling the endpoint.
 */
export async function sendTestEvent(
  platform: Platform,
  access: AccessContext,
  endpointId: string,
  type: IntegrationEventType | undefined,
): Promise<TWebhookDelivery> {
  const { db } = platform.database;
  const endpoint = await findEndpointRow(db, access.companyId, endpointId);
  refuseDisabled(endpoint);
  const eventType = type ?? endpoint.eventTypes[0] ?? 'record.created';
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookDeliveries)
      .values({
        companyId: access.companyId,
        endpointId,
        eventId: randomUUID(),
        eventType,
        isTest: true,
        body: webhookPayload(eventType, new Date().toISOString(), WEBHOOK_EXAMPLE_DATA[eventType]),
        nextAttemptAt: new Date(),
      })
      .returning();
    if (!created) throw new AppError('INTERNAL_ERROR', { message: 'Test delivery could not be stored' });
    await platform.jobs.send<AttemptJob>(ATTEMPT_JOB, { deliveryId: created.id, chain: 1, tryNo: 1 }, { tx });
    return created;
  });
  platform.jobs.wake(ATTEMPT_JOB);
  return deliveryView(row, endpoint.url);
}
