import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfigurableDocument } from '@esigns/contracts/documents';
import type { TPipelineEntityActions, TPipelineRun } from '@esigns/contracts/pipelines';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { employeeDocuments } from '../documents/schema';
import {
  createDocument,
  mailsTo,
  recipientsOf,
  saveLayout,
  signatureField,
  signer,
  signingLinkOf,
  uniqueEmail,
} from '../documents/test-helpers';
import { runPipelineJob } from './run-job';
import { pipelineRunSteps, pipelineRuns } from './schema';
import { documentSendKey } from './send-document';
import { keysOf, pipelineKit, type Crm } from './test-kit';

/*
 * The "send a document template" action: a Lead created sends the Agreement template to the
 * Lead's owner (a merge field) and a fixed agent; the step run again sends no second document;
 * a bad template, another company's template, a role without a recipient are 422s at save.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let crm: Crm;
let agreement: TConfigurableDocument;
let otherTemplate: TConfigurableDocument;
const kit = pipelineKit(() => t);
const AGENT = 'agent-fixed@example.com';

async function twoRoleTemplate(company: SeededCompany, name: string): Promise<TConfigurableDocument> {
  const doc = await createDocument(t, company.users.OWNER, company.companyId, { isTemplate: true, name });
  return saveLayout(t, company.users.OWNER, doc, {
    fields: [signatureField('client_sig', 'client'), signatureField('agent_sig', 'agent', { y: 400 })],
    document_users: [
      signer('client', 'placeholder-client@example.com', { role_name: 'Client', signing_order: 1 }),
      signer('agent', 'placeholder-agent@example.com', { role_name: 'Agent', signing_order: 1 }),
    ],
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Sales' });
  other = await seedCompany(t, { name: 'Other Sales' });
  crm = await kit.createCrm(acme.users.OWNER);
  agreement = await twoRoleTemplate(acme, 'Agreement');
  otherTemplate = await twoRoleTemplate(other, 'Their agreement');
  // An upper bound, not a target (a loaded 2-core machine).
}, 240_000);
afterAll(async () => {
  await t.close();
});

const owner = () => acme.users.OWNER;

const sendAgreement = (
  recipients: Record<string, { email: string; name?: string }>,
  templateId = agreement._id,
) =>
  kit.hotLeadPipeline(crm, {
    actions: [{ type: 'send_document', template_id: templateId, recipients }],
  });

const leadRecipients = () => ({
  client: { email: `{{${crm.l('owner_email')}}}`, name: `{{${crm.l('name')}}}` },
  agent: { email: AGENT, name: 'Fixed Agent' },
});

describe('the send a document template action', () => {
  it("lists the company's active document templates with their roles for the editor", async () => {
    const actions = await kit.data<TPipelineEntityActions>(
      kit.call('GET', '/automation-pipeline/entity-actions', owner()),
    );
    expect(actions.actions.map((a) => a.value)).toContain('send_document');
    expect(actions.document_templates).toContainEqual({
      value: agreement._id,
      label: 'Agreement',
      roles: [
        { key: 'client', name: 'Client' },
        { key: 'agent', name: 'Agent' },
      ],
    });
    expect(actions.document_templates.map((d) => d.value)).not.toContain(otherTemplate._id);
  });

  let run: TPipelineRun;
  let documentId: string;
  let clientEmail: string;

  it('sends the template when a Lead is created: one document, the signing mail to each role', async () => {
    const pipeline = await kit.createPipeline(owner(), sendAgreement(leadRecipients()));
    clientEmail = uniqueEmail('client');
    await kit.addLead(crm, owner(), { name: 'Ada Lovelace', status: 'hot', owner_email: clientEmail });

    const runs = await kit.settledRuns(owner(), pipeline._id);
    expect(runs).toHaveLength(1);
    run = runs[0]!;
    expect(run.status, run.error ?? '').toBe('SUCCEEDED');
    expect(run.steps[0]).toMatchObject({ type: 'send_document', status: 'DONE', attempts: 1 });
    expect(run.steps[0]!.input).toMatchObject({
      template_id: agreement._id,
      recipients: [
        { key: 'client', email: clientEmail, name: 'Ada Lovelace' },
        { key: 'agent', email: AGENT, name: 'Fixed Agent' },
      ],
      send_key: documentSendKey(run._id, 0),
    });
    documentId = (run.steps[0]!.output as { document_id: string }).document_id;
    expect(run.steps[0]!.output).toMatchObject({ document_name: 'Agreement', replayed: false });

    const recipients = await recipientsOf(t, documentId);
    expect(recipients.map((r) => [r.email, r.firstName, r.lastName]).sort()).toEqual(
      [
        [AGENT, 'Fixed', 'Agent'],
        [clientEmail, 'Ada', 'Lovelace'],
      ].sort(),
    );
    const mails = await mailsTo(t, clientEmail);
    expect(mails).toHaveLength(1);
    expect(signingLinkOf(mails[0]!.html)?.documentId).toBe(documentId);
  });

  it('sends no second document when the same step runs again (the send key)', async () => {
    // As if the step's result had not been seen: the cursor back on it, the job run again.
    await t.platform.database.db
      .update(pipelineRuns)
      .set({ nextStep: 0, status: 'RUNNING' })
      .where(eq(pipelineRuns.id, run._id));
    await runPipelineJob(t.platform, { run_id: run._id });

    const [step] = await t.platform.database.db
      .select()
      .from(pipelineRunSteps)
      .where(eq(pipelineRunSteps.runId, run._id));
    expect(step!.output).toMatchObject({ document_id: documentId, replayed: true });
    const documents = await t.platform.database.db
      .select({ id: employeeDocuments.id })
      .from(employeeDocuments)
      .where(
        sql`${employeeDocuments.companyId} = ${acme.companyId} and ${employeeDocuments.sendKey} = ${documentSendKey(run._id, 0)}`,
      );
    expect(documents.map((d) => d.id)).toEqual([documentId]);
    expect(await mailsTo(t, clientEmail)).toHaveLength(1);
  });

  it('fails the step, sending nothing, when a role resolves to no address', async () => {
    const pipeline = await kit.createPipeline(owner(), sendAgreement(leadRecipients()));
    await kit.addLead(crm, owner(), { name: 'No Owner', status: 'hot' });
    const [failed] = await kit.settledRuns(owner(), pipeline._id);
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed!.error).toContain('Client: not an email address');
    const documents = await t.platform.database.db
      .select({ id: employeeDocuments.id })
      .from(employeeDocuments)
      .where(eq(employeeDocuments.sendKey, documentSendKey(failed!._id, 0)));
    expect(documents).toEqual([]);
  });

  it.each([
    [
      'an unknown template',
      () => sendAgreement(leadRecipients(), crypto.randomUUID()),
      ['actions.0.template_id'],
    ],
    [
      "another company's template",
      () => sendAgreement(leadRecipients(), otherTemplate._id),
      ['actions.0.template_id'],
    ],
    ['a template id that is no id', () => sendAgreement(leadRecipients(), 'nope'), ['actions.0.template_id']],
    [
      'a role without a recipient',
      () => sendAgreement({ client: leadRecipients().client }),
      ['actions.0.recipients.agent'],
    ],
    [
      'a role the template lacks',
      () => sendAgreement({ ...leadRecipients(), landlord: { email: AGENT } }),
      ['actions.0.recipients.landlord'],
    ],
    [
      'a fixed address that is no address',
      () => sendAgreement({ ...leadRecipients(), agent: { email: 'not an address' } }),
      ['actions.0.recipients.agent.email'],
    ],
    [
      'an empty address',
      () => sendAgreement({ ...leadRecipients(), agent: { email: ' ' } }),
      ['actions.0.recipients.agent.email'],
    ],
  ])('refuses %s (422 keyed by its path)', async (_name, body, keys) => {
    const res = await kit.call('POST', '/automation-pipeline/create', owner(), body());
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });
});
