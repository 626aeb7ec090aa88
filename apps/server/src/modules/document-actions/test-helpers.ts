import { expect } from 'vitest';
import type { TEmployeeDocument, TFieldInput, TRecipientInput } from '@esigns/contracts/documents';
import type { TestApp } from '../../../test/test-app';
import type { SeededUser } from '../../../test/seed-company';
import { caller, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { linkHeaders, pngDataUrl, sendForSigning, signerCaller } from '../signing/test-helpers';

/*
 * Shared by the document-actions API tests: documents sent through the real send API and signed
 * through the real signer API.
 */

/** A document sent to `count` signers (`s1`, `s2`...), each with one signature field. */
export async function sendToSigners(
  t: TestApp,
  who: SeededUser,
  companyId: string,
  options: {
    count?: number;
    emails?: string[];
    signingOrder?: boolean;
    extra?: TRecipientInput[];
    extraFields?: TFieldInput[];
    settings?: object;
    name?: string;
  } = {},
): Promise<{ doc: TEmployeeDocument; emails: string[] }> {
  const emails =
    options.emails ?? Array.from({ length: options.count ?? 2 }, (_, i) => uniqueEmail(`s${i + 1}`));
  const doc = await sendForSigning(t, who, companyId, {
    name: options.name ?? 'Action test',
    document_users: [
      ...emails.map((email, i) => signer(`s${i + 1}`, email, { signing_order: i + 1 })),
      ...(options.extra ?? []),
    ],
    fields: [
      ...emails.map((_, i) => signatureField(`sig${i + 1}`, `s${i + 1}`, { y: 100 + i * 60 })),
      ...(options.extraFields ?? []),
    ],
    settings: { signing_order: options.signingOrder ?? false, ...(options.settings ?? {}) },
  });
  return { doc, emails };
}

/** The recipient signs their field `fieldKey` and finishes through the signer API (their newest link). */
export async function signAs(t: TestApp, email: string, documentId: string, fieldKey: string): Promise<void> {
  const headers = await linkHeaders(t, email, documentId);
  const res = await signerCaller(t)('POST', `/api/documents/${documentId}/finish`, headers, {
    values: { [fieldKey]: pngDataUrl() },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The document's recipients as a correction lists them (unchanged). */
export const keep = (doc: TEmployeeDocument) =>
  doc.document_users.map((u) => ({
    _id: u._id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    user_type: u.user_type,
    signing_order: u.signing_order,
  }));

/** A staff call that must succeed; answers `data`. */
export async function okCall<T = TEmployeeDocument>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: SeededUser,
  payload?: unknown,
): Promise<T> {
  const res = await caller(t)(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}
