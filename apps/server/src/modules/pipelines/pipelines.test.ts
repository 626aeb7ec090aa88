import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationEvent } from '@esigns/contracts/integration-events';
import type { TPipeline, TPipelineRun } from '@esigns/contracts/pipelines';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { recordsByIds } from '../entity-data';
import { runPipelineJob } from './run-job';
import { handlePipelineEvent } from './runs';
import { pipelineCauses } from './schema';
import { keysOf, pipelineKit, type Crm } from './test-kit';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let crm: Crm;
let otherCrm: Crm;
const kit = pipelineKit(() => t);
const { call, data } = kit;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Sales' });
  other = await seedCompany(t, { name: 'Other Sales' });
  crm = await kit.createCrm(acme.users.OWNER);
  otherCrm = await kit.createCrm(other.users.OWNER);
  // An upper bound, not a target (a loaded 2-core machine).
}, 240_000);
afterAll(async () => {
  await t.close();
});

const owner = () => acme.users.OWNER;

/** The stored event of a run (what the bus handed to the handler). */
const eventOf = async (run: TPipelineRun): Promise<IntegrationEvent> =>
  (await t.platform.events.read(t.platform.database.db, acme.companyId, run.event_id))!;

describe('a Hot lead pipeline', () => {
  let pipeline: TPipeline;
  let hotRun: TPipelineRun;

  it('mails the owner and creates a Follow-up record when a Hot lead is created through the API', async () => {
    pipeline = await kit.createPipeline(owner(), kit.hotLeadPipeline(crm));
    expect(pipeline).toMatchObject({ enabled: true, trigger: 'record.created', entity_id: crm.lead._id });
    const ownerEmail = `owner-${Date.now()}@example.com`;
    const lead = await kit.addLead(crm, owner(), { name: 'Ada Hot', status: 'hot', owner_email: ownerEmail });

    const runs = await kit.settledRuns(owner(), pipeline._id);
    expect(runs).toHaveLength(1);
    hotRun = runs[0]!;
    expect(hotRun).toMatchObject({ status: 'SUCCEEDED', subject_id: lead._id, event_type: 'record.created' });
    expect(hotRun.steps.map((s) => [s.type, s.status, s.error])).toEqual([
      ['send_email', 'DONE', null],
      ['create_record', 'DONE', null],
    ]);
    expect(hotRun.steps[0]!.input).toMatchObject({ to: [ownerEmail] });

    const mails = await kit.mailsTo(ownerEmail);
    expect(mails.map((m) => m.subject)).toEqual(['Hot lead: Ada Hot']);

    const followUpId = (hotRun.steps[1]!.output as { record_id: string }).record_id;
    const [followUp] = await recordsByIds(t.platform.database.db, [followUpId]);
    expect(followUp?.entityId).toBe(crm.followUp._id);
    expect(followUp?.values[crm.followUp.primary_template_id]).toMatchObject({
      title: 'Call Ada Hot',
      lead_name: 'Ada Hot',
    });
  });

  it('runs nothing for a Cold lead', async () => {
    const lead = await kit.addLead(crm, owner(), {
      name: 'Cole Cold',
      status: 'cold',
      owner_email: 'c@example.com',
    });
    const event: IntegrationEvent = {
      ...(await eventOf(hotRun)),
      id: crypto.randomUUID(),
      subject_id: lead._id,
      data: { entity_id: crm.lead._id, record_id: lead._id, values: lead.values },
    } as IntegrationEvent;
    await handlePipelineEvent(t.platform, event);
    const runs = await kit.runs(owner(), pipeline._id);
    expect(runs.filter((r) => r.subject_id === lead._id)).toEqual([]);
  });

  it('makes one run of an event handled twice', async () => {
    const event = await eventOf(hotRun);
    await handlePipelineEvent(t.platform, event);
    await handlePipelineEvent(t.platform, event);
    const runs = await kit.runs(owner(), pipeline._id);
    expect(runs.filter((r) => r.event_id === event.id)).toHaveLength(1);
  });

  it('makes one run and does each step once when workers race on one event', async () => {
    const ownerEmail = `race-${Date.now()}@example.com`;
    // Stored Cold (its own event runs nothing); the event handed to the workers says Hot.
    const lead = await kit.addLead(crm, owner(), {
      name: 'Rae Race',
      status: 'cold',
      owner_email: ownerEmail,
    });
    const template = crm.lead.primary_template_id;
    const event: IntegrationEvent = {
      ...(await eventOf(hotRun)),
      id: crypto.randomUUID(),
      subject_id: lead._id,
      data: {
        entity_id: crm.lead._id,
        record_id: lead._id,
        values: { [template]: { ...lead.values[template], status: 'hot' } },
      },
    } as IntegrationEvent;
    await Promise.all([1, 2, 3].map(() => handlePipelineEvent(t.platform, event)));
    const mine = (await kit.runs(owner(), pipeline._id)).filter((r) => r.event_id === event.id);
    expect(mine).toHaveLength(1);
    // The queue runs the run's job too: three more executions of it at once.
    await Promise.all([1, 2, 3].map(() => runPipelineJob(t.platform, { run_id: mine[0]!._id })));
    const settled = (await kit.settledRuns(owner(), pipeline._id)).find((r) => r._id === mine[0]!._id)!;
    expect(settled.status).toBe('SUCCEEDED');
    expect(settled.steps.map((s) => s.attempts)).toEqual([1, 1]);
    expect(await kit.mailsTo(ownerEmail)).toHaveLength(1);
  });

  it('re-runs a run from its stored event', async () => {
    const again = await data<TPipelineRun>(
      call('POST', `/automation-pipeline/runs/${hotRun._id}/rerun`, owner()),
    );
    expect(again).toMatchObject({ rerun_of: hotRun._id, event_id: hotRun.event_id, status: 'QUEUED' });
    const runs = await kit.settledRuns(owner(), pipeline._id, 2);
    expect(runs.find((r) => r._id === again._id)?.status).toBe('SUCCEEDED');
  });

  it('stops listening once disabled', async () => {
    const off = await data<TPipeline>(
      call('PATCH', `/automation-pipeline/update/${pipeline._id}`, owner(), { enabled: false }),
    );
    expect(off.enabled).toBe(false);
    const before = (await kit.runs(owner(), pipeline._id)).length;
    await kit.addLead(crm, owner(), { name: 'Ada Again', status: 'hot', owner_email: 'a@example.com' });
    // Nothing listens: the event is not even stored, so no job exists to wait for.
    await handlePipelineEvent(t.platform, { ...(await eventOf(hotRun)), id: crypto.randomUUID() });
    expect(await kit.runs(owner(), pipeline._id)).toHaveLength(before);
  });
});

