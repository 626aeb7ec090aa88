import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { makePng } from '../../apps/server/src/modules/conversion/test-files';
import { baseURL } from '../playwright.config';
import { json, samplePdf, signInInBrowser, signUpOwner } from '../support/document-setup';
import { appLinksOf, waitForDeliveredMail } from '../support/mail-sink';
import { uniqueId } from '../support/ids';
import { DESKTOP, shootBothSizes } from '../support/shots';

// The contact's side of the file library, end to end. The owner gives a client portal access
// from the client's contact screen; the client accepts the mailed invitation and opens Files
// (/ap/files), uploads a PDF and a PNG at once (each upload's progress shown, then both waiting
// for approval) and withdraws the PDF. Staff open /files, "Waiting for approval", and reject the
// PNG with a reason; the client reads it beside the file and in the mail (files.rejected), whose
// link opens /ap/files. The client uploads a corrected PNG, staff approve it, the client sees it
// approved and gets the "accepted" mail. Another client of the company sees none of it. The
// contact type, the contacts and the other client's access go through the API, as in
// e2e/contact-area. Screenshots at 1366 and 390 px: E2E_SHOTS_DIR, `contact-files-<name>[-phone].png`.
const shoot = (page: Page, name: string) => shootBothSizes(page, 'contact-files', name);

// The first screens of a context load many lazy chunks: on a busy 2-core machine a screen can
// take well over 20 s to show (as in e2e/contact-area).
const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ viewport: DESKTOP, actionTimeout: 45_000 });

const id = uniqueId();
const COMPANY = `Quayside Lettings ${id}`;
const CLIENT_PASSWORD = 'Quayside-lantern-2024';
const REASON = 'The scan is blurred: upload it again';
const owner = { email: `files-ap-owner-${id}@e2e.example`, company: COMPANY, first: 'Ines', last: 'Okafor' };
const client = { email: `files-ap-client-${id}@e2e.example`, first: 'Asha', last: 'Rao' };
const other = { email: `files-ap-other-${id}@e2e.example`, first: 'Bruno', last: 'Costa' };
const PDF_NAME = 'tenancy-application.pdf';
const SCAN_NAME = 'id-card-scan.png';
const SHARPER_NAME = 'id-card-scan-sharper.png';

/** A PNG of `width` x `height` pixels: a gradient, its blue channel `shade`. */
const gradientPng = (width: number, height: number, shade: number): Buffer =>
  makePng(width, height, (x, y) => [(x * 255) / width, (y * 255) / height, shade]);

type Headers = { authorization: string };
type Setup = { clientId: string; slug: string };

/** A contact of the type through the API; answers its id. */
async function createContact(
  request: APIRequestContext,
  headers: Headers,
  typeId: string,
  person: { email: string; first: string; last: string },
): Promise<string> {
  const contact = await json<{ _id: string }>(
    await request.post('/api/contacts', {
      headers,
      data: {
        email: person.email,
        first_name: person.first,
        last_name: person.last,
        contact_type_id: typeId,
      },
    }),
  );
  return contact._id;
}

/** The invitation link mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = await waitForDeliveredMail(email, new RegExp(`${COMPANY} invited you to its contact area`));
  const link = appLinksOf(mail, baseURL).find((href) => href.includes('invitation='));
  expect(link, `the invitation link mailed to ${email}`).toBeTruthy();
  return link as string;
}

/**
 * What staff prepare through the API: the Client type, both clients, and the other client's
 * access, which they accept through the API (e2e/contact-area does the same).
 */
