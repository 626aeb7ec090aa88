import { eq } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { TEmployeeDocument, TFieldInput, TRecipientInput } from '@esigns/contracts/documents';
import type { TestApp } from '../../../test/test-app';
import type { SeededCompany, SeededUser } from '../../../test/seed-company';
import { documentUsers, employeeDocuments } from '../documents/schema';
import {
  caller,
  createDocument,
  mailsTo,
  saveLayout,
  signatureField,
  signer,
  signingLinkOf,
  uniqueEmail,
} from '../documents/test-helpers';
import { documentSeals } from './schema';
import { runSealJob } from './seal-service';

/*
 * Shared by the signing module's API tests: documents sent through the real send API, the
 * recipients' links read from their mails, and signer calls with the spec headers.
 */

export type SignerHeaders = { documentid: string; userid: string; password: string };

type Method = 'GET' | 'POST';
let ipSeq = 0;
/** Each call from its own address unless one is given (signer failures are counted per IP). */
export const nextSignerIp = (): string => {
  ipSeq += 1;
  return `10.55.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

export function signerCaller(t: TestApp) {
  return (
    method: Method,
    url: string,
    headers: Partial<SignerHeaders> | Record<string, string>,
    payload?: unknown,
    ip?: string,
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip ?? nextSignerIp(),
      headers: { 'user-agent': 'vitest-signer', ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Lays out and sends a one-off document through the API; answers the sent document. */
export async function sendForSigning(
  t: TestApp,
  who: SeededUser,
  companyId: string,
  layout: {
    fields: TFieldInput[];
    document_users: TRecipientInput[];
    settings?: object;
    pages?: number;
    name?: string;
  },
): Promise<TEmployeeDocument> {
  const doc = await createDocument(t, who, companyId, {
    pages: layout.pages ?? 2,
    ...(layout.name ? { name: layout.name } : {}),
  });
  await saveLayout(t, who, doc, layout);
  const res = await caller(t)('POST', '/api/company-documents/documents/send', who, {
    configurable_document_id: doc._id,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TEmployeeDocument;
}

/** The signer headers from the newest signing mail of `email` for that document. */
export async function linkHeaders(t: TestApp, email: string, documentId: string): Promise<SignerHeaders> {
  for (const mail of await mailsTo(t, email)) {
    if (mail.kind !== 'document.sent') continue;
    const link = signingLinkOf(mail.html);
    if (link?.documentId === documentId) {
      return { documentid: link.documentId, userid: link.userId, password: link.token };
    }
  }
  throw new Error(`no signing mail for ${email}`);
}

/** The newest 6-digit verification code mailed to `email`. */
export async function codeMailedTo(t: TestApp, email: string): Promise<string> {
  const [mail] = (await mailsTo(t, email)).filter((m) => m.kind === 'document.verification-code');
  const code = /(\d{6})$/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Waits until a condition holds (jobs run in the background), or fails after 30 s. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A document of `company` with one signer, sealed now: the recipient marked SIGNED directly and the
 * seal job run in the test (no queue). Answers the document id and the seal job's payload.
 */
export async function sealedNow(
  t: TestApp,
  company: SeededCompany,
  options: { name?: string; emailTag?: string } = {},
): Promise<{ id: string; job: { document_id: string; company_id: string } }> {
  const sent = await sendForSigning(t, company.users.OWNER, company.companyId, {
    ...(options.name ? { name: options.name } : {}),
    document_users: [signer('r1', uniqueEmail(options.emailTag ?? 'sealed'))],
    fields: [signatureField('f1', 'r1')],
  });
  await t.platform.database.db
    .update(documentUsers)
    .set({ status: 'SIGNED', finishedAt: new Date() })
    .where(eq(documentUsers.employeeDocumentId, sent._id));
  const job = { document_id: sent._id, company_id: company.companyId };
  expect(await runSealJob(t.platform, job, { id: `seal-${sent._id}`, retryCount: 0 })).toBe('SEALED');
  return { id: sent._id, job };
}

/** Waits for a document to be sealed and answers its seal row. */
export async function waitForSeal(t: TestApp, documentId: string) {
  return eventually(async () => {
    const [doc] = await t.platform.database.db
      .select({ status: employeeDocuments.status })
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, documentId));
    if (doc?.status !== 'COMPLETED') return null;
    const [seal] = await t.platform.database.db
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, documentId));
    return seal;
  }, `the seal of ${documentId}`);
}

/** A small valid PNG (a dark 8x4 stroke) as a data URL: a drawn signature. */
export function pngDataUrl(): string {
  const width = 8;
  const height = 4;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 4;
      const ink = y === 2 || x === y;
      raw[at] = ink ? 20 : 255;
      raw[at + 1] = ink ? 20 : 255;
      raw[at + 2] = ink ? 60 : 255;
      raw[at + 3] = ink ? 255 : 0;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
