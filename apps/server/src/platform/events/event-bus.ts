import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  isIntegrationEventType,
  type IntegrationEvent,
  type IntegrationEventData,
  type IntegrationEventType,
} from '@esigns/contracts/integration-events';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { eventInterests, integrationEvents } from './schema';

/** One change to report: `data` as the event type declares it. */
export type PublishInput = {
  [T in IntegrationEventType]: {
    companyId: string;
    type: T;
    subjectId: string;
    data: IntegrationEventData[T];
  };
}[IntegrationEventType];

/** A transaction of the caller's (any Drizzle transaction or database handle). */
export type PublishTx = Pick<Db, 'selectDistinct' | 'insert' | 'execute'>;

export type EventHandlerContext = { signal: AbortSignal; retryCount: number };
export type EventHandler = (event: IntegrationEvent, context: EventHandlerContext) => Promise<void>;

export type SubscribeOptions = {
  /** Events of this subscriber handled at once by each worker process (default 4). */
  concurrency?: number;
  /** Attempts after the first when the handler throws (default 5, delays doubling from 2 s). */
  retryLimit?: number;
  retryDelaySeconds?: number;
};

/** Events are kept this long; subscribers keep what they need for longer in their own tables. */
export const EVENT_RETENTION_DAYS = 30;

const SUBSCRIBER_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const queueOf = (subscriber: string): string => `events.${subscriber}`;
const listenerKey = (companyId: string, type: string): string => `${companyId}|${type}`;

type EventRow = typeof integrationEvents.$inferSelect;

const toEvent = (row: EventRow): IntegrationEvent =>
  ({
    id: row.id,
    type: row.type,
    company_id: row.companyId,
    subject_id: row.subjectId,
    occurred_at: row.occurredAt.toISOString(),
    data: row.data,
  }) as IntegrationEvent;

/**
 * The integration events (`platform.events`): product modules publish a change in the
 * transaction that makes it; subscribers (webhooks, pipelines) each get every event they listen
 * to through a durable job of their own, queued in the same transaction (an outbox: the event
 * exists, and is delivered, exactly when the change commits). Delivery is at least once (a job
 * may run again after a crash): a subscriber keys what it does by the event id.
 */
export class EventBus {
  private readonly subscribers = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Defines the bus's own jobs (the daily clean-up); called before the queue starts. */
  defineJobs(): void {
    this.jobs.define<object>({
      name: 'events.prune',
      cron: { expression: '17 3 * * *' },
      handler: async () => {
        await this.db
          .delete(integrationEvents)
          .where(
            lt(integrationEvents.occurredAt, sql`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`),
          );
      },
    });
  }

  /**
   * Registers a subscriber and its handler (at job-definition time). The handler gets each stored
   * event it listens to, one per call; it may be called again for the same event.
   */
  subscribe(subscriber: string, handler: EventHandler, options: SubscribeOptions = {}): void {
    if (!SUBSCRIBER_NAME.test(subscriber)) throw new Error(`bad event subscriber name ${subscriber}`);
    if (this.subscribers.has(subscriber)) throw new Error(`event subscriber ${subscriber} registered twice`);
    this.subscribers.add(subscriber);
    this.jobs.define<{ eventId: string }>({
      name: queueOf(subscriber),
      concurrency: options.concurrency ?? 4,
      retryLimit: options.retryLimit ?? 5,
      retryDelaySeconds: options.retryDelaySeconds ?? 2,
      handler: async ({ eventId }, job) => {
        const [row] = await this.db.select().from(integrationEvents).where(eq(integrationEvents.id, eventId));
        // Pruned (older than the retention) before its job ran: nothing left to hand over.
        if (!row) return;
        await handler(toEvent(row), { signal: job.signal, retryCount: job.retryCount });
      },
    });
  }

  /**
   * Reports changes, inside the transaction that makes them. Writes each event somebody listens to
   * once, and queues one job per listening subscriber; writes nothing when nobody listens (a
   * company without webhooks or pipelines pays one indexed read per call).
   */
  async publish(tx: PublishTx, input: PublishInput | PublishInput[]): Promise<void> {
    const list = Array.isArray(input) ? input : [input];
    if (list.length === 0) return;
    const companies = [...new Set(list.map((e) => e.companyId))];
    const types = [...new Set(list.map((e) => e.type))];
    const interests = await tx
      .selectDistinct({
        companyId: eventInterests.companyId,
        type: eventInterests.type,
        subscriber: eventInterests.subscriber,
      })
      .from(eventInterests)
      .where(and(inArray(eventInterests.companyId, companies), inArray(eventInterests.type, types)));
    if (interests.length === 0) return;

    const listeners = new Map<string, string[]>();
    for (const row of interests) {
      if (!this.subscribers.has(row.subscriber)) {
        this.log.warn(
          { subscriber: row.subscriber },
          'event interest of a subscriber not registered here: skipped',
        );
        continue;
      }
      const key = listenerKey(row.companyId, row.type);
      listeners.set(key, [...(listeners.get(key) ?? []), row.subscriber]);
    }
    const wanted = list.filter((e) => listeners.has(listenerKey(e.companyId, e.type)));
    if (wanted.length === 0) return;

    const stored = await tx
      .insert(integrationEvents)
      .values(
        wanted.map((e) => ({ companyId: e.companyId, type: e.type, subjectId: e.subjectId, data: e.data })),
      )
      .returning({ id: integrationEvents.id });
    const jobsBySubscriber = new Map<string, { eventId: string }[]>();
    wanted.forEach((e, i) => {
      for (const subscriber of listeners.get(listenerKey(e.companyId, e.type)) ?? []) {
        jobsBySubscriber.set(subscriber, [
          ...(jobsBySubscriber.get(subscriber) ?? []),
          { eventId: stored[i]!.id },
        ]);
      }
    });
    for (const [subscriber, items] of jobsBySubscriber) {
      await this.jobs.sendMany(queueOf(subscriber), items, { tx });
    }
  }

  /**
   * Sets what one listening thing of a subscriber (a webhook endpoint, a pipeline: `ownerKey`)
   * wants, in the transaction that changes it; `[]` when it stops listening (disabled, deleted).
   */
  async setInterest(
    tx: Pick<Db, 'delete' | 'insert'>,
    subscriber: string,
    companyId: string,
    ownerKey: string,
    types: readonly IntegrationEventType[],
  ): Promise<void> {
    const unknown = types.filter((t) => !isIntegrationEventType(t));
    if (unknown.length > 0) throw new Error(`unknown integration event types: ${unknown.join(', ')}`);
    await tx
      .delete(eventInterests)
      .where(and(eq(eventInterests.subscriber, subscriber), eq(eventInterests.ownerKey, ownerKey)));
    const unique = [...new Set(types)];
    if (unique.length === 0) return;
    await tx.insert(eventInterests).values(unique.map((type) => ({ subscriber, ownerKey, type, companyId })));
  }

  /** One stored event of the company (re-runs, redelivery); null when unknown, pruned or another company's. */
  async read(db: Db, companyId: string, eventId: string): Promise<IntegrationEvent | null> {
    if (!isUuid(eventId) || !isUuid(companyId)) return null;
    const [row] = await db
      .select()
      .from(integrationEvents)
      .where(and(eq(integrationEvents.id, eventId), eq(integrationEvents.companyId, companyId)));
    return row ? toEvent(row) : null;
  }
}
