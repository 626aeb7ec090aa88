import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  json,
  layOutSignatureDocument,
  samplePdf,
  signInInBrowser,
  signThroughLink,
  signUpOwner,
} from '../support/document-setup';
import { appLinksOf, waitForDeliveredMail } from '../support/mail-sink';
import { uniqueId } from '../support/ids';

// The forms journey. Staff build a three-step form in the builder (a form template step, an entity
// step, a document to sign), with an approver named by an email the filler types, and publish it
// with secure access. A guest on a phone (390x844) opens the public link, proves their email with
// the mailed 6-digit code, fills the steps, signs the document in the tab the fill screen opens and
// submits. The approver approves from the mailed link. Then the entity has the record, the sealed
// PDF verifies, and the data list exports the answers as CSV. The template, entity and document
// template are made through the API (they are not what this is about). Screenshots: E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `forms-${name}.png`) });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const FORM_NAME = 'Tenant application';
const PROOF = 'proof-of-address.pdf';

const id = uniqueId();
const owner = {
  email: `forms-owner-${id}@example.com`,
  company: 'Harbour Homes',
  first: 'Mira',
  last: 'Das',
};
const guest = { email: `tenant-${id}@example.com`, name: 'Asha Rao', city: 'Kochi' };
const managerEmail = `manager-${id}@example.com`;

/** What the tests hand on to each other (they run in order, in one worker). */
const state = { token: '', entityId: '', formId: '', code: '', link: '', submissionId: '' };

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

type Headers = { authorization: string };

/** A form template of the company: the applicant's details, the manager's email and a file. */
async function seedTemplate(request: APIRequestContext, headers: Headers): Promise<void> {
  await json(
    await request.post('/api/template/create', {
      headers,
      data: {
        name: 'Applicant details',
        fields: [
          { key: 'full_name', label: 'Full name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'manager_email', label: 'Manager email', type: 'EMAIL', required: true },
          { key: 'proof', label: 'Proof of address', type: 'FILE', required: false },
        ],
      },
    }),
  );
}

/** An entity whose records the form's ENTITY step creates. */
async function seedEntity(request: APIRequestContext, headers: Headers): Promise<string> {
  const entity = await json<{ _id: string }>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Applicants',
        entity_type: 'GENERAL',
        fields: [
          { key: 'applicant_name', label: 'Applicant name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'city', label: 'City', type: 'SINGLE_LINE_TEXT' },
        ],
      },
    }),
  );
  return entity._id;
}

/** Adds a step of `type` in the builder, names it and picks its source among `label`'s options. */
async function addStep(page: Page, index: number, type: RegExp, name: string, source: [string, string]) {
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('menuitem', { name: type }).click();
  const card = page.getByTestId('form-step').nth(index);
  await card.getByRole('combobox', { name: source[0] }).click();
  await page.getByRole('option', { name: source[1] }).click();
  await card.getByRole('textbox', { name: `Name of step ${index + 1}` }).fill(name);
}

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: PHONE, hasTouch: false });
}

