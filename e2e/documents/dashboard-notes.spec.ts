import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { json, samplePdf, sendForSignature, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// The dashboard's recent notes at 1440x900: a document sent through the API; the owner writes a
// note in the document's Notes section and finds it on the dashboard, linked to the document; a
// second note written meanwhile (through the API) shows on the open dashboard without a reload.
// Screenshots go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `dashboard-notes-${name}.png`) });

test.use({ viewport: { width: 1440, height: 900 }, actionTimeout: 20_000 });

test('a note written on a document shows in the dashboard recent notes', async ({ page, request }) => {
  test.setTimeout(90_000);
  const id = uniqueId();
  const owner = {
    email: `notes-${id}@example.com`,
    company: 'Riverside Lettings',
    first: 'Omar',
    last: 'Siddiqui',
  };
  const name = `Lease renewal ${id}`;
  const token = await signUpOwner(request, owner);
  const documentId = await sendForSignature(request, token, {
    name,
    pdf: await samplePdf('Lease renewal', 'The tenant renews the lease of flat 2B for a year.'),
    signer: { email: `tenant-${id}@example.com`, first: 'Leela', last: 'Iyer' },
  });
  await signInInBrowser(page, owner.email);

  const panel = page.getByTestId('recent-notes');
  const notes = panel.getByTestId('recent-note');

  await test.step('no notes yet on the dashboard', async () => {
    await expect(panel.getByText(/^No notes yet\./)).toBeVisible();
  });

  const first = 'Tenant asked to move the start date to the 1st; agreed on the phone.';
  await test.step('write a note on the document', async () => {
    await page.goto(`/emp-documents/custom/${documentId}`);
    const section = page.locator('#notes');
    await expect(section.getByText('No notes yet.')).toBeVisible();
    await section.getByRole('textbox', { name: 'New note' }).fill(first);
    await section.getByRole('button', { name: 'Add note' }).click();
    await expect(section.getByTestId('note')).toHaveCount(1);
    await expect(section.getByTestId('note')).toContainText(first);
  });

  await test.step('the dashboard lists it under its document', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(notes).toHaveCount(1);
    await expect(notes).toContainText(first);
    await expect(notes).toContainText(/You · /);
    await expect(notes.getByRole('link', { name })).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'one');
  });

  const second = 'Guarantor letter received: filed with the lease.';
  await test.step('a note written meanwhile shows without a reload', async () => {
    await page.evaluate(() => {
      (window as unknown as { e2eMarker: string }).e2eMarker = 'no reload';
    });
    await json(
      await request.post(`/api/documents/${documentId}/notes`, {
        headers: { authorization: `Bearer ${token}` },
        data: { note: second },
      }),
    );
    await expect(notes).toHaveCount(2, { timeout: 20_000 });
    // Newest first.
    await expect(notes.first()).toContainText(second);
    await expect(notes.nth(1)).toContainText(first);
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      'no reload',
    );
    await shot(page, 'two');
  });

  await test.step("a note's document link opens the document", async () => {
    await notes.first().getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/emp-documents/custom/${documentId}$`));
    await expect(page.locator('#notes').getByTestId('note')).toHaveCount(2);
  });
});
