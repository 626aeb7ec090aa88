import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Download,
  type Page,
} from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { baseURL } from '../playwright.config';
import { signInInBrowser } from '../support/document-setup';
import { appLinksOf, waitForDeliveredMail } from '../support/mail-sink';
import { uniqueId } from '../support/ids';

// Issue 5 at 375x812: a sender (set up through the API to keep the journey short) sends a
// document; the signer opens the link from the mail the SMTP sink caught, draws a signature and
// finishes; the sender then signs in and downloads the completed, sealed PDF with the document
// screen's Download action (a real browser download). Screenshots go to
// e2e/screenshots/signing-*.png.
const shots = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `signing-${name}.png`) });

const PASSWORD = 'journey-pass-2024';

type Envelope<T> = { success: boolean; data: T; message?: string };

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(response.ok(), `${response.url()}: ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
  return body.data;
}

async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Lease agreement', { x: 60, y: 720, size: 22, font });
  page.drawText('The tenant signs below.', { x: 60, y: 680, size: 12, font });
  return Buffer.from(await doc.save());
}

/** A company owner, signed up and verified through the mail the sink caught; answers the access token. */
async function signUpSender(request: APIRequestContext, email: string): Promise<string> {
  await json(
    await request.post('/api/companySignup', {
      data: {
        company_name: 'Signing Journey Ltd',
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
  return session.access_token;
}

/** Uploads the PDF, lays out one signature field for `signerEmail` and sends it; answers the document id. */
async function sendDocument(request: APIRequestContext, token: string, pdf: Buffer, signerEmail: string) {
  const headers = { authorization: `Bearer ${token}` };
  const upload = await json<{ upload_url: string; file_ref_id: string }>(
    await request.post('/api/document-templates/file-upload', {
      headers,
      data: { file_name: 'Lease.pdf', content_type: 'application/pdf', size: pdf.length },
    }),
  );
  const put = await request.put(upload.upload_url, {
    headers: { 'content-type': 'application/pdf' },
    data: pdf,
  });
  expect(put.ok(), await put.text()).toBe(true);
  let fileRefIds: string[] = [];
  await expect
    .poll(
      async () => {
        const status = await json<{ status: string; fileInfos?: { file_ref_id: string }[] }>(
          await request.post('/api/document-templates/file-upload/status', {
            headers,
            data: { file_ref_id: upload.file_ref_id },
          }),
        );
        fileRefIds = (status.fileInfos ?? []).map((file) => file.file_ref_id);
        return status.status === 'UPLOADED' && fileRefIds.length > 0;
      },
      { timeout: 30_000, message: 'the upload converted' },
    )
    .toBe(true);
  const config = await json<{ _id: string; settings: Record<string, unknown> }>(
    await request.post('/api/document-templates', {
      headers,
      data: { name: 'Lease', file_ref_ids: fileRefIds, is_template: false },
    }),
  );
  await json(
    await request.put('/api/document-templates/documents/draft', {
      headers,
      data: {
        configurable_document_id: config._id,
        name: 'Lease',
        fields: [
          {
            key: 'sig',
            type: 'SIGNATURE',
            page: 1,
            x: 60,
            y: 160,
            width: 180,
            height: 48,
            recipient_key: 'tenant',
          },
        ],
        document_users: [
          {
            key: 'tenant',
            email: signerEmail,
            first_name: 'Ravi',
            last_name: 'Kumar',
            user_type: 'SIGNER',
            color: '#1C7ED6',
          },
        ],
        settings: { ...config.settings, email_message: 'Please sign the lease.' },
      },
    }),
  );
  const sent = await json<{ _id: string }>(
    await request.post('/api/company-documents/documents/send', {
      headers,
      data: { configurable_document_id: config._id },
    }),
  );
  return sent._id;
}

/** The next download of any tab of `context` (a link opened in a new tab downloads there). */
function nextDownload(context: BrowserContext, timeout = 30_000): Promise<Download> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no download started')), timeout);
    const done = (download: Download) => {
      clearTimeout(timer);
      resolve(download);
    };
    const watch = (page: Page) => page.once('download', done);
    context.pages().forEach(watch);
    context.on('page', watch);
  });
}

test.use({ viewport: { width: 375, height: 812 }, hasTouch: false });

test('signing: the signer opens the mailed link on a phone, draws, finishes; the sender downloads the sealed PDF', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const id = uniqueId();
  const senderEmail = `sender-${id}@example.com`;
  const signerEmail = `tenant-${id}@example.com`;
  const pdf = await samplePdf();

  const token = await signUpSender(request, senderEmail);
  const documentId = await sendDocument(request, token, pdf, signerEmail);

  await test.step('the signer opens the link from the mail', async () => {
    const mail = await waitForDeliveredMail(signerEmail, /Lease/);
    const link = appLinksOf(mail, baseURL).find((href) =>
      href.includes(`/emp-documents/preview/${documentId}/pp/vp/`),
    );
    expect(link, 'the signing link of the mail').toBeTruthy();
    await page.goto(link as string);
    await expect(page.getByTestId('ready-to-sign')).toBeVisible();
    await expect(page.getByText('Please sign the lease.')).toBeVisible();
    // The secret does not stay in the address bar.
    await expect(page).not.toHaveURL(/token=/);
    await shot(page, 'journey-landing');
    await page.getByRole('button', { name: 'Review and sign' }).click();
    await expect(page.getByTestId('signing-view')).toBeVisible();
    await expect(page.getByTestId('progress-counter')).toHaveText('0 of 1 required');
  });

  await test.step('draws a signature and finishes', async () => {
    await page.getByTestId('signer-field-sig').click();
    const dialog = page.getByRole('dialog', { name: 'Adopt your signature' });
    await expect(dialog).toBeVisible();
    const pad = page.getByTestId('draw-pad');
    const box = await pad.boundingBox();
    if (!box) throw new Error('the drawing pad has no box');
    await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 24; i += 1) {
      await page.mouse.move(box.x + 30 + i * 10, box.y + box.height * 0.6 - Math.sin(i / 2.5) * 35, {
        steps: 2,
      });
    }
    await page.mouse.up();
    await shot(page, 'journey-draw');
    await dialog.getByRole('button', { name: 'Adopt and sign' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('signer-field-sig')).toHaveAttribute(
      'aria-label',
      'Signature, required, filled',
    );
    await expect(page.getByTestId('progress-counter')).toHaveText('1 of 1 required');
    await shot(page, 'journey-signed-field');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByTestId('finish-success')).toBeVisible();
    await expect(page.getByRole('heading', { name: "You're done" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download signed PDF' })).toBeVisible({ timeout: 60_000 });
    await shot(page, 'journey-done');
  });

  await test.step('the sender signs in and downloads the completed PDF from the document screen', async () => {
    // The sender's own browser: sign in through the UI, open the document, Actions -> Download.
    const sender = await browser.newContext({ viewport: { width: 375, height: 812 }, acceptDownloads: true });
    try {
      const senderPage = await sender.newPage();
      await signInInBrowser(senderPage, senderEmail);
      await senderPage.goto(`/emp-documents/custom/${documentId}`);
      await expect(senderPage.getByRole('heading', { name: 'Lease' })).toBeVisible();
      await expect(senderPage.getByText('Completed', { exact: true }).first()).toBeVisible({
        timeout: 30_000,
      });

      // The action opens a short-lived link in a new tab; its answer is an attachment, so the
      // browser downloads it (in whichever tab Chromium attributes it to).
      const download = nextDownload(sender);
      await senderPage.getByRole('button', { name: 'Actions for Lease' }).click();
      await senderPage.getByRole('menuitem', { name: 'Download' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/i);
      const bytes = readFileSync(await file.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The sealed copy: the original plus the certificate page and the signature.
      expect(bytes.length).toBeGreaterThan(pdf.length);
      expect(bytes.toString('latin1')).toContain('/ByteRange');
      await shot(senderPage, 'journey-sender-downloaded');
    } finally {
      await sender.close();
    }
  });
});
