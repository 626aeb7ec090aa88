import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL, smtpPort } from '../playwright.config';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';
import { waitForDeliveredMail } from '../support/mail-sink';

// The email journey at 1366x900. A company owner (signed up through the API) configures the
// company's own SMTP at /configuration/mail, pointed at the journeys' SMTP sink (a private host:
// the server runs with SMTP_ALLOW_PRIVATE_HOSTS=1), makes a header/footer the company default,
// writes an entity email template with merge fields (a field of the entity, a global variable,
// {{record.url}}), previews it on a record, selects 3 records in the records grid and mails them.
// The sink receives 3 mails, each with its own record's values, the header and footer, from the
// company's sender; the email log lists them as sent. Then the same screens at 390x844.
// The entity, its records and the global variable are made through the API (they are not what
// this is about). Screenshots: E2E_SHOTS_DIR, `email-<name>.png`.

const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ viewport: { width: 1366, height: 900 }, actionTimeout: 30_000 });

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `email-${name}.png`), fullPage: true });

const PHONE = { width: 390, height: 844 };
const HEADER = 'Lakeside Lettings tenant services';
const FOOTER = '12 Lake Road, Kochi. Reply to this mail to reach your manager.';
const TEMPLATE = 'Rent reminder';

type Tenant = { id: string; name: string; email: string; flat: string };
type Setup = { entityId: string; tenants: Tenant[]; globalToken: string; mergeFields: string[] };

/** The Tenants entity (name, email, flat), 3 tenants and the "Office phone" global variable. */
async function setUp(request: APIRequestContext, token: string, id: string): Promise<Setup> {
  const headers = { authorization: `Bearer ${token}` };
  const entity = await json<{ _id: string; primary_template_id: string }>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Tenants',
        entity_type: 'INDIVIDUAL',
        fields: [
          { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'email', label: 'Email', type: 'EMAIL' },
          { key: 'flat', label: 'Flat', type: 'SINGLE_LINE_TEXT' },
        ],
      },
    }),
  );
  const people = [
    { name: 'Asha Rao', flat: '4A' },
    { name: 'Ravi Menon', flat: '7C' },
    { name: 'Meera Iyer', flat: '2B' },
  ];
  const tenants: Tenant[] = [];
  for (const [index, person] of people.entries()) {
    const email = `${id}-tenant${index + 1}@example.com`;
    const record = await json<{ _id: string }>(
      await request.post('/api/entities-data', {
        headers,
        data: {
          entity_id: entity._id,
          values: { [entity.primary_template_id]: { name: person.name, email, flat: person.flat } },
        },
      }),
    );
    tenants.push({ id: record._id, email, ...person });
  }
  const variable = await json<{ key: string }>(
    await request.post('/api/global-variables', {
      headers,
      data: { label: 'Office phone', input_type: 'SINGLE_LINE_TEXT', value: '080 4000 1234' },
    }),
  );
  const fields = await json<{ name: string }[]>(
    await request.get(`/api/entity-email-template/merge-fields/${entity._id}`, { headers }),
  );
  return {
    entityId: entity._id,
    tenants,
    globalToken: `{{global.${variable.key}}}`,
    mergeFields: fields.map((field) => field.name),
  };
}

/** The owner saves the company SMTP (the sink) at /configuration/mail; the server's test mail arrives. */
async function configureSmtp(page: Page, owner: { email: string }, sender: string) {
  await page.goto('/configuration/mail');
  await expect(page.getByRole('textbox', { name: 'SMTP host' })).toBeVisible();
  await shot(page, 'mail-config-empty');
  await page.getByRole('textbox', { name: 'SMTP host' }).fill('127.0.0.1');
  await page.getByRole('textbox', { name: 'Port' }).fill(String(smtpPort));
  await page.getByRole('combobox', { name: 'Security' }).click();
  await page.getByRole('option', { name: 'None' }).click();
  await page.getByRole('textbox', { name: 'Sender name' }).fill('Lakeside Lettings');
  await page.getByRole('textbox', { name: 'Sender address' }).fill(sender);
  await expect(page.getByRole('textbox', { name: 'Send the test mail to' })).toHaveValue(owner.email);
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(page.getByText('Mail settings tested and saved')).toBeVisible();
  await expect(page.getByTestId('verified-at')).toContainText('Last verified');
  await shot(page, 'mail-config-saved');
  const test = await waitForDeliveredMail(owner.email, /^Test mail from Lakeside Lettings/);
  expect(test.text).toContain(sender);
}

