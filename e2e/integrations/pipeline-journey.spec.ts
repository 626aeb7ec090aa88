import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';
import { waitForDeliveredMail } from '../support/mail-sink';

// The automation pipeline journey at 1366x800, then 390x844. An owner (signed up through the
// API) has a Lead entity (name, status Hot/Cold, owner's email), a Follow-up entity and a Lead
// email template (made through the API: they are not what this is about). In the browser they
// add the pipeline "when a Lead is created with status Hot, mail the owner and create a Follow-up
// record" at /automation-pipelines, create a Hot lead through the record form, and see the mail
// arrive at the SMTP sink, the new Follow-up record in its grid and the run in the run history
// with its two steps. Screenshots: E2E_SHOTS_DIR, `pipeline-<name>.png`.

const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ viewport: { width: 1366, height: 800 }, actionTimeout: 30_000 });

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `pipeline-${name}.png`), fullPage: true });

const PHONE = { width: 390, height: 844 };

type Setup = { leadId: string; followUpId: string; nameField: string; ownerField: string };

async function setUp(request: APIRequestContext, token: string): Promise<Setup> {
  const headers = { authorization: `Bearer ${token}` };
  const lead = await json<{ _id: string }>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Lead',
        entity_type: 'GENERAL',
        fields: [
          { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
          {
            key: 'status',
            label: 'Status',
            type: 'SELECT',
            options: [
              { value: 'hot', label: 'Hot' },
              { value: 'cold', label: 'Cold' },
            ],
          },
          { key: 'owner_email', label: 'Owner email', type: 'EMAIL' },
        ],
      },
    }),
  );
  const followUp = await json<{ _id: string }>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Follow-up',
        entity_type: 'GENERAL',
        fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true }],
      },
    }),
  );
  const actions = await json<{ fields: { name: string }[] }>(
    await request.get(`/api/automation-pipeline/entity-actions?entity_id=${lead._id}`, { headers }),
  );
  const nameField = actions.fields.find((f) => f.name.endsWith('.name'))!.name;
  const ownerField = actions.fields.find((f) => f.name.endsWith('.owner_email'))!.name;
  await json(
    await request.post('/api/entity-email-template/create', {
      headers,
      data: {
        type: 'ENTITY',
        name: 'Hot lead alert',
        entity_id: lead._id,
        subject: `Hot lead: {{${nameField}}}`,
        body_html: `<p>{{${nameField}}} is hot: call today.</p>`,
      },
    }),
  );
  return { leadId: lead._id, followUpId: followUp._id, nameField, ownerField };
}

const pick = async (page: Page, box: string, option: string | RegExp) => {
  await page.getByRole('combobox', { name: box }).click();
  await page.getByRole('option', { name: option }).click();
};

/** The pipeline built in the editor. */
async function addPipeline(page: Page, setup: Setup) {
  await page.getByRole('link', { name: 'Automation' }).click();
  await expect(page).toHaveURL(/\/automation-pipelines$/);
  await expect(page.getByText('No pipelines yet')).toBeVisible();
  await shot(page, 'list-empty');
  await page.getByRole('link', { name: 'New pipeline' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Hot leads');
  await pick(page, 'Of entity', 'Lead');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await pick(page, 'Condition 1 field', /^Status/);
  await pick(page, 'Condition 1 value', 'Hot');
  await page.getByRole('button', { name: 'Add action' }).click();
  await page.getByRole('menuitem', { name: 'Send an email template' }).click();
  await pick(page, 'Action 1: email template', 'Hot lead alert');
  await page.getByRole('textbox', { name: 'Action 1: to' }).fill(`{{${setup.ownerField}}}`);
  await page.getByRole('button', { name: 'Add action' }).click();
  await page.getByRole('menuitem', { name: 'Create a record' }).click();
  await pick(page, 'Action 2: entity', 'Follow-up');
  await page.getByRole('button', { name: 'Set a field' }).click();
  await page.getByRole('textbox', { name: 'Title value' }).fill(`Call {{${setup.nameField}}}`);
  await shot(page, 'editor');
  await page.getByRole('button', { name: 'Create pipeline' }).click();
  const row = page.getByTestId('pipeline-row').filter({ hasText: 'Hot leads' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('switch', { name: 'Hot leads on' })).toBeChecked();
  await shot(page, 'list');
}

test('automation pipeline: a Hot lead mails its owner and gets a Follow-up, seen in the run history', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const id = uniqueId();
  const owner = { email: `pipes-${id}@example.com`, company: 'Harbour Homes', first: 'Nila', last: 'Das' };
  const token = await signUpOwner(request, owner);
  const setup = await setUp(request, token);
  await signInInBrowser(page, owner.email);
  const leadOwner = `lead-owner-${id}@example.com`;

  await test.step('add the pipeline', () => addPipeline(page, setup));

  await test.step('create a Hot lead through the record form', async () => {
    await page.goto(`/entity/${setup.leadId}/add`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Hot');
    await pick(page, 'Status', 'Hot');
    await page.getByRole('textbox', { name: 'Owner email' }).fill(leadOwner);
    await page.getByRole('button', { name: 'Add Lead' }).click();
    await expect(page.getByRole('heading', { name: 'Ada Hot' })).toBeVisible();
  });

  await test.step('the owner is mailed and the Follow-up exists', async () => {
    const mail = await waitForDeliveredMail(leadOwner, /^Hot lead: Ada Hot$/);
    expect(mail.text).toContain('Ada Hot is hot: call today.');
    await page.goto(`/entity/${setup.followUpId}`);
    await expect(page.getByRole('gridcell', { name: 'Call Ada Hot', exact: true })).toBeVisible();
    await shot(page, 'follow-up');
  });

  await test.step('the run is in the history with its steps', async () => {
    await page.goto('/automation-pipelines');
    await page.getByRole('button', { name: 'More actions for Hot leads' }).click();
    await page.getByRole('menuitem', { name: 'Run history' }).click();
    const run = page.getByTestId('pipeline-run').first();
    await expect(run).toContainText('Succeeded');
    await run.getByRole('button').first().click();
    await expect(run.getByTestId('run-step')).toHaveCount(2);
    await expect(run.getByTestId('run-step').nth(1)).toContainText('Create a record');
    await shot(page, 'runs');
  });

  await test.step('the same screens on a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/automation-pipelines');
    await expect(page.getByText('Hot leads').first()).toBeVisible();
    await shot(page, 'phone-list');
    await page.getByText('Hot leads').first().click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Hot leads');
    await shot(page, 'phone-editor');
    await page.getByRole('link', { name: 'Run history' }).click();
    await expect(page.getByTestId('pipeline-run').first()).toContainText('Succeeded');
    await shot(page, 'phone-runs');
  });
});