describe('failures and loops', () => {
  it('retries a failing action, then ends FAILED with its error; a re-run after the fix succeeds', async () => {
    const pipeline = await kit.createPipeline(
      owner(),
      kit.hotLeadPipeline(crm, {
        conditions: [],
        // The Follow-up's title is required: an empty title fails every time.
        actions: [{ type: 'create_record', entity_id: crm.followUp._id, values: { [crm.f('title')]: '' } }],
      }),
    );
    await kit.addLead(crm, owner(), { name: 'Fay Fail', status: 'cold' });
    const [run] = await kit.settledRuns(owner(), pipeline._id);
    expect(run).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(run!.error).toMatch(/^Step 1: /);
    expect(run!.steps).toEqual([
      expect.objectContaining({ status: 'FAILED', attempts: 3, error: expect.any(String) }),
    ]);

    await data(
      call('PATCH', `/automation-pipeline/update/${pipeline._id}`, owner(), {
        enabled: false,
        actions: [
          {
            type: 'create_record',
            entity_id: crm.followUp._id,
            values: { [crm.f('title')]: `Fixed {{${crm.l('name')}}}` },
          },
        ],
      }),
    );
    const again = await data<TPipelineRun>(
      call('POST', `/automation-pipeline/runs/${run!._id}/rerun`, owner()),
    );
    const runs = await kit.settledRuns(owner(), pipeline._id, 2);
    const done = runs.find((r) => r._id === again._id)!;
    expect(done.status).toBe('SUCCEEDED');
    expect(done.steps[0]!.input).toMatchObject({
      values: { [crm.followUp.primary_template_id]: { title: 'Fixed Fay Fail' } },
    });
  });

  it('skips, with a note, an event caused by runs deeper than three', async () => {
    const followUp = {
      type: 'create_record',
      entity_id: crm.followUp._id,
      values: { [crm.f('title')]: 'Loop' },
    };
    const pipeline = await kit.createPipeline(
      owner(),
      kit.hotLeadPipeline(crm, { conditions: [], actions: [followUp] }),
    );
    // A pipeline on the Follow-ups that run writes: its run is one level deeper.
    const onFollowUp = await kit.createPipeline(owner(), {
      name: 'Follow-up seen',
      trigger: 'record.created',
      entity_id: crm.followUp._id,
      actions: [{ type: 'update_record', values: { [crm.f('lead_name')]: 'Seen' } }],
    });
    const lead = await kit.addLead(crm, owner(), { name: 'Loop', status: 'hot' });
    const before = await kit.settledRuns(owner(), pipeline._id, 1);
    expect(before[0]).toMatchObject({ status: 'SUCCEEDED', depth: 0 });
    const [chained] = await kit.settledRuns(owner(), onFollowUp._id, 1);
    expect(chained).toMatchObject({ status: 'SUCCEEDED', depth: 1 });
    expect(chained!.subject_id).toBe((before[0]!.steps[0]!.output as { record_id: string }).record_id);
    await data(call('PATCH', `/automation-pipeline/update/${onFollowUp._id}`, owner(), { enabled: false }));
    // The record written by a run at depth 3, its event raised in the same transaction.
    const db = t.platform.database.db;
    await db.transaction(async (tx) => {
      await tx
        .insert(pipelineCauses)
        .values({ companyId: acme.companyId, subjectId: lead._id, runId: before[0]!._id, depth: 3 });
      await t.platform.events.publish(tx, {
        companyId: acme.companyId,
        type: 'record.created',
        subjectId: lead._id,
        data: { entity_id: crm.lead._id, record_id: lead._id, values: lead.values },
      });
    });
    const runs = await kit.settledRuns(owner(), pipeline._id, 2);
    const skipped = runs.find((r) => r.status === 'SKIPPED');
    expect(skipped).toMatchObject({ depth: 4, steps: [] });
    expect(skipped?.note).toMatch(/loop/);
    await data(call('PATCH', `/automation-pipeline/update/${pipeline._id}`, owner(), { enabled: false }));
  });
});

