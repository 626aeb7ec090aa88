import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocumentLogsReply } from '@esigns/contracts/signing';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { formatTime } from '../../platform/pdf/certificate';
import { pdfText } from '../../platform/pdf/testing';
import { documentUsers, employeeDocuments } from '../documents/schema';
import {
  caller,
  mailsTo,
  signatureField,
  signer,
  signingLinkOf,
  uniqueEmail,
} from '../documents/test-helpers';
import { gatherSealInput } from './seal-service';
import {
  codeMailedTo,
  linkHeaders,
  pngDataUrl,
  sendForSigning,
  signerCaller,
  waitForSeal,
  type SignerHeaders,
} from './test-helpers';

/*
 * The audit trail records the truth: a link handed to the sender is in-person signing hosted by
 * them (gates kept), blank or broken signatures are refused, one completion time everywhere, and
 * a notification row is never shown under the recipient's name with the sender's IP.
 */

let t: TestApp;
let acme: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Truthful Realty' });
});
afterAll(async () => {
  await t.close();
});

const ownerLabel = () => {
  const o = acme.users.OWNER;
  return o.email;
};

async function hostedHeaders(documentId: string, documentUserId: string): Promise<SignerHeaders> {
  const res = await call(
    'POST',
    `/api/documents/${documentId}/document-users/generate-document-link`,
    acme.users.OWNER,
    { document_user_id: documentUserId },
  );
  expect(res.statusCode, res.body).toBe(200);
  const link = signingLinkOf(res.json().data.link as string)!;
  return { documentid: link.documentId, userid: link.userId, password: link.token };
}

async function logsOf(documentId: string): Promise<TDocumentLogsReply> {
  const res = await call('GET', `/api/documents/${documentId}/users/logs`, acme.users.OWNER);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TDocumentLogsReply;
}

describe('a link generated for the sender', () => {
  it('is in-person signing hosted by the sender on the timeline and certificate, and keeps the email-code gate', async () => {
    const email = uniqueEmail('guest');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      name: 'Hosted lease',
      document_users: [signer('s1', email, { email_verification: true })],
      fields: [signatureField('sig1', 's1')],
    });
    const recipientId = sent.document_users[0]!._id;
    const mailed = await linkHeaders(t, email, sent._id);
    const hosted = await hostedHeaders(sent._id, recipientId);
    const as = signerCaller(t);

    // Regenerating stops the recipient's earlier (mailed) link at once.
    expect((await as('GET', `/api/e-signs/${sent._id}`, mailed)).statusCode).toBe(401);

    // The email-code gate still applies through the hosted link.
    const record = await as('GET', `/api/e-signs/${sent._id}`, hosted);
    expect(record.statusCode).toBe(200);
    expect(record.json().data.gates).toContain('EMAIL_CODE');
    const early = await as('POST', `/api/documents/${sent._id}/finish`, hosted, {
      values: { sig1: pngDataUrl() },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().error_code).toBe('EMAIL_CODE');
    expect((await as('POST', '/api/e-sign/send-verification', hosted)).statusCode).toBe(200);
    const code = await codeMailedTo(t, email);
    expect((await as('POST', '/api/e-sign/verify', hosted, { code })).statusCode).toBe(200);

    const done = await as(
      'POST',
      `/api/documents/${sent._id}/finish`,
      hosted,
      { values: { sig1: pngDataUrl() } },
      '203.0.113.7',
    );
    expect(done.statusCode, done.body).toBe(200);

    const { logs } = await logsOf(sent._id);
    const actions = logs.map((l) => l.action);
    expect(actions).toContain('recipient.signed_in_person');
    expect(actions).not.toContain('recipient.signed');
    const signed = logs.find((l) => l.action === 'recipient.signed_in_person')!;
    expect(signed.details).toMatchObject({ via: 'HOSTED', hosted_by_user_id: acme.users.OWNER.userId });
    expect(String(signed.details.hosted_by)).toContain(ownerLabel());
    expect(signed.ip).toBe('203.0.113.7');
    const verified = logs.find((l) => l.action === 'recipient.code_verified')!;
    expect(verified.details.via).toBe('HOSTED');

    const seal = await waitForSeal(t, sent._id);
    const text = pdfText(await t.platform.storage.get(seal.fileKey!)).replace(/\s+/g, ' ');
    expect(text).toContain('In person, hosted by');
    expect(text).toContain(ownerLabel());
    expect(text).toContain('Email code');
    expect(text).not.toContain('Email link');
    expect(text).toContain('Signed in person');
  });

  it("a client cannot claim a mailed link is hosted, nor a hosted link is mailed: the kind is the server's", async () => {
    const email = uniqueEmail('plain');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('s1', email)],
      fields: [signatureField('sig1', 's1')],
    });
    const mailed = await linkHeaders(t, email, sent._id);
    const as = signerCaller(t);
    const done = await as(
      'POST',
      `/api/documents/${sent._id}/finish`,
      { ...mailed, via: 'HOSTED' },
      {
        values: { sig1: pngDataUrl() },
      },
    );
    expect(done.statusCode, done.body).toBe(200);
    const { logs } = await logsOf(sent._id);
    const signed = logs.find((l) => l.action.startsWith('recipient.signed'))!;
    expect(signed.action).toBe('recipient.signed');
    expect(signed.details.via).toBe('SECRET');
    expect(signed.details.hosted_by).toBeUndefined();
  });
});

