import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  json,
  PASSWORD,
  samplePdf,
  sendForSignature,
  signOpenedDocument,
  signUpOwner,
} from '../support/document-setup';
import { appLinksOf, waitForDeliveredMail } from '../support/mail-sink';
import { uniqueId } from '../support/ids';

// The contact area (/ap) end to end. Staff (desktop) give a tenant portal access from the
// tenant's contact screen; the invitation arrives over SMTP. On a phone (390x844) the tenant opens
// the link, chooses a password and lands signed in; signs out, is sent to the company's sign-in
// page when opening /ap/documents signed out, and signs in again there; signs the document sent
// to them from /ap/documents; adds a maintenance request from their menu's entity; is shown the
// not-found screen for another tenant's request opened by its address, and /ap/forbidden for a
// staff screen. Staff opening /ap/documents land on /ap/forbidden. A second test: the other
// tenant signs in on a phone and fills the form of their contact type from /ap/formbuilder. What
// staff set up beforehand (contact type, entity and its rule for the type, the type's menu,
// contacts, the document, the form, the other tenant's active access and request) goes through
// the API. Screenshots go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `contact-${name}.png`), fullPage: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TENANT_PASSWORD = 'Harbour-lantern-2024';
const DOCUMENT_NAME = 'Lease renewal';
const FORM_NAME = 'Move-in checklist';
const ENTITY_NAME = 'Maintenance requests';

// The first screens of a context load many lazy chunks: on a busy 2-core runner a screen can take
// well over the default 10 s to show.
const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ actionTimeout: 45_000 });

type Headers = { authorization: string };
type Setup = {
  headers: Headers;
  tenant: { id: string; email: string };
  /** The other tenant, whose access is already active (password TENANT_PASSWORD). */
  other: { email: string; recordId: string };
  /** The company's slug, from the other tenant's invitation link. */
  slug: string;
  entityId: string;
};

const id = uniqueId();
const owner = {
  email: `ap-owner-${id}@example.com`,
  company: 'Bayview Lettings',
  first: 'Nila',
  last: 'Iyer',
};

/** A contact of the type through the API; answers its id. */
async function createContact(
  request: APIRequestContext,
  headers: Headers,
  contact: { email: string; first_name: string; last_name: string; contact_type_id: string },
): Promise<string> {
  return (await json<{ _id: string }>(await request.post('/api/contacts', { headers, data: contact })))._id;
}

/**
 * Another tenant with access, who accepts the invitation through the API and files a request of
 * their own: the record the journey's tenant must not open.
 */
async function otherTenant(
  request: APIRequestContext,
  headers: Headers,
  typeId: string,
  entity: { _id: string; primary_template_id: string },
): Promise<Setup['other'] & { slug: string }> {
  const email = `ap-other-${id}@example.com`;
  const contactId = await createContact(request, headers, {
    email,
    first_name: 'Omar',
    last_name: 'Shah',
    contact_type_id: typeId,
  });
  await json(await request.post(`/api/contacts/${contactId}/portal-access`, { headers, data: {} }));
  const mail = await waitForDeliveredMail(email, /invited you to its contact area/);
  const link = appLinksOf(mail, baseURL).find((href) => href.includes('invitation='));
  const params = new URL(link ?? baseURL).searchParams;
  const token = params.get('invitation');
  expect(token, "the other tenant's invitation link").toBeTruthy();
  const session = await json<{ access_token: string }>(
    await request.post('/api/application/user-verify', { data: { token, password: TENANT_PASSWORD } }),
  );
  const record = await json<{ _id: string }>(
    await request.post('/api/entities-data', {
      headers: { authorization: `Bearer ${session.access_token}` },
      data: {
        entity_id: entity._id,
        values: { [entity.primary_template_id]: { title: 'Broken window in flat 2B', details: 'Omar' } },
      },
    }),
  );
  return { email, recordId: record._id, slug: params.get('company') ?? '' };
}

/**
 * What staff prepare through the API: the Tenant type, the entity tenants may read and add to
 * (their own records), the type's menu showing it, the form of the type, both tenants, the other
 * tenant's request and the document sent to the journey's tenant.
 */