/** A header/footer made the company default. */
async function createDefaultFrame(page: Page) {
  await page.goto('/email-header-footer-template/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lakeside brand');
  await page.getByRole('textbox', { name: 'Header' }).click();
  await page.keyboard.type(HEADER);
  await page.getByRole('textbox', { name: 'Footer' }).click();
  await page.keyboard.type(FOOTER);
  await page.getByRole('switch', { name: 'Use as the company default' }).check();
  await shot(page, 'header-footer');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/email-header-footer-template\/edit\//);
  await expect(page.getByText('Lakeside brand saved')).toBeVisible();
}

/**
 * The entity template: the subject gets the tenant's name from the merge field picker; the body
 * is typed with the entity's field, the global variable and the record's link.
 */
async function createTemplate(page: Page, setup: Setup) {
  const nameToken = setup.mergeFields.find((name) => name.endsWith('.name')) ?? '';
  const flatToken = setup.mergeFields.find((name) => name.endsWith('.flat')) ?? '';
  expect(nameToken, 'the Name merge field').not.toBe('');
  await page.goto(`/email-template/create?entity_id=${setup.entityId}`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(TEMPLATE);
  await expect(page.getByRole('combobox', { name: 'Entity' })).toHaveValue('Tenants');
  const subject = page.getByRole('textbox', { name: 'Subject' });
  await subject.fill('Rent reminder for ');
  await subject.press('End');
  await page.getByRole('button', { name: 'Insert merge field' }).click();
  await page.getByRole('textbox', { name: 'Search merge fields' }).fill('Name');
  await page.getByRole('button', { name: 'Insert Name', exact: true }).click();
  await expect(subject).toHaveValue(`Rent reminder for {{${nameToken}}}`);
  await page.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type(
    `Dear {{${nameToken}}}, the rent of flat {{${flatToken}}} is due on the 5th. ` +
      `Questions? Call us on ${setup.globalToken}. Your tenancy: {{record.url}}`,
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/email-template\/edit\//);
  await expect(page.getByText(`${TEMPLATE} saved`)).toBeVisible();
}

/** The editor's preview with one record picked: its values, the global variable, the header. */
async function previewOn(page: Page, tenant: Tenant, setup: Setup) {
  const record = page.getByRole('combobox', { name: 'Record' });
  await record.click();
  await record.fill(tenant.name.split(' ')[0] ?? '');
  await page.getByRole('option', { name: tenant.name }).click();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByText(`Subject: Rent reminder for ${tenant.name}`)).toBeVisible();
  const frame = page.frameLocator('iframe[title="Mail preview"]');
  await expect(frame.getByText(HEADER)).toBeVisible();
  await expect(frame.getByText(`Dear ${tenant.name}, the rent of flat ${tenant.flat}`)).toBeVisible();
  await expect(frame.getByText(FOOTER)).toBeVisible();
  await shot(page, 'template-preview');
  await page.getByRole('tab', { name: 'Text' }).click();
  const text = page.getByTestId('mail-text');
  await expect(text).toContainText('080 4000 1234');
  await expect(text).toContainText(`/entity/${setup.entityId}/view?dataId=${tenant.id}`);
}

/** The 3 tenants selected in the records grid and mailed with the template. */
async function sendToThree(page: Page, setup: Setup) {
  await page.goto(`/entity/${setup.entityId}`);
  for (const tenant of setup.tenants) {
    await page.getByRole('checkbox', { name: `Select ${tenant.name}` }).check();
  }
  await page.getByRole('button', { name: 'Send email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send email to 3 records' });
  await dialog.getByRole('combobox', { name: 'Email template' }).click();
  await page.getByRole('option', { name: TEMPLATE }).click();
  await dialog.getByRole('button', { name: 'Preview with the first record' }).click();
  await expect(dialog.getByText(/^Subject: Rent reminder for /)).toBeVisible();
  await shot(page, 'send-dialog');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByTestId('mail-progress')).toContainText('All mails queued: 3 of 3 queued');
  await shot(page, 'send-progress');
  // The footer's Close (the title bar has its own).
  await dialog.getByRole('button', { name: 'Close' }).last().click();
}

