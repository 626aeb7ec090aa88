import { expect as baseExpect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { json, signInInBrowser, signOpenedDocument } from '../support/document-setup';
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

// The workflows journey. Staff (desktop) build a four-step packet in the builder (stage 1: a lease
// to fill and sign, house rules to read; stage 2: a PAN card to upload, a move-in form), activate
// it and start it for a tenant from the send screen. On a phone (390x844, touch) the tenant does
// each step from the link of the mail the SMTP sink caught. The staff's packet drawer stays open
// and follows the steps as they are done. The company, its tenant, both templates and the form are
// made through the API (they are not what this is about). Screenshots: E2E_SHOTS_DIR.

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

/**
 * The house rules, from their mail. Opening the link is the acknowledgement (the document's one
 * role views it): the document may be completed while its pages show, and the completed screen
 * then replaces them; else Done leads there.
 */
async function readHouseRules(page: Page, company: Company) {
  await page.goto(await mailedLink(company, /House rules \(Tenant onboarding\)" to view/, '/pp/vp/'));
  await shot(page, 'phone-read-landing');
  await page.getByRole('button', { name: 'View the document' }).click();
  const done = page.getByRole('button', { name: 'Done' });
  const finished = page.getByText('This document is completed').or(page.getByText('You have already signed'));
  await expect(done.or(finished)).toBeVisible();
  await shot(page, 'phone-read');
  await expect(async () => {
    if (await done.isVisible()) await done.click({ timeout: 5_000 });
    await expect(finished).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await shot(page, 'phone-read-done');
}

/** The move-in form, from its mail: both answers, Submit, the thank-you message. */
async function fillMoveInForm(page: Page, company: Company) {
  await page.goto(await mailedLink(company, /please fill in Move-in details/, '/public/fb/'));
  const stepper = page.getByTestId('fill-stepper');
  await expect(stepper).toBeVisible();
  await stepper.getByRole('textbox', { name: 'Meter reading' }).fill('04512');
  await stepper.getByRole('textbox', { name: 'Keys received' }).fill('Two door keys, one fob');
  await shot(page, 'phone-form');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thanks, your move-in details are in.')).toBeVisible();
  await shot(page, 'phone-form-done');
}

test('workflows: a four-step packet built in the builder, sent from the send screen, its steps done on a phone from the mails, followed in the staff drawer', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const company = await setUpCompany(request, 'wf');
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
    await test.step('reads the house rules from their mail', () => readHouseRules(tenantPage, company));
    await test.step('fills the move-in form of the second stage from its mail', () =>
      fillMoveInForm(tenantPage, company));
    await test.step('the staff drawer, open all along, follows the steps done', async () => {
      const drawer = staffPage.getByTestId('workflow-instance');
      const step = (name: string) => drawer.getByTestId('instance-step').filter({ hasText: name });
      await expect(step(NAMES.lease)).toContainText('Done');
      await expect(step(NAMES.rules)).toContainText('Done');
      await expect(step(NAMES.pan)).toContainText('Due');
      // A submitted form is no document event: the drawer shows it with the packet's next change.
      await expect
        .poll(async () => {
          const packet = await json<{ steps: { name: string; status: string }[] }>(
            await request.get(`/api/workflow-data/${instanceId}`, { headers: company.headers }),
          );
          return packet.steps.find((s) => s.name === NAMES.form)?.status;
        })
        .toBe('DONE');
      await shot(staffPage, 'drawer-stage-2');
    });
  } finally {
    await phone.close();
    await staff.close();
  }
});
