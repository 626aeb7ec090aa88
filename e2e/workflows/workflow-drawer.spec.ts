import { expect as baseExpect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signInInBrowser, sinkMailsTo, waitForNewMail } from '../support/document-setup';
import { appLinksOf, waitForDeliveredMail } from '../support/mail-sink';
import { DESKTOP, NAMES, PHONE, activePacketViaApi, setUpCompany, shot, startViaApi } from './workflow-setup';

// The staff's packet drawer at its edges, on a packet sent through the API (the builder and the
// send screen are the journey's): staff resend one of the due steps (its recipient mailed again,
// the timeline says so), then void the running packet with a reason; its steps still due are
// voided with it, and the tenant's mailed signing link then says so.

const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ actionTimeout: 45_000 });

test('workflows: staff resend a due step and void a running packet from its drawer; the mailed link then says it is voided', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const company = await setUpCompany(request, 'wfv');
  const workflowId = await activePacketViaApi(request, company, 'Tenant onboarding (void)');
  const instanceId = await startViaApi(request, company, workflowId);
  const mail = await waitForDeliveredMail(company.tenant.email, /Lease agreement .*" to sign/);
  const signingLink = appLinksOf(mail, baseURL).find((href) => href.includes('/pp/vp/'));
  expect(signingLink, 'the signing link of the mail').toBeTruthy();

  const staff = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await staff.newPage();
  try {
    await signInInBrowser(page, company.owner.email);
    await page.goto(`/workflow/${workflowId}?instance=${instanceId}`);
    const drawer = page.getByTestId('workflow-instance');
    await expect(drawer.getByText('In progress', { exact: true })).toBeVisible();

    // Resend: the due steps are offered (both of stage 1), the lease alone is mailed again.
    const leaseMails = async () =>
      (await sinkMailsTo(company.tenant.email)).filter((m) => /Lease agreement/.test(m.subject)).length;
    const mailedBefore = await leaseMails();
    await drawer.getByRole('button', { name: 'Resend' }).click();
    const resend = page.getByRole('dialog', { name: 'Resend packet' });
    await expect(resend.getByRole('checkbox')).toHaveCount(2);
    await resend.getByRole('checkbox', { name: NAMES.rules }).uncheck();
    await shot(page, 'resend-dialog');
    await resend.getByRole('button', { name: 'Resend' }).click();
    const result = page.getByTestId('resend-result');
    await expect(result).toContainText(`${NAMES.lease}: ${company.tenant.email}`);
    await expect(result).not.toContainText(NAMES.rules);
    await shot(page, 'resend-result');
    await page
      .getByRole('dialog', { name: 'Links mailed again' })
      .getByRole('button', { name: 'Done' })
      .click();
    await waitForNewMail(company.tenant.email, /Lease agreement/, mailedBefore);
    await expect(drawer.getByTestId('instance-timeline').getByText('Resent', { exact: true })).toBeVisible();

    await drawer.getByRole('button', { name: 'Void packet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void packet' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The flat was let to someone else.');
    await shot(page, 'void-dialog');
    await dialog.getByRole('button', { name: 'Void' }).click();
    await expect(dialog).toBeHidden();
    await expect(drawer.getByText('Voided', { exact: true }).first()).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Void packet' })).toHaveCount(0);
    // Every step still due or waiting was voided with the packet.
    const steps = drawer.getByTestId('instance-step');
    await expect(steps).toHaveCount(4);
    for (const step of await steps.all()) await expect(step).toContainText(/voided/i);
    // The second stage never started: its steps show no date; a voided packet no longer "expires".
    await expect(steps.nth(2)).not.toContainText(/\d{4}/);
    await expect(steps.nth(3)).not.toContainText(/\d{4}/);
    await expect(drawer.getByText(/expires/)).toHaveCount(0);
    // The timeline names who started and voided it, never a user id.
    const timeline = drawer.getByTestId('instance-timeline');
    await expect(timeline).toContainText(`${company.owner.first} ${company.owner.last}`);
    await expect(timeline).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    await shot(page, 'drawer-voided');
  } finally {
    await staff.close();
  }

  const phone = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  try {
    const tenant = await phone.newPage();
    await tenant.goto(signingLink as string);
    await expect(tenant.getByText(/voided/i).first()).toBeVisible();
    await expect(tenant.getByRole('button', { name: 'Review and sign' })).toHaveCount(0);
    await shot(tenant, 'phone-link-voided');

    // Staff on a phone: the packets' status tabs scroll sideways inside the screen, none cut off.
    const staffPhone = await phone.newPage();
    await signInInBrowser(staffPhone, company.owner.email);
    await staffPhone.goto('/workflows?view=instances');
    const tabs = staffPhone.getByRole('tablist', { name: 'Packet status' });
    await expect(tabs.getByRole('tab', { name: /^Voided/ })).toBeVisible();
    expect(await staffPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(staffPhone, 'phone-packet-tabs');
    const last = tabs.getByRole('tab').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await last.click();
    await shot(staffPhone, 'phone-packet-tabs-scrolled');
  } finally {
    await phone.close();
  }
});