describe('a webhook action', () => {
  it('refuses a private address, then (allowed by the operator) posts the filled body with the idempotency key', async () => {
    const received: { body: string; key: string | undefined }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ body, key: req.headers['idempotency-key'] as string | undefined });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const definition = kit.hotLeadPipeline(crm, {
      conditions: [{ field: crm.l('name'), operator: 'equals', value: 'Hook Lead' }],
      actions: [{ type: 'call_webhook', url, body: `{"lead": "{{${crm.l('name')}}}"}` }],
    });
    try {
      const refused = await call('POST', '/automation-pipeline/create', owner(), definition);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(keysOf(refused)).toEqual(['actions.0.url']);

      t.platform.config.webhooks.allowPrivate = true;
      const pipeline = await kit.createPipeline(owner(), definition);
      await kit.addLead(crm, owner(), { name: 'Hook Lead', status: 'cold' });
      const [run] = await kit.settledRuns(owner(), pipeline._id);
      expect(run).toMatchObject({ status: 'SUCCEEDED' });
      expect(run!.steps[0]).toMatchObject({ type: 'call_webhook', status: 'DONE', output: { status: 204 } });
      expect(received).toEqual([{ body: '{"lead": "Hook Lead"}', key: `${run!._id}:1` }]);
      await data(call('PATCH', `/automation-pipeline/update/${pipeline._id}`, owner(), { enabled: false }));
    } finally {
      t.platform.config.webhooks.allowPrivate = false;
      receiver.close();
    }
  });
});

