import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';
import { waitForDeliveredMail } from '../support/mail-sink';

// The company's look: the owner opens Branding from the sidebar, sets a new primary colour and
// saves; the running app recolours at once (the filled primary buttons of two other screens have
// the new colour) and a mail sent afterwards (caught by the SMTP sink) carries the colour and the
// company's mail header. Screenshots (E2E_SHOTS_DIR): branding-desktop.png, branding-phone.png.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });

const NEW_PRIMARY = '#0b7285';
const NEW_PRIMARY_RGB = 'rgb(11, 114, 133)';

test.use({ viewport: { width: 1366, height: 800 }, actionTimeout: 20_000 });

/** Opens `to` in the running single-page app, as a link would: no page load. */
async function clientNavigate(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await expect(page).toHaveURL(new RegExp(`${to}$`));
}

/** The computed background and text colour of the button named `name`. */
async function buttonColours(page: Page, name: string): Promise<{ background: string; color: string }> {
  const button = page.getByRole(name === 'New variable' ? 'link' : 'button', { name, exact: true });
  await expect(button).toBeVisible();
  return button.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, color: style.color };
  });
}

test('a new primary colour recolours buttons across the app and the next mail', async ({ page, request }) => {
  test.setTimeout(180_000);
  const id = uniqueId();
  const email = `branding-${id}@example.com`;
  const token = await signUpOwner(request, {
    email,
    company: `Tide Homes ${id}`,
    first: 'Mira',
    last: 'Shah',
  });
  const headers = { authorization: `Bearer ${token}` };
  // The company's mail header and footer: its default header/footer template.
  await json(
    await request.post('/api/entity-email-template/create', {
      headers,
      data: {
        type: 'HEADER_FOOTER',
        name: 'Tide letterhead',
        header_html: '<p>Tide Homes letterhead</p>',
        footer_html: '<p>4 Harbour Row, Falmouth</p>',
        is_default: true,
      },
    }),
  );

  await signInInBrowser(page, email);
  const nav = page.getByRole('navigation').first();
  // In the Settings group of the sidebar.
  await nav.getByText('Settings', { exact: true }).click();
  await nav.getByRole('link', { name: 'Branding' }).click();
  await expect(page).toHaveURL(/\/branding$/);
  await expect(page.getByRole('heading', { name: 'Branding', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Branding' })).toHaveAttribute('aria-current', 'page');
  // The saved orange: white text would not read on it, the screen says so.
  await expect(page.getByText(/^White text is 2\.\d\d:1 on the primary colour/)).toBeVisible();

  const primary = page.locator('input[name="primary_color"]');
  await primary.fill(NEW_PRIMARY);
  await primary.press('Tab');
  await expect(page.getByText(/on the primary colour/)).toHaveCount(0);
  await expect(page.getByTestId('preview-primary-button')).toHaveCSS('background-color', NEW_PRIMARY_RGB);
  // The mail preview is the server's layout with the unsaved colour and the company's header.
  const mailPreview = page.frameLocator('iframe[title="Mail preview"]');
  await expect(mailPreview.getByText('Tide Homes letterhead')).toBeVisible();
  await expect(mailPreview.locator(`td[bgcolor="${NEW_PRIMARY}"]`).first()).toBeAttached();

  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Branding saved')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'branding-desktop.png'), fullPage: true });

  // Two other screens, opened in the running app (no reload): their primary buttons have the new
  // colour, with white text (it reads).
  await clientNavigate(page, '/roles');
  expect(await buttonColours(page, 'New role')).toEqual({
    background: NEW_PRIMARY_RGB,
    color: 'rgb(255, 255, 255)',
  });
  await clientNavigate(page, '/global-variables');
  expect(await buttonColours(page, 'New variable')).toEqual({
    background: NEW_PRIMARY_RGB,
    color: 'rgb(255, 255, 255)',
  });

  // A mail sent afterwards carries the colour, the header and the footer.
  const invitee = `branding-invitee-${id}@example.com`;
  await json(
    await request.post('/api/user/inviteUser', { headers, data: { email: invitee, user_type: 'MEMBER' } }),
  );
  const mail = await waitForDeliveredMail(invitee, /.*/);
  expect(mail.text).toContain(`bgcolor="${NEW_PRIMARY}"`);
  expect(mail.text).toContain('Tide Homes letterhead');
  expect(mail.text).toContain('4 Harbour Row, Falmouth');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/branding');
  await expect(page.locator('input[name="primary_color"]')).toHaveValue(NEW_PRIMARY);
  await expect(
    page.frameLocator('iframe[title="Mail preview"]').getByText('Tide Homes letterhead'),
  ).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(shots, 'branding-phone.png'), fullPage: true });
});
