import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { samplePdf, signInInBrowser, signOpenedDocument } from '../support/document-setup';
import { appLinksOf, waitForDeliveredMail } from '../support/mail-sink';
import {
  DESKTOP,
  NAMES,
  PHONE,
  buildPacketInBuilder,
  setUpCompany,
  shot,
  type Company,
} from './workflow-setup';
import { pdfSignatureReport, zipEntries } from './packet-zip';

// The workflows journey. Staff (desktop) build a four-step packet in the builder (stage 1: a lease
// to fill and sign, house rules to read and acknowledge; stage 2: a PAN card to upload, a move-in
// form), activate it and start it for a tenant from the send screen. On a phone (390x844, touch)
// the tenant signs the lease from its mail, follows the packet banner's Next to the house rules,
// reads them and acknowledges them explicitly (opening them is not enough), uploads the PAN card from its mail without signing in and follows Next to the form. The staff's
// packet drawer, open all along, shows the packet COMPLETED without a reload; staff download its
// ZIP and the sealed lease inside verifies (pdfsig) and equals the completed download. The company,
// its tenant, both templates and the form are made through the API (they are not what this is
// about). Screenshots: E2E_SHOTS_DIR.

const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ actionTimeout: 45_000 });

const WORKFLOW = 'Tenant onboarding';

/** From the workflow's screen: Start, the tenant chosen on the send screen, Send; answers the packet's id. */
async function startForTenant(page: Page, company: Company): Promise<string> {
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/workflow\/send\/[0-9a-f-]{36}$/);
  const instanceId = page.url().split('/').at(-1) ?? '';
  await page.getByRole('textbox', { name: 'Contacts' }).fill(company.tenant.first);
  await page.getByRole('option', { name: new RegExp(company.tenant.email) }).click();
  await expect(page.getByTestId('chosen-contact')).toHaveCount(1);
  await shot(page, 'send');
  await page.getByRole('button', { name: 'Send to 1 contact' }).click();
  await expect(page.getByTestId('send-progress').getByText('Sent', { exact: true })).toBeVisible();
  return instanceId;
}

/** The link into the app of the newest mail to the tenant whose subject matches. */
async function mailedLink(company: Company, subject: RegExp, path: string): Promise<string> {
  const mail = await waitForDeliveredMail(company.tenant.email, subject);
  const link = appLinksOf(mail, baseURL).find((href) => href.includes(path));
  expect(link, `the ${path} link of "${mail.subject}"`).toBeTruthy();
  return link as string;
}

/** Follows the packet banner's "Next: {step}" on the page, to the step's own page. */
async function openNextStep(page: Page, step: string) {
  const banner = page.getByTestId('packet-banner');
  await expect(banner.getByText(`Next: ${step}`)).toBeVisible();
  await shot(page, `phone-banner-next-${step.toLowerCase().replace(/\W+/g, '-')}`);
  await banner.getByRole('button', { name: 'Open' }).click();
}

/**
 * The house rules, a read-and-acknowledge step. Opening them only marks them viewed (the packet
 * banner still has the step due and asks for the acknowledgement); the tenant reads the pages and
 * presses "I have read and acknowledge this document" (in the pages' bar, or in the banner when the
 * completed screen took over), and only then is the step done.
 */
async function readHouseRules(page: Page) {
  const view = page.getByRole('button', { name: 'View the document' });
  const acknowledge = page.getByRole('button', { name: 'I have read and acknowledge this document' });
  await expect(view.or(acknowledge.first())).toBeVisible();
  await expect(page.getByText(/Sign by/)).toHaveCount(0);
  await shot(page, 'phone-read-landing');
  if (await view.isVisible()) await view.click();
  // Viewed, not yet acknowledged: the step is still the tenant's.
  await expect(acknowledge.first()).toBeVisible();
  await expect(page.getByText('You have already signed')).toHaveCount(0);
  await shot(page, 'phone-read-acknowledge');
  await acknowledge.first().click();
  await expect(page.getByText('You have opened this document')).toBeVisible();
  const banner = page.getByTestId('packet-banner');
  await expect(banner.getByText(NAMES.rules).first()).toBeVisible();
  await expect(banner.getByRole('button', { name: 'I have read and acknowledge this document' })).toHaveCount(
    0,
  );
  await shot(page, 'phone-read-done');
}

