import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// The single sign-on screens a guest sees, at 1366x800 and 390x844: /sso-signin (work email, and
// the company sign-in name), /sso-signup with a NEW_USER answer kept in the tab (as /sso-verify
// leaves it), and /sso-verify refusing a callback this tab did not start. Screenshots:
// E2E_SHOTS_DIR, `sso-<name>-<size>.png`. The whole flow against a provider is in the API tests
// (apps/server/src/modules/sso/sso.test.ts). Then an owner's provider settings at
// /configuration/apiIntegrations/config.

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });

const SIZES = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } } as const;

const newUser = {
  signup_token: 'sso_e2e-token',
  email: 'nina@acme.test',
  first_name: 'Nina',
  last_name: 'Ng',
  company_name: 'Acme Realty',
  can_sign_up: true,
  expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
};

const shot = (page: Page, name: string, size: string) =>
  page.screenshot({ path: path.join(shots, `sso-${name}-${size}.png`), fullPage: true });

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`single sign-on screens (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);

    await page.goto('/sso-signin');
    await expect(page.getByRole('heading', { name: 'Sign in with single sign-on' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Work email' }).fill('someone@unknown-domain.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByText('Single sign-on is not set up for this workspace or email domain'),
    ).toBeVisible();
    await shot(page, 'signin', size);
    await page.getByRole('button', { name: /sign-in name instead/ }).click();
    await expect(page.getByRole('textbox', { name: /Company sign-in name/ })).toBeVisible();
    await shot(page, 'signin-company', size);

    await page.addInitScript((user) => sessionStorage.setItem('sso_new_user', JSON.stringify(user)), newUser);
    await page.goto('/sso-signup');
    await expect(page.getByRole('heading', { name: 'Join Acme Realty' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Nina');
    await shot(page, 'signup', size);

    await page.goto('/sso-verify?code=x&state=not-mine');
    await expect(page.getByText(/not started in this browser tab/)).toBeVisible();
    await shot(page, 'verify-refused', size);
  });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`single sign-on settings (${size})`, async ({ page, request }) => {
    const email = `sso-owner-${uniqueId()}@example.com`;
    await signUpOwner(request, { email, company: 'Acme Realty', first: 'Olu', last: 'Owner' });
    await page.setViewportSize(viewport);
    await signInInBrowser(page, email);
    await page.goto('/configuration/apiIntegrations/config');
    await expect(page.getByRole('textbox', { name: 'Issuer URL' })).toBeVisible();
    await expect(page.getByText(/\/sso-verify$/)).toBeVisible();
    // The journeys' server allows plain-http providers (SSO_ALLOW_HTTP_ISSUERS=1, for the local
    // provider of sso-journey.spec.ts): a provider that cannot be reached is refused under the field.
    await page.getByRole('textbox', { name: 'Issuer URL' }).fill('http://idp.acme.invalid');
    await page.getByRole('textbox', { name: 'Client id' }).fill('esigns');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await expect(page.getByText(/The identity provider could not be reached/).first()).toBeVisible();
    await shot(page, 'settings', size);
  });
}
