import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';

// The branded shell as a visitor sees it: title, colours, a staff screen inside its layout (no
// route shows the "coming soon" placeholder any more: its web test uses a test-only route), the
// not-found screen, the offline screen, and the Outbox. Screenshots are saved under
// e2e/screenshots/ for people to look at.
const shots = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

// Staff screens need a session. The shell is tested with a seeded one (the web app keeps it in
// localStorage under this key): its token is fake, so every API call that carries it is answered
// here, the profile and workspace list with a valid user and the rest with "not built yet" (404).
const SESSION_KEY = 'esigns.session';
const FAKE_TOKEN = 'e2e-fake-access-token';
const FAR_FUTURE = '2999-01-01T00:00:00.000Z';

const workspace = {
  company_id: 'e2e-company',
  company_name: 'E2E Workspace',
  company_slug: 'e2e',
  plan_type: 'BUSINESS',
  user_type: 'OWNER',
  is_active: true,
};

const userDetails = {
  _id: '0b7f6b1c-3f5e-4f61-9a43-6c1f3f1e2d4a',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  title: null,
  phone: null,
  address: null,
  company_name: workspace.company_name,
  signature: null,
  initial: null,
  avatar: null,
  is_contact: false,
  user_type: 'OWNER',
  activeRole: { role_id: null, userType_name: 'OWNER' },
  current_workspace: workspace,
  workspaces: [workspace],
  mf2a_enabled: false,
};

function sessionOf(user: Record<string, unknown>, isContact = false) {
  return {
    tokens: {
      access_token: FAKE_TOKEN,
      refresh_token: 'e2e-fake-refresh-token',
      access_token_expires_at: FAR_FUTURE,
      refresh_token_expires_at: FAR_FUTURE,
    },
    user,
    is_contact: isContact,
    user_type: isContact ? null : 'OWNER',
    auth_details: {},
    company: { _id: workspace.company_id, slug: workspace.company_slug },
    login_at: new Date().toISOString(),
  };
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** Seeds the session before the app starts and answers the calls made with its fake token. */
async function signInFake(
  page: Page,
  { isContact = false, refuseSession = false }: { isContact?: boolean; refuseSession?: boolean } = {},
) {
  const user = isContact ? { ...userDetails, is_contact: true } : userDetails;
  await page.addInitScript(
    ([key, value]) => {
      // Only on the first load: a sign-out must not be undone by the next page load.
      if (!sessionStorage.getItem('e2e-seeded')) {
        sessionStorage.setItem('e2e-seeded', '1');
        localStorage.setItem(key, value);
      }
    },
    [SESSION_KEY, JSON.stringify(sessionOf(user, isContact))] as const,
  );
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (pathname === '/api/revoke-token' && refuseSession) {
      return json(route, 401, { success: false, message: 'Invalid refresh token' });
    }
    if (request.headers().authorization !== `Bearer ${FAKE_TOKEN}`) return route.fallback();
    if (refuseSession) return json(route, 401, { success: false, message: 'Invalid token' });
    if (pathname === '/api/user/profile') return json(route, 200, { success: true, data: user });
    if (pathname === '/api/user/getUserWorkspaceList') {
      return json(route, 200, { success: true, data: [workspace] });
    }
    return json(route, 404, { success: false, message: 'Route not found' });
  });
}

test('signed-out visitors of a staff screen are sent to sign in, with the way back', async ({ page }) => {
  await page.goto('/roles');
  await expect(page).toHaveURL(/\/signin\?redirect_url=r2\.[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('the home page sends a signed-out visitor to a plain sign-in page, with a quiet console', async ({
  page,
}) => {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sign up|Create/ }).first()).toBeVisible();
  expect(noise).toEqual([]);
});

test('the dashboard opens in the branded staff shell', async ({ page }) => {
  await signInFake(page);
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
  // The top bar shows the user and the workspace from the (intercepted) API.
  await expect(page.getByRole('button', { name: 'Account menu for Ada Lovelace' })).toContainText('AL');
  await expect(page.getByRole('button', { name: /Workspace: E2E Workspace/ })).toBeVisible();
  await shot(page, 'dashboard');
});

test('every route has its screen: /scanner (the last placeholder) shows the scanner in the staff layout', async ({
  page,
}) => {
  await signInFake(page);
  await page.goto('/scanner');
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scanner' })).toBeVisible();
  await expect(page.getByTestId('screen-placeholder')).toHaveCount(0);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await shot(page, 'scanner');
});

test('/documents redirects to /dashboard', async ({ page }) => {
  await signInFake(page);
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
  await signInFake(page, { isContact: true });
  await page.goto('/ap/dashboard');
  await expect(page.getByTestId('contact-layout')).toBeVisible();
  await shot(page, 'ap-dashboard');
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await signInFake(page);
  await page.goto('/some/unknown/path');
  const notFound = page.getByTestId('not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText('404');
  await expect(notFound.getByRole('link', { name: /dashboard/i })).toBeVisible();
  await shot(page, 'not-found');
});

test('going offline replaces the app with the connection message', async ({ page, context }) => {
  await signInFake(page);
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

test('a session the API refuses ends cleanly on the sign-in page', async ({ page }) => {
  await signInFake(page, { refuseSession: true });
  await page.goto('/roles');
  await expect(page).toHaveURL(/\/signin\?redirect_url=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
});

test('the Outbox needs the operator key, then lists mails', async ({ page, request }) => {
  await page.goto('/outbox');
  await expect(page.getByTestId('outbox-unauthorised')).toBeVisible();
  await shot(page, 'outbox-locked');

  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  await page.goto('/outbox?key=e2e-outbox-key');
  await expect(page.getByTestId('outbox-unauthorised')).toHaveCount(0);
  // Earlier journeys may have mailed already: a table of mails, or the empty state on its own.
  await expect(
    page
      .getByRole('table')
      .or(page.getByText(/no mail|nothing|empty/i))
      .first(),
  ).toBeVisible();
  // With SMTP_URL set (the e2e server mails the sink) even the operator reads redacted copies.
  const subjects = await page.getByRole('cell').allInnerTexts();
  expect(subjects.join(' ')).not.toMatch(/code: \d{6}/);
  await shot(page, 'outbox-open');
});

test('the API answers unknown routes with the error envelope on the same origin', async ({ request }) => {
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ success: false });
});

test('the API documentation renders under the page security policy', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/api/docs');
  // Swagger UI reads the whole 1.8 MB description before it shows the title (OpenAPI 3.0, sent
  // compressed: seconds, where 3.1 took minutes under load). An upper bound.
  await expect(page.getByText('e-Signs API').first()).toBeVisible({ timeout: 90_000 });
  // Operations start collapsed under their tags: open one.
  await page.locator('h3.opblock-tag', { hasText: 'platform' }).first().click();
  await expect(page.getByText('/api/health').first()).toBeVisible({ timeout: 30_000 });
  expect(errors.filter((e) => e.includes('Content Security Policy'))).toEqual([]);
  await shot(page, 'api-docs');
});
