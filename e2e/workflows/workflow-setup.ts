import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { json, layOutSignatureDocument, samplePdf, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// What the workflow journeys prepare through the API because it is not what they are about: a
// verified owner, a tenant contact, a template to fill and sign, a document to read (a template
// whose one role views it: opening it is the acknowledgement) and a form. And the staff's part
// of the builder in the browser, shared by the journey and the staff screens' spec.

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export const NAMES = {
  lease: 'Lease agreement',
  rules: 'House rules',
  pan: 'PAN card',
  form: 'Move-in details',
} as const;

/** Screenshots go to E2E_SHOTS_DIR (a temporary folder by default), `workflows-<name>.png`. */
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `workflows-${name}.png`), fullPage: true });

export type Headers = { authorization: string };

export type Company = {
  owner: { email: string; company: string; first: string; last: string };
  token: string;
  headers: Headers;
  tenant: { id: string; email: string; first: string; last: string };
  templates: { lease: string; rules: string };
  formId: string;
};

/** A template whose one role, Reader, views it: nothing to fill, opening it is the acknowledgement. */
async function readOnlyTemplate(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const id = await layOutSignatureDocument(request, token, {
    name: NAMES.rules,
    pdf: await samplePdf(NAMES.rules, 'Quiet hours are 22:00 to 07:00. No smoking indoors.'),
    user: { key: 'reader', role_name: 'Reader', user_type: 'SIGNER' },
    isTemplate: true,
  });
  const saved = await json<{ settings: Record<string, unknown> }>(
    await request.get(`/api/configurable-documents/${id}`, { headers }),
  );
  await json(
    await request.put('/api/document-templates/documents/draft', {
      headers,
      data: {
        configurable_document_id: id,
        name: NAMES.rules,
        fields: [],
        document_users: [{ key: 'reader', role_name: 'Reader', user_type: 'VIEWER', color: '#1C7ED6' }],
        settings: saved.settings,
      },
    }),
  );
  return id;
}

/** A form of one template step the tenant fills (anyone may fill it: the packet mails its link). */
async function moveInForm(request: APIRequestContext, headers: Headers): Promise<string> {
  const template = await json<{ _id: string }>(
    await request.post('/api/template/create', {
      headers,
      data: {
        name: 'Move-in answers',
        fields: [
          { key: 'meter_reading', label: 'Meter reading', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'keys_received', label: 'Keys received', type: 'SINGLE_LINE_TEXT' },
        ],
      },
    }),
  );
  const form = await json<{ _id: string }>(
    await request.post('/api/formBuilders', {
      headers,
      data: {
        name: NAMES.form,
        owner_type: 'ANYONE',
        status: 'ACTIVE',
        steps: [{ type: 'TEMPLATE', name: 'Your move-in', template_id: template._id }],
        settings: { thank_you_message: 'Thanks, your move-in details are in.' },
      },
    }),
  );
  return form._id;
}

