import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { settleJobs } from '../notifications/test-helpers';
import { caller, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { registerSentDocumentsListener } from '../documents';
import { pageImageKey, registerFirstPageImageWarming } from './page-image';
import { eventually, linkHeaders, sendForSigning, signerCaller, type SignerHeaders } from './test-helpers';

/*
 * `GET /e-signs/{id}/first-page`: the first page as a PNG for the signer who may act on the
 * document, drawn once and kept; nobody else, and not once the document is closed.
 */

let t: TestApp;
let acme: SeededCompany;
let asSigner: ReturnType<typeof signerCaller>;
let call: ReturnType<typeof caller>;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const firstPage = (id: string, v?: string) => `/api/e-signs/${id}/first-page${v ? `?v=${v}` : ''}`;

async function sent(layout: { email?: string; gate?: boolean; pages?: number } = {}) {
  const email = layout.email ?? uniqueEmail('page');
  const doc: TEmployeeDocument = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
    document_users: [signer('r1', email, layout.gate ? { email_verification: true } : {})],
    fields: [signatureField('f1', 'r1')],
    ...(layout.pages ? { pages: layout.pages } : {}),
  });
  return { doc, headers: await linkHeaders(t, email, doc._id) };
}

beforeAll(async () => {
  t = await buildTestApp();
  asSigner = signerCaller(t);
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Pages' });
});
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

describe('first page image', () => {
  let doc: TEmployeeDocument;
  let headers: SignerHeaders;
  beforeAll(async () => {
    ({ doc, headers } = await sent());
  });

  it('answers the signer a PNG of the first page, kept privately by the browser for the current version', async () => {
    const res = await asSigner('GET', firstPage(doc._id, doc.file.sha256), headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Drawn once: kept in storage under the file's version.
    const key = pageImageKey(acme.companyId, doc.file.sha256);
    expect(await t.platform.storage.head(key)).not.toBeNull();
    const again = await asSigner('GET', firstPage(doc._id, doc.file.sha256), headers);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('must be checked again when asked without the current version', async () => {
    for (const url of [firstPage(doc._id), firstPage(doc._id, 'a'.repeat(64))]) {
      const res = await asSigner('GET', url, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it("refuses another document's signer, a wrong secret, no credentials and bad ids", async () => {
    const other = await sent();
    const refused = [
      await asSigner('GET', firstPage(doc._id), other.headers),
      await asSigner('GET', firstPage(doc._id), { ...other.headers, documentid: doc._id }),
      await asSigner('GET', firstPage(doc._id), { ...headers, password: other.headers.password }),
      await asSigner('GET', firstPage(doc._id), {}),
      await asSigner('GET', firstPage('not-a-uuid'), { ...headers, documentid: 'not-a-uuid' }),
      await asSigner('GET', firstPage('00000000-0000-4000-8000-000000000000'), headers),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.headers['content-type']).not.toBe('image/png');
    }
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('refuses a staff token: the image is for the signing view of a recipient', async () => {
    const res = await call('GET', firstPage(doc._id), acme.users.OWNER);
    expect(res.statusCode).toBe(401);
  });
});

describe('first page image drawn ahead', () => {
  it('is drawn as soon as the document is sent, before its recipient opens the link', async () => {
    // Images are kept by the file's SHA-256, and documents of the same page count may share their
    // bytes: a page count no other test of this file uses makes this one's image its own.
    const { doc } = await sent({ pages: 3 });
    const key = pageImageKey(acme.companyId, doc.file.sha256);
    await eventually(async () => (await t.platform.storage.head(key)) !== null, 'the image drawn at send');
  });

  it('is drawn when the record is shown to a signer who may act, if it is not there yet', async () => {
    // Sent without the drawing at send (as if it had failed).
    registerSentDocumentsListener('signing.first-page-image', () => undefined);
    const { doc, headers } = await sent({ pages: 4 }).finally(() => registerFirstPageImageWarming());
    const key = pageImageKey(acme.companyId, doc.file.sha256);
    expect(await t.platform.storage.head(key)).toBeNull();
    const record = await asSigner('GET', `/api/e-signs/${doc._id}`, headers);
    expect(record.statusCode, record.body).toBe(200);
    await eventually(async () => (await t.platform.storage.head(key)) !== null, 'the warmed image');
  });
});

describe('first page image of a document the signer may not act on', () => {
  it('is refused once the document is voided', async () => {
    const { doc, headers } = await sent();
    const voided = await call('POST', `/api/documents/${doc._id}/void`, acme.users.OWNER, {
      reason: 'Wrong one',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const res = await asSigner('GET', firstPage(doc._id, doc.file.sha256), headers);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error_code).toBe('VOIDED');
  });

  it('is refused while the email code gate is closed', async () => {
    const { doc, headers } = await sent({ gate: true });
    const res = await asSigner('GET', firstPage(doc._id, doc.file.sha256), headers);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error_code).toBe('EMAIL_CODE');
  });
});
