import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { waitForDeliveredMail } from '../support/mail-sink';
import { uniqueId } from '../support/ids';

// The account journey through the real server (mails are read from the Outbox with the operator
// key; they also go out over SMTP to the e2e sink): a company signs up and verifies its email, turns on an authenticator app and
// signs in with it, invites a colleague as MEMBER; the colleague, who already has a personal
// account, accepts while signing in on the invitation page, cannot manage permissions, and
// switches between their two workspaces. Screenshots go to e2e/screenshots/accounts-*.png.
const shots = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `accounts-${name}.png`), fullPage: true });

const PASSWORD = 'journey-pass-2024';

/*
 * Codes and links are read where a user reads them: the mail delivered over SMTP (the sink).
 * The Outbox no longer shows them once SMTP_URL is set, and a company's email log never does.
 */
/** Types a 6-digit code into the six boxes whose first one is `firstDigit`. */
async function typeCode(page: Page, firstDigit: Locator, code: string) {
  await firstDigit.click();
  await page.keyboard.type(code);
}

async function totpFrom(secretText: string): Promise<string> {
  return generate({ secret: secretText.replace(/\s+/g, '') });
}

/** /verify with the code from the verification mail, then on to the sign-in page. */
async function verifyEmail(page: Page, email: string) {
  await expect(page).toHaveURL(/\/verify\?email=/);
  const mail = await waitForDeliveredMail(email, /verification code/i);
  const code = /(\d{6})$/.exec(mail.subject)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.text).toContain(code);
  await typeCode(page, page.getByLabel('Verification code, digit 1 of 6'), code);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(/\/signin/);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('accounts: company sign-up, authenticator, invitation, member rights, workspace switch', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const id = uniqueId();
  const company = `Journey ${id}`;
  const ownerEmail = `owner-${id}@example.com`;
  const colleague = { first: 'Grace', last: `Hopper${id}`, email: `grace-${id}@example.com` };
  const colleagueName = `${colleague.first} ${colleague.last}`;
  let totpSecret = '';

  await test.step('a company signs up and verifies its email', async () => {
    await page.goto('/signup');
    await page.getByText('Company', { exact: true }).click();
    await page.getByLabel('Company name').fill(company);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Work email').fill(ownerEmail);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create company account' }).click();
    await verifyEmail(page, ownerEmail);
  });

  await test.step('the owner signs in and turns on an authenticator app', async () => {
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: new RegExp(`Workspace: ${company}`) })).toBeVisible();

    await page.goto('/profile/two-step-verification');
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page
      .getByRole('button', { name: /set up (authenticator )?app|enable/i })
      .first()
      .click();
    const secret = page.getByTestId('totp-secret');
    await expect(secret).toBeVisible();
    totpSecret = (await secret.innerText()).replace(/\s+/g, '');
    expect(totpSecret).toMatch(/^[A-Z2-7]+=*$/);
    await shot(page, 'authenticator-setup');

    const enrolment = page.getByTestId('totp-enrolment');
    await typeCode(page, enrolment.getByLabel(/digit 1 of 6/), await totpFrom(totpSecret));
    const codes = page.getByTestId('recovery-codes');
    await expect(codes).toBeVisible();
    await expect(codes.locator('li')).toHaveCount(10);
    await shot(page, 'recovery-codes');
    await page.getByLabel('I saved these codes somewhere safe').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('mf2a-status')).toHaveText('On');
  });

  await test.step('after signing out, signing in needs the password and a code from the app', async () => {
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);

    await signInWithPassword(page, ownerEmail);
    const step = page.getByTestId('second-factor-step');
    await expect(step).toBeVisible();
    await typeCode(page, page.getByLabel('Verification code, digit 1 of 6'), await totpFrom(totpSecret));
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  // The colleague already has a personal account (and so a personal workspace).
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();

  await test.step('the colleague signs up for a personal account', async () => {
    await colleaguePage.goto('/signup');
    await colleaguePage.getByLabel('First name').fill(colleague.first);
    await colleaguePage.getByLabel('Last name').fill(colleague.last);
    await colleaguePage.getByRole('textbox', { name: 'Email', exact: true }).fill(colleague.email);
    await colleaguePage.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await colleaguePage.getByRole('button', { name: 'Create account' }).click();
    await verifyEmail(colleaguePage, colleague.email);
  });

  await test.step('the owner invites the colleague as MEMBER', async () => {
    await page.goto('/company/users');
    await expect(page.getByRole('heading', { name: 'Company users' })).toBeVisible();
    await expect(page.getByTestId('company-user-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('form', { name: 'Invite a user' });
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(colleague.email);
    await dialog.getByLabel('User type').selectOption('MEMBER');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('company-user-row').filter({ hasText: colleague.email });
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('Member');
    await shot(page, 'company-users');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Invite user' })).toBeVisible();
    await shot(page, 'company-users-mobile');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto('/profile/manage-permissions');
    await expect(page.getByTestId('permission-matrix')).toBeVisible();
    await shot(page, 'owner-permissions');
  });

  await test.step('the owner creates a role and sees the company profile', async () => {
    await page.goto('/roles');
    await expect(page.getByText('No roles yet')).toBeVisible();
    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('form', { name: 'New role' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Sales');
    await dialog.getByLabel('User type').selectOption('MEMBER');
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('role-row').filter({ hasText: 'Sales' })).toBeVisible();
    await shot(page, 'roles');

    await page.goto('/profile/companyProfile');
    await expect(page.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue(company);
    await shot(page, 'company-profile');
    // Logo and colours moved to /branding (one place); the profile links there.
    await page.goto('/branding');
    await expect(page.getByRole('heading', { name: 'Branding' })).toBeVisible();
  });

  await test.step('the colleague opens the link, signs in on it and joins', async () => {
    const mail = await waitForDeliveredMail(colleague.email, /invited you to join/i);
    const link = /https?:\/\/[^\s"'<>]+\/inviteUser\?token=[^\s"'<>&]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const { pathname, search } = new URL(link ?? '');
    await colleaguePage.goto(`${pathname}${search}`);

    await expect(colleaguePage.getByRole('heading', { name: `Join ${company}` })).toBeVisible();
    await expect(colleaguePage.getByTestId('invitation-summary')).toContainText('Member');
    await shot(colleaguePage, 'invitation');
    await colleaguePage.getByRole('button', { name: 'Sign in to accept' }).click();
    await colleaguePage.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await colleaguePage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await colleaguePage.getByRole('button', { name: `Join ${company}` }).click();

    await expect(colleaguePage).toHaveURL(/\/dashboard$/);
    const switcher = colleaguePage.getByRole('button', { name: new RegExp(`Workspace: ${company}`) });
    await expect(switcher).toBeVisible();
    await switcher.click();
    await expect(
      colleaguePage.getByRole('menuitem', { name: new RegExp(company) }).getByText('Business · Member'),
    ).toBeVisible();
    await shot(colleaguePage, 'member-dashboard');
    await colleaguePage.keyboard.press('Escape');
  });

  await test.step('the owner sees the colleague as an active member', async () => {
    await page.goto('/company/users');
    const row = page.getByTestId('company-user-row').filter({ hasText: colleague.email });
    await expect(row).toContainText('Active');
    await expect(row).toContainText(colleagueName);
  });

  await test.step('the MEMBER cannot manage permissions nor invite', async () => {
    await colleaguePage.goto('/profile/manage-permissions');
    await expect(colleaguePage.getByTestId('permissions-no-access')).toBeVisible();
    await expect(colleaguePage.getByText('You cannot manage permissions')).toBeVisible();
    await expect(colleaguePage.getByTestId('permission-matrix')).toHaveCount(0);
    await shot(colleaguePage, 'member-permissions');

    await colleaguePage.goto('/company/users');
    await expect(colleaguePage.getByRole('heading', { name: 'Company users' })).toBeVisible();
    await expect(colleaguePage.getByTestId('no-access')).toBeVisible();
    await expect(colleaguePage.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
    await shot(colleaguePage, 'member-company-users');
  });

  await test.step('the colleague switches between the personal workspace and the company', async () => {
    await colleaguePage.goto('/dashboard');
    await colleaguePage.getByRole('button', { name: new RegExp(`Workspace: ${company}`) }).click();
    await colleaguePage.getByRole('menuitem', { name: new RegExp(colleagueName) }).click();
    await expect(colleaguePage).toHaveURL(/\/dashboard$/);
    const personal = colleaguePage.getByRole('button', { name: new RegExp(`Workspace: ${colleagueName}`) });
    await expect(personal).toBeVisible();
    await shot(colleaguePage, 'switched-workspace');

    await personal.click();
    await colleaguePage.getByRole('menuitem', { name: new RegExp(company) }).click();
    await expect(
      colleaguePage.getByRole('button', { name: new RegExp(`Workspace: ${company}`) }),
    ).toBeVisible();
  });

  await colleagueContext.close();
});
