import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';
import { PHONE, SHOTS_DIR } from '../support/shots';

// The sign-in page is sent drawn (apps/web/src/static-pages): it shows and can be filled before
// the app's scripts have run, a submit made then waits for the app, which signs in with what was
// typed; the password never reaches the address bar, and the page's one inline script is allowed
// by the content-security policy.

/** Holds every script of the app until the answered function is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the sign-in page is filled and submitted before the app has started, and signs in', async ({
  page,
  request,
}) => {
  const id = uniqueId();
  const email = `early-${id}@example.com`;
  await signUpOwner(request, { email, company: `Early Bird ${id}`, first: 'Ira', last: 'Sen' });
  const policyErrors: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) policyErrors.push(message.text());
  });
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });

  // The app's scripts are held until the form has been filled and submitted.
  const release = await holdAppScripts(page);

  await page.goto('/signin', { waitUntil: 'commit' });
  await expect(page.locator('[data-static-page="/signin"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS_DIR, 'drawn-ahead-signin.png'), fullPage: true });
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill(PASSWORD);
  await password.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveAttribute(
    'aria-busy',
    'true',
  );
  await expect(page.locator('[data-static-page] form')).toHaveAttribute('data-submit-pending', '');
  expect(page.url()).toMatch(/\/signin$/);

  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('[data-static-page]')).toHaveCount(0);
  expect(addresses.join(' ')).not.toContain(encodeURIComponent(PASSWORD));
  expect(addresses.join(' ')).not.toContain(PASSWORD);
  expect(policyErrors).toEqual([]);
});

test('the sign-up page is sent drawn too, and the app takes it over with what was typed', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const release = await holdAppScripts(page);
  // Not until DOMContentLoaded: it waits for the held module scripts.
  await page.goto('/signup', { waitUntil: 'commit' });
  await expect(page.locator('[data-static-page="/signup"]')).toBeVisible();
  const email = page.getByRole('textbox', { name: /^Email/ }).first();
  await email.fill('typed-early@example.com');
  await page.screenshot({ path: path.join(SHOTS_DIR, 'drawn-ahead-signup-phone.png'), fullPage: true });
  release();
  await expect(page.locator('[data-static-page]')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^Email/ }).first()).toHaveValue('typed-early@example.com');
});

test('when the app’s code cannot be loaded, the drawn page says so and offers to load it again', async ({
  page,
}) => {
  await page.route('**/assets/boot-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/signin', { waitUntil: 'commit' });
  await expect(page.locator('[data-static-page="/signin"]')).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: 'could not finish loading' });
  await expect(notice).toBeVisible();
  await page.unroute('**/assets/boot-*.js');
  await notice.getByRole('button', { name: 'load it again' }).click();
  await expect(page.locator('[data-static-page]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