test('staff build the three-step form in the builder and publish it with a passcode', async ({
  browser,
  request,
}) => {
  state.token = await signUpOwner(request, owner);
  const headers = { authorization: `Bearer ${state.token}` };
  await seedTemplate(request, headers);
  state.entityId = await seedEntity(request, headers);
  // A document template with one role, Applicant, who signs once.
  await layOutSignatureDocument(request, state.token, {
    name: 'Rental agreement',
    pdf: await samplePdf('Rental agreement', 'The applicant signs below.'),
    user: { key: 'applicant', role_name: 'Applicant', user_type: 'SIGNER' },
    isTemplate: true,
  });

  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  try {
    await signInInBrowser(page, owner.email);
    await page.goto('/formBuilders/add');
    await page.getByLabel(/^Form name/).fill(FORM_NAME);
    await addStep(page, 0, /^Form template/, 'Your details', ['Form template', 'Applicant details']);
    await addStep(page, 1, /^Entity record/, 'Your record', ['Entity', 'Applicants']);
    await addStep(page, 2, /^Document to sign/, 'Sign the agreement', [
      'Document template',
      'Rental agreement',
    ]);
    const signStep = page.getByTestId('form-step').nth(2);
    await signStep.getByRole('combobox', { name: 'Signs as' }).click();
    await page.getByRole('option', { name: 'Applicant' }).click();
    await expect(page.getByTestId('form-step')).toHaveCount(3);

    await page.getByRole('tab', { name: /Sharing/ }).click();
    await page.getByLabel('Secure access').check();

    // The approver: whoever's email the filler types in "Manager email" of the first step.
    await page.getByRole('tab', { name: /Approvals/ }).click();
    await page.getByRole('button', { name: 'Add approval level' }).click();
    const level = page.getByTestId('approval-level');
    await level.getByRole('button', { name: 'Remove Level 1 approver 1' }).click();
    await level.getByRole('button', { name: 'Add approver' }).click();
    await page.getByRole('menuitem', { name: 'The email typed in a field' }).click();
    await level.getByLabel('Level 1 approver 1: step').selectOption({ label: 'Your details' });
    await expect(
      level.getByLabel('Level 1 approver 1: email field').getByRole('option', { name: 'Manager email' }),
    ).toBeAttached();
    await level.getByLabel('Level 1 approver 1: email field').selectOption({ label: 'Manager email' });

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Active' });
    await page.getByRole('button', { name: 'Create form' }).click();
    await expect(page).toHaveURL(/\/formBuilders\/[0-9a-f-]{36}$/);
    state.formId = page.url().split('/').at(-1) ?? '';
    await expect(page.getByRole('link', { name: /Open the form/ })).toBeVisible();
    await page.getByRole('tab', { name: /Steps/ }).click();
    await shot(page, 'builder');

    await page.getByRole('tab', { name: /Sharing/ }).click();
    await page.getByRole('button', { name: 'Copy public link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    state.link = await page.evaluate(() => navigator.clipboard.readText());
    expect(state.link).toMatch(new RegExp(`^${baseURL}/public/fbd/[a-z0-9-]+$`));
    state.code = state.link.split('/').at(-1) ?? '';
    await shot(page, 'builder-sharing');
  } finally {
    await context.close();
  }

  // What was saved is what the builder showed.
  const form = await json<{
    status: string;
    steps: { type: string; name: string }[];
    settings: Record<string, unknown>;
  }>(await request.get(`/api/formBuilders/${state.formId}`, { headers }));
  expect(form.status).toBe('ACTIVE');
  expect(form.steps.map((step) => [step.type, step.name])).toEqual([
    ['TEMPLATE', 'Your details'],
    ['ENTITY', 'Your record'],
    ['DOCUMENT', 'Sign the agreement'],
  ]);
  expect(form.settings).toMatchObject({
    secure_access: true,
    approval_levels: [{ approvers: [{ kind: 'FIELD_EMAIL', field: 'manager_email' }] }],
  });
});

test('a guest on a phone proves their email, fills the steps, signs the document and submits', async ({
  browser,
}) => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  try {
    await page.goto(state.link);
    await expect(page).toHaveURL(/\/auth\/verify/);
    await expect(page.getByText(FORM_NAME).first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(guest.email);
    await shot(page, 'guest-email');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const mail = await waitForDeliveredMail(guest.email, /Your code to open/);
    const code = />\s*(\d{6})\s*</.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Verification code, digit 1 of 6').click();
    await page.keyboard.type(code);

    // Step 1: the form template.
    const stepper = page.getByTestId('fill-stepper');
    await expect(stepper).toBeVisible();
    await expect(stepper.getByText('Step 1 of 3')).toBeVisible();
    await stepper.getByRole('textbox', { name: 'Full name' }).fill(guest.name);
    await stepper.getByRole('textbox', { name: 'Manager email' }).fill(managerEmail);
    // The FILE field: the file goes straight to storage and shows once it is kept.
    const proof = await samplePdf('Utility bill', `${guest.name}, ${guest.city}`);
    await stepper
      .locator('input[type="file"]')
      .setInputFiles({ name: PROOF, mimeType: 'application/pdf', buffer: proof });
    await expect(stepper.getByRole('button', { name: `Remove ${PROOF}` })).toBeVisible();
    await shot(page, 'guest-step-1');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the entity's record.
    await expect(stepper.getByText('Step 2 of 3')).toBeVisible();
    await stepper.getByRole('textbox', { name: 'Applicant name' }).fill(guest.name);
    await stepper.getByRole('textbox', { name: 'City' }).fill(guest.city);
    await shot(page, 'guest-step-2');

    // Step 3: the document, signed in the tab the fill screen opens.
    const made = page.waitForResponse((r) => r.url().includes('/api/formbuilder-data/company-documents/'));
    await page.getByRole('button', { name: 'Next' }).click();
    const answer = await made;
    const body = (await answer.json()) as { data?: { link: string | null } };
    expect(answer.ok(), JSON.stringify(body).slice(0, 300)).toBe(true);
    const signingLink = body.data?.link;
    expect(signingLink, "the filler's signing link").toBeTruthy();
    await expect(stepper.getByText('Step 3 of 3')).toBeVisible();
    const documentStep = page.getByTestId('document-step');
    await expect(documentStep.getByText('You sign as Applicant')).toBeVisible({ timeout: 20_000 });
    await shot(page, 'guest-step-3');
    const opened = context.waitForEvent('page');
    await documentStep.getByRole('button', { name: 'Open the document to sign' }).click();
    const signingTab = await opened;
    await signingTab.waitForURL(/\/emp-documents\/preview\//);
    await expect(signingTab.getByTestId('ready-to-sign')).toBeVisible();
    await signThroughLink(signingTab, signingLink as string);
    await signingTab.close();
    await expect(documentStep.getByText('The document is signed')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'guest-step-3-signed');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('form-completed')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Form submitted' })).toBeVisible();
    await shot(page, 'guest-thank-you');
  } finally {
    await context.close();
  }
});

test('the approver approves from the mailed link', async ({ browser }) => {
  const mail = await waitForDeliveredMail(managerEmail, new RegExp(`Approval needed: ${FORM_NAME}`));
  const link = appLinksOf(mail, baseURL).find((href) => href.includes('/approval/auth'));
  expect(link, 'the approval link of the mail').toBeTruthy();
  const context = await phoneContext(browser);
  const page = await context.newPage();
  try {
    await page.goto(link as string);
    const decision = page.getByTestId('approval-decision');
    await expect(decision).toBeVisible();
    await expect(page.getByText(guest.name).first()).toBeVisible();
    await shot(page, 'approver');
    await decision.getByRole('textbox', { name: 'Comment' }).fill('All in order.');
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('decided')).toBeVisible();
    await shot(page, 'approver-decided');
  } finally {
    await context.close();
  }
  await waitForDeliveredMail(guest.email, new RegExp(`Your answer to ${FORM_NAME} was approved`));
});

type SubmissionRow = {
  _id: string;
  status: string;
  values: Record<string, unknown>;
  steps: { step_id: string; entity_data_id: string | null }[];
};

test('the entity has the record, the sealed PDF verifies and the data list exports the answers', async ({
  browser,
  request,
}) => {
  const headers = { authorization: `Bearer ${state.token}` };
  const list = await json<{ data?: SubmissionRow[]; items?: SubmissionRow[] } | SubmissionRow[]>(
    await request.get(`/api/formbuilder-data?formbuilder_details_id=${state.formId}`, { headers }),
  );
  const rows = Array.isArray(list) ? list : (list.data ?? list.items ?? []);
  expect(rows).toHaveLength(1);
  const submission = rows[0] as SubmissionRow;
  expect(submission.status).toBe('APPROVED');
  state.submissionId = submission._id;
  expect(submission.steps.some((step) => step.entity_data_id)).toBe(true);
  // The guest's file is kept with the answers.
  expect(JSON.stringify(submission.values)).toContain(PROOF);

  // The sealed PDF of the document step: downloaded, then checked by the public verification.
  const urls = await json<{ url: string; name: string }[]>(
    await request.post('/api/documents-templates/download-urls', {
      headers,
      data: { formbuilder_data_id: state.submissionId },
    }),
  );
  expect(urls).toHaveLength(1);
  const pdf = await request.get((urls[0] as { url: string }).url);
  expect(pdf.ok()).toBe(true);
  const sealed = await pdf.body();
  expect(sealed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const verdict = await json<{
    signed: boolean;
    intact: boolean;
    ours: boolean;
    known: boolean;
    document: { name: string } | null;
  }>(
    await request.post('/api/verify-document', {
      multipart: { file: { name: 'sealed.pdf', mimeType: 'application/pdf', buffer: sealed } },
    }),
  );
  expect(verdict).toMatchObject({ signed: true, intact: true, ours: true, known: true });
  expect(verdict.document?.name).toContain('Rental agreement');

  const context = await browser.newContext({ baseURL, viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  try {
    await signInInBrowser(page, owner.email);
    // The record the ENTITY step made, on the entity's records screen.
    await page.goto(`/entity/${state.entityId}`);
    const record = page.getByTestId('grid-row').filter({ hasText: guest.name });
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(guest.city);

    await page.goto(`/fbd/${state.code}/data-list`);
    const entry = page.getByRole('row', { name: new RegExp(guest.email) });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('cell', { name: 'Approved', exact: true })).toBeVisible();
    await shot(page, 'data-list');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/i);
    const [header = '', line = '', ...more] = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(more).toEqual([]);
    const cells = line.split(',');
    const answers = Object.fromEntries(header.split(',').map((name, i) => [name, cells[i]]));
    expect(answers).toMatchObject({
      'Submission id': state.submissionId,
      Status: 'APPROVED',
      Email: guest.email,
      'Your details: Full name': guest.name,
      'Your details: Manager email': managerEmail,
      'Your details: Proof of address': PROOF,
      'Your record: Applicant name': guest.name,
      'Your record: City': guest.city,
    });
  } finally {
    await context.close();
  }
});