describe('bad input and other companies', () => {
  it('answers 422 with the field for bad definitions, never a 500', async () => {
    const post = (body: unknown) => call('POST', '/automation-pipeline/create', owner(), body);
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ ...kit.hotLeadPipeline(crm), trigger: 'record.exploded' }, 'trigger'],
      [{ ...kit.hotLeadPipeline(crm), entity_id: null }, 'entity_id'],
      [{ ...kit.hotLeadPipeline(crm), actions: [] }, 'actions'],
      [
        { ...kit.hotLeadPipeline(crm), conditions: [{ field: 'lead.nope', operator: 'equals', value: 'x' }] },
        'conditions.0.field',
      ],
      [
        {
          ...kit.hotLeadPipeline(crm),
          conditions: [{ field: crm.l('status'), operator: 'near', value: 'x' }],
        },
        'conditions.0.operator',
      ],
      [
        {
          ...kit.hotLeadPipeline(crm),
          actions: [{ type: 'create_record', entity_id: crm.followUp._id, values: { 'x.y': '1' } }],
        },
        'actions.0.values.x.y',
      ],
      [{ ...kit.hotLeadPipeline(crm), actions: [{ type: 'teleport' }] }, 'actions.0.type'],
      [
        {
          ...kit.hotLeadPipeline(crm),
          trigger: 'form.submitted',
          actions: [{ type: 'update_record', values: {} }],
        },
        'actions.0.record_id',
      ],
    ];
    for (const [body, key] of cases) {
      const res = await post(body);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(422);
      expect(keysOf(res).join(' '), key).toContain(key);
    }
    const runs = await call('GET', '/automation-pipeline/not-an-id/runs?page=x&limit=-1', owner());
    expect(runs.statusCode).toBe(404);
    expect(
      (await call('GET', '/automation-pipeline/entity-actions?entity_id=nope', owner())).statusCode,
    ).toBe(404);
    expect((await call('PATCH', '/automation-pipeline/update/nope', owner(), { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', '/automation-pipeline/delete/nope', owner())).statusCode).toBe(404);
  });

  it("answers 404 for another company's pipelines, runs, entities and templates", async () => {
    const theirs = await kit.createPipeline(other.users.OWNER, kit.hotLeadPipeline(otherCrm));
    const [theirRun] = await Promise.all([
      kit.addLead(otherCrm, other.users.OWNER, {
        name: 'Theirs',
        status: 'hot',
        owner_email: 'o@example.com',
      }),
    ]).then(() => kit.settledRuns(other.users.OWNER, theirs._id));
    expect(theirRun?.status).toBe('SUCCEEDED');
    const me = owner();
    expect((await call('GET', `/automation-pipeline/${theirs._id}`, me)).statusCode).toBe(404);
    expect((await call('GET', `/automation-pipeline/${theirs._id}/runs`, me)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/automation-pipeline/update/${theirs._id}`, me, { enabled: false })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/automation-pipeline/delete/${theirs._id}`, me)).statusCode).toBe(404);
    expect((await call('GET', `/automation-pipeline/runs/${theirRun!._id}`, me)).statusCode).toBe(404);
    expect((await call('POST', `/automation-pipeline/runs/${theirRun!._id}/rerun`, me)).statusCode).toBe(404);
    expect(
      (await call('GET', `/automation-pipeline/entity-actions?entity_id=${otherCrm.lead._id}`, me))
        .statusCode,
    ).toBe(404);
    const list = await data<{ data: TPipeline[] }>(call('GET', '/automation-pipeline/list?limit=100', me));
    expect(list.data.map((p) => p._id)).not.toContain(theirs._id);
    // Their entity or template in my pipeline.
    expect(
      (await call('POST', '/automation-pipeline/create', me, kit.hotLeadPipeline(otherCrm))).statusCode,
    ).toBe(404);
    const mixed = kit.hotLeadPipeline(crm, {
      actions: [{ type: 'send_email', template_id: otherCrm.template._id, to: 'a@example.com' }],
    });
    expect((await call('POST', '/automation-pipeline/create', me, mixed)).statusCode).toBe(404);
    // Still theirs, untouched.
    expect(
      (await data<TPipeline>(call('GET', `/automation-pipeline/${theirs._id}`, other.users.OWNER))).enabled,
    ).toBe(true);
  });

  it('refuses MEMBER (no pipeline permission), and deletes a pipeline with its runs', async () => {
    const member = acme.users.MEMBER;
    const created = await kit.createPipeline(owner(), kit.hotLeadPipeline(crm, { enabled: false }));
    expect(
      (await call('POST', '/automation-pipeline/create', member, kit.hotLeadPipeline(crm))).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/automation-pipeline/delete/${created._id}`, member)).statusCode).toBe(403);
    expect((await call('DELETE', `/automation-pipeline/delete/${created._id}`, owner())).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/automation-pipeline/${created._id}`, owner())).statusCode).toBe(404);
  });
});
