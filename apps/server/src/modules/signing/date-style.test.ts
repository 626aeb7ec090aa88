import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { pdfText } from '../../platform/pdf/testing';
import { caller, mailsTo, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { linkHeaders, pngDataUrl, sendForSigning, signerCaller, waitForSeal } from './test-helpers';

/*
 * One date, one rule (ARCHITECTURE.md "Dates"): mails read dates in their reader's format and zone
 * (a user of the app: their settings; a signer without an account: the company's, i.e. its owner's),
 * the sealed PDF and its certificate in the company's, the zone named where a reader could doubt.
 * Expected texts are built with Intl here, not with the product's formatter.
 */

let t: TestApp;
let acme: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Dated Estates' });
  await saveSettings(acme.users.OWNER, { date: 'DD-MM-YYYY', time: 'HH:mm', time_zone: 'Asia/Kolkata' });
  await saveSettings(acme.users.MEMBER, { date: 'YYYY-MM-DD', time: 'HH:mm', time_zone: 'America/New_York' });
});
afterAll(async () => {
  await t.close();
});

async function saveSettings(who: SeededUser, body: object): Promise<void> {
  const res = await call('POST', '/api/application-settings', who, body);
  expect(res.statusCode, res.body).toBe(200);
}

/** `date` as `DD-MM-YYYY` / `YYYY-MM-DD` on the wall clock of `timeZone`, by Intl alone. */
function wallDate(date: Date, timeZone: string): { y: string; m: string; d: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { y: get('year'), m: get('month'), d: get('day') };
}

async function expiryOf(documentId: string): Promise<Date> {
  const res = await call('GET', `/api/documents/${documentId}`, acme.users.OWNER);
  expect(res.statusCode, res.body).toBe(200);
  return new Date(res.json().data.expires_at as string);
}

describe('mails', () => {
  it("write the expiry in the recipient's format and zone, the zone named", async () => {
    const outsider = uniqueEmail('outside');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      name: 'Dated lease',
      settings: { expire_after_days: 10 },
      document_users: [signer('s1', outsider), signer('s2', acme.users.MEMBER.email)],
      fields: [signatureField('sig1', 's1'), signatureField('sig2', 's2')],
    });
    const expires = await expiryOf(sent._id);

    // A signer without an account: the company's (its owner's) DD-MM-YYYY in Asia/Kolkata.
    const kolkata = wallDate(expires, 'Asia/Kolkata');
    const [outsideMail] = (await mailsTo(t, outsider)).filter((m) => m.kind === 'document.sent');
    expect(outsideMail!.html).toContain(
      `before ${kolkata.d}-${kolkata.m}-${kolkata.y} (Asia/Kolkata, UTC+05:30)`,
    );
    expect(outsideMail!.html).not.toContain('(UTC)');

    // A user of the app: their own YYYY-MM-DD in America/New_York.
    const ny = wallDate(expires, 'America/New_York');
    const [memberMail] = (await mailsTo(t, acme.users.MEMBER.email)).filter(
      (m) => m.kind === 'document.sent',
    );
    expect(memberMail!.html).toMatch(
      new RegExp(`before ${ny.y}-${ny.m}-${ny.d} \\(America/New_York, UTC-0[45]:00\\)`),
    );
  });
});

describe('the signing screen', () => {
  it("carries the company's date format and zone to a signer without an account", async () => {
    const email = uniqueEmail('screen');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      name: 'Dated screen',
      document_users: [signer('s1', email)],
      fields: [signatureField('sig1', 's1')],
    });
    const headers = await linkHeaders(t, email, sent._id);
    const res = await signerCaller(t)('GET', `/api/e-signs/${sent._id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.company_dates).toEqual({ format: 'DD-MM-YYYY', time_zone: 'Asia/Kolkata' });
  });
});

describe('the sealed PDF', () => {
  it("writes the date signed and the certificate's times in the company's format and zone", async () => {
    const email = uniqueEmail('sealed');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      name: 'Dated deed',
      document_users: [signer('s1', email)],
      fields: [
        signatureField('sig1', 's1'),
        {
          key: 'd1',
          type: 'DATE_SIGNED',
          page: 1,
          x: 300,
          y: 700,
          width: 120,
          height: 20,
          recipient_key: 's1',
        },
      ],
    });
    const headers = await linkHeaders(t, email, sent._id);
    const done = await signerCaller(t)('POST', `/api/documents/${sent._id}/finish`, headers, {
      values: { sig1: pngDataUrl() },
    });
    expect(done.statusCode, done.body).toBe(200);
    const seal = await waitForSeal(t, sent._id);
    const doc = await call('GET', `/api/documents/${sent._id}`, acme.users.OWNER);
    const completed = new Date(doc.json().data.completed_at as string);

    // The date signed: the day in Kolkata when they finished, as DD-MM-YYYY.
    const day = wallDate(completed, 'Asia/Kolkata');
    const page = pdfText(await t.platform.storage.get(seal.fileKey!), 1);
    expect(page).toContain(`${day.d}-${day.m}-${day.y}`);

    const text = pdfText(await t.platform.storage.get(seal.fileKey!)).replace(/\s+/g, ' ');
    expect(text).toMatch(
      new RegExp(`Completed ${day.d}-${day.m}-${day.y} \\d{2}:\\d{2}:\\d{2} \\(Asia/Kolkata, UTC\\+05:30\\)`),
    );
    expect(text).toContain('Time (Asia/Kolkata)');
    expect(text).not.toContain('UTC)');
  });
});
