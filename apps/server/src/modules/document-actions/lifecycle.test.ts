import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import type { TESignRecord } from '@esigns/contracts/signing';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentLogs, employeeDocuments } from '../documents/schema';
import { caller, createDocument, mailsTo } from '../documents/test-helpers';
import { linkHeaders, signerCaller, waitForSeal } from '../signing/test-helpers';
import { okCall, sendToSigners, signAs } from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

async function logActions(documentId: string): Promise<string[]> {
  const rows = await t.platform.database.db
    .select({ action: documentLogs.action })
    .from(documentLogs)
    .where(eq(documentLogs.employeeDocumentId, documentId))
    .orderBy(documentLogs.seq);
  return rows.map((r) => r.action);
}

describe('void', () => {
  it('voids a document out for signature: reason stored, recipients mailed, links blocked, logged', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId);
    const headers = await linkHeaders(t, emails[0]!, doc._id);
    const voided = await okCall(t, 'POST', `/api/documents/${doc._id}/void`, acme.users.OWNER, {
      reason: '  Wrong rent amount  ',
    });
    expect(voided.status).toBe('VOIDED');
    const [row] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, doc._id));
    expect(row!.voidReason).toBe('Wrong rent amount');
    expect(row!.voidedAt).toBeInstanceOf(Date);
    for (const email of emails) {
      const mail = (await mailsTo(t, email)).find((m) => m.kind === 'document.voided');
      expect(mail?.html).toContain('Wrong rent amount');
    }
    const record = await signerCaller(t)('GET', `/api/e-signs/${doc._id}`, headers);
    expect((record.json().data as TESignRecord).blocked).toBe('VOIDED');
    const finish = await signerCaller(t)('POST', `/api/documents/${doc._id}/finish`, headers, { values: {} });
    expect(finish.statusCode).toBe(409);
    expect(await logActions(doc._id)).toContain('document.voided');

    const again = await call('POST', `/api/documents/${doc._id}/void`, acme.users.OWNER, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a document that is out for signature can be voided');
  });

  it.each([
    [{}, 'reason'],
    [{ reason: '   ' }, 'reason'],
    [{ reason: 'x'.repeat(501) }, 'reason'],
    [{ reason: 42 }, 'reason'],
  ])('refuses a bad reason %j with 422', async (body, key) => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const res = await call('POST', `/api/documents/${doc._id}/void`, acme.users.OWNER, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0].key).toBe(key);
  });

  it('answers 404 for unknown and foreign ids, 403 without rights or permission', async () => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const body = { reason: 'no' };
    expect((await call('POST', '/api/documents/not-a-uuid/void', acme.users.OWNER, body)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/documents/${crypto.randomUUID()}/void`, acme.users.OWNER, body)).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/documents/${doc._id}/void`, other.users.OWNER, body)).statusCode).toBe(
      404,
    );
    // A MEMBER who takes no part in the document has no rights on it.
    const member = await call('POST', `/api/documents/${doc._id}/void`, acme.users.MEMBER, body);
    expect(member.statusCode).toBe(403);
    // A MEMBER's own document, but MEMBERs may not void.
    const { doc: own } = await sendToSigners(t, acme.users.MEMBER, acme.companyId, { count: 1 });
    const denied = await call('POST', `/api/documents/${own._id}/void`, acme.users.MEMBER, body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('documents:void');
    expect((await call('POST', `/api/documents/${doc._id}/void`, undefined, body)).statusCode).toBe(401);
  });
});

describe('status changes', () => {
  it('expires and reopens by hand; refuses the others with 409 and unknown values with 422', async () => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const expired = await okCall(t, 'PATCH', `/api/documents/${doc._id}/status/EXPIRED`, acme.users.OWNER);
    expect(expired.status).toBe('EXPIRED');
    expect(new Date(expired.expires_at!).getTime()).toBeLessThanOrEqual(Date.now());
    const completed = await call('PATCH', `/api/documents/${doc._id}/status/COMPLETED`, acme.users.OWNER);
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toContain('can become WAITING');
    const reopened = await okCall(t, 'PATCH', `/api/documents/${doc._id}/status/WAITING`, acme.users.OWNER);
    expect(reopened.status).toBe('WAITING');
    expect(new Date(reopened.expires_at!).getTime()).toBeGreaterThan(Date.now());
    const unknown = await call('PATCH', `/api/documents/${doc._id}/status/FINISHED`, acme.users.OWNER);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.details[0].key).toMatch(/status/);
    const voided = await okCall(t, 'PATCH', `/api/documents/${doc._id}/status/VOIDED`, acme.users.OWNER);
    expect(voided.status).toBe('VOIDED');
    const back = await call('PATCH', `/api/documents/${doc._id}/status/WAITING`, acme.users.OWNER);
    expect(back.statusCode).toBe(409);
    expect(await logActions(doc._id)).toEqual(
      expect.arrayContaining(['document.status_changed', 'document.voided']),
    );
  });
});

