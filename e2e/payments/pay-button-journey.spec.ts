import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';
import { DESKTOP, shootBothSizes } from '../support/shots';

// A guest pays through a pay button on a public form, through the local Stripe test server
// (scripts/stripe-test-server.mjs): the owner's company has its own Stripe account (its webhook
// endpoint registered with the test server) and a form of two steps, "Your details" and
// "Payment" (a PAY_BUTTON of ₹500). The guest starts the form, fills the first step, is asked
// for the receipt's email, pays on Stripe's hosted page and comes back to the form; the owner
// sees the payment PAID in /payments-status and its details. Screenshots at 1366 and 390 px.
const shoot = (page: Page, name: string) => shootBothSizes(page, 'pay-button', name);

test.use({ viewport: DESKTOP, actionTimeout: 20_000 });

test('a guest pays a pay button on a public form through Stripe; the owner sees it paid', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const id = uniqueId();
  const owner = {
    email: `payowner-${id}@e2e.example`,
    company: `Pay Co ${id}`,
    first: 'Priya',
    last: 'Owner',
  };
  const token = await signUpOwner(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(url: string, data: unknown) => json<T>(await request.post(url, { headers, data }));

  await post('/api/payment-systems', {
    provider: 'STRIPE',
    name: 'Pay Co cards',
    secretKey: `sk_test_payjourney${id}`.replace(/[^A-Za-z0-9_]/g, '').slice(0, 60),
  });
  const details = await post<{ _id: string }>('/api/template/create', {
    name: `Order details ${id}`,
    fields: [{ key: 'full_name', label: 'Full name', type: 'SINGLE_LINE_TEXT', required: true }],
  });
  const payment = await post<{ _id: string }>('/api/template/create', {
    name: `Order payment ${id}`,
    fields: [
      {
        key: 'fee',
        label: 'Booking fee',
        type: 'PAY_BUTTON',
        amount: 500,
        currency: 'INR',
        button_label: 'Pay now',
        description: 'Booking fee',
      },
    ],
  });
  const form = await post<{ _id: string; code: string }>('/api/formBuilders', {
    name: `Booking ${id}`,
    owner_type: 'ANYONE',
    status: 'ACTIVE',
    steps: [
      {
        id: randomUUID(),
        name: 'Your details',
        type: 'TEMPLATE',
        template_id: details._id,
        required: true,
        condition: null,
      },
      {
        id: randomUUID(),
        name: 'Payment',
        type: 'TEMPLATE',
        template_id: payment._id,
        required: false,
        condition: null,
      },
    ],
    settings: {},
  });

  // The guest.
  await page.goto(`/public/fbd/${form.code}`);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Asha Rao');
  await page.getByRole('button', { name: 'Next' }).click();
  const button = page.getByRole('button', { name: /Pay now · ₹500\.00/ });
  await expect(button).toBeEnabled();
  await shoot(page, 'guest-step');
  await button.click();
  await page.getByLabel('Email for the receipt').fill(`asha-${id}@example.com`);
  await button.click();
  await expect(page).toHaveURL(/\/checkout\/cs_/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/pay_button=/);
  // Back in the form: the button shows paid, with its transaction.
  await expect(page.getByTestId('pay-button-fee')).toContainText('Paid ₹500.00');
  await shoot(page, 'guest-back');

  // The owner: the payment is PAID, with its transaction.
  const staff = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInInBrowser(staff, owner.email);
  await staff.goto('/payments-status');
  const row = staff.getByTestId('payment-row').first();
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('₹500.00');
  await shoot(staff, 'owner-list');
  await row.getByRole('link').first().click();
  await expect(staff.getByTestId('payment-facts')).toContainText('Paid');
  await expect(staff.getByTestId('payment-facts')).toContainText(`asha-${id}@example.com`);
  await shoot(staff, 'owner-details');
});