/** A company with its owner, a tenant contact, both templates and the form (all through the API). */
export async function setUpCompany(request: APIRequestContext, prefix: string): Promise<Company> {
  const id = `${prefix}-${uniqueId()}`;
  const owner = { email: `${id}-owner@example.com`, company: 'Lakeside Lettings', first: 'Ira', last: 'Sen' };
  const token = await signUpOwner(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  const tenant = { email: `${id}-tenant@example.com`, first: 'Asha', last: 'Rao' };
  const contact = await json<{ _id: string }>(
    await request.post('/api/contacts', {
      headers,
      data: { email: tenant.email, first_name: tenant.first, last_name: tenant.last },
    }),
  );
  const lease = await layOutSignatureDocument(request, token, {
    name: NAMES.lease,
    pdf: await samplePdf(NAMES.lease, 'Flat 4A, Lakeside Residences, twelve months from the first.'),
    user: { key: 'tenant', role_name: 'Tenant', user_type: 'SIGNER' },
    isTemplate: true,
  });
  const rules = await readOnlyTemplate(request, token);
  const formId = await moveInForm(request, headers);
  return {
    owner,
    token,
    headers,
    tenant: { id: contact._id, ...tenant },
    templates: { lease, rules },
    formId,
  };
}

/** Picks `option` in the searchable select labelled `label` inside `scope`. */
async function pick(page: Page, scope: ReturnType<Page['getByTestId']>, label: string, option: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(option.slice(0, 5));
  await page.getByRole('option', { name: option }).click();
  await expect(input).toHaveValue(option);
}

/** Adds a step of `kind` (its menu label) in the builder and names it; answers its card. */
async function addStep(page: Page, kind: string, name: string, stage: number) {
  const before = await page.getByTestId('workflow-step').count();
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${kind}`) }).click();
  const card = page.getByTestId('workflow-step').nth(before);
  await card.getByRole('textbox', { name: `Name of step ${before + 1}` }).fill(name);
  const stageInput = card.getByRole('textbox', { name: new RegExp(`^Stage of`) });
  await stageInput.fill(String(stage));
  return card;
}

/**
 * Staff, signed in, build the packet in the builder: stage 1 the lease to sign and the house rules
 * to read, stage 2 the PAN card to upload and the move-in form; then Save and activate. Answers
 * the workflow's id.
 */
export async function buildPacketInBuilder(page: Page, name: string): Promise<string> {
  await page.goto('/workflows');
  await page.getByRole('button', { name: 'New workflow' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New workflow' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog
    .getByRole('textbox', { name: 'Description' })
    .fill('Everything a new tenant signs and hands in.');
  await dialog.getByRole('button', { name: 'Create and add steps' }).click();
  await expect(page).toHaveURL(/\/workflow\/edit\/[0-9a-f-]{36}$/);
  const workflowId = page.url().split('/').at(-1) ?? '';

  const lease = await addStep(page, 'Fill and sign', NAMES.lease, 1);
  await pick(page, lease, 'Template to fill and sign', NAMES.lease);
  await expect(lease.getByRole('combobox', { name: 'Tenant' })).toHaveValue('The packet’s person');

  const rules = await addStep(page, 'Read and acknowledge', NAMES.rules, 1);
  await pick(page, rules, 'Document to read', NAMES.rules);
  await expect(rules.getByRole('combobox', { name: 'Reader' })).toHaveValue('The packet’s person');

  const pan = await addStep(page, 'Upload a file', NAMES.pan, 2);
  await pan.getByRole('combobox', { name: 'Document to upload' }).fill(NAMES.pan);

  const form = await addStep(page, 'Fill a form', NAMES.form, 2);
  await pick(page, form, 'Form to fill', NAMES.form);

  const stages = page.getByTestId('workflow-stage');
  await expect(stages).toHaveCount(2);
  await expect(stages.nth(0)).toContainText('2 steps at the same time');
  await expect(stages.nth(1)).toContainText('2 steps at the same time');
  await page.getByRole('button', { name: 'Save and activate' }).click();
  await expect(page.getByText(`${name} saved and activated`)).toBeVisible();
  return workflowId;
}

/** The same packet through the API (for specs about what happens after it is sent); answers its id. */
export async function activePacketViaApi(
  request: APIRequestContext,
  company: Company,
  name: string,
): Promise<string> {
  const { headers, templates, formId } = company;
  const workflow = await json<{ _id: string }>(
    await request.post('/api/create-workflow', {
      headers,
      data: {
        name,
        steps: [
          { id: 'lease', kind: 'custom', name: NAMES.lease, template_id: templates.lease, stage: 1 },
          { id: 'rules', kind: 'static', name: NAMES.rules, template_id: templates.rules, stage: 1 },
          { id: 'pan', kind: 'requested', name: NAMES.pan, card_type: NAMES.pan, stage: 2 },
          { id: 'form', kind: 'form', name: NAMES.form, form_builder_id: formId, stage: 2 },
        ],
      },
    }),
  );
  await json(
    await request.post(`/api/workflow/${workflow._id}/status`, { headers, data: { status: 'ACTIVE' } }),
  );
  return workflow._id;
}

/** Starts the workflow for the tenant through the API; answers the packet's id once it is IN_PROGRESS. */
export async function startViaApi(
  request: APIRequestContext,
  company: Company,
  workflowId: string,
): Promise<string> {
  const { headers } = company;
  const draft = await json<{ _id: string }>(
    await request.post(`/api/create-workflow-data/${workflowId}`, {
      headers,
      data: { contact_id: company.tenant.id },
    }),
  );
  await json(
    await request.post('/api/documents/send-workflow', {
      headers,
      data: { workflow_data_id: draft._id, whole_batch: true },
    }),
  );
  await expect
    .poll(
      async () =>
        (await json<{ status: string }>(await request.get(`/api/workflow-data/${draft._id}`, { headers })))
          .status,
      { timeout: 60_000, message: 'the packet started' },
    )
    .toBe('IN_PROGRESS');
  return draft._id;
}
