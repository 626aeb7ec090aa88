import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';
import { DESKTOP, shootBothSizes } from '../support/shots';

// An iframe link to a public form: the owner creates it on /iframeLink (the form set up through
// the API, not what this is about), a visitor without any session opens its URL, fills and submits
// the form through it; the owner revokes the link and the same URL then says so. Screenshots at
// 1366 and 390 px: E2E_SHOTS_DIR, `iframe-link-<name>[-phone].png`.
const shoot = (page: Page, name: string) => shootBothSizes(page, 'iframe-link', name);

test.use({ viewport: DESKTOP, actionTimeout: 20_000 });

test('an iframe link to a form is filled by a visitor, then revoked', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const id = uniqueId();
  const email = `iflowner-${id}@e2e.example`;
  const token = await signUpOwner(request, { email, company: `Link Co ${id}`, first: 'Lina', last: 'Owner' });
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(url: string, data: unknown) => json<T>(await request.post(url, { headers, data }));
  const details = await post<{ _id: string }>('/api/template/create', {
    name: `Enquiry ${id}`,
    fields: [{ key: 'full_name', label: 'Full name', type: 'SINGLE_LINE_TEXT', required: true }],
  });
  const formName = `Website enquiry ${id}`;
  await post('/api/formBuilders', {
    name: formName,
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
    ],
    settings: {},
  });

  await signInInBrowser(page, email);
  await page.goto('/iframeLink');
  await page.getByRole('button', { name: 'New iframe link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New iframe link' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Enquiry form on our website');
  await dialog.getByRole('combobox', { name: /^Form/ }).click();
  await page.getByRole('option', { name: formName }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(page).toHaveURL(/\/externalLink\//);
  const url = (await page.getByTestId('iframe-link-url').textContent())?.trim() ?? '';
  expect(url).toMatch(/\/if\/ifl_[^/]+\/link$/);
  await shoot(page, 'details');

  // A visitor with no session at all.
  const visitorContext = await browser.newContext({ viewport: DESKTOP });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await expect(visitor.getByText(formName)).toBeVisible();
  await visitor.getByRole('button', { name: 'Start' }).click();
  await visitor.getByRole('textbox', { name: 'Full name' }).fill('Ravi Menon');
  await shoot(visitor, 'form');
  await visitor.getByRole('button', { name: /^(Submit|Next|Finish)/ }).click();
  await expect(visitor.getByText(/Form submitted|Thank you/).first()).toBeVisible();

  // Revoked: the same address now says so.
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke iframe link' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText(/revoked/).first()).toBeVisible();
  await visitor.goto(url);
  await expect(visitor.getByText('This link was revoked')).toBeVisible();
  await shoot(visitor, 'revoked');
  await visitorContext.close();
});