/** Each tenant's mail at the sink: their own values, the company header and footer, the sender. */
async function checkDelivered(setup: Setup, sender: string) {
  for (const tenant of setup.tenants) {
    const mail = await waitForDeliveredMail(tenant.email, new RegExp(`^Rent reminder for ${tenant.name}$`));
    expect(mail.text).toContain(`Dear ${tenant.name}, the rent of flat ${tenant.flat} is due`);
    expect(mail.text).toContain('Call us on 080 4000 1234');
    expect(mail.text).toContain(`${baseURL}/entity/${setup.entityId}/view?dataId=${tenant.id}`);
    expect(mail.text).toContain(HEADER);
    expect(mail.text).toContain(FOOTER);
    expect(mail.text).toMatch(new RegExp(`^From: .*<${sender.replace(/[.+]/g, '\\$&')}>`, 'm'));
    for (const other of setup.tenants.filter((t) => t !== tenant))
      expect(mail.text).not.toContain(other.name);
  }
}

/** The email log lists the 3 mails as SENT. */
async function checkEmailLog(page: Page, setup: Setup) {
  await page.goto('/email-log');
  for (const tenant of setup.tenants) {
    const row = page.getByRole('row', { name: `Open message Rent reminder for ${tenant.name}` });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row.getByText('SENT', { exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row).toContainText(tenant.email);
    await expect(row).toContainText(TEMPLATE);
  }
  await shot(page, 'email-log');
}

/** The journey's screens at 390x844, each checked for its main control. */
async function phoneScreens(page: Page, setup: Setup) {
  await page.setViewportSize(PHONE);
  await page.goto('/configuration/mail');
  await expect(page.getByRole('button', { name: 'Save and test' })).toBeVisible();
  await shot(page, 'phone-mail-config');
  await page.goto('/email-template');
  await expect(page.getByText(TEMPLATE).first()).toBeVisible();
  await shot(page, 'phone-templates');
  await page.goto(`/email-template/create?entity_id=${setup.entityId}`);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toBeVisible();
  await shot(page, 'phone-template-editor');
  await page.goto('/email-log');
  await expect(page.getByText(`Rent reminder for ${setup.tenants[0]?.name}`).first()).toBeVisible();
  await shot(page, 'phone-email-log');
}

test('email: company SMTP, a default header/footer, a template with merge fields, 3 records mailed, the email log', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const id = uniqueId();
  const owner = {
    email: `email-${id}-owner@example.com`,
    company: 'Lakeside Lettings',
    first: 'Ira',
    last: 'Sen',
  };
  const sender = `office-${id}@example.com`;
  const token = await signUpOwner(request, owner);
  const setup = await setUp(request, token, id);
  await signInInBrowser(page, owner.email);

  await test.step('the company SMTP at /configuration/mail, tried with a test mail', () =>
    configureSmtp(page, owner, sender));
  await test.step('a header and footer as the company default', () => createDefaultFrame(page));
  await test.step('an entity template with merge fields', () => createTemplate(page, setup));
  await test.step('its preview on a record', () => previewOn(page, setup.tenants[1]!, setup));
  await test.step('3 records selected in the grid and mailed', () => sendToThree(page, setup));
  await test.step('3 mails at the sink with their own values and the header', () =>
    checkDelivered(setup, sender));
  await test.step('the email log lists them as sent', () => checkEmailLog(page, setup));
  await test.step('the screens on a phone', () => phoneScreens(page, setup));
});
