import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// An owner upgrades from Free to Starter with a promo code through the local Stripe test server
// (scripts/stripe-test-server.mjs, the journeys' STRIPE_API_URL): the plans list, the promo code,
// Stripe's hosted checkout (Pay), back at /paymentStatus, the plan active on the subscription
// screen and its invoice. An instance operator (OPERATOR_EMAILS lists @operators.e2e.example)
// makes the promo code through the API. Screenshots at 1366 and 390 px go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shots, `upgrade-${name}.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(shots, `upgrade-${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test.use({ viewport: DESKTOP, actionTimeout: 20_000 });

test('an owner upgrades with a promo code through Stripe Checkout and sees the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = uniqueId();
  const code = `WELCOME${id}`.toUpperCase().slice(0, 40);
  const operatorToken = await signUpOwner(request, {
    email: `ops-${id}@operators.e2e.example`,
    company: `Operators ${id}`,
    first: 'Olga',
    last: 'Operator',
  });
  await json(
    await request.post('/api/promo-codes', {
      headers: { authorization: `Bearer ${operatorToken}` },
      data: { code, percent_off: 20, description: 'Welcome offer' },
    }),
  );

  const owner = {
    email: `owner-${id}@e2e.example`,
    company: `Upgrade Co ${id}`,
    first: 'Uma',
    last: 'Owner',
  };
  await signUpOwner(request, owner);
  await signInInBrowser(page, owner.email);

  await page.goto('/plans-list');
  const starter = page.getByTestId('plan-STARTER');
  await expect(starter).toContainText('₹999.00 / month');
  await expect(
    page.getByTestId('plan-FREE').getByRole('button', { name: 'Free: your current plan' }),
  ).toBeVisible();
  await shoot(page, 'plans');

  await starter.getByRole('button', { name: 'Choose Starter' }).click();
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-applied')).toContainText('You pay ₹799.20');
  await shoot(page, 'promo');
  await page.getByTestId('checkout-pay').click();

  // Stripe's hosted page (the test server): pay.
  await expect(page).toHaveURL(/\/checkout\/cs_/);
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/paymentStatus\?txn=/);
  await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('payment-paid')).toContainText('₹799.20');
  await shoot(page, 'paid');

  await page.goto('/profile/subscription');
  const current = page.getByTestId('current-plan');
  await expect(current).toContainText('Starter');
  await expect(current.getByTestId('plan-status')).toHaveText('Active');
  await expect(page.getByTestId('usage-users')).toHaveText('1 of 10');
  await shoot(page, 'subscription');

  await page.getByRole('link', { name: 'View invoice' }).first().click();
  await expect(page).toHaveURL(/\/invoice\?id=/);
  await expect(page.getByRole('heading', { name: /Invoice INV-\d{4}-\d{6}/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await shoot(page, 'invoice');
});