/** The PAN card, from its mail: the upload page without signing in, a PDF chosen, the thank-you. */
async function uploadPanCard(page: Page, company: Company, scan: Buffer) {
  await page.goto(await mailedLink(company, /asks you for your PAN card/, '/company-documents/requested/'));
  await expect(page.getByText(/PAN card/).first()).toBeVisible();
  await shot(page, 'phone-upload');
  await page
    .getByLabel('Choose the file to upload')
    .setInputFiles({ name: 'pan-card.pdf', mimeType: 'application/pdf', buffer: scan });
  await expect(page.getByTestId('request-done')).toBeVisible();
  await shot(page, 'phone-upload-done');
}

/** The move-in form, opened with the packet banner's Next: both answers, Submit, the thank-you message. */
async function fillMoveInForm(page: Page) {
  await openNextStep(page, NAMES.form);
  await expect(page).toHaveURL(/\/public\/fb\//);
  const stepper = page.getByTestId('fill-stepper');
  await expect(stepper).toBeVisible();
  await stepper.getByRole('textbox', { name: 'Meter reading' }).fill('04512');
  await stepper.getByRole('textbox', { name: 'Keys received' }).fill('Two door keys, one fob');
  await shot(page, 'phone-form');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thanks, your move-in details are in.')).toBeVisible();
  // The last step of the packet: the banner has nothing next.
  await expect(page.getByTestId('packet-banner').getByTestId('packet-all-done')).toBeVisible();
  await shot(page, 'phone-form-done');
}

/**
 * Staff download the packet from the drawer (Download all (ZIP)): one file per step and
 * `packet.json`; the lease is the sealed copy its completed mail links to, and pdfsig verifies it;
 * the PAN card is the file the tenant handed in.
 */
async function downloadPacketZip(page: Page, request: APIRequestContext, company: Company, panCard: Buffer) {
  // The completed mails go out once each document is sealed: the ZIP then holds the sealed copies.
  const leaseUrl = await mailedLink(company, /Completed: "Lease agreement/, 'completed.pdf');
  await mailedLink(company, /Completed: "House rules/, 'completed.pdf');
  const completed = await (await request.get(leaseUrl)).body();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const entries = await zipEntries(await download.path());
  expect([...entries.keys()].sort()).toEqual([
    '01 - Lease agreement.pdf',
    '02 - House rules.pdf',
    '03 - PAN card.pdf',
    '04 - Move-in details.pdf',
    'packet.json',
  ]);
  const packet = JSON.parse(entries.get('packet.json')?.toString('utf8') ?? '{}') as {
    instance: { status: string };
    steps: { name: string; status: string; left_out: unknown }[];
  };
  expect(packet.instance.status).toBe('COMPLETED');
  expect(packet.steps.map((step) => [step.name, step.status, step.left_out])).toEqual(
    [NAMES.lease, NAMES.rules, NAMES.pan, NAMES.form].map((name) => [name, 'DONE', null]),
  );
  // The lease is the sealed copy the completed mail links to, and its seal verifies.
  const lease = entries.get('01 - Lease agreement.pdf') as Buffer;
  expect(Buffer.compare(lease, completed), 'the lease equals its completed download').toBe(0);
  const report = await pdfSignatureReport(lease);
  expect(report).toContain('Signature is Valid');
  expect(report).toContain('Total document signed');
  // The house rules read are sealed too (the acknowledgement).
  expect(await pdfSignatureReport(entries.get('02 - House rules.pdf') as Buffer)).toContain(
    'Signature is Valid',
  );
  // The file the tenant handed in, as it was; the form's answers as a PDF.
  expect(Buffer.compare(entries.get('03 - PAN card.pdf') as Buffer, panCard)).toBe(0);
  expect(entries.get('04 - Move-in details.pdf')?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await shot(page, 'drawer-downloaded');
}

test('workflows: a four-step packet built in the builder, sent, completed on a phone from the mails and the banner, live in the staff drawer, downloaded as a ZIP', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const company = await setUpCompany(request, 'wf');
  const panCard = await samplePdf('Permanent Account Number card', 'ASHA RAO  ABCPR1234F');
  const staff = await browser.newContext({ baseURL, viewport: DESKTOP, acceptDownloads: true });
  const phone = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  try {
    const staffPage = await staff.newPage();
    const tenantPage = await phone.newPage();
    let workflowId = '';
    let instanceId = '';
    await test.step('staff build the packet in the builder and activate it', async () => {
      await signInInBrowser(staffPage, company.owner.email);
      workflowId = await buildPacketInBuilder(staffPage, WORKFLOW);
      await shot(staffPage, 'builder');
    });
    await test.step('staff start it for the tenant from the send screen and open its drawer', async () => {
      await staffPage.goto(`/workflow/${workflowId}`);
      instanceId = await startForTenant(staffPage, company);
      await staffPage.goto(`/workflow/${workflowId}?instance=${instanceId}`);
      await expect(staffPage.getByTestId('workflow-instance')).toBeVisible();
      // Gone if the page is loaded again: the drawer must follow the packet by itself.
      await staffPage.evaluate(() => Object.assign(window, { packetWatch: true }));
      await shot(staffPage, 'drawer-started');
    });
    await test.step('on a phone the tenant signs the lease from its mail', async () => {
      await tenantPage.goto(
        await mailedLink(company, /Lease agreement \(Tenant onboarding\)" to sign/, '/pp/vp/'),
      );
      await shot(tenantPage, 'phone-sign-landing');
      await signOpenedDocument(tenantPage);
      await shot(tenantPage, 'phone-signed');
    });
    await test.step("reads the house rules, opened with the packet banner's Next", async () => {
      await openNextStep(tenantPage, NAMES.rules);
      await expect(tenantPage).toHaveURL(/\/emp-documents\/preview\//);
      await readHouseRules(tenantPage);
    });
    await test.step('uploads the PAN card of the second stage from its mail', () =>
      uploadPanCard(tenantPage, company, panCard));
    await test.step('the upload page is roomy on a desktop too', async () => {
      const desktop = await browser.newContext({ baseURL, viewport: DESKTOP });
      try {
        const page = await desktop.newPage();
        await page.goto(
          await mailedLink(company, /asks you for your PAN card/, '/company-documents/requested/'),
        );
        const summary = page.getByText(/PAN card/).first();
        await expect(summary).toBeVisible();
        const width = await page
          .getByTestId('request-file')
          .evaluate((el) => el.getBoundingClientRect().width);
        expect(width, 'the upload page uses the desktop').toBeGreaterThan(600);
        await shot(page, 'desktop-upload');
      } finally {
        await desktop.close();
      }
    });
    await test.step("fills the move-in form, opened with the packet banner's Next", () =>
      fillMoveInForm(tenantPage));
    await test.step('the staff drawer, open all along, shows the packet completed without a reload', async () => {
      const drawer = staffPage.getByTestId('workflow-instance');
      await expect(drawer.getByText('Completed', { exact: true }).first()).toBeVisible();
      await expect(drawer.getByText('4 of 4 steps')).toBeVisible();
      expect(await staffPage.evaluate(() => 'packetWatch' in window), 'the staff page was not reloaded').toBe(
        true,
      );
      const steps = drawer.getByTestId('instance-step');
      await expect(steps).toHaveCount(4);
      for (const step of await steps.all()) await expect(step).toContainText('Done');
      await shot(staffPage, 'drawer-completed');
    });
    await test.step('staff download the packet ZIP from the drawer: the sealed lease inside verifies', () =>
      downloadPacketZip(staffPage, request, company, panCard));
  } finally {
    await phone.close();
    await staff.close();
  }
});
