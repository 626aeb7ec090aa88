import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationEvent } from '@esigns/contracts/integration-events';
import { createTestDatabase } from '../../../test/test-database';
import { until } from '../../../test/test-workers';
import type { Database, Db } from '../db/database';
import { JobQueue } from '../jobs/job-queue';
import { EventBus, type PublishInput } from './event-bus';
import { integrationEvents } from './schema';

/**
 * The integration events' outbox: an event exists, and reaches its subscribers, exactly when the
 * transaction of its change commits, and only where somebody listens.
 */
let database: Database & { drop: () => Promise<void> };
let jobs: JobQueue;
let bus: EventBus;
const received: Record<string, IntegrationEvent[]> = { hooks: [], flows: [] };
let failFirstFlow = true;

const companyA = randomUUID();
const companyB = randomUUID();

const recordCreated = (companyId: string, recordId = randomUUID()): PublishInput => ({
  companyId,
  type: 'record.created',
  subjectId: recordId,
  data: { entity_id: 'e1', record_id: recordId, values: { status: 'Hot' } },
});

const inTx = (work: (tx: Db) => Promise<void>) => database.db.transaction((tx) => work(tx as unknown as Db));
const storedCount = async () => (await database.db.select({ n: count() }).from(integrationEvents))[0]!.n;
const settle = () => new Promise((r) => setTimeout(r, 1500));

beforeAll(async () => {
  database = await createTestDatabase();
  const log = pino({ level: 'silent' });
  jobs = new JobQueue({ raw: database.raw, log, runWorkers: true, pollingIntervalSeconds: 0.5 });
  bus = new EventBus(database.db, jobs, log);
  bus.defineJobs();
  bus.subscribe('hooks', async (event) => {
    received.hooks!.push(event);
  });
  bus.subscribe(
    'flows',
    async (event) => {
      // The first event fails once: the handler runs again (at least once delivery).
      if (failFirstFlow) {
        failFirstFlow = false;
        throw new Error('flaky subscriber');
      }
      received.flows!.push(event);
    },
    { retryDelaySeconds: 1 },
  );
  await jobs.start();
}, 120_000);

afterAll(async () => {
  await jobs.stop();
  await database.drop();
});

describe('EventBus', () => {
  it('writes nothing when nobody listens', async () => {
    await inTx((tx) => bus.publish(tx, recordCreated(companyA)));
    expect(await storedCount()).toBe(0);
  });

  it('delivers a committed event to each listening subscriber, with its data', async () => {
    await inTx(async (tx) => {
      await bus.setInterest(tx, 'hooks', companyA, 'endpoint-1', ['record.created', 'document.completed']);
      await bus.setInterest(tx, 'flows', companyA, 'pipeline-1', ['record.created']);
    });
    const input = recordCreated(companyA);
    await inTx((tx) => bus.publish(tx, input));
    const [hook] = await until(
      async () => received.hooks!.length === 1 && received.hooks,
      'the webhook event',
      60_000,
    );
    expect(hook).toMatchObject({
      type: 'record.created',
      company_id: companyA,
      subject_id: input.subjectId,
      data: input.data,
    });
    expect(new Date(hook!.occurred_at).getTime()).not.toBeNaN();
    // The failing subscriber got it on its retry, and the event was stored once for both.
    const [flow] = await until(
      async () => received.flows!.length === 1 && received.flows,
      'the retried event',
      60_000,
    );
    expect(flow!.id).toBe(hook!.id);
    expect(await storedCount()).toBe(1);
  });

  it('writes and delivers nothing for a transaction that rolls back', async () => {
    const before = await storedCount();
    await expect(
      inTx(async (tx) => {
        await bus.publish(tx, recordCreated(companyA));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await settle();
    expect(await storedCount()).toBe(before);
    expect(received.hooks).toHaveLength(1);
  });

  it('delivers only the types and companies listened to, several events of one call each once', async () => {
    received.hooks = [];
    await inTx((tx) =>
      bus.publish(tx, [
        recordCreated(companyA),
        recordCreated(companyA),
        recordCreated(companyB),
        {
          companyId: companyA,
          type: 'record.deleted',
          subjectId: 'r9',
          data: { entity_id: 'e1', record_id: 'r9' },
        },
      ]),
    );
    await until(async () => received.hooks!.length >= 2, 'two events', 60_000);
    await settle();
    expect(received.hooks!.map((e) => e.company_id)).toEqual([companyA, companyA]);
    expect(new Set(received.hooks!.map((e) => e.id)).size).toBe(2);
  });

  it('stops delivering once interest is withdrawn, and refuses unknown types', async () => {
    await inTx(async (tx) => {
      await bus.setInterest(tx, 'hooks', companyA, 'endpoint-1', []);
      await bus.setInterest(tx, 'flows', companyA, 'pipeline-1', []);
    });
    const before = await storedCount();
    await inTx((tx) => bus.publish(tx, recordCreated(companyA)));
    expect(await storedCount()).toBe(before);
    await expect(
      inTx((tx) => bus.setInterest(tx, 'hooks', companyA, 'endpoint-2', ['record.exploded' as never])),
    ).rejects.toThrow('unknown integration event types');
  });

  it('reads a stored event for its own company only; bad ids are null', async () => {
    const [row] = await database.db.select().from(integrationEvents).limit(1);
    expect(await bus.read(database.db, companyA, row!.id)).toMatchObject({
      id: row!.id,
      type: 'record.created',
    });
    expect(await bus.read(database.db, companyB, row!.id)).toBeNull();
    expect(await bus.read(database.db, companyA, 'not-a-uuid')).toBeNull();
    expect(await bus.read(database.db, companyA, randomUUID())).toBeNull();
  });

  it('refuses a bad or second subscriber name', () => {
    expect(() => bus.subscribe('Bad Name', async () => undefined)).toThrow('bad event subscriber name');
    expect(() => bus.subscribe('hooks', async () => undefined)).toThrow('registered twice');
  });

  it('removes events past their retention', async () => {
    await database.db
      .update(integrationEvents)
      .set({ occurredAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(integrationEvents.companyId, companyA));
    await jobs.send('events.prune', {});
    await until(async () => (await storedCount()) === 0, 'the clean-up', 60_000);
  });
});
