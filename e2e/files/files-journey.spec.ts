import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';
import { DESKTOP, shootBothSizes } from '../support/shots';

// The company file library as staff use it: a new folder, a PDF uploaded into it with its
// progress, previewed (pages drawn), renamed, then deleted. Screenshots at 1366 and 390 px:
// E2E_SHOTS_DIR, `files-<name>[-phone].png`.
const shoot = (page: Page, name: string) => shootBothSizes(page, 'files', name);

async function leasePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2])
    pdf.addPage([595, 842]).drawText(`Lease schedule, page ${n}`, { x: 72, y: 760, size: 18, font });
  return Buffer.from(await pdf.save());
}

test.use({ viewport: DESKTOP, actionTimeout: 20_000 });

test('staff keep a PDF in a folder of the file library: upload, preview, rename, delete', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = uniqueId();
  const email = `files-${id}@e2e.example`;
  await signUpOwner(request, { email, company: `Files Co ${id}`, first: 'Farah', last: 'Files' });
  await signInInBrowser(page, email);
  await page.goto('/files');
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();

  await page.getByRole('button', { name: 'New folder' }).click();
  const folderDialog = page.getByRole('dialog', { name: 'New folder' });
  await folderDialog.getByRole('textbox', { name: 'Folder name' }).fill('Leases');
  await folderDialog.getByRole('button', { name: 'Create' }).click();
  await page.getByLabel('Folders').getByText('Leases').click();

  await page.getByRole('button', { name: 'Upload' }).click();
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'lease-schedule.pdf', mimeType: 'application/pdf', buffer: await leasePdf() });
  const menu = page.getByRole('button', { name: 'More actions for lease-schedule.pdf' });
  await expect(menu).toBeVisible();
  await shoot(page, 'library');

  await menu.click();
  await page.getByRole('menuitem', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'lease-schedule.pdf' });
  await expect(preview.getByRole('img', { name: 'lease-schedule.pdf page 2' })).toBeVisible();
  await shoot(page, 'preview');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename file' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('Lease schedule 2027.pdf');
  await rename.getByRole('button', { name: 'Rename' }).click();
  const renamed = page.getByRole('button', { name: 'More actions for Lease schedule 2027.pdf' });
  await expect(renamed).toBeVisible();

  await renamed.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toBeHidden();
});
