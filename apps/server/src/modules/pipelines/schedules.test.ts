import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPipeline } from '@esigns/contracts/pipelines';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { recordsByIds } from '../entity-data';
import { nextRunAfter } from './schedule';
import { runDueSchedules } from './schedule-tick';
import { pipelines } from './schema';
import { keysOf, pipelineKit, type Crm } from './test-kit';

let t: TestApp;
let acme: SeededCompany;
let crm: Crm;
const kit = pipelineKit(() => t);
const { call } = kit;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Schedules' });
  crm = await kit.createCrm(acme.users.OWNER);
}, 240_000);
afterAll(async () => {
  await t.close();
});

const owner = () => acme.users.OWNER;
const DAILY = { every: 'day', at: '09:00', timezone: 'Asia/Kolkata' };

const dailyReport = (overrides: Record<string, unknown> = {}) => ({
  name: `Daily follow-up ${Math.random().toString(36).slice(2, 7)}`,
  trigger: 'schedule',
  schedule: DAILY,
  actions: [
    {
      type: 'create_record',
      entity_id: crm.followUp._id,
      values: { [crm.f('title')]: 'Daily review {{data.scheduled_for}}' },
    },
  ],
  ...overrides,
});

const read = async (id: string) => kit.data<TPipeline>(call('GET', `/automation-pipeline/${id}`, owner()));
const slotOf = async (id: string) => {
  const [row] = await t.platform.database.db.select().from(pipelines).where(eq(pipelines.id, id));
  return row!.nextRunAt;
};

describe('schedule triggers', () => {
  it('runs once when its slot comes, with the slot in its values, then moves to the next slot', async () => {
    const before = new Date();
    const pipeline = await kit.createPipeline(owner(), dailyReport());
    expect(pipeline).toMatchObject({
      trigger: 'schedule',
      entity_id: null,
      schedule: { ...DAILY, weekday: 1, day: 1 },
    });
    const slot = new Date(pipeline.next_run_at!);
    expect(slot.getTime()).toBe(nextRunAfter(pipeline.schedule!, before).getTime());

    expect(await runDueSchedules(t.platform, new Date(slot.getTime() - 60_000))).toBe(0);
    const tick = new Date(slot.getTime() + 30_000);
    expect(await runDueSchedules(t.platform, tick)).toBe(1);
    // A tick again (a retry, a second process): nothing more.
    expect(await runDueSchedules(t.platform, tick)).toBe(0);

    const runs = await kit.settledRuns(owner(), pipeline._id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'SUCCEEDED', event_type: 'schedule', subject_id: pipeline._id });
    const recordId = (runs[0]!.steps[0]!.output as { record_id: string }).record_id;
    const [record] = await recordsByIds(t.platform.database.db, [recordId]);
    expect(record?.values[crm.followUp.primary_template_id]).toMatchObject({
      title: `Daily review ${slot.toISOString()}`,
    });
    expect((await read(pipeline._id)).next_run_at).toBe(new Date(slot.getTime() + 86_400_000).toISOString());
  });

  it('makes one run for slots missed while nothing ran, and one run when two ticks race', async () => {
    const pipeline = await kit.createPipeline(owner(), dailyReport());
    const slot = new Date(pipeline.next_run_at!);
    const late = new Date(slot.getTime() + 3 * 86_400_000 + 3_600_000);
    // (The file's other pipelines are due too: only this one's runs count.)
    await Promise.all([runDueSchedules(t.platform, late), runDueSchedules(t.platform, late)]);
    await runDueSchedules(t.platform, late);
    const runs = await kit.settledRuns(owner(), pipeline._id);
    expect(runs).toHaveLength(1);
    expect((await slotOf(pipeline._id))!.getTime()).toBe(nextRunAfter(pipeline.schedule!, late).getTime());
  });

  it('has no slot while disabled; enabled again, it starts from then', async () => {
    const pipeline = await kit.createPipeline(owner(), dailyReport({ enabled: false }));
    expect(pipeline.next_run_at).toBeNull();
    await runDueSchedules(t.platform, new Date(Date.now() + 40 * 86_400_000));
    expect(await kit.runs(owner(), pipeline._id)).toEqual([]);
    const renamed = await kit.data<TPipeline>(
      call('PATCH', `/automation-pipeline/update/${pipeline._id}`, owner(), { name: 'Renamed' }),
    );
    expect(renamed.next_run_at).toBeNull();
    const enabled = await kit.data<TPipeline>(
      call('PATCH', `/automation-pipeline/update/${pipeline._id}`, owner(), { enabled: true }),
    );
    expect(enabled.next_run_at).not.toBeNull();
    // A rename keeps the slot; a new schedule moves it.
    const kept = await kit.data<TPipeline>(
      call('PATCH', `/automation-pipeline/update/${pipeline._id}`, owner(), { name: 'Renamed again' }),
    );
    expect(kept.next_run_at).toBe(enabled.next_run_at);
    const weekly = await kit.data<TPipeline>(
      call('PATCH', `/automation-pipeline/update/${pipeline._id}`, owner(), {
        schedule: { every: 'week', weekday: 5, at: '17:00', timezone: 'UTC' },
      }),
    );
    expect(new Date(weekly.next_run_at!).getUTCDay()).toBe(5);
    expect(new Date(weekly.next_run_at!).getUTCHours()).toBe(17);
    // Moved to a record trigger: no schedule, no slot, and it listens to events instead.
    const moved = await kit.data<TPipeline>(
      call('PATCH', `/automation-pipeline/update/${pipeline._id}`, owner(), {
        trigger: 'record.created',
        entity_id: crm.lead._id,
        actions: [{ type: 'send_email', template_id: crm.template._id, to: 'a@example.com' }],
      }),
    );
    expect(moved).toMatchObject({ schedule: null, next_run_at: null });
  });

  it('refuses a schedule trigger without a good schedule, and record-only actions, with 422', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ schedule: null }, 'schedule'],
      [{ schedule: { every: 'minute' } }, 'schedule.every'],
      [{ schedule: { every: 'day', at: '24:00' } }, 'schedule.at'],
      [{ schedule: { every: 'month', day: 30 } }, 'schedule.day'],
      [{ schedule: { every: 'day', timezone: 'Nowhere/Land' } }, 'schedule.timezone'],
      [{ actions: [{ type: 'update_record', record_id: '', values: {} }] }, 'actions.0.record_id'],
    ];
    for (const [overrides, key] of cases) {
      const res = await call('POST', '/automation-pipeline/create', owner(), dailyReport(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(keysOf(res), JSON.stringify(overrides)).toContain(key);
    }
  });

  it('lists the schedule trigger and the slot merge field for the builder', async () => {
    const actions = await kit.data<{ triggers: { value: string }[]; merge_fields: { name: string }[] }>(
      call('GET', '/automation-pipeline/entity-actions', owner()),
    );
    expect(actions.triggers.map((tr) => tr.value)).toContain('schedule');
    expect(actions.merge_fields.map((m) => m.name)).toContain('data.scheduled_for');
  });
});