async function staffSetup(request: APIRequestContext): Promise<Setup> {
  const token = await signUpOwner(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  const type = await json<{ _id: string }>(
    await request.post('/api/contact-types', { headers, data: { name: 'Tenant' } }),
  );
  const entity = await json<{ _id: string; primary_template_id: string }>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: ENTITY_NAME,
        entity_type: 'GENERAL',
        fields: [
          { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'details', label: 'Details', type: 'MULTI_LINE_TEXT' },
        ],
      },
    }),
  );
  await json(
    await request.post('/api/application-user/permissions', {
      headers,
      data: {
        contact_type_id: type._id,
        permissions: [
          { entity_id: entity._id, read: true, create: true, update: false, delete: false, scope: 'OWN' },
        ],
      },
    }),
  );
  await json(
    await request.post('/api/menu', {
      headers,
      data: {
        user_type: type._id,
        items: [{ kind: 'ENTITY', key: 'requests', label: ENTITY_NAME, entity_id: entity._id }],
      },
    }),
  );
  const template = await json<{ _id: string }>(
    await request.post('/api/template/create', {
      headers,
      data: {
        name: 'Move-in details',
        fields: [
          { key: 'move_in_date', label: 'Meter reading', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'keys', label: 'Keys received', type: 'SINGLE_LINE_TEXT' },
        ],
      },
    }),
  );
  await json(
    await request.post('/api/formBuilders', {
      headers,
      data: {
        name: FORM_NAME,
        owner_type: 'CONTACTS',
        status: 'ACTIVE',
        steps: [{ type: 'TEMPLATE', name: 'Your move-in', template_id: template._id }],
        settings: { contact_type_id: type._id, thank_you_message: 'Thanks, your checklist is in.' },
      },
    }),
  );
  const tenantEmail = `ap-tenant-${id}@example.com`;
  const tenantId = await createContact(request, headers, {
    email: tenantEmail,
    first_name: 'Asha',
    last_name: 'Rao',
    contact_type_id: type._id,
  });
  const { slug, ...other } = await otherTenant(request, headers, type._id, entity);
  await sendForSignature(request, token, {
    name: DOCUMENT_NAME,
    pdf: await samplePdf(DOCUMENT_NAME, 'Flat 4A, Bayview Residences, twelve more months.'),
    signer: { email: tenantEmail, first: 'Asha', last: 'Rao' },
  });
  return { headers, tenant: { id: tenantId, email: tenantEmail }, other, slug, entityId: entity._id };
}

/** What staff prepare, once per worker: both tests use it. */
let prepared: Promise<Setup> | undefined;
const setUp = (request: APIRequestContext) => (prepared ??= staffSetup(request));

/** The owner signs in through the staff sign-in screen. */
async function signInAsOwner(page: Page) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(owner.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Staff on a desktop give the tenant access from their contact screen; answers the mailed link. */
async function giveAccessInBrowser(browser: Browser, setup: Setup): Promise<string> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  try {
    await signInAsOwner(page);
    await page.goto(`/contacts/edit/${setup.tenant.id}`);
    const panel = page.getByTestId('portal-access');
    await expect(panel.getByText('No access')).toBeVisible();
    await panel.getByRole('button', { name: 'Give portal access' }).click();
    await expect(panel.getByText('Invited', { exact: true })).toBeVisible();
    await shot(page, 'staff-access-given');

    // Staff are not contacts: the contact area is refused to them.
    await page.goto('/ap/documents');
    await expect(page).toHaveURL(/\/ap\/forbidden$/);
    await expect(page.getByTestId('forbidden')).toBeVisible();
  } finally {
    await context.close();
  }
  const mail = await waitForDeliveredMail(
    setup.tenant.email,
    /Bayview Lettings invited you to its contact area/,
  );
  const link = appLinksOf(mail, baseURL).find((href) => href.includes('invitation='));
  expect(link, 'the invitation link of the mail').toBeTruthy();
  return link as string;
}

/** The phone's menu drawer: opens it and follows `name`. */
async function openFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
}

