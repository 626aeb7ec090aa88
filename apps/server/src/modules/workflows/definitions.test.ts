import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { configurableDocuments } from '../documents/schema';
import { workflowData, workflowVersions } from './schema';
import { keysOf, seedContact, seedInstances, workflowTestClient } from './workflows-test-utils';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let w: ReturnType<typeof workflowTestClient>;
let refs: { templateId: string; formId: string };

beforeAll(async () => {
  t = await buildTestApp();
  w = workflowTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  refs = await w.seedReferences(acme);
});
afterAll(async () => {
  await t.close();
});

const owner = () => acme.users.OWNER;

describe('definitions', () => {
  it('creates a DRAFT at version 1, reads it, lists it by tab and search', async () => {
    const created = await w.createWorkflow(owner(), {
      name: 'Tenancy packet',
      description: 'Lease, ID and move-in',
      steps: w.steps(refs),
      timing: { expire_after_days: 10, reminder_every_days: 2 },
    });
    expect(created).toMatchObject({
      name: 'Tenancy packet',
      status: 'DRAFT',
      version: 1,
      instances_count: 0,
      running_count: 0,
      timing: { expire_after_days: 10, reminder_every_days: 2 },
    });
    expect(created.steps.map((s) => [s.id, s.kind, s.stage, s.required])).toEqual([
      ['s1', 'custom', 1, true],
      ['s2', 'requested', 1, true],
      ['s3', 'form', 2, false],
    ]);
    expect(created.created_by?._id).toBe(owner().userId);

    const one = await w.call('GET', `/workflow/${created._id}`, owner());
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual(created);

    const drafts = await w.call('GET', '/workflows?status=DRAFT&search=tenancy%20PACK&limit=50', owner());
    expect(drafts.statusCode, drafts.body).toBe(200);
    expect(drafts.json().data.data.map((x: { _id: string }) => x._id)).toEqual([created._id]);
    const active = await w.call('GET', '/workflows?status=ACTIVE&search=tenancy%20pack', owner());
    expect(active.json().data.total).toBe(0);
    // Another company sees none of it.
    const theirs = await w.call('GET', '/workflows?limit=50', other.users.OWNER);
    expect(theirs.json().data.total).toBe(0);
  });

  it('changes in place while no instance uses the version, then makes version 2', async () => {
    const created = await w.createWorkflow(owner(), { steps: w.steps(refs) });
    const edit = await w.call('PUT', `/workflow/${created._id}`, owner(), {
      name: 'Renamed',
      steps: w.steps(refs).slice(0, 2),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ name: 'Renamed', version: 1 });
    expect(edit.json().data.steps).toHaveLength(2);

    const contactId = await seedContact(t, acme.companyId);
    const [instanceId] = await seedInstances(t, acme.companyId, created._id, [
      { contactId, email: 'tina@example.com', name: 'Tina' },
    ]);
    const again = await w.call('PUT', `/workflow/${created._id}`, owner(), {
      name: 'Renamed',
      steps: [w.steps(refs)[2]!],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ version: 2, instances_count: 1, running_count: 1 });
    expect(again.json().data.steps.map((s: { id: string }) => s.id)).toEqual(['s3']);

    // The instance keeps version 1 and its two steps.
    const instance = await w.call('GET', `/workflow-data/${instanceId}`, owner());
    expect(instance.statusCode, instance.body).toBe(200);
    expect(instance.json().data.version).toBe(1);
    expect(instance.json().data.steps.map((s: { step_id: string }) => s.step_id)).toEqual(['s1', 's2']);
    const versions = await t.platform.database.db
      .select({ version: workflowVersions.version })
      .from(workflowVersions)
      .where(eq(workflowVersions.workflowId, created._id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
  });

  it('activates only with steps whose references are live; deactivates; archived is frozen', async () => {
    const empty = await w.createWorkflow(owner());
    const noSteps = await w.call('POST', `/workflow/${empty._id}/status`, owner(), { status: 'ACTIVE' });
    expect(noSteps.statusCode, noSteps.body).toBe(422);
    expect(noSteps.json().message).toMatch(/without steps/);
    expect(keysOf(noSteps)).toEqual(['steps']);

    const draftOff = await w.call('POST', `/workflow/${empty._id}/status`, owner(), { status: 'INACTIVE' });
    expect(draftOff.statusCode, draftOff.body).toBe(409);

    const templateId = (await w.seedReferences(acme)).templateId;
    const created = await w.createWorkflow(owner(), {
      steps: [{ id: 'a', kind: 'static', name: 'House rules', template_id: templateId }],
    });
    await t.platform.database.db
      .update(configurableDocuments)
      .set({ deletedAt: new Date() })
      .where(eq(configurableDocuments.id, templateId));
    const gone = await w.call('POST', `/workflow/${created._id}/status`, owner(), { status: 'ACTIVE' });
    expect(gone.statusCode, gone.body).toBe(422);
    expect(keysOf(gone)).toEqual(['steps.0.template_id']);
    expect(gone.json().message).toMatch(/House rules/);

    const good = await w.createWorkflow(owner(), { steps: w.steps(refs) });
    const on = await w.call('POST', `/workflow/${good._id}/status`, owner(), { status: 'ACTIVE' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.status).toBe('ACTIVE');
    const emptied = await w.call('PUT', `/workflow/${good._id}`, owner(), { name: good.name, steps: [] });
    expect(emptied.statusCode, emptied.body).toBe(422);
    const off = await w.call('POST', `/workflow/${good._id}/status`, owner(), { status: 'INACTIVE' });
    expect(off.json().data.status).toBe('INACTIVE');

    const archived = await w.call('DELETE', `/workflow/${good._id}/DeleteWorkflow`, owner());
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.status).toBe('ARCHIVED');
    for (const [method, url, body] of [
      ['POST', `/workflow/${good._id}/status`, { status: 'ACTIVE' }],
      ['PUT', `/workflow/${good._id}`, { name: 'x' }],
      ['DELETE', `/workflow/${good._id}/DeleteWorkflow`, undefined],
    ] as const) {
      const res = await w.call(method, url, owner(), body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(409);
    }
  });

  it('deletes an archived workflow only when nothing is in progress; finished instances stay', async () => {
    const created = await w.createWorkflow(owner(), { steps: w.steps(refs) });
    const notArchived = await w.call(
      'DELETE',
      `/workflow/${created._id}/DeleteArchivedStatusWorkflow`,
      owner(),
    );
    expect(notArchived.statusCode, notArchived.body).toBe(409);

    const [draft, running, done] = await seedInstances(t, acme.companyId, created._id, [
      { contactId: null, email: 'a@example.com', name: 'A' },
      { contactId: null, email: 'b@example.com', name: 'B' },
      { contactId: null, email: 'c@example.com', name: 'C' },
    ]);
    const db = t.platform.database.db;
    await db.update(workflowData).set({ status: 'IN_PROGRESS' }).where(eq(workflowData.id, running!));
    await db.update(workflowData).set({ status: 'COMPLETED' }).where(eq(workflowData.id, done!));
    await w.call('DELETE', `/workflow/${created._id}/DeleteWorkflow`, owner());

    const busy = await w.call('DELETE', `/workflow/${created._id}/DeleteArchivedStatusWorkflow`, owner());
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().message).toMatch(/in progress/);

    await db.update(workflowData).set({ status: 'VOIDED' }).where(eq(workflowData.id, running!));
    const deleted = await w.call('DELETE', `/workflow/${created._id}/DeleteArchivedStatusWorkflow`, owner());
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await w.call('GET', `/workflow/${created._id}`, owner())).statusCode).toBe(404);
    expect((await w.call('GET', `/workflow-data/${draft}`, owner())).statusCode).toBe(404);
    const kept = await w.call('GET', `/workflow-data/${done}`, owner());
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ workflow_id: null, status: 'COMPLETED', version: 1 });
    expect(kept.json().data.steps).toHaveLength(3);
  });

  it('counts per status tab and views a workflow with its instances', async () => {
    const created = await w.createWorkflow(owner(), { name: 'Counted packet', steps: w.steps(refs) });
    const ids = await seedInstances(t, acme.companyId, created._id, [
      { contactId: null, email: 'x@example.com', name: 'Xavier' },
      { contactId: null, email: 'y@example.com', name: 'Yolanda' },
    ]);
    await t.platform.database.db
      .update(workflowData)
      .set({ status: 'IN_PROGRESS' })
      .where(eq(workflowData.id, ids[1]!));
    const counts = await w.call('POST', '/workflow/count', owner(), {
      search: 'counted',
      workflow_id: created._id,
    });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().data.workflows).toEqual({ DRAFT: 1, ACTIVE: 0, INACTIVE: 0, ARCHIVED: 0 });
    expect(counts.json().data.instances).toEqual({
      DRAFT: 1,
      IN_PROGRESS: 1,
      COMPLETED: 0,
      DECLINED: 0,
      VOIDED: 0,
      EXPIRED: 0,
    });
    const view = await w.call('GET', `/view-workflow/${created._id}`, owner());
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.workflow._id).toBe(created._id);
    expect(view.json().data.instances).toMatchObject({ DRAFT: 1, IN_PROGRESS: 1 });
    expect(
      view
        .json()
        .data.latest.map((i: { _id: string }) => i._id)
        .sort(),
    ).toEqual([...ids].sort());
    const theirCounts = await w.call('POST', '/workflow/count', other.users.OWNER, {
      workflow_id: created._id,
    });
    expect(theirCounts.json().data.instances.DRAFT).toBe(0);
  });

  it('answers the defaults of a new workflow from the document expiry settings', async () => {
    const saved = await w.call('POST', '/expirations-reminders', owner(), {
      expire_documents: true,
      expire_after_days: 12,
      send_reminders: false,
      reminder_every_days: 4,
      warn_before_expiry_days: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await w.call('GET', '/workflows/settings', owner());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.step_kinds.map((k: { kind: string }) => k.kind)).toEqual([
      'custom',
      'static',
      'requested',
      'form',
    ]);
    expect(data.max_contacts_per_start).toBe(5000);
    expect(data.timing).toEqual({ expire_after_days: 12, reminder_every_days: null });
  });

  it('stores max_reminders of the timing; 422 keyed timing.max_reminders out of 1-20 or not whole', async () => {
    const created = await w.createWorkflow(owner(), {
      timing: { expire_after_days: 10, reminder_every_days: 2, max_reminders: 5 },
    });
    expect(created.timing).toMatchObject({ max_reminders: 5 });
    const read = await w.call('GET', `/workflow/${created._id}`, owner());
    expect(read.json().data.timing).toMatchObject({ reminder_every_days: 2, max_reminders: 5 });
    for (const bad of [0, 21, 2.5, '3', -1]) {
      const res = await w.call('PUT', `/workflow/${created._id}`, owner(), {
        name: created.name,
        timing: { expire_after_days: 10, reminder_every_days: 2, max_reminders: bad },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(keysOf(res)).toEqual(['timing.max_reminders']);
    }
  });
});

describe('who may', () => {
  it("answers 404 for another company's workflow on every call", async () => {
    const theirs = await w.createWorkflow(other.users.OWNER);
    for (const [method, url, body] of [
      ['GET', `/workflow/${theirs._id}`, undefined],
      ['PUT', `/workflow/${theirs._id}`, { name: 'Mine now' }],
      ['POST', `/workflow/${theirs._id}/status`, { status: 'ACTIVE' }],
      ['DELETE', `/workflow/${theirs._id}/DeleteWorkflow`, undefined],
      ['DELETE', `/workflow/${theirs._id}/DeleteArchivedStatusWorkflow`, undefined],
      ['GET', `/view-workflow/${theirs._id}`, undefined],
    ] as const) {
      const res = await w.call(method, url, owner(), body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
    }
    const still = await w.call('GET', `/workflow/${theirs._id}`, other.users.OWNER);
    expect(still.json().data).toMatchObject({ name: theirs.name, status: 'DRAFT' });
  });

  it('refuses a member without workflows permissions (403) and lets a manager work', async () => {
    const created = await w.createWorkflow(owner());
    const member = acme.users.MEMBER;
    for (const [method, url, body] of [
      ['POST', '/create-workflow', { name: 'x' }],
      ['GET', '/workflows', undefined],
      ['GET', '/workflows/settings', undefined],
      ['GET', `/workflow/${created._id}`, undefined],
      ['PUT', `/workflow/${created._id}`, { name: 'x' }],
      ['POST', `/workflow/${created._id}/status`, { status: 'ACTIVE' }],
      ['DELETE', `/workflow/${created._id}/DeleteWorkflow`, undefined],
      ['DELETE', `/workflow/${created._id}/DeleteArchivedStatusWorkflow`, undefined],
      ['POST', '/workflow/count', {}],
      ['GET', `/view-workflow/${created._id}`, undefined],
    ] as const) {
      const res = await w.call(method, url, member, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
    }
    const byManager = await w.call('PUT', `/workflow/${created._id}`, acme.users.MANAGER, {
      name: 'Managed',
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every definition and instance-read call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const [path, method] of [
      ['/api/create-workflow', 'post'],
      ['/api/workflows', 'get'],
      ['/api/workflows/settings', 'get'],
      ['/api/workflow/{id}', 'get'],
      ['/api/workflow/{id}', 'put'],
      ['/api/workflow/{id}/status', 'post'],
      ['/api/workflow/{id}/DeleteWorkflow', 'delete'],
      ['/api/workflow/{id}/DeleteArchivedStatusWorkflow', 'delete'],
      ['/api/workflow/count', 'post'],
      ['/api/view-workflow/{id}', 'get'],
      ['/api/workflow-data', 'get'],
      ['/api/workflow-data/{id}', 'get'],
      ['/api/workflow/users', 'post'],
      ['/api/workflow/{id}/PermanentDeleteDraftDocument', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
    }
  });
});
