import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { PASSWORD, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// An OAuth client app from start to end: the owner creates it on the credentials screen (the
// secret shown once), a browser that is not signed in opens the app's authorization link, signs
// in, allows the app on the consent screen and is sent to the app's redirect URI (served here);
// the code is exchanged with PKCE and the token lists the owner's documents. Screenshots of the
// apps list and the consent screen at 1366x800 and 390x844: E2E_SHOTS_DIR, `oauth-<name>-<size>.png`.

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const SIZES = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } } as const;

async function shootBoth(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    // The layout settles (the sidebar becomes a drawer) and nothing is wider than the screen.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
    await page.screenshot({ path: path.join(shots, `oauth-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES.desktop);
}

let callbackServer: Server;
let callbackUrl: string;

test.beforeAll(async () => {
  callbackServer = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<h1>Connected</h1><p>${request.url ?? ''}</p>`);
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
});
test.afterAll(async () => {
  await new Promise((resolve) => callbackServer.close(resolve));
});

test('a client app is created, authorized with PKCE and calls the API', async ({
  page,
  browser,
  request,
}) => {
  const id = uniqueId();
  const email = `oauth-owner-${id}@example.test`;
  await signUpOwner(request, { email, company: `OAuth Co ${id}`, first: 'Olive', last: 'Owner' });

  // The owner creates the app.
  await page.setViewportSize(SIZES.desktop);
  await signInInBrowser(page, email);
  await page.goto('/profilesettings/myapps-credentials');
  await page.getByRole('button', { name: 'New client app' }).click();
  const dialog = page.getByRole('dialog', { name: 'New client app' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Reports bridge');
  await dialog.getByRole('textbox', { name: 'Redirect URIs' }).fill(callbackUrl);
  await dialog.getByRole('button', { name: 'Create app' }).click();
  const secretBox = page.getByTestId('client-app-secret');
  await expect(secretBox).toBeVisible();
  const clientSecret = (await page.getByTestId('client-app-secret-value').textContent()) ?? '';
  const clientId = (await page.getByTestId('client-app-id-value').textContent()) ?? '';
  expect(clientSecret).toMatch(/^sec_/);
  await page.getByRole('button', { name: 'I copied it' }).click();
  await expect(page.getByTestId('client-app-row')).toHaveCount(1);
  await shootBoth(page, 'apps-list');

  // Another browser, not signed in, follows the app's authorization link.
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL('/api/oauth2/authorize', baseURL);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: callbackUrl,
    scope: 'documents:read',
    state: 'journey-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const context = await browser.newContext({ viewport: SIZES.desktop });
  const visitor = await context.newPage();
  await visitor.goto(authorize.href);
  await expect(visitor).toHaveURL(/\/signin\?/);
  await visitor.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await visitor.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    visitor.getByRole('heading', { name: 'Reports bridge wants to use your account' }),
  ).toBeVisible();
  await expect(visitor.getByText('See your documents and their recipients')).toBeVisible();
  await shootBoth(visitor, 'consent');
  await visitor.getByRole('button', { name: 'Allow' }).click();
  await expect(visitor.getByRole('heading', { name: 'Connected' })).toBeVisible();
  const back = new URL(visitor.url());
  expect(back.searchParams.get('state')).toBe('journey-state');
  const code = back.searchParams.get('code') ?? '';
  await context.close();

  // The app exchanges the code with its verifier and calls the API as the owner.
  const token = await request.post('/api/oauth2/token', {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    form: { grant_type: 'authorization_code', code, redirect_uri: callbackUrl, code_verifier: verifier },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { access_token: accessToken, scope } = (await token.json()) as {
    access_token: string;
    scope: string;
  };
  expect(scope).toBe('documents:read');
  const documents = await request.get('/api/documents', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(documents.status()).toBe(200);
  const settings = await request.get('/api/fetch-clients', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(settings.status()).toBe(403);
});