test('the contact area: invited, signed in on a phone, documents, records, and its limits', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const setup = await setUp(request);
  const invitation = await giveAccessInBrowser(browser, setup);
  const slug = setup.slug;
  expect(new URL(invitation).searchParams.get('company')).toBe(slug);

  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  try {
    await test.step('the tenant opens the invitation, chooses a password and is signed in', async () => {
      await page.goto(invitation);
      await expect(page.getByText('Welcome to Bayview Lettings')).toBeVisible();
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TENANT_PASSWORD);
      await page.getByRole('textbox', { name: 'Type it again' }).fill(TENANT_PASSWORD);
      await shot(page, 'invitation');
      await page.getByRole('button', { name: 'Accept and open' }).click();
      await expect(page).toHaveURL(/\/ap\/documents$/);
      await expect(page.getByTestId('contact-layout')).toBeVisible();
      await expect(page.getByText(DOCUMENT_NAME).first()).toBeVisible();
      await shot(page, 'landed');
    });

    await test.step('signs out, and in again on the company sign-in page', async () => {
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(`/ap/signin?company=${slug}`);
      // Signed out, the contact area sends the visitor to the company's sign-in page.
      await page.goto('/ap/documents');
      await expect(page).toHaveURL(new RegExp(`/ap/signin\\?company=${slug}`));
      await expect(page.getByText('Bayview Lettings').first()).toBeVisible();
      await page.getByRole('textbox', { name: 'Email' }).fill(setup.tenant.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TENANT_PASSWORD);
      await shot(page, 'signin');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/ap\/documents$/);
    });

    await test.step('signs the document sent to them', async () => {
      const card = page.getByTestId('contact-document-row').filter({ hasText: DOCUMENT_NAME });
      await expect(card).toBeVisible();
      await shot(page, 'documents');
      await card.getByRole('link', { name: 'Sign' }).click();
      await expect(page.getByTestId('ready-to-sign')).toBeVisible();
      await shot(page, 'signing');
      await signOpenedDocument(page);
      await shot(page, 'signed');
      await page.goto('/ap/documents');
      await expect(card).toBeVisible();
      await expect(card.getByRole('link', { name: 'Sign' })).toHaveCount(0);
      await shot(page, 'documents-signed');
    });

    await test.step('adds a maintenance request from their menu', async () => {
      await openFromMenu(page, ENTITY_NAME);
      await expect(page.getByRole('heading', { name: ENTITY_NAME })).toBeVisible();
      // The other tenant's request is not theirs to see.
      await expect(page.getByText('Broken window in flat 2B')).toHaveCount(0);
      await shot(page, 'records-empty');
      await page.getByRole('link', { name: 'Add' }).click();
      await page.getByRole('textbox', { name: 'Title' }).fill('Kitchen tap drips');
      await page.getByRole('textbox', { name: 'Details' }).fill('Since Monday, mostly at night.');
      await shot(page, 'record-form');
      await page.getByRole('button', { name: /^Add/ }).last().click();
      await expect(page.getByRole('heading', { name: 'Kitchen tap drips' })).toBeVisible();
      await expect(page).toHaveURL(/\/ap\/entity-view\/[0-9a-f-]{36}\?dataId=[0-9a-f-]{36}$/);
      await shot(page, 'record');
    });

    await test.step("another tenant's request, opened by its address, is not found", async () => {
      await page.goto(`/ap/entity-view/${setup.entityId}?dataId=${setup.other.recordId}`);
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page.getByText('Broken window in flat 2B')).toHaveCount(0);
      await shot(page, 'record-not-found');
    });

    await test.step('a staff screen sends them to /ap/forbidden', async () => {
      await page.goto('/documents');
      await expect(page).toHaveURL(/\/ap\/forbidden$/);
      await expect(page.getByTestId('forbidden')).toBeVisible();
      await shot(page, 'forbidden');
    });
  } finally {
    await context.close();
  }
});

// Filling a form as a contact is its own test, so that the rest of the journey stands on its own:
// the other tenant (access already active) signs in on a phone and fills the form of their type.
test('a contact fills the form of their contact type from /ap/formbuilder', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const setup = await setUp(request);
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  try {
    await page.goto(`/ap/signin?company=${setup.slug}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(setup.other.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TENANT_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/ap\/documents$/);
    await openFromMenu(page, 'Forms');
    await expect(page).toHaveURL(/\/ap\/formbuilder$/);
    const row = page.getByTestId('contact-form-row').filter({ hasText: FORM_NAME });
    await expect(row).toBeVisible();
    await shot(page, 'forms');
    await row.getByRole('link', { name: 'Fill' }).click();
    const stepper = page.getByTestId('fill-stepper');
    await expect(stepper).toBeVisible();
    await stepper.getByRole('textbox', { name: 'Meter reading' }).fill('04512');
    await stepper.getByRole('textbox', { name: 'Keys received' }).fill('Two door keys, one fob');
    await shot(page, 'form-fill');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Thanks, your checklist is in.')).toBeVisible();
    await shot(page, 'form-submitted');
    await page.getByRole('link', { name: 'Back to forms' }).click();
    await expect(row).toBeVisible();
    // The form takes several entries: the next step is another one.
    await expect(row.getByRole('link', { name: 'Fill again' })).toBeVisible();
  } finally {
    await context.close();
  }
});
