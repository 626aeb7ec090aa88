import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  json,
  layOutSignatureDocument,
  samplePdf,
  signInInBrowser,
  signUpOwner,
} from '../support/document-setup';
import { uniqueId } from '../support/ids';
import { waitForDeliveredMail } from '../support/mail-sink';

// The "send a document template" action at 1366x800, then 390x844. An owner (signed up through
// the API) has a Lead entity and a one-role template "Agreement" (role Client), made through the
// API. In the browser they add the pipeline "when a Lead is created, send the Agreement to the
// Lead's owner email", a Lead is created through the API, the signing mail reaches the SMTP sink
// and the run shows the document step. Screenshots: E2E_SHOTS_DIR, `pipeline-document-<name>.png`.

const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ viewport: { width: 1366, height: 800 }, actionTimeout: 30_000 });

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  // Transitions finished first (an accordion opening would be caught half open).
  page.screenshot({
    path: path.join(shots, `pipeline-document-${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });

const pick = async (page: Page, box: string, option: string | RegExp) => {
  await page.getByRole('combobox', { name: box }).click();
  await page.getByRole('option', { name: option }).click();
};

test('automation pipeline: a Lead created sends the Agreement to its owner for signing', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const id = uniqueId();
  const owner = { email: `pipedoc-${id}@example.com`, company: 'Harbour Homes', first: 'Nila', last: 'Das' };
  const token = await signUpOwner(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  const lead = await json<{ _id: string; primary_template_id: string }>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Lead',
        entity_type: 'GENERAL',
        fields: [
          { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'owner_email', label: 'Owner email', type: 'EMAIL' },
        ],
      },
    }),
  );
  await layOutSignatureDocument(request, token, {
    name: 'Agreement',
    pdf: await samplePdf('Agreement', 'Signed by the client.'),
    user: { key: 'client', user_type: 'SIGNER', role_name: 'Client' },
    isTemplate: true,
  });
  const actions = await json<{ fields: { name: string }[] }>(
    await request.get(`/api/automation-pipeline/entity-actions?entity_id=${lead._id}`, { headers }),
  );
  const ownerField = actions.fields.find((f) => f.name.endsWith('.owner_email'))!.name;
  const nameField = actions.fields.find((f) => f.name.endsWith('.name'))!.name;
  await signInInBrowser(page, owner.email);

  await test.step('add the pipeline with the document action', async () => {
    await page.goto('/automation-pipelines/create');
    await page.getByRole('textbox', { name: 'Name' }).fill('Agreements');
    await pick(page, 'Of entity', 'Lead');
    await page.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: 'Send a document template' }).click();
    await pick(page, 'Action 1: document template', 'Agreement');
    await page.getByRole('combobox', { name: 'Client email' }).fill(`{{${ownerField}}}`);
    await page.getByRole('combobox', { name: 'Client name' }).fill(`{{${nameField}}}`);
    await page.keyboard.press('Escape');
    await shot(page, 'editor');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'editor-phone');
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.getByRole('button', { name: 'Create pipeline' }).click();
    await expect(page.getByTestId('pipeline-row').filter({ hasText: 'Agreements' })).toBeVisible();
  });

  const leadOwner = `lead-owner-${id}@example.com`;
  await test.step('a Lead created: the owner gets the signing mail, the run shows the document', async () => {
    await json(
      await request.post('/api/entities-data', {
        headers,
        data: {
          entity_id: lead._id,
          values: { [lead.primary_template_id]: { name: 'Ada Lovelace', owner_email: leadOwner } },
        },
      }),
    );
    const mail = await waitForDeliveredMail(leadOwner, /Agreement/);
    expect(mail.text).toContain('/emp-documents/preview/');
    await page.getByRole('button', { name: 'More actions for Agreements' }).click();
    await page.getByRole('menuitem', { name: 'Run history' }).click();
    const item = page.getByTestId('pipeline-run').first();
    await expect(item).toContainText('Succeeded');
    await item.getByRole('button').first().click();
    await expect(
      page
        .getByTestId('run-step')
        .first()
        .getByText(/"document_id"/),
    ).toBeVisible();
    await shot(page, 'run');
  });
});