async function setUp(request: APIRequestContext): Promise<Setup> {
  const token = await signUpOwner(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  const type = await json<{ _id: string }>(
    await request.post('/api/contact-types', { headers, data: { name: 'Client' } }),
  );
  const clientId = await createContact(request, headers, type._id, client);
  const otherId = await createContact(request, headers, type._id, other);
  await json(await request.post(`/api/contacts/${otherId}/portal-access`, { headers, data: {} }));
  const link = new URL(await invitationLink(other.email));
  await json(
    await request.post('/api/application/user-verify', {
      data: { token: link.searchParams.get('invitation'), password: CLIENT_PASSWORD },
    }),
  );
  return { clientId, slug: link.searchParams.get('company') ?? '' };
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  return { context, page: await context.newPage() };
}

/** The contact's list row of `name` (the table at desktop size). */
const fileRow = (page: Page, name: string) => page.getByTestId('file-row').filter({ hasText: name });

/**
 * Sets `files` on the contact's drop zone with the upload calls held until every upload shows its
 * progress bar, then lets them through and waits for the rows of the list.
 */
async function uploadWithProgress(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const url = '**/api/fileManagement/create';
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByLabel('Files to upload').setInputFiles(files);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  for (const file of files) {
    // Held at 0 %, the bar's filled part has no width: its track and the Cancel button show.
    const upload = uploads.getByTestId('upload-row').filter({ hasText: file.name });
    await expect(upload.getByRole('button', { name: `Cancel ${file.name}` })).toBeVisible();
    await expect(upload.getByRole('progressbar', { name: `Uploading ${file.name}` })).toHaveAttribute(
      'aria-valuenow',
      /^\d+$/,
    );
  }
  release();
  for (const file of files) {
    const upload = uploads.getByTestId('upload-row').filter({ hasText: file.name });
    await expect(upload.getByText('Waiting for approval')).toBeVisible();
    await expect(upload.getByRole('progressbar')).toHaveCount(0);
  }
  await page.unroute(url);
}

/** Staff's "Waiting for approval" view of /files. */
async function openPending(page: Page) {
  await page.goto('/files');
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible();
  // The view switch (a segmented control): its radios are hidden behind their labels.
  await page.getByRole('radiogroup').getByText('Waiting for approval', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Waiting for approval' })).toBeChecked();
}

test('a contact sends files to the company: progress, withdraw, rejected with a reason, corrected, approved', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const setup = await setUp(request);
  const staff = await newPage(browser);
  const contact = await newPage(browser);
  const otherClient = await newPage(browser);
  try {
    await test.step('the owner gives the client portal access from their contact screen', async () => {
      await signInInBrowser(staff.page, owner.email);
      await staff.page.goto(`/contacts/edit/${setup.clientId}`);
      const panel = staff.page.getByTestId('portal-access');
      await panel.getByRole('button', { name: 'Give portal access' }).click();
      await expect(panel.getByText('Invited', { exact: true })).toBeVisible();
    });

    const page = contact.page;
    await test.step('the client accepts the invitation and opens Files', async () => {
      await page.goto(await invitationLink(client.email));
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(CLIENT_PASSWORD);
      await page.getByRole('textbox', { name: 'Type it again' }).fill(CLIENT_PASSWORD);
      await page.getByRole('button', { name: 'Accept and open' }).click();
      await expect(page).toHaveURL(/\/ap\/documents$/);
      await page
        .getByRole('navigation', { name: 'Application navigation' })
        .getByRole('link', { name: 'Files' })
        .click();
      await expect(page).toHaveURL(/\/ap\/files$/);
      await expect(page.getByRole('heading', { name: 'My files' })).toBeVisible();
      await expect(page.getByText('No files sent yet')).toBeVisible();
    });

    await test.step('uploads a PDF and a PNG, both wait for approval; withdraws the PDF', async () => {
      await uploadWithProgress(page, [
        {
          name: PDF_NAME,
          mimeType: 'application/pdf',
          buffer: await samplePdf('Tenancy application', 'Asha Rao, flat 3, Quayside Court.'),
        },
        { name: SCAN_NAME, mimeType: 'image/png', buffer: gradientPng(96, 60, 40) },
      ]);
      for (const name of [PDF_NAME, SCAN_NAME])
        await expect(fileRow(page, name).getByText('Waiting for approval')).toBeVisible();
      await shoot(page, 'contact-pending');

      await page.getByRole('button', { name: `More actions for ${PDF_NAME}` }).click();
      await page.getByRole('menuitem', { name: 'Withdraw' }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw file' });
      await dialog.getByRole('button', { name: 'Withdraw' }).click();
      await expect(dialog).toBeHidden();
      await expect(fileRow(page, PDF_NAME)).toHaveCount(0);
      await expect(fileRow(page, SCAN_NAME)).toBeVisible();
    });

    await test.step('staff find the pending PNG and reject it with a reason', async () => {
      await openPending(staff.page);
      const row = fileRow(staff.page, SCAN_NAME);
      await expect(row.getByText(`${client.first} ${client.last}`)).toBeVisible();
      await expect(row.getByText('(contact)')).toBeVisible();
      // The withdrawn PDF is gone for staff too.
      await expect(fileRow(staff.page, PDF_NAME)).toHaveCount(0);
      await shoot(staff.page, 'staff-pending');
      await staff.page.getByRole('button', { name: `More actions for ${SCAN_NAME}` }).click();
      await staff.page.getByRole('menuitem', { name: 'Reject' }).click();
      const dialog = staff.page.getByRole('dialog', { name: `Reject ${SCAN_NAME}` });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(0);
      await expect(staff.page.getByText('Nothing waits for approval')).toBeVisible();
    });

    await test.step('the client reads the rejection and its reason, on the screen and in the mail', async () => {
      const mail = await waitForDeliveredMail(
        client.email,
        new RegExp(`^Your file ${SCAN_NAME.replace(/\./g, '\\.')} not accepted by ${COMPANY}$`),
      );
      expect(mail.text).toContain(SCAN_NAME);
      expect(mail.text).toContain(REASON);
      const link = appLinksOf(mail, baseURL).find((href) => new URL(href).pathname === '/ap/files');
      expect(link, 'the link to /ap/files in the mail').toBeTruthy();
      await page.goto(link as string);
      const row = fileRow(page, SCAN_NAME);
      await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
      await expect(row.getByText(REASON)).toBeVisible();
      await shoot(page, 'contact-rejected');
    });

    await test.step('the client uploads a corrected file, staff approve it', async () => {
      await uploadWithProgress(page, [
        { name: SHARPER_NAME, mimeType: 'image/png', buffer: gradientPng(192, 120, 90) },
      ]);
      await expect(fileRow(page, SHARPER_NAME).getByText('Waiting for approval')).toBeVisible();

      await openPending(staff.page);
      await staff.page.getByRole('checkbox', { name: `Select ${SHARPER_NAME}` }).check();
      await staff.page.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(fileRow(staff.page, SHARPER_NAME)).toHaveCount(0);
      await expect(staff.page.getByText('Nothing waits for approval')).toBeVisible();
    });

    await test.step('the client sees it approved and gets the "accepted" mail', async () => {
      const mail = await waitForDeliveredMail(
        client.email,
        new RegExp(`^Your file ${SHARPER_NAME.replace(/\./g, '\\.')} accepted by ${COMPANY}$`),
      );
      expect(mail.text).toContain(SHARPER_NAME);
      expect(mail.text).not.toContain(REASON);
      expect(appLinksOf(mail, baseURL)).toContain(`${baseURL}/ap/files`);
      await page.reload();
      await expect(fileRow(page, SHARPER_NAME).getByText('Approved', { exact: true })).toBeVisible();
      await expect(fileRow(page, SCAN_NAME).getByText('Rejected', { exact: true })).toBeVisible();
      await shoot(page, 'contact-approved');
    });

    await test.step("another client of the company sees none of the first client's files", async () => {
      const otherPage = otherClient.page;
      await otherPage.goto(`/ap/signin?company=${setup.slug}`);
      await otherPage.getByRole('textbox', { name: 'Email' }).fill(other.email);
      await otherPage.getByRole('textbox', { name: 'Password', exact: true }).fill(CLIENT_PASSWORD);
      await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(otherPage).toHaveURL(/\/ap\/documents$/);
      await otherPage.goto('/ap/files');
      await expect(otherPage.getByText('No files sent yet')).toBeVisible();
      await expect(otherPage.getByTestId('file-row')).toHaveCount(0);
      for (const name of [SCAN_NAME, SHARPER_NAME]) await expect(otherPage.getByText(name)).toHaveCount(0);
    });
  } finally {
    await Promise.all([staff.context.close(), contact.context.close(), otherClient.context.close()]);
  }
});
