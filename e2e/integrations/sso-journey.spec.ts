import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../apps/server/src/modules/sso/oidc-test-provider';
import { json, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// Single sign-on against a real OpenID Connect provider run here (oidc-provider, plain http:
// the server runs with SSO_ALLOW_HTTP_ISSUERS=1). An owner (signed up through the API) sets the
// company's provider through the API; in the browser they sign in at /sso-signin, pass the
// provider (its login step answers at once for the account) and land signed in. The provider
// then ends their session by back-channel logout: the next call of the app answers
// SSO_USER_LOGOUT, the browser goes to the provider's end-session page and from there back to
// /signin. Screenshots:
// E2E_SHOTS_DIR, `sso-journey-<name>.png`.

const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ viewport: { width: 1366, height: 800 }, actionTimeout: 30_000 });

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });

let idp: TestProvider | undefined;
test.afterAll(async () => {
  await idp?.close();
});

test('single sign-on, then the provider signs the user out', async ({ page, request, baseURL }) => {
  const email = `sso-journey-${uniqueId()}@example.com`;
  const token = await signUpOwner(request, { email, company: 'Acme SSO', first: 'Sam', last: 'Owner' });
  const headers = { authorization: `Bearer ${token}` };
  const config = await json<{ backchannel_logout_uri: string; redirect_uri: string }>(
    await request.get('/api/sso/config', { headers }),
  );
  idp = await startTestProvider([
    {
      client_id: 'esigns-journey',
      client_secret: 'journey-secret-0123456789',
      redirect_uri: config.redirect_uri,
      post_logout_redirect_uri: `${baseURL}/signin`,
      backchannel_logout_uri: config.backchannel_logout_uri,
      backchannel_logout_session_required: false,
    },
  ]);
  const accountId = idp.addAccount({ email, given_name: 'Sam', family_name: 'Owner' });
  await json(
    await request.put('/api/sso/config', {
      headers,
      data: {
        issuer: idp.issuer,
        client_id: 'esigns-journey',
        client_secret: 'journey-secret-0123456789',
        allowed_domains: [],
      },
    }),
  );

  await page.goto('/sso-signin');
  await page.getByRole('button', { name: /sign-in name instead/ }).click();
  const slug = await json<{ current_workspace: { company_slug: string } }>(
    await request.get('/api/user/profile', { headers }),
  ).then((user) => user.current_workspace.company_slug);
  await page.getByRole('textbox', { name: /Company sign-in name/ }).fill(slug);
  // The provider's login step signs in this account.
  await idp.prepareSignIn(accountId);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Sam Owner').first()).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'sso-journey-signed-in.png') });

  await idp.logout('esigns-journey', accountId);
  await page.goto('/documents/all');
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
  await page.screenshot({ path: path.join(shots, 'sso-journey-provider-logout.png') });
  // The provider's end-session returns to the app's sign-in page, signed out.
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
