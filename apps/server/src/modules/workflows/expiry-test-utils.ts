import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TWorkflowStepInput, TWorkflowTiming } from '@esigns/contracts/workflows';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import type { TestApp } from '../../../test/test-app';
import { createDocument, mailsTo, saveLayout, signatureField, signer } from '../documents/test-helpers';
import { settleJobs } from '../notifications/test-helpers';
import { eventually } from '../signing/test-helpers';
import { workflowData, workflowDataEvents, workflowDataSteps } from './schema';
import { seedContact, workflowTestClient } from './workflows-test-utils';

/*
 * Packets for the tests of an instance's end, expiry and reminders: a workflow whose steps are a
 * template to sign (one role), a file to upload and a form to fill, started for a new contact
 * through the API, and reads of its rows.
 */

export type PacketRefs = { templateId: string; formId: string };

const DAY = 86_400_000;

/** A sweep's clock, days from now. */
export const later = (days: number): Date => new Date(Date.now() + days * DAY);

/** Two companies, the first with the packet's references and an ACTIVE packet of this timing. */
export async function packetWorld(t: TestApp, names: [string, string], timing: TWorkflowTiming) {
  const acme = await seedCompany(t, { name: names[0] });
  const other = await seedCompany(t, { name: names[1] });
  const p = packetDriver(t, acme);
  const refs = await seedPacketRefs(t, acme);
  const workflowId = await p.activeWorkflow(packetSteps(refs), timing);
  return { acme, other, p, refs, workflowId };
}

/** A one-role template and an ACTIVE form (one STATIC step) of the company. */
export async function seedPacketRefs(t: TestApp, company: SeededCompany): Promise<PacketRefs> {
  const owner = company.users.OWNER;
  const doc = await createDocument(t, owner, company.companyId, { isTemplate: true, name: 'Lease' });
  await saveLayout(t, owner, doc, {
    fields: [signatureField('sig', 'tenant')],
    document_users: [signer('tenant', 'placeholder@example.com')],
  });
  const form = await workflowTestClient(t).call('POST', '/formBuilders', owner, {
    name: `Move-in ${randomUUID().slice(0, 6)}`,
    owner_type: 'ANYONE',
    status: 'ACTIVE',
    steps: [{ type: 'STATIC', name: 'Terms', content: 'Read me.', require_accept: true }],
    settings: {},
  });
  expect(form.statusCode, form.body).toBe(201);
  return { templateId: doc._id, formId: form.json().data._id };
}

/** Sign, upload and fill, all in stage 1 and required. */
export const packetSteps = (refs: PacketRefs): TWorkflowStepInput[] => [
  { id: 'sign', kind: 'custom', name: 'Lease', template_id: refs.templateId, stage: 1 },
  { id: 'upload', kind: 'requested', name: 'ID proof', card_type: 'PAN card', stage: 1 },
  { id: 'fill', kind: 'form', name: 'Move-in form', form_builder_id: refs.formId, stage: 1 },
];

export function packetDriver(t: TestApp, company: SeededCompany) {
  const w = workflowTestClient(t);
  const owner = company.users.OWNER;
  const db = () => t.platform.database.db;

  /** An ACTIVE workflow of these steps and timing. */
  async function activeWorkflow(steps: TWorkflowStepInput[], timing?: TWorkflowTiming): Promise<string> {
    const created = await w.createWorkflow(owner, { steps, ...(timing ? { timing } : {}) });
    const res = await w.call('POST', `/workflow/${created._id}/status`, owner, { status: 'ACTIVE' });
    expect(res.statusCode, res.body).toBe(200);
    return created._id;
  }

  /** Every workflows job done, then the mails and pushes. */
  async function settle(): Promise<void> {
    for (let round = 0; round < 2; round++) {
      await eventually(async () => {
        const { rows } = await t.platform.database.raw(
          `select count(*)::int as n from pgboss.job where name like 'workflows.%' and state in ('created', 'retry', 'active')`,
        );
        return (rows[0] as { n: number }).n === 0;
      }, 'the workflows jobs').catch(async (err: unknown) => {
        const { rows } = await t.platform.database.raw(
          `select name, state, output from pgboss.job where name like 'workflows.%' and state <> 'completed'`,
        );
        throw new Error(`${String(err)}: ${JSON.stringify(rows)}`);
      });
      await settleJobs(t);
    }
  }

  /** A new contact's instance of the workflow, sent and started (IN_PROGRESS). */
  async function start(workflowId: string, name = 'Tina'): Promise<{ id: string; email: string }> {
    const contactId = await seedContact(t, company.companyId, name);
    const draft = await w.call('POST', `/create-workflow-data/${workflowId}`, owner, {
      contact_id: contactId,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const id: string = draft.json().data._id;
    const sent = await w.call('POST', '/documents/send-workflow', owner, {
      workflow_data_id: id,
      whole_batch: false,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await settle();
    const row = await instance(id);
    expect(row.status, JSON.stringify(await events(id))).toBe('IN_PROGRESS');
    return { id, email: row.email! };
  }

  async function instance(id: string) {
    const [row] = await db().select().from(workflowData).where(eq(workflowData.id, id));
    return row!;
  }

  async function steps(id: string) {
    const rows = await db()
      .select()
      .from(workflowDataSteps)
      .where(eq(workflowDataSteps.workflowDataId, id))
      .orderBy(asc(workflowDataSteps.position));
    return Object.fromEntries(rows.map((r) => [r.stepId, r]));
  }

  async function events(id: string) {
    return db()
      .select()
      .from(workflowDataEvents)
      .where(eq(workflowDataEvents.workflowDataId, id))
      .orderBy(asc(workflowDataEvents.seq));
  }

  /** The mails of one kind to an address. */
  async function mailsOf(email: string, kind: string) {
    return (await mailsTo(t, email)).filter((m) => m.kind === kind);
  }

  return { w, owner, activeWorkflow, settle, start, instance, steps, events, mailsOf };
}
