import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import type { TWorkflow } from '@esigns/contracts/workflows';
import { configurableDocuments } from '../documents/schema';
import { workflowData, workflowDataSteps } from './schema';
import { keysOf, seedContact, seedInstances, workflowTestClient } from './workflows-test-utils';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let w: ReturnType<typeof workflowTestClient>;
let refs: { templateId: string; formId: string };
let workflow: TWorkflow;
let tina: string;
let instances: string[];

beforeAll(async () => {
  t = await buildTestApp();
  w = workflowTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  refs = await w.seedReferences(acme);
  // The template's roles by key: step recipients must name roles of their template.
  await t.platform.database.db
    .update(configurableDocuments)
    .set({
      documentUsers: [
        { role_name: 'Tenant', key: 'tenant' },
        { role_name: 'Agent', key: 'agent' },
        { role_name: 'Witness', key: 'witness' },
      ] as never,
    })
    .where(eq(configurableDocuments.id, refs.templateId));
  workflow = await w.createWorkflow(acme.users.OWNER, {
    name: 'Tenancy packet',
    steps: [
      ...w.steps(refs),
      {
        id: 's4',
        kind: 'custom',
        name: 'Countersign',
        template_id: refs.templateId,
        stage: 3,
        recipients: [
          { role_key: 'agent', source: 'USER', user_id: acme.users.MANAGER.userId },
          { role_key: 'witness', source: 'EMAIL', email: 'Wit@Example.com', first_name: 'Will' },
        ],
      },
    ],
  });
  tina = await seedContact(t, acme.companyId, 'Tina');
  instances = await seedInstances(t, acme.companyId, workflow._id, [
    { contactId: tina, email: 'tina@example.com', name: 'Tina Tenant' },
    { contactId: null, email: 'bob@example.com', name: 'Bob Buyer' },
  ]);
  // Two companies, a template, a form and a definition: over a minute on a loaded machine.
}, 300_000);
afterAll(async () => {
  await t.close();
});

const owner = () => acme.users.OWNER;

describe('instances', () => {
  it('reads one with its steps (WAITING, in order) and its timeline', async () => {
    const res = await w.call('GET', `/workflow-data/${instances[0]}`, owner());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      _id: instances[0],
      workflow_id: workflow._id,
      workflow_name: 'Tenancy packet',
      version: 1,
      status: 'DRAFT',
      primary: { contact_id: tina, email: 'tina@example.com', name: 'Tina Tenant' },
      progress: { done: 0, total: 4 },
      sent_at: null,
    });
    expect(data.steps.map((s: { step_id: string; status: string }) => [s.step_id, s.status])).toEqual([
      ['s1', 'WAITING'],
      ['s2', 'WAITING'],
      ['s3', 'WAITING'],
      ['s4', 'WAITING'],
    ]);
    expect(data.timeline.map((e: { event: string }) => e.event)).toEqual(['created', 'note']);
    expect(data.timeline[0]).toMatchObject({ actor: 'Test', details: { version: 1 } });
  });

  it('lists by status, workflow, contact and search, newest first, paged', async () => {
    const all = await w.call('GET', '/workflow-data/?limit=1', owner());
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toMatchObject({ total: 2, total_pages: 2, page: 1 });
    const byContact = await w.call('GET', `/workflow-data?contact_id=${tina}`, owner());
    expect(byContact.json().data.data.map((i: { _id: string }) => i._id)).toEqual([instances[0]]);
    const bySearch = await w.call('GET', '/workflow-data?search=bob%20buy', owner());
    expect(bySearch.json().data.data.map((i: { _id: string }) => i._id)).toEqual([instances[1]]);
    const byWorkflow = await w.call(
      'GET',
      `/workflow-data?workflow_id=${workflow._id}&status=DRAFT`,
      owner(),
    );
    expect(byWorkflow.json().data.total).toBe(2);
    const done = await w.call('GET', '/workflow-data?status=COMPLETED', owner());
    expect(done.json().data.total).toBe(0);
    const theirs = await w.call('GET', '/workflow-data', other.users.OWNER);
    expect(theirs.json().data.total).toBe(0);
  });

  it('shows progress as steps move, skipped steps left out of the total', async () => {
    const [id] = await seedInstances(t, acme.companyId, workflow._id, [
      { contactId: null, email: 'p@example.com', name: 'Pat' },
    ]);
    const set = (stepId: string, status: 'DONE' | 'SKIPPED') =>
      t.platform.database.db
        .update(workflowDataSteps)
        .set({ status })
        .where(and(eq(workflowDataSteps.workflowDataId, id!), eq(workflowDataSteps.stepId, stepId)));
    await set('s1', 'DONE');
    await set('s3', 'SKIPPED');
    const res = await w.call('GET', `/workflow-data/${id}`, owner());
    expect(res.json().data.progress).toEqual({ done: 1, total: 3 });
    expect(res.json().data.steps.map((s: { status: string }) => s.status)).toEqual([
      'DONE',
      'WAITING',
      'SKIPPED',
      'WAITING',
    ]);
  });

  it('lists the people of an instance with their steps', async () => {
    const res = await w.call('POST', '/workflow/users', owner(), { workflow_data_id: instances[0] });
    expect(res.statusCode, res.body).toBe(200);
    const people = res.json().data;
    expect(people.map((p: { role: string; email: string }) => [p.role, p.email])).toEqual([
      ['PRIMARY', 'tina@example.com'],
      ['USER', acme.users.MANAGER.email],
      ['EMAIL', 'wit@example.com'],
    ]);
    expect(people[0].steps).toHaveLength(4);
    expect(people[1].steps).toEqual([{ step_id: 's4', name: 'Countersign', status: 'WAITING' }]);
    expect(people[2].name).toBe('Will');
  });

  it('deletes a DRAFT for good, never a sent one', async () => {
    const [draft, sent] = await seedInstances(t, acme.companyId, workflow._id, [
      { contactId: null, email: 'd1@example.com', name: 'D1' },
      { contactId: null, email: 'd2@example.com', name: 'D2' },
    ]);
    await t.platform.database.db
      .update(workflowData)
      .set({ status: 'IN_PROGRESS' })
      .where(eq(workflowData.id, sent!));
    const refused = await w.call('POST', `/workflow/${sent}/PermanentDeleteDraftDocument`, owner());
    expect(refused.statusCode, refused.body).toBe(409);
    const ok = await w.call('POST', `/workflow/${draft}/PermanentDeleteDraftDocument`, owner());
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await w.call('GET', `/workflow-data/${draft}`, owner())).statusCode).toBe(404);
    const steps = await t.platform.database.db
      .select()
      .from(workflowDataSteps)
      .where(eq(workflowDataSteps.workflowDataId, draft!));
    expect(steps).toEqual([]);
    expect((await w.call('GET', `/workflow-data/${sent}`, owner())).statusCode).toBe(200);
  });
});

