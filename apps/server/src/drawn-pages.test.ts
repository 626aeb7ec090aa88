import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../test/test-app';
import { seedCompany, type SeededCompany } from '../test/seed-company';
import { caller, signatureField, signer, uniqueEmail } from './modules/documents/test-helpers';
import { settleJobs } from './modules/notifications/test-helpers';
import {
  eventually,
  linkHeaders,
  nextSignerIp,
  sendForSigning,
  type SignerHeaders,
} from './modules/signing/test-helpers';

/*
 * A signing link's landing drawn by the server (drawn-pages.ts): only for a valid link, from the
 * recipient's own record, never counted as a view, never kept by a cache; anything else gets the
 * app's page as before, and no input makes it fail. The drawing code here is a stand-in module in
 * the build's place (the real one is drawn and checked by the web tests and the e2e journey).
 */

let t: TestApp;
let root: string;
let acme: SeededCompany;
let other: SeededCompany;
let doc: TEmployeeDocument;
let otherDoc: TEmployeeDocument;
let link: SignerHeaders;
let otherLink: SignerHeaders;
let call: ReturnType<typeof caller>;

const RENDERER = `
export async function renderSigningLanding(record, url, extra) {
  if (record.document.name === 'Throws') throw new Error('drawing failed');
  if (record.gates.length > 0) return null;
  const image = extra.firstPageUrl ? 'image:' + encodeURIComponent(extra.firstPageUrl) : 'no-image';
  const text = [record.document.name, record.recipient.first_name, record.recipient.status, url, record.blocked, image];
  return '<p data-drawn>' + text.join('|').replace(/[&<>"]/g, '') + '</p>';
}`;

const pageOf = (documentId: string, userId: string, token: string) =>
  `/emp-documents/preview/${documentId}/pp/vp/${userId}?token=${encodeURIComponent(token)}`;

function open(url: string, ip = nextSignerIp()) {
  return t.app.inject({ method: 'GET', url, remoteAddress: ip, headers: { 'accept-encoding': 'identity' } });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'esigns-drawn-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/app-1.js"></script></head><div id="root"></div></html>',
  );
  writeFileSync(path.join(root, 'dist-ssr', 'drawn-landing.js'), RENDERER);
  t = await buildTestApp({ WEB_DIST: dist });
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Drawn' });
  other = await seedCompany(t, { name: 'Other Drawn' });
  const send = async (company: SeededCompany, name: string) => {
    const email = uniqueEmail('drawn');
    const sent = await sendForSigning(t, company.users.OWNER, company.companyId, {
      name,
      document_users: [signer('s1', email, { first_name: 'Vikram' })],
      fields: [signatureField('f1', 's1')],
    });
    return { sent, link: await linkHeaders(t, email, sent._id) };
  };
  ({ sent: doc, link } = await send(acme, 'Lease'));
  ({ sent: otherDoc, link: otherLink } = await send(other, 'Other lease'));
});

afterAll(async () => {
  await settleJobs(t);
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const isDrawn = (body: string) => body.includes('data-static-page="signing-landing"');

describe("a signing link's landing drawn by the server", () => {
  it('draws the recipient’s record into the page, kept by no cache, without counting a view', async () => {
    const res = await open(pageOf(link.documentid, link.userid, link.password));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(isDrawn(res.body)).toBe(true);
    expect(res.body).toContain('<p data-drawn>Lease|Vikram|SENT|/emp-documents/preview/');
    // The entry is started by the page's early script once painted, as on the build's static pages.
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin data-app-entry href="/assets/app-1.js">',
    );
    // Not a view in the document's timeline (a mail scanner opening the link would not make the
    // recipient VIEWED); the app's own call, from a browser, is.
    const timeline = async () => {
      const logs = await call('GET', `/api/documents/${doc._id}/users/logs`, acme.users.OWNER);
      expect(logs.statusCode, logs.body).toBe(200);
      return logs.body.toLowerCase();
    };
    expect(await timeline()).not.toContain('viewed');
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/e-signs/${doc._id}`,
      remoteAddress: nextSignerIp(),
      headers: { ...link },
    });
    expect(record.statusCode, record.body).toBe(200);
    expect(await timeline()).toContain('viewed');
  });

  it('offers the first page’s image (made when the document was sent) at an address that needs no header', async () => {
    const address = await eventually(async () => {
      const res = await open(pageOf(link.documentid, link.userid, link.password));
      return /\|image:([^|<]+)/.exec(res.body)?.[1] ?? null;
    }, 'the first page image offered');
    const url = new URL(decodeURIComponent(address), 'http://localhost');
    const image = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('offers no image to a recipient who may not act (a voided document), and still draws the notice', async () => {
    const voided = await call('POST', `/api/documents/${otherDoc._id}/void`, other.users.OWNER, {
      reason: 'Wrong tenant',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const res = await open(pageOf(otherLink.documentid, otherLink.userid, otherLink.password));
    expect(isDrawn(res.body)).toBe(true);
    expect(res.body).toContain('|VOIDED|no-image</p>');
  });

  it('is compressed when the browser accepts it, and never kept', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: pageOf(link.documentid, link.userid, link.password),
      remoteAddress: nextSignerIp(),
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a wrong secret', () => pageOf(link.documentid, link.userid, `${link.password}x`)],
    ['another document’s secret', () => pageOf(link.documentid, link.userid, otherLink.password)],
    [
      'another company’s recipient on this document',
      () => pageOf(link.documentid, otherLink.userid, otherLink.password),
    ],
    ['this recipient on another company’s document', () => pageOf(otherDoc._id, link.userid, link.password)],
    ['no secret', () => `/emp-documents/preview/${link.documentid}/pp/vp/${link.userid}`],
    ['an empty secret', () => pageOf(link.documentid, link.userid, '')],
    ['a secret of 10,000 characters', () => pageOf(link.documentid, link.userid, 'a'.repeat(10_000))],
    ['ids that are not ids', () => pageOf('not-a-uuid', "1' or '1'='1", link.password)],
    [
      'a damaged escape in the secret',
      () => `/emp-documents/preview/${link.documentid}/pp/vp/${link.userid}?token=%E0%A4`,
    ],
    [
      'a trailing path',
      () => `${pageOf(link.documentid, link.userid, link.password).split('?')[0]}/more?token=x`,
    ],
  ])('gives the app’s own page for %s (nothing of the record in it)', async (_case, url) => {
    const res = await open(url());
    expect(res.statusCode).toBe(200);
    expect(isDrawn(res.body)).toBe(false);
    expect(res.body).not.toContain('Lease');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('counts wrong secrets against the address, as the API does: then not even a valid link is drawn', async () => {
    const ip = nextSignerIp();
    for (let i = 0; i < 20; i++) await open(pageOf(link.documentid, link.userid, `wrong-${i}`), ip);
    const blocked = await open(pageOf(link.documentid, link.userid, link.password), ip);
    expect(blocked.statusCode).toBe(200);
    expect(isDrawn(blocked.body)).toBe(false);
    // Another address is not concerned.
    expect(isDrawn((await open(pageOf(link.documentid, link.userid, link.password))).body)).toBe(true);
  });

  it('gives the app’s own page when the drawing fails (logged)', async () => {
    const email = uniqueEmail('throws');
    const failing = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      name: 'Throws',
      document_users: [signer('s1', email)],
      fields: [signatureField('f1', 's1')],
    });
    const failingLink = await linkHeaders(t, email, failing._id);
    const res = await open(pageOf(failingLink.documentid, failingLink.userid, failingLink.password));
    expect(res.statusCode).toBe(200);
    expect(isDrawn(res.body)).toBe(false);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