describe('blank and broken signatures', () => {
  it('answers 422 keyed to the field for an image with no visible mark or broken data', async () => {
    const email = uniqueEmail('blank');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('s1', email)],
      fields: [signatureField('sig1', 's1')],
    });
    const headers = await linkHeaders(t, email, sent._id);
    const as = signerCaller(t);
    const good = Buffer.from(pngDataUrl().split(',')[1]!, 'base64');
    // The same 8x4 RGBA image with every pixel transparent: a valid PNG showing nothing.
    const { deflateSync } = await import('node:zlib');
    const transparent = Buffer.concat([
      good.subarray(0, 33),
      (() => {
        const data = deflateSync(Buffer.alloc((8 * 4 + 1) * 4));
        const len = Buffer.alloc(4);
        len.writeUInt32BE(data.length);
        const body = Buffer.concat([Buffer.from('IDAT'), data]);
        return Buffer.concat([len, body, Buffer.alloc(4)]);
      })(),
      Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
    ]);
    const blank = `data:image/png;base64,${transparent.toString('base64')}`;
    const idat = good.indexOf('IDAT', 0, 'latin1');
    const damaged = Buffer.from(good);
    for (let i = idat + 4; i < idat + 12; i++) damaged[i] = 0xaa;
    const broken = `data:image/png;base64,${damaged.toString('base64')}`;

    for (const [value, message] of [
      [blank, 'blank'],
      [broken, 'could not be read'],
    ] as const) {
      for (const url of [`/api/documents/${sent._id}/signature`, `/api/documents/${sent._id}/finish`]) {
        const res = await as('POST', url, headers, { values: { sig1: value } });
        expect(res.statusCode, res.body).toBe(422);
        const [detail] = res.json().errors.details as { key: string; message: string; path: string[] }[];
        expect(detail).toMatchObject({ key: 'values.sig1', path: ['values', 'sig1'] });
        expect(detail!.message).toContain(message);
      }
    }
    const ok = await as('POST', `/api/documents/${sent._id}/finish`, headers, {
      values: { sig1: pngDataUrl() },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('one completion time and truthful notification rows', () => {
  it("completed_at is the last signer's finish in the API, the certificate and the mails; the sender's notification row is theirs", async () => {
    const emails = [uniqueEmail('first'), uniqueEmail('last')];
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      name: 'Timed contract',
      document_users: [signer('s1', emails[0]!), signer('s2', emails[1]!)],
      fields: [signatureField('sig1', 's1'), signatureField('sig2', 's2', { y: 200 })],
    });
    const as = signerCaller(t);
    for (const [i, email] of emails.entries()) {
      const res = await as(
        'POST',
        `/api/documents/${sent._id}/finish`,
        await linkHeaders(t, email, sent._id),
        {
          values: { [`sig${i + 1}`]: pngDataUrl() },
        },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const seal = await waitForSeal(t, sent._id);
    const finishes = await t.platform.database.db
      .select({ finishedAt: documentUsers.finishedAt })
      .from(documentUsers)
      .where(eq(documentUsers.employeeDocumentId, sent._id));
    const last = new Date(Math.max(...finishes.map((f) => f.finishedAt!.getTime())));

    const doc = await call('GET', `/api/documents/${sent._id}`, acme.users.OWNER);
    expect(doc.json().data.completed_at).toBe(last.toISOString());
    const text = pdfText(await t.platform.storage.get(seal.fileKey!)).replace(/\s+/g, ' ');
    expect(text).toContain(`Completed ${formatTime(last)}`);
    const completedMail = (await mailsTo(t, emails[0]!)).find((m) => m.kind === 'document.completed');
    expect(completedMail?.html).toContain(formatTime(last));

    // The first "Notified" rows were done by the sender: under the sender, with the sender's IP.
    const { logs } = await logsOf(sent._id);
    const notified = logs.filter((l) => l.action === 'recipient.notified');
    expect(notified).toHaveLength(2);
    for (const row of notified) {
      expect(row.actor).toContain(acme.users.OWNER.email);
      expect(row.recipient).toMatch(/first|last/);
      expect(row.actor).not.toBe(row.recipient);
    }
    const signedRows = logs.filter((l) => l.action === 'recipient.signed');
    for (const row of signedRows) expect(row.actor).toBe(row.recipient);

    const [row] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, sent._id));
    const input = await gatherSealInput(t.platform, row!);
    const senderName = input!.document.sender.name;
    const events = input!.events.filter((e) => e.action === 'recipient.notified');
    expect(events.map((e) => e.actor)).toEqual([senderName, senderName]);
    expect(input!.completedAt.toISOString()).toBe(last.toISOString());
  });
});
