import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { smtpSinkURL } from '../playwright.config';
import { waitForDeliveredMail, type SinkMail } from './mail-sink';

// Set-up steps a journey does through the API when they are not what it is about: a verified
// company owner, and one-page PDFs sent for signature. And the signer's part in the browser.

export const PASSWORD = 'journey-pass-2024';

type Envelope<T> = { success: boolean; data: T; message?: string };

/** The `data` of an API reply, after checking it succeeded. */
export async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(response.ok(), `${response.url()}: ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
  return body.data;
}

/** A one-page PDF with a title, a line of text and a signature line. */
export async function samplePdf(title: string, line: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText(title, { x: 60, y: 720, size: 22, font: bold });
  page.drawText(line, { x: 60, y: 684, size: 12, font, color: rgb(0.2, 0.2, 0.2) });
  page.drawLine({ start: { x: 60, y: 580 }, end: { x: 260, y: 580 }, thickness: 0.8 });
  return Buffer.from(await doc.save());
}

/** A company owner signed up and verified through the mail the sink caught; answers the access token. */
export async function signUpOwner(
  request: APIRequestContext,
  owner: { email: string; company: string; first: string; last: string },
): Promise<string> {
  await json(
    await request.post('/api/companySignup', {
      data: {
        company_name: owner.company,
        first_name: owner.first,
        last_name: owner.last,
        email: owner.email,
        password: PASSWORD,
      },
    }),
  );
  const mail = await waitForDeliveredMail(owner.email, /code/i);
  const code = /(\d{6})$/.exec(mail.subject)?.[1] ?? '';
  await json(await request.post('/api/email/verify', { data: { email: owner.email, code } }));
  const session = await json<{ access_token: string }>(
    await request.post('/api/signin', { data: { email: owner.email, password: PASSWORD } }),
  );
  return session.access_token;
}

/** Signs in through the sign-in screen and lands on the dashboard. */
export async function signInInBrowser(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export type Signer = { email: string; first: string; last: string };

/** A document user of a layout: its `key`, and either a person (email, names) or a `role_name`. */
export type LayoutUser = { key: string; user_type: 'SIGNER'; color?: string } & Record<string, unknown>;

/**
 * Uploads `pdf` as a document (or, with `isTemplate`, a document template) and lays out one
 * signature field (key `sig`) for `user`, through the API with the sender's token; answers its id.
 */
export async function layOutSignatureDocument(
  request: APIRequestContext,
  token: string,
  input: {
    name: string;
    pdf: Buffer;
    user: LayoutUser;
    isTemplate?: boolean;
    settings?: Record<string, unknown>;
  },
): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const { name, pdf, user } = input;
  const upload = await json<{ upload_url: string; file_ref_id: string }>(
    await request.post('/api/document-templates/file-upload', {
      headers,
      data: { file_name: `${name}.pdf`, content_type: 'application/pdf', size: pdf.length },
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
      { timeout: 30_000, message: `the upload of ${name} converted` },
    )
    .toBe(true);
  const config = await json<{ _id: string; settings: Record<string, unknown> }>(
    await request.post('/api/document-templates', {
      headers,
      data: { name, file_ref_ids: fileRefIds, is_template: input.isTemplate ?? false },
    }),
  );
  await json(
    await request.put('/api/document-templates/documents/draft', {
      headers,
      data: {
        configurable_document_id: config._id,
        name,
        fields: [
          {
            key: 'sig',
            type: 'SIGNATURE',
            page: 1,
            x: 60,
            y: 160,
            width: 180,
            height: 48,
            recipient_key: user.key,
          },
        ],
        document_users: [{ color: '#1C7ED6', ...user }],
        settings: { ...config.settings, ...input.settings },
      },
    }),
  );
  return config._id;
}

/**
 * Uploads `pdf`, lays out one signature field (key `sig`) for `signer` and sends it through the
 * API with the sender's token; answers the document id.
 */
export async function sendForSignature(
  request: APIRequestContext,
  token: string,
  input: { name: string; pdf: Buffer; signer: Signer },
): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const { name, pdf, signer } = input;
  const configId = await layOutSignatureDocument(request, token, {
    name,
    pdf,
    user: {
      key: 'signer',
      email: signer.email,
      first_name: signer.first,
      last_name: signer.last,
      user_type: 'SIGNER',
    },
    settings: { email_message: `Please sign ${name}.` },
  });
  const sent = await json<{ _id: string }>(
    await request.post('/api/company-documents/documents/send', {
      headers,
      data: { configurable_document_id: configId },
    }),
  );
  return sent._id;
}

/** Every mail the sink caught for `to`, oldest first. */
export async function sinkMailsTo(to: string): Promise<SinkMail[]> {
  const response = await fetch(`${smtpSinkURL}/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as SinkMail[];
}

/** Waits until `to` has received more than `already` mails whose subject matches; answers the newest. */
export async function waitForNewMail(to: string, subject: RegExp, already: number): Promise<SinkMail> {
  let found: SinkMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await sinkMailsTo(to)).filter((mail) => subject.test(mail.subject));
        found = mails.at(-1);
        return mails.length;
      },
      { timeout: 30_000, message: `mail number ${already + 1} to ${to} matching ${subject}` },
    )
    .toBeGreaterThan(already);
  return found as SinkMail;
}

/**
 * The signer's part, in their own page: opens the signing link, fills every signature field with
 * a drawn signature and finishes.
 */
export async function signThroughLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await signOpenedDocument(page);
}

/**
 * The signer's part on a signing screen already open (a link followed, a Sign button): fills
 * the first signature field with a drawn signature and finishes.
 */
export async function signOpenedDocument(page: Page): Promise<void> {
  await expect(page.getByTestId('ready-to-sign')).toBeVisible();
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await expect(page.getByTestId('signing-view')).toBeVisible();
  const field = page.getByTestId(/^signer-field-/).first();
  await field.click();
  const dialog = page.getByRole('dialog', { name: 'Adopt your signature' });
  await expect(dialog).toBeVisible();
  const box = await page.getByTestId('draw-pad').boundingBox();
  if (!box) throw new Error('the drawing pad has no box');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 24; i += 1) {
    await page.mouse.move(box.x + 30 + i * 10, box.y + box.height * 0.6 - Math.sin(i / 2.5) * 30, {
      steps: 2,
    });
  }
  await page.mouse.up();
  await dialog.getByRole('button', { name: 'Adopt and sign' }).click();
  await expect(dialog).toBeHidden();
  await expect(field).toHaveAttribute('aria-label', /filled$/);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('finish-success')).toBeVisible();
}