describe('mark completed', () => {
  it('refuses while a signer is left, then seals once only viewers are left', async () => {
    const viewer = `viewer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, {
      count: 1,
      extra: [{ key: 'v1', email: viewer, first_name: 'Vera', last_name: 'Viewer', user_type: 'VIEWER' }],
    });
    const early = await call('PATCH', `/api/documents/${doc._id}/completed`, acme.users.OWNER);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('S1 Tester');
    await signAs(t, emails[0]!, doc._id, 'sig1');
    const marked = await okCall(t, 'PATCH', `/api/documents/${doc._id}/completed`, acme.users.OWNER);
    expect(marked.status).toBe('WAITING');
    const seal = await waitForSeal(t, doc._id);
    expect(seal.status).toBe('DONE');
    const done = await call('PATCH', `/api/documents/${doc._id}/completed`, acme.users.OWNER);
    expect(done.statusCode).toBe(409);
  });
});

describe('archive, restore, permanent delete', () => {
  it('archives a finished document, restores it, then deletes it with its files', async () => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const waiting = await call('DELETE', `/api/documents/${doc._id}/archive`, acme.users.OWNER);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toContain('void it first');
    await okCall(t, 'POST', `/api/documents/${doc._id}/void`, acme.users.OWNER, { reason: 'Replaced' });
    const notArchived = await call('POST', `/api/documents/${doc._id}/parmanentdelete`, acme.users.OWNER);
    expect(notArchived.statusCode).toBe(409);
    const archived = await okCall(t, 'DELETE', `/api/documents/${doc._id}/archivedoc`, acme.users.OWNER);
    expect(archived.archived_at).not.toBeNull();
    expect((await call('DELETE', `/api/documents/${doc._id}/archive`, acme.users.OWNER)).statusCode).toBe(
      409,
    );
    const renamed = await call('POST', `/api/documents/${doc._id}/rename`, acme.users.OWNER, { name: 'New' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe('Restore the document before renaming it');
    const restored = await okCall(t, 'POST', `/api/documents/${doc._id}/undoDocument`, acme.users.OWNER);
    expect(restored.archived_at).toBeNull();
    expect(restored.status).toBe('VOIDED');
    expect((await call('POST', `/api/documents/${doc._id}/undoDocument`, acme.users.OWNER)).statusCode).toBe(
      409,
    );

    await okCall(t, 'DELETE', `/api/documents/${doc._id}/archive`, acme.users.OWNER);
    const key = doc.file.file_ref_id;
    await expect(t.platform.storage.get(key)).resolves.toBeInstanceOf(Buffer);
    const member = await call('POST', `/api/documents/${doc._id}/parmanentdelete`, acme.users.MEMBER);
    expect(member.statusCode).toBe(403);
    const gone = await okCall<{ _id: string }>(
      t,
      'POST',
      `/api/documents/${doc._id}/parmanentdelete`,
      acme.users.OWNER,
    );
    expect(gone._id).toBe(doc._id);
    const rows = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, doc._id));
    expect(rows).toHaveLength(0);
    expect(await logActions(doc._id)).toEqual([]);
    await expect(t.platform.storage.get(key)).rejects.toThrow();
    expect((await call('GET', `/api/documents/${doc._id}`, acme.users.OWNER)).statusCode).toBe(404);
  });

  it("refuses another company's document", async () => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    expect((await call('DELETE', `/api/documents/${doc._id}/archive`, other.users.OWNER)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/documents/${doc._id}/undoDocument`, other.users.OWNER)).statusCode).toBe(
      404,
    );
  });
});

