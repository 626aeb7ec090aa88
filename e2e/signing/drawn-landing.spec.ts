import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { samplePdf, sendForSignature, signUpOwner } from '../support/document-setup';
import { appLinksOf, waitForDeliveredMail } from '../support/mail-sink';
import { uniqueId } from '../support/ids';
import { PHONE, SHOTS_DIR } from '../support/shots';

// A signing link's landing is drawn by the server from the recipient's record (apps/server/src/
// drawn-pages.ts): on a phone it shows who sent what, and "Review and sign", before the app's
// scripts have run; pressed then, the document's first page shows at once and the app, once it
// runs, opens the document under it. The page's one inline script is allowed by the
// content-security policy.

test('the signing link’s landing shows before the app runs, and "Review and sign" pressed then opens the document', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const id = uniqueId();
  const signerEmail = `drawn-${id}@example.com`;
  const token = await signUpOwner(request, {
    email: `drawn-owner-${id}@example.com`,
    company: `Drawn Homes ${id}`,
    first: 'Asha',
    last: 'Rao',
  });
  const documentId = await sendForSignature(request, token, {
    name: `Lease ${id}`,
    pdf: await samplePdf('Lease', 'Drawn landing'),
    signer: { email: signerEmail, first: 'Vikram', last: 'Shah' },
  });
  const mail = await waitForDeliveredMail(signerEmail, /Lease/);
  const link = appLinksOf(mail, baseURL).find((href) => href.includes(`/pp/vp/`));
  expect(link, 'the signing link of the mail').toBeTruthy();

  // The first page's image is drawn when the document is sent; the landing offers it once made.
  await expect
    .poll(
      async () => (await (await request.get(link as string)).text()).includes('data-early-view="review"'),
      {
        timeout: 30_000,
        message: 'the landing holds the first page',
      },
    )
    .toBe(true);

  const policyErrors: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) policyErrors.push(message.text());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(link as string, { waitUntil: 'commit' });
  const drawn = page.locator('[data-static-page="signing-landing"]');
  await expect(drawn.getByTestId('ready-to-sign')).toBeVisible();
  await expect(drawn.getByText('Hello Vikram,')).toBeVisible();
  await expect(drawn.getByTestId('document-name')).toHaveText(`Lease ${id}`);
  await page.screenshot({ path: path.join(SHOTS_DIR, 'drawn-landing-phone.png'), fullPage: true });
  const review = page.getByRole('button', { name: 'Review and sign' });
  await review.click();
  await expect(review).toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveURL(/\/pp\/vp\//);
  // The document's first page at once, still without the app.
  const early = page.getByTestId('early-first-page');
  await expect(early).toBeVisible();
  await expect(early.locator('img[data-testid="page-image-1"][data-loaded="true"]')).toBeVisible();
  await expect(early.getByText(`Lease ${id}`)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS_DIR, 'drawn-landing-first-page-phone.png') });

  release();
  await expect(page).toHaveURL(new RegExp(`/emp-documents/custom/${documentId}/pp$`));
  await expect(page.locator('[data-static-page]')).toHaveCount(0);
  // The app's own view of the page replaces it.
  await expect(early).toHaveCount(0);
  await expect(
    page
      .locator(
        '[data-testid="page-image-1"][data-loaded="true"], [data-testid="page-canvas-1"][data-drawn="true"]',
      )
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Start/ })).toBeVisible();
  expect(policyErrors).toEqual([]);
});

test('a link whose secret is wrong gets the app’s page, which says so', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const bogus = `/emp-documents/preview/${crypto.randomUUID()}/pp/vp/${crypto.randomUUID()}?token=not-a-secret`;
  const response = await page.goto(bogus);
  expect(await response?.text()).not.toContain('data-static-page');
  await expect(page.getByText(/not valid|expired/i).first()).toBeVisible();
});
