import { expect, test } from '@playwright/test';
import { PASSWORD, json, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// Issue 3: staff sign in on their company's own page (/signin?company=<slug>, POST
// /employee/signin) and land in their documents; a signed-out visitor's page travels encrypted
// in redirect_url and is opened after signing in.

test('employee sign-in on the company page, and the encrypted redirect_url round trip', async ({
  page,
  request,
  browser,
}) => {
  const id = uniqueId();
  const email = `staff-${id}@example.com`;
  const company = `Employee Page ${id}`;
  const token = await signUpOwner(request, { email, company, first: 'Esha', last: 'Rao' });
  const workspaces = await json<{ company_name: string; company_slug: string }[]>(
    await request.get('/api/user/getUserWorkspaceList', { headers: { authorization: `Bearer ${token}` } }),
  );
  const slug = workspaces.find((w) => w.company_name === company)?.company_slug;
  expect(slug, 'the company slug').toBeTruthy();

  await test.step("staff sign in on the company's page and land in their documents", async () => {
    await page.goto(`/signin?company=${slug}`);
    await expect(page.getByRole('heading', { name: `Sign in to ${company}` })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/documents\/all$/);
  });

  await test.step('a signed-out visitor returns to the page they asked for', async () => {
    const visitor = await browser.newContext();
    try {
      const tab = await visitor.newPage();
      await tab.goto('/contacts?tab=all');
      await expect(tab).toHaveURL(/\/signin\?redirect_url=r2\.[\w-]+$/);
      // Encrypted: the page asked for is not readable in the address.
      expect(decodeURIComponent(tab.url())).not.toContain('contacts');
      await tab.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await tab.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await tab.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(tab).toHaveURL(/\/contacts\?tab=all$/);
    } finally {
      await visitor.close();
    }
  });
});
