import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { baseURL, smtpSinkURL } from '../playwright.config';
import { appLinksOf, waitForDeliveredMail, type SinkMail } from '../support/mail-sink';
import { uniqueId } from '../support/ids';

// Issue 4 at 1440x900: a company uploads a DOCX and a PDF, merges them, places fields for two
// signers and a CC with the signing order on, and sends; the mails arrive at the SMTP sink and the
// first signer's link opens the signing page, while the others wait their turn. Then a template
// with the roles Buyer and Seller is created, published and bulk-sent to a 20-row CSV. Screenshots
// go to e2e/screenshots/documents-*.png.
const shots = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `documents-${name}.png`) });

const PASSWORD = 'journey-pass-2024';
const OUTBOX_HEADERS = { 'x-outbox-key': 'e2e-outbox-key' };
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Envelope<T> = { success: boolean; data: T; message?: string };

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(response.ok(), `${response.url()}: ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
  return body.data;
}

/** A one-page PDF with a title and a line of text. */
async function samplePdf(title: string, line: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText(title, { x: 60, y: 720, size: 22, font: bold });
  page.drawText(line, { x: 60, y: 684, size: 12, font, color: rgb(0.2, 0.2, 0.2) });
  page.drawLine({ start: { x: 60, y: 200 }, end: { x: 260, y: 200 }, thickness: 0.8 });
  page.drawLine({ start: { x: 340, y: 200 }, end: { x: 540, y: 200 }, thickness: 0.8 });
  page.drawText('Buyer', { x: 60, y: 186, size: 10, font });
  page.drawText('Seller', { x: 340, y: 186, size: 10, font });
  return Buffer.from(await doc.save());
}

/** A real DOCX: an RTF converted by LibreOffice (its own profile, so it never meets the server's). */
async function sampleDocx(): Promise<Buffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esigns-e2e-docx-'));
  try {
    const rtf = [
      '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}}\\f0',
      '\\fs40\\b Service agreement\\b0\\par\\fs24\\par',
      'This agreement is made between Acme Supplies and the client named below. ',
      'The supplier delivers the goods listed in the annex within thirty days.\\par\\par',
      'Payment is due within fourteen days of delivery.\\par\\par',
      '\\b Signatures\\b0\\par',
      '}',
    ].join('\n');
    writeFileSync(path.join(dir, 'agreement.rtf'), rtf);
    await promisify(execFile)(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'docx',
        '--outdir',
        dir,
        path.join(dir, 'agreement.rtf'),
      ],
      { timeout: 60_000 },
    );
    const docx = readFileSync(path.join(dir, 'agreement.docx'));
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
    return docx;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A company owner signed up and verified through the API (mail from the sink), then signed in in the browser; answers the access token. */
async function signUpAndSignIn(page: Page, request: APIRequestContext, email: string): Promise<string> {
  await json(
    await request.post('/api/companySignup', {
      data: {
        company_name: 'Documents Journey Ltd',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        password: PASSWORD,
      },
    }),
  );
  const mail = await waitForDeliveredMail(email, /code/i);
  const code = /(\d{6})$/.exec(mail.subject)?.[1] ?? '';
  await json(await request.post('/api/email/verify', { data: { email, code } }));
  const session = await json<{ access_token: string }>(
    await request.post('/api/signin', { data: { email, password: PASSWORD } }),
  );

  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return session.access_token;
}

/** Chooses files in the upload screen and waits until every one is uploaded and converted. */
async function uploadFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.locator('input[type="file"][aria-label="Choose files to upload"]').setInputFiles(files);
  const rows = page.getByTestId('upload-file-row');
  await expect(rows).toHaveCount(files.length);
  for (const [index, file] of files.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(file.name);
    // LibreOffice converts the DOCX on the server: give it time.
    await expect(row).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
    await expect(row.getByText('Ready', { exact: true })).toBeVisible();
  }
}

/**
 * Drags a palette item onto page `pageNumber` and drops it with its centre at (`fx`, `fy`): fractions
 * of the page's width and height. The pages are scrolled first when that point is out of view.
 */
async function dragOntoPage(page: Page, item: Locator, pageNumber: number, fx: number, fy: number) {
  const overlay = page.getByTestId(`page-overlay-${pageNumber}`);
  const windowHeight = page.viewportSize()?.height ?? 900;
  const pointOf = async () => {
    const box = await overlay.boundingBox();
    if (!box) throw new Error(`page ${pageNumber} has no box`);
    return { x: box.x + box.width * fx, y: box.y + box.height * fy };
  };
  let target = await pointOf();
  if (target.y < 120 || target.y > windowHeight - 120) {
    const by = target.y - windowHeight / 2;
    await page.getByTestId('pages-view').evaluate((scroller, dy) => scroller.scrollBy(0, dy), by);
    target = await pointOf();
  }
  const from = await item.boundingBox();
  if (!from) throw new Error('the palette item has no box');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.up();
}

/** Adds a recipient (or role) through the editor's dialog. */
async function addRecipient(
  page: Page,
  noun: 'recipient' | 'role',
  values: { role?: string; email?: string; first?: string; last?: string; action?: string },
) {
  await page.getByRole('button', { name: `Add ${noun}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${noun}` });
  await expect(dialog).toBeVisible();
  if (values.role) await dialog.getByRole('textbox', { name: /^Role/ }).fill(values.role);
  if (values.email) await dialog.getByRole('textbox', { name: /^Email/ }).fill(values.email);
  if (values.first) await dialog.getByRole('textbox', { name: 'First name' }).fill(values.first);
  if (values.last) await dialog.getByRole('textbox', { name: 'Last name' }).fill(values.last);
  if (values.action) {
    await dialog.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: values.action }).click();
  }
  await dialog.getByRole('button', { name: `Add ${noun}`, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function outboxCount(request: APIRequestContext, email: string): Promise<number> {
  const body = await json<{ data: { to: string[] }[] }>(
    await request.get('/api/outbox', { params: { search: email, limit: 20 }, headers: OUTBOX_HEADERS }),
  );
  return body.data.filter((row) => row.to.map((to) => to.toLowerCase()).includes(email)).length;
}

async function sinkMails(to?: string): Promise<SinkMail[]> {
  const response = await fetch(`${smtpSinkURL}/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  return (await response.json()) as SinkMail[];
}