describe('who may', () => {
  it("answers 404 for another company's instance", async () => {
    const id = instances[1]!;
    for (const [method, url, body] of [
      ['GET', `/workflow-data/${id}`, undefined],
      ['POST', '/workflow/users', { workflow_data_id: id }],
      ['POST', `/workflow/${id}/PermanentDeleteDraftDocument`, undefined],
    ] as const) {
      const res = await w.call(method, url, other.users.OWNER, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
    }
    expect((await w.call('GET', `/workflow-data/${id}`, owner())).json().data.status).toBe('DRAFT');
  });

  it('refuses a member without workflows permissions', async () => {
    const id = instances[1]!;
    for (const [method, url, body] of [
      ['GET', '/workflow-data', undefined],
      ['GET', `/workflow-data/${id}`, undefined],
      ['POST', '/workflow/users', { workflow_data_id: id }],
      ['POST', `/workflow/${id}/PermanentDeleteDraftDocument`, undefined],
    ] as const) {
      const res = await w.call(method, url, acme.users.MEMBER, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
    }
  });
});

describe('bad input', () => {
  const longText = 'x'.repeat(5000);
  const unknownId = randomUUID();

  it.each([
    ['no name', {}, ['name']],
    ['blank name', { name: '   ' }, ['name']],
    ['name too long', { name: longText }, ['name']],
    ['name a number', { name: 42 }, ['name']],
    ['steps not a list', { name: 'a', steps: 'all' }, ['steps']],
    ['unknown step kind', { name: 'a', steps: [{ id: 'x', kind: 'video', name: 'V' }] }, ['steps.0.kind']],
    [
      'custom without template',
      { name: 'a', steps: [{ id: 'x', kind: 'custom', name: 'L' }] },
      ['steps.0.template_id'],
    ],
    [
      'template id not an id',
      { name: 'a', steps: [{ id: 'x', kind: 'static', name: 'L', template_id: "1' or 1=1" }] },
      ['steps.0.template_id'],
    ],
    [
      'unknown template',
      { name: 'a', steps: [{ id: 'x', kind: 'static', name: 'L', template_id: unknownId }] },
      ['steps.0.template_id'],
    ],
    [
      'unknown form',
      { name: 'a', steps: [{ id: 'x', kind: 'form', name: 'F', form_builder_id: unknownId }] },
      ['steps.0.form_builder_id'],
    ],
    [
      'requested without card type',
      { name: 'a', steps: [{ id: 'x', kind: 'requested', name: 'R' }] },
      ['steps.0.card_type'],
    ],
    [
      'duplicate step ids',
      {
        name: 'a',
        steps: [
          { id: 'x', kind: 'requested', name: 'R', card_type: 'PAN' },
          { id: 'x', kind: 'requested', name: 'R2', card_type: 'PAN' },
        ],
      },
      ['steps.1.id'],
    ],
    [
      'stage out of range',
      { name: 'a', steps: [{ id: 'x', kind: 'requested', name: 'R', card_type: 'PAN', stage: 0 }] },
      ['steps.0.stage'],
    ],
    [
      'condition on a later step',
      {
        name: 'a',
        steps: [
          {
            id: 'x',
            kind: 'requested',
            name: 'R',
            card_type: 'PAN',
            condition: { rules: [{ step_id: 'y', field: 'f', operator: 'IS_EMPTY' }] },
          },
        ],
      },
      ['steps.0.condition.rules.0.step_id'],
    ],
    ['unknown contact type', { name: 'a', contact_type_id: unknownId }, ['contact_type_id']],
    [
      'timing too long',
      { name: 'a', timing: { expire_after_days: 9999, reminder_every_days: 1 } },
      ['timing.expire_after_days'],
    ],
    [
      'too many steps',
      {
        name: 'a',
        steps: Array.from({ length: 51 }, (_, i) => ({
          id: `s${i}`,
          kind: 'requested',
          name: 'R',
          card_type: 'PAN',
        })),
      },
      ['steps'],
    ],
  ])('create-workflow: %s -> 422', async (_label, body, keys) => {
    const res = await w.call('POST', '/create-workflow', owner(), body);
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it('refuses a USER recipient who is not a member of the company', async () => {
    const res = await w.call('POST', '/create-workflow', owner(), {
      name: 'a',
      steps: [
        {
          id: 'x',
          kind: 'custom',
          name: 'Lease',
          template_id: refs.templateId,
          recipients: [{ role_key: 'agent', source: 'USER', user_id: other.users.OWNER.userId }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(['steps.0.recipients.0.user_id']);
    expect(res.json().errors.details[0].message).toMatch(/Lease/);
  });

  it.each([
    ['GET', '/workflow/not-an-id'],
    ['GET', `/workflow/${'9'.repeat(64)}`],
    ['GET', '/workflow-data/1%27%20or%201=1'],
    ['GET', `/view-workflow/${unknownId}`],
    ['POST', `/workflow/${unknownId}/PermanentDeleteDraftDocument`],
    ['DELETE', '/workflow/abc/DeleteWorkflow'],
  ] as const)('%s %s -> 404', async (method, url) => {
    const res = await w.call(method, url, owner());
    expect(res.statusCode, res.body).toBe(404);
  });

  it.each([
    ['status', 'POST', (): string => `/workflow/${workflow._id}/status`, { status: 'ARCHIVED' }, ['status']],
    ['status missing', 'POST', (): string => `/workflow/${workflow._id}/status`, {}, ['status']],
    ['users id', 'POST', (): string => '/workflow/users', { workflow_data_id: 'zzz' }, ['workflow_data_id']],
    ['count workflow id', 'POST', (): string => '/workflow/count', { workflow_id: 12 }, ['workflow_id']],
    ['list status', 'GET', (): string => '/workflow-data?status=DONE', undefined, ['querystring.status']],
    [
      'list workflow id',
      'GET',
      (): string => '/workflow-data?workflow_id=abc',
      undefined,
      ['querystring.workflow_id'],
    ],
    ['definitions status', 'GET', (): string => '/workflows?status=LIVE', undefined, ['querystring.status']],
    [
      'search too long',
      'GET',
      (): string => `/workflows?search=${longText}`,
      undefined,
      ['querystring.search'],
    ],
  ] as const)('%s -> 422', async (_label, method, url, body, keys) => {
    const res = await w.call(method, url(), owner(), body);
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it('treats silly paging as page 1', async () => {
    const res = await w.call('GET', '/workflow-data?page=-3&limit=abc', owner());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.page).toBe(1);
  });
});
