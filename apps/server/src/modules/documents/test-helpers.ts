import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import { expect } from 'vitest';
import type { TConfigurableDocument, TFieldInput, TRecipientInput } from '@esigns/contracts/documents';
import type { TestApp } from '../../../test/test-app';
import type { SeededUser } from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { documentUsers } from './schema';

/*
 * Shared by the documents module's API tests: PDFs made with pdf-lib and put in storage under the
 * company's prefix (no LibreOffice), calls, and layouts.
 */

export async function makePdf(count = 2, size: [number, number] = [612, 792]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) {
    const page = doc.addPage(size);
    page.drawText(`Page ${i + 1}`, { x: 20, y: size[1] - 40, size: 12, color: rgb(0, 0, 0) });
  }
  return Buffer.from(await doc.save());
}

/** A PDF stored as the document service would: `companies/{cid}/documents/{uuid}.pdf`. */
export async function storePdf(
  t: TestApp,
  companyId: string,
  pages = 2,
  size?: [number, number],
): Promise<string> {
  const key = `companies/${companyId}/documents/${randomUUID()}.pdf`;
  await t.platform.storage.put(key, await makePdf(pages, size), 'application/pdf');
  return key;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
let ipSeq = 0;

export function caller(t: TestApp) {
  return (method: Method, url: string, who?: SeededUser, payload?: unknown) => {
    ipSeq += 1;
    return t.app.inject({
      method,
      url,
      remoteAddress: `10.44.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(who ? { headers: { authorization: `Bearer ${who.token}` } } : {}),
    });
  };
}

export const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] =>
  res.json().errors?.details.map((d) => d.key) ?? [];

/** A one-off document (or template) with a layout, through the API. */
export async function createDocument(
  t: TestApp,
  who: SeededUser & { companyId?: string },
  companyId: string,
  options: { isTemplate?: boolean; name?: string; pages?: number } = {},
): Promise<TConfigurableDocument> {
  const ref = await storePdf(t, companyId, options.pages ?? 2);
  const res = await caller(t)('POST', '/api/document-templates', who, {
    name: options.name ?? `Doc ${randomUUID().slice(0, 6)}`,
    file_ref_ids: [ref],
    is_template: options.isTemplate ?? false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TConfigurableDocument;
}

export const signer = (
  key: string,
  email: string,
  extra: Partial<TRecipientInput> = {},
): TRecipientInput => ({
  key,
  email,
  first_name: key.toUpperCase(),
  last_name: 'Tester',
  user_type: 'SIGNER',
  ...extra,
});

export const signatureField = (
  key: string,
  recipientKey: string,
  extra: Partial<TFieldInput> = {},
): TFieldInput => ({
  key,
  type: 'SIGNATURE',
  page: 1,
  x: 100,
  y: 600,
  width: 150,
  height: 40,
  recipient_key: recipientKey,
  ...extra,
});

/** Saves a layout (PUT draft) and expects it to succeed. */
export async function saveLayout(
  t: TestApp,
  who: SeededUser,
  doc: TConfigurableDocument,
  layout: { fields: TFieldInput[]; document_users: TRecipientInput[]; settings?: object; name?: string },
): Promise<TConfigurableDocument> {
  const res = await caller(t)('PUT', '/api/document-templates/documents/draft', who, {
    configurable_document_id: doc._id,
    name: layout.name ?? doc.name,
    fields: layout.fields,
    document_users: layout.document_users,
    settings: { ...doc.settings, ...(layout.settings ?? {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TConfigurableDocument;
}

export const uniqueEmail = (prefix = 'r'): string => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export async function mailsTo(t: TestApp, email: string) {
  return t.platform.database.db
    .select()
    .from(emailLogs)
    .where(sql`${email} = ANY(${emailLogs.to})`)
    .orderBy(desc(emailLogs.createdAt));
}

/** The signing link of a mail: `/emp-documents/preview/{doc}/pp/vp/{user}?token=...`. */
export function signingLinkOf(html: string): { documentId: string; userId: string; token: string } | null {
  const match =
    /\/emp-documents\/preview\/([0-9a-f-]{36})\/pp\/vp\/([0-9a-f-]{36})\?token=([A-Za-z0-9_%-]+)/.exec(html);
  if (!match) return null;
  return { documentId: match[1]!, userId: match[2]!, token: decodeURIComponent(match[3]!) };
}

export async function recipientsOf(t: TestApp, employeeDocumentId: string) {
  return t.platform.database.db
    .select()
    .from(documentUsers)
    .where(and(eq(documentUsers.employeeDocumentId, employeeDocumentId)))
    .orderBy(asc(documentUsers.createdAt));
}