test.use({ viewport: { width: 1440, height: 900 }, actionTimeout: 20_000 });

let docx: Buffer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  docx = await sampleDocx();
});

test('documents: upload a DOCX and a PDF, merge, place fields for two signers and a CC in order, send', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const id = uniqueId();
  const documentName = `Service agreement ${id}`;
  const signer1 = { first: 'Ravi', last: 'Kumar', email: `ravi-${id}@example.com` };
  const signer2 = { first: 'Meera', last: 'Shah', email: `meera-${id}@example.com` };
  const cc = { first: 'Arjun', last: 'Rao', email: `arjun-${id}@example.com` };
  const token = await signUpAndSignIn(page, request, `owner-${id}@example.com`);
  const pdf = await samplePdf('Annex A: goods', 'Ten crates of office paper, delivered to the client.');

  await test.step('upload a DOCX and a PDF and merge them', async () => {
    await page.goto('/documents/upload');
    await expect(page.getByRole('heading', { name: 'Upload document' })).toBeVisible();
    await uploadFiles(page, [
      { name: 'Service agreement.docx', mimeType: DOCX_TYPE, buffer: docx },
      { name: 'Annex A.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    await expect(page.getByText('2 files ready.')).toBeVisible();
    // The converted DOCX is a PDF the browser draws.
    await expect(page.getByRole('img', { name: 'First page of Service agreement.docx' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'First page of Annex A.pdf' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Document name' }).fill(documentName);
    await shot(page, 'upload');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/company-documents\/[^/]+\/configure\/document$/, { timeout: 30_000 });
    await expect(page.getByTestId('document-editor')).toBeVisible();
    // The merge: the DOCX's page first, then the PDF's.
    await expect(page.getByTestId('page-canvas-1')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Document name' })).toHaveValue(documentName);
  });

  await test.step('two signers and a CC, in signing order', async () => {
    await addRecipient(page, 'recipient', signer1);
    await addRecipient(page, 'recipient', signer2);
    await addRecipient(page, 'recipient', { ...cc, action: 'Gets a copy' });
    await expect(page.getByTestId('recipient-row')).toHaveCount(3);
    const order = page.getByRole('switch', { name: 'Signing order' });
    await expect(order).not.toBeChecked();
    await order.click();
    await expect(order).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Signing order of Ravi Kumar' })).toHaveValue('1');
    await expect(page.getByRole('textbox', { name: 'Signing order of Meera Shah' })).toHaveValue('2');
    await expect(page.getByRole('textbox', { name: 'Signing order of Arjun Rao' })).toHaveValue('3');
  });

  await test.step('place a signature for each signer and a date signed', async () => {
    const signature = page.getByRole('button', { name: 'Add Signature field' });
    await page.getByRole('button', { name: 'Add fields for Ravi Kumar' }).click();
    await expect(page.getByRole('button', { name: 'Add fields for Ravi Kumar' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Under "Signatures" on the DOCX's page: Ravi on the left with the date below, Meera on the right.
    await dragOntoPage(page, signature, 1, 0.27, 0.35);
    await expect(page.getByRole('button', { name: 'Signature field for Ravi Kumar, page 1' })).toBeVisible();
    await dragOntoPage(page, page.getByRole('button', { name: 'Add Date signed field' }), 1, 0.27, 0.41);
    await expect(
      page.getByRole('button', { name: 'Date signed field for Ravi Kumar, page 1' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Add fields for Meera Shah' }).click();
    await dragOntoPage(page, signature, 1, 0.66, 0.35);
    const second = page.getByRole('button', { name: 'Signature field for Meera Shah, page 1' });
    await expect(second).toBeVisible();
    await expect(page.getByTestId('field-box')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Ready' })).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    // The whole layout without a selection, then one field selected with its properties.
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-testid="field-box"][data-selected]')).toHaveCount(0);
    await shot(page, 'editor-fields');
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    const properties = page.getByRole('complementary', { name: 'Properties' });
    await expect(properties.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('Meera Shah');
    await shot(page, 'editor-selected');
  });

  let documentId = '';
  await test.step('review and send', async () => {
    await page.getByRole('button', { name: 'Next: review and send' }).click();
    await expect(page).toHaveURL(/\/send-document\/mail\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Review and send' })).toBeVisible();
    const recipients = page.getByRole('list', { name: 'Recipients' });
    await expect(recipients.getByRole('listitem')).toHaveCount(3);
    await expect(recipients.getByRole('listitem').nth(0)).toContainText('Ravi Kumar');
    await expect(recipients.getByRole('listitem').nth(1)).toContainText('Meera Shah');
    await expect(recipients.getByRole('listitem').nth(2)).toContainText('Arjun Rao');
    await expect(page.getByText('Recipients sign in order')).toBeVisible();
    await expect(page.getByRole('img', { name: `First page of ${documentName}` })).toBeVisible();
    await shot(page, 'send-review');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const success = page.getByTestId('send-success');
    await expect(success).toBeVisible({ timeout: 30_000 });
    await expect(success.getByRole('heading', { name: 'Document sent' })).toBeVisible();
    await expect(success.getByRole('listitem').filter({ hasText: signer1.email })).toContainText('Emailed');
    await expect(success.getByRole('listitem').filter({ hasText: signer2.email })).toContainText(
      'Waiting for their turn',
    );
    await shot(page, 'sent');
  });

  await test.step("the first signer's mail arrives with a working link; the others wait", async () => {
    const mail = await waitForDeliveredMail(signer1.email, new RegExp(documentName));
    const link = appLinksOf(mail, baseURL).find((href) =>
      /\/emp-documents\/preview\/[^/]+\/pp\/vp\//.test(href),
    );
    expect(link, 'the signing link of the mail').toBeTruthy();
    expect(link).toMatch(/[?&]token=/);
    documentId = /\/emp-documents\/preview\/([^/]+)\//.exec(link as string)?.[1] ?? '';

    // Queued in the same transaction as the send: the Outbox holds none for the others.
    expect(await outboxCount(request, signer1.email)).toBe(1);
    expect(await outboxCount(request, signer2.email)).toBe(0);
    expect(await outboxCount(request, cc.email)).toBe(0);
    expect(await sinkMails(signer2.email)).toHaveLength(0);
    expect(await sinkMails(cc.email)).toHaveLength(0);
    const sent = await json<{ status: string; document_users: { email: string; status: string }[] }>(
      await request.get(`/api/documents/${documentId}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(sent.status).toBe('WAITING');
    const statusOf = (email: string) => sent.document_users.find((user) => user.email === email)?.status;
    expect(statusOf(signer1.email)).toBe('SENT');
    expect(statusOf(signer2.email)).toBe('PENDING');

    const signerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const signerPage = await signerContext.newPage();
    await signerPage.goto(link as string);
    await expect(signerPage.getByTestId('ready-to-sign')).toBeVisible();
    await expect(signerPage.getByTestId('ready-to-sign')).toContainText(documentName);
    await expect(signerPage.getByText('Hello Ravi,')).toBeVisible();
    await shot(signerPage, 'signer-landing');
    await signerContext.close();
  });
});

test('templates: Buyer and Seller roles, published, bulk-sent to a 20-row CSV', async ({ page, request }) => {
  test.setTimeout(240_000);
  const id = uniqueId();
  const templateName = `Sale deed ${id}`;
  const token = await signUpAndSignIn(page, request, `owner-t-${id}@example.com`);
  const pdf = await samplePdf('Sale deed', 'The seller sells and the buyer buys the flat described below.');
  let templateId = '';

  await test.step('upload a PDF as a template', async () => {
    await page.goto('/templates/upload');
    await expect(page.getByRole('heading', { name: 'New template' })).toBeVisible();
    await uploadFiles(page, [{ name: 'Sale deed.pdf', mimeType: 'application/pdf', buffer: pdf }]);
    await page.getByRole('textbox', { name: 'Template name' }).fill(templateName);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/company-documents\/[^/]+\/configure\/template\/[^/]+$/, {
      timeout: 30_000,
    });
    templateId = decodeURIComponent(/\/configure\/template\/([^/]+)$/.exec(page.url())?.[1] ?? '');
    await expect(page.getByTestId('page-canvas-1')).toBeVisible();
  });

  await test.step('two roles with a signature each', async () => {
    const signature = page.getByRole('button', { name: 'Add Signature field' });
    await addRecipient(page, 'role', { role: 'Buyer' });
    // On the PDF's two signature lines (592 pt from the top; 60-260 and 340-540 pt across).
    await dragOntoPage(page, signature, 1, 160 / 612, 562 / 792);
    await expect(page.getByRole('button', { name: 'Signature field for Buyer, page 1' })).toBeVisible();
    await addRecipient(page, 'role', { role: 'Seller' });
    await dragOntoPage(page, signature, 1, 440 / 612, 562 / 792);
    await expect(page.getByRole('button', { name: 'Signature field for Seller, page 1' })).toBeVisible();
    await expect(page.getByTestId('recipient-row')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Ready' })).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    await shot(page, 'editor-template');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/templates$/);
  });

  const rowActions = () => page.getByRole('button', { name: `Actions for ${templateName}` });

  await test.step('publish it: the public link is shown', async () => {
    await expect(page.getByText(templateName).first()).toBeVisible();
    await rowActions().click();
    await page.getByRole('menuitem', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish template' });
    await expect(dialog).toBeVisible();
    const published = dialog.getByRole('switch', { name: /Published/ });
    await published.click();
    await expect(published).toBeChecked();
    const link = dialog.getByRole('textbox', { name: 'Public link' });
    await expect(link).toBeVisible();
    await expect(link).toHaveValue(new RegExp(`^${baseURL.replace(/[.]/g, '\\.')}/`));
    await shot(page, 'template-published');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('bulk send to a 20-row CSV built from the sample header', async () => {
    const sample = await request.get(`/api/document-templates/${templateId}/bulk-send/sample`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sample.ok(), await sample.text()).toBe(true);
    // The sample starts with a byte-order mark (for Excel).
    const header = (await sample.text())
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0]!
      .split(',');
    expect(header).toEqual(expect.arrayContaining(['Buyer Email', 'Seller Email']));
    const cellOf = (column: string, row: number) => {
      if (column === 'Document Name') return `Sale deed - plot ${row}`;
      const [role = '', ...rest] = column.split(' ');
      const what = rest.join(' ');
      if (what === 'Email') return `${role.toLowerCase()}-${row}-${id}@example.com`;
      if (what === 'First Name') return `${role}${row}`;
      if (what === 'Last Name') return 'Bulk';
      return `Value ${row}`;
    };
    const rows = Array.from({ length: 20 }, (_, i) =>
      header.map((column) => cellOf(column, i + 1)).join(','),
    );
    const csv = `${[header.join(','), ...rows].join('\r\n')}\r\n`;

    await rowActions().click();
    await page.getByRole('menuitem', { name: 'Bulk send' }).click();
    const dialog = page.getByRole('dialog', { name: `Bulk send: ${templateName}` });
    await expect(dialog).toBeVisible();
    await dialog
      .locator('input[type="file"][aria-label="Choose the sheet to send"]')
      .setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog.getByText('bulk.csv')).toBeVisible();
    // Checked and shown before anything goes: the count, each document's name and people.
    await dialog.getByRole('button', { name: 'Check the sheet' }).click();
    const preview = dialog.getByTestId('bulk-preview');
    await expect(preview.getByText('20 documents will be sent')).toBeVisible();
    await expect(preview.getByRole('cell', { name: 'Sale deed - plot 1', exact: true })).toBeVisible();
    await shot(page, 'bulk-send-preview');
    await dialog.getByRole('button', { name: 'Send 20 documents' }).click();
    const progress = dialog.getByTestId('bulk-progress');
    await expect(progress.getByText('Bulk send finished')).toBeVisible({ timeout: 60_000 });
    await expect(progress.getByText('20 sent')).toBeVisible();
    await expect(progress.getByText('0 failed')).toBeVisible();
    await expect(progress.getByText('20 of 20 processed')).toBeVisible();
    await shot(page, 'bulk-send-done');
  });

  await test.step('40 mails arrive: one for each buyer and each seller (no signing order)', async () => {
    const ours = (mail: SinkMail) =>
      mail.to.some((to) => to.endsWith(`-${id}@example.com`) && !to.startsWith('owner'));
    await expect
      .poll(async () => (await sinkMails()).filter(ours).length, {
        timeout: 60_000,
        message: 'the bulk mails arrived at the sink',
      })
      .toBe(40);
    const mails = (await sinkMails()).filter(ours);
    for (let row = 1; row <= 20; row += 1) {
      for (const role of ['buyer', 'seller']) {
        const to = `${role}-${row}-${id}@example.com`;
        const theirs = mails.filter((mail) => mail.to.includes(to));
        expect(theirs, to).toHaveLength(1);
        // Each document carries its row's name (the sheet's Document Name column).
        expect(theirs[0]!.subject).toContain(`Sale deed - plot ${row}`);
        expect(appLinksOf(theirs[0]!, baseURL).some((href) => href.includes('/emp-documents/preview/'))).toBe(
          true,
        );
      }
    }
  });
});
