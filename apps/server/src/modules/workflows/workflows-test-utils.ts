import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TWorkflow, TWorkflowStepInput, TWorkflowWrite } from '@esigns/contracts/workflows';
import type { SeededCompany, SeededUser } from '../../../test/seed-company';
import type { TestApp } from '../../../test/test-app';
import { contacts } from '../contacts/schema';
import { seedDocumentTemplate } from '../form-builders/form-builders-test-utils';
import { settleJobs } from '../notifications/test-helpers';
import { eventually } from '../signing/test-helpers';
import { loadWorkflow } from './definitions-read';
import { appendWorkflowEvents, createDraftInstances } from './instances-store';

/** Calls and seeds of the workflows tests (one app per test file). */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Reply = { statusCode: number; body: string; json: () => any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function workflowTestClient(t: TestApp) {
  const call = (method: Method, url: string, who: SeededUser, payload?: unknown): Promise<Reply> =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A template (`custom` steps) and a form (`form` steps) of the company. */
  async function seedReferences(company: SeededCompany): Promise<{ templateId: string; formId: string }> {
    const owner = company.users.OWNER;
    const templateId = await seedDocumentTemplate(t, owner, company.companyId, ['Tenant']);
    const form = await call('POST', '/formBuilders', owner, {
      name: `Move-in ${randomUUID().slice(0, 6)}`,
      steps: [{ type: 'STATIC', name: 'Terms', content: 'Read me.', require_accept: true }],
    });
    expect(form.statusCode, form.body).toBe(201);
    return { templateId, formId: form.json().data._id };
  }

  const steps = (refs: { templateId: string; formId: string }): TWorkflowStepInput[] => [
    { id: 's1', kind: 'custom', name: 'Lease', template_id: refs.templateId, stage: 1 },
    { id: 's2', kind: 'requested', name: 'ID proof', card_type: 'PAN card', stage: 1 },
    { id: 's3', kind: 'form', name: 'Move-in form', form_builder_id: refs.formId, stage: 2, required: false },
  ];

  async function createWorkflow(who: SeededUser, body: Partial<TWorkflowWrite> = {}): Promise<TWorkflow> {
    const res = await call('POST', '/create-workflow', who, {
      name: `Tenancy ${randomUUID().slice(0, 6)}`,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  return { call, seedReferences, steps, createWorkflow };
}

/** A contact of the company. */
export async function seedContact(t: TestApp, companyId: string, firstName = 'Tina'): Promise<string> {
  const [row] = await t.platform.database.db
    .insert(contacts)
    .values({
      companyId,
      email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`,
      firstName,
    })
    .returning({ id: contacts.id });
  return row!.id;
}

/** DRAFT instances of the workflow's current version, as the engine makes them (one per contact). */
export async function seedInstances(
  t: TestApp,
  companyId: string,
  workflowId: string,
  people: { contactId: string | null; email: string | null; name: string }[],
): Promise<string[]> {
  return t.platform.database.db.transaction(async (tx) => {
    const loaded = await loadWorkflow(tx, companyId, workflowId, { lock: 'share' });
    const ids = await createDraftInstances(tx, { companyId, loaded, people, createdBy: null, actor: 'Test' });
    await appendWorkflowEvents(
      tx,
      ids.map((workflowDataId) => ({ workflowDataId, event: 'note', details: { n: 1 } })),
    );
    return ids;
  });
}

export const keysOf = (res: Reply): string[] => [
  ...new Set<string>(res.json().errors?.details.map((d: { key: string }) => d.key) ?? []),
];

/** Every workflows job done (the machine may be slow), then the mails and pushes, `rounds` times. */
export async function settleWorkflowJobs(t: TestApp, rounds = 3): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await eventually(async () => {
      const { rows } = await t.platform.database.raw(
        `select count(*)::int as n from pgboss.job where name like 'workflows.%' and state in ('created', 'retry', 'active')`,
      );
      return (rows[0] as { n: number }).n === 0;
    }, 'the workflows jobs');
    await settleJobs(t);
  }
}
