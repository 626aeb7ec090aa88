import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// The branded shell as a visitor sees it: title, colours, a placeholder screen inside its
// layout, the not-found screen, the offline screen, and the Outbox. Screenshots are saved
// under e2e/screenshots/ for people to look at.
const shots = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

test('the dashboard opens in the branded staff shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  const host = new URL(page.url()).host;
  await expect(page).toHaveTitle(new RegExp(`\\| ${host.replace(/[.:]/g, '\\$&')}$`));
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('index,follow');
  // The active sidebar entry carries the primary colour.
  const active = page.locator('[data-active="true"]').first();
  await expect(active).toBeVisible();
  const colour = await active.evaluate(
    (el) => getComputedStyle(el).color + ' ' + getComputedStyle(el).backgroundColor,
  );
  expect(colour).toContain('242, 126, 12'); // the primary colour #F27E0C
  await shot(page, 'dashboard');
});

test('a screen not built yet shows its placeholder inside the staff layout', async ({ page }) => {
  await page.goto('/contacts/edit/123');
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  const placeholder = page.getByTestId('screen-placeholder');
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText('coming soon');
  await expect(placeholder).toContainText('/contacts/edit/{contact_id}');
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await shot(page, 'placeholder-contacts-edit');
});

test('/documents redirects to /dashboard', async ({ page }) => {
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('public pages carry the logo, slogan and powered-by footer', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByTestId('public-layout')).toBeVisible();
  await expect(page.getByTestId('slogan')).toHaveText('You Select, We Protect');
  await expect(page.getByTestId('powered-by')).toHaveText('Powered By e-Signs@v1.0');
  await expect(page.locator('img[src$="logo.svg"]').first()).toBeVisible();
  await shot(page, 'signin-public');
});

test('the contact area has its own layout', async ({ page }) => {
  await page.goto('/ap/dashboard');
  await expect(page.getByTestId('contact-layout')).toBeVisible();
  await shot(page, 'ap-dashboard');
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/some/unknown/path');
  const notFound = page.getByTestId('not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText('404');
  await expect(notFound.getByRole('link', { name: /dashboard/i })).toBeVisible();
  await shot(page, 'not-found');
});

test('going offline replaces the app with the connection message', async ({ page, context }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await context.setOffline(true);
  const offline = page.getByTestId('offline-screen');
  await expect(offline).toBeVisible();
  await expect(offline).toContainText('Check Your Internet Connection');
  await expect(offline).toContainText("Please make sure you're connected to the internet and try again.");
  const duration = await page
    .getByTestId('offline-pulse')
    .evaluate((el) => getComputedStyle(el).animationDuration);
  expect(duration).toBe('2s');
  await shot(page, 'offline');
  await context.setOffline(false);
  await expect(offline).toBeHidden();
});

test('the Outbox needs the operator key, then lists mails', async ({ page, request }) => {
  await page.goto('/outbox');
  await expect(page.getByTestId('outbox-unauthorised')).toBeVisible();
  await shot(page, 'outbox-locked');

  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  await page.goto('/outbox?key=e2e-outbox-key');
  await expect(page.getByTestId('outbox-unauthorised')).toHaveCount(0);
  await expect(page.getByText(/no mail|nothing|empty/i).first()).toBeVisible();
  await shot(page, 'outbox-open');
});

test('the API answers unknown routes with the error envelope on the same origin', async ({ request }) => {
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ success: false });
});

test('the API documentation renders under the page security policy', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByText('e-Signs API').first()).toBeVisible();
  await expect(page.getByText('/api/health').first()).toBeVisible();
  expect(errors.filter((e) => e.includes('Content Security Policy'))).toEqual([]);
  await shot(page, 'api-docs');
});