describe('drafts: discard, rename, duplicate', () => {
  it('discards a draft by its layout ids, and only a draft', async () => {
    const layout = await createDocument(t, acme.users.OWNER, acme.companyId);
    const draftId = layout.employee_document_id!;
    const wrong = await call(
      'DELETE',
      `/api/documents/${layout._id}/${crypto.randomUUID()}/discard`,
      acme.users.OWNER,
    );
    expect(wrong.statusCode).toBe(404);
    const foreign = await call(
      'DELETE',
      `/api/documents/${layout._id}/${layout.company_document_id}/discard`,
      other.users.OWNER,
    );
    expect(foreign.statusCode).toBe(404);
    const member = await call(
      'DELETE',
      `/api/documents/${layout._id}/${layout.company_document_id}/discard`,
      acme.users.MEMBER,
    );
    expect(member.statusCode).toBe(403);
    const done = await okCall<{ _id: string }>(
      t,
      'DELETE',
      `/api/documents/${layout._id}/${layout.company_document_id}/discard`,
      acme.users.OWNER,
    );
    expect(done._id).toBe(draftId);
    expect(
      (await call('GET', `/api/configurable-documents/${layout._id}`, acme.users.OWNER)).statusCode,
    ).toBe(404);
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const sent = await call(
      'DELETE',
      `/api/documents/${doc.configurable_document_id}/${doc.company_document_id}/discard`,
      acme.users.OWNER,
    );
    expect(sent.statusCode).toBe(409);
  });

  it('renames a sent document and a draft (its layout too)', async () => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const renamed = await okCall(t, 'POST', `/api/documents/${doc._id}/rename`, acme.users.OWNER, {
      name: ' Lease 2027 ',
    });
    expect(renamed.name).toBe('Lease 2027');
    expect(await logActions(doc._id)).toContain('document.renamed');
    const layout = await createDocument(t, acme.users.OWNER, acme.companyId);
    await okCall(t, 'POST', `/api/documents/${layout.employee_document_id}/rename`, acme.users.OWNER, {
      name: 'Draft renamed',
    });
    const read = await okCall<{ name: string }>(
      t,
      'GET',
      `/api/configurable-documents/${layout._id}`,
      acme.users.OWNER,
    );
    expect(read.name).toBe('Draft renamed');
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(201) }, { name: 5 }]) {
      const res = await call('POST', `/api/documents/${doc._id}/rename`, acme.users.OWNER, body);
      expect(res.statusCode).toBe(422);
    }
    expect(
      (await call('POST', `/api/documents/${doc._id}/rename`, acme.users.MEMBER, { name: 'x' })).statusCode,
    ).toBe(403);
  });

  it('duplicates into a new draft with its own file and the same recipients, and clones a voided one', async () => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 2 });
    const copy = await okCall(t, 'POST', `/api/documents/${doc._id}/duplicate`, acme.users.OWNER, {
      name: 'Copy of lease',
    });
    expect(copy).toMatchObject({ name: 'Copy of lease', status: 'DRAFT' });
    expect(copy.file.file_ref_id).not.toBe(doc.file.file_ref_id);
    expect(copy.fields.map((f) => f.key)).toEqual(doc.fields.map((f) => f.key));
    const layout = await okCall<{ document_users: { email: string }[] }>(
      t,
      'GET',
      `/api/configurable-documents/${copy.configurable_document_id}`,
      acme.users.OWNER,
    );
    expect(layout.document_users.map((u) => u.email)).toEqual(doc.document_users.map((u) => u.email));
    expect(await logActions(doc._id)).toContain('document.duplicated');

    const early = await call('POST', `/api/documents/${doc._id}/cloneVoidDoc`, acme.users.OWNER);
    expect(early.statusCode).toBe(409);
    await okCall(t, 'POST', `/api/documents/${doc._id}/void`, acme.users.OWNER, { reason: 'Typo' });
    const clone = await okCall<TEmployeeDocument>(
      t,
      'POST',
      `/api/documents/${doc._id}/cloneVoidDoc`,
      acme.users.OWNER,
    );
    expect(clone).toMatchObject({ name: doc.name, status: 'DRAFT' });
    expect(clone.configurable_document_id).not.toBe(doc.configurable_document_id);
    const member = await call('POST', `/api/documents/${doc._id}/cloneVoidDoc`, acme.users.MEMBER);
    expect(member.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every action path of the spec', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/documents/{id}/void',
      '/api/documents/{id}/correct',
      '/api/documents/{id}/cloneVoidDoc',
      '/api/documents/{configurable_document_id}/{company_document_id}/discard',
      '/api/documents/changeOwnership',
      '/api/documents/{document_id}/share-document',
      '/api/documents/{document_id}/document-users/resend-document',
      '/api/documents/{document_id}/document-users/generate-document-link',
      '/api/documents/{id}/rename',
      '/api/documents/{id}/duplicate',
      '/api/documents/{id}/archive',
      '/api/documents/{id}/undoDocument',
      '/api/documents/{id}/parmanentdelete',
      '/api/documents/{id}/archivedoc',
      '/api/documents/{document_id}/document-settings',
      '/api/documents/{document_id}/{user_id}/document-settings',
      '/api/documents/{id}/completed',
      '/api/documents/{id}/status/{status}',
      '/api/documents/{id}/document-users',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
