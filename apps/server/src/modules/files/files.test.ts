import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFileLink, TLibraryFile, TLibraryFolder } from '@esigns/contracts/file-library';
import { seedContactCaller, type ContactCaller } from '../../../test/contact-caller';
import { callsOf, detailKeys, type Who } from '../../../test/inject-calls';
import { multipartBody, type FilePart } from '../../../test/multipart';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { emailLogs } from '../../platform/mail/schema';
import { companySubscriptions, subscriptionPlans } from '../subscriptions/schema';
import { libraryFiles } from './schema';

/*
 * The file library: uploads (staff approved at once, contacts PENDING) checked by content, size
 * and plan storage; lists, links, rename and move, delete, approve and reject; folders and their
 * loops; other companies' and other contacts' ids.
 */

const LIMIT = 64 * 1024;
let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let conny: ContactCaller;
let connie: ContactCaller;
const call = callsOf(() => t.app);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const pdf = (name = 'report.pdf'): FilePart => ({ name, type: 'application/pdf', bytes: PDF });
const png = (name = 'photo.png'): FilePart => ({ name, type: 'image/png', bytes: PNG });

function upload(who: Who, file: FilePart | null, fields: Record<string, string> = {}) {
  const body = multipartBody(file, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/fileManagement/create',
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
}

async function uploaded(
  who: Who,
  file: FilePart,
  fields: Record<string, string> = {},
): Promise<TLibraryFile> {
  const res = await upload(who, file, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function folder(who: Who, name: string, parentId?: string): Promise<TLibraryFolder> {
  const res = await call('POST', '/api/fileManagement/folders', who, { name, parent_id: parentId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function list(who: Who, query = '') {
  const res = await call('GET', `/api/fileManagement/all-files?limit=50${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: TLibraryFile[]; total: number; page: number; total_pages: number };
}

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_LIMIT_BYTES: String(LIMIT) });
  acme = await seedCompany(t, { name: 'Acme' });
  other = await seedCompany(t, { name: 'Other' });
  conny = await seedContactCaller(t, acme.companyId);
  connie = await seedContactCaller(t, acme.companyId);
});

afterAll(async () => {
  await t?.close();
});

describe('upload', () => {
  it('staff: approved at once, type by content, SHA-256, in a folder', async () => {
    const box = await folder(acme.users.OWNER, 'Contracts');
    const file = await uploaded(acme.users.MANAGER, pdf(), { folder_id: box._id });
    expect(file).toMatchObject({
      name: 'report.pdf',
      folder_id: box._id,
      size: PDF.length,
      mime_type: 'application/pdf',
      sha256: createHash('sha256').update(PDF).digest('hex'),
      status: 'APPROVED',
      rejection_reason: null,
      uploaded_by: { kind: 'STAFF', user_id: acme.users.MANAGER.userId, contact_id: null },
      decided_by: acme.users.MANAGER.userId,
    });
    // A vague declared type is judged by the content (and the name's extension).
    const vague = await uploaded(acme.users.OWNER, {
      name: 'scan.png',
      type: 'application/octet-stream',
      bytes: PNG,
    });
    expect(vague.mime_type).toBe('image/png');
    const named = await uploaded(acme.users.OWNER, pdf('raw.pdf'), { name: 'Renamed.pdf' });
    expect(named.name).toBe('Renamed.pdf');
  });

  it('a contact: PENDING, outside folders, theirs', async () => {
    const file = await uploaded(conny, png('id-card.png'));
    expect(file).toMatchObject({
      status: 'PENDING',
      folder_id: null,
      decided_by: null,
      uploaded_by: {
        kind: 'CONTACT',
        contact_id: conny.contactId,
        user_id: conny.userId,
        email: conny.email,
      },
    });
  });

  it('bad input: no file, wrong type by content, refused types, empty, too big, bad names and folders', async () => {
    const noFile = await upload(acme.users.OWNER, null, { name: 'x.pdf' });
    expect(noFile.statusCode).toBe(422);
    expect(detailKeys(noFile)).toEqual(['file']);
    // PNG bytes that say they are a PDF; a PDF named .png.
    expect(
      (await upload(acme.users.OWNER, { name: 'a.pdf', type: 'application/pdf', bytes: PNG })).statusCode,
    ).toBe(415);
    expect(
      (await upload(acme.users.OWNER, { name: 'a.png', type: 'application/pdf', bytes: PDF })).statusCode,
    ).toBe(415);
    expect(
      (await upload(acme.users.OWNER, { name: 'a.pdf', type: 'image/png', bytes: PNG })).statusCode,
    ).toBe(415);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(
      (await upload(acme.users.OWNER, { name: 'a.html', type: 'text/html', bytes: html })).statusCode,
    ).toBe(415);
    const exe = Buffer.from([
      0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff,
    ]);
    const binary = await upload(acme.users.OWNER, {
      name: 'tool',
      type: 'application/octet-stream',
      bytes: exe,
    });
    expect(binary.statusCode, binary.body).toBe(415);
    expect(
      (await upload(acme.users.OWNER, { name: 'e.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }))
        .statusCode,
    ).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT)]);
    expect(
      (await upload(acme.users.OWNER, { name: 'big.pdf', type: 'application/pdf', bytes: big })).statusCode,
    ).toBe(413);
    const blank = await upload(acme.users.OWNER, pdf(), { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(detailKeys(blank)).toEqual(['name']);
    expect(detailKeys(await upload(acme.users.OWNER, pdf(), { name: 'a/b.pdf' }))).toEqual(['name']);
    expect(detailKeys(await upload(acme.users.OWNER, pdf(), { folder_id: 'nope' }))).toEqual(['folder_id']);
    const theirs = await folder(other.users.OWNER, 'Theirs');
    expect((await upload(acme.users.OWNER, pdf(), { folder_id: theirs._id })).statusCode).toBe(404);
    const mine = await folder(acme.users.OWNER, 'Inbox');
    expect(detailKeys(await upload(conny, pdf(), { folder_id: mine._id }))).toEqual(['folder_id']);
    const json = await call('POST', '/api/fileManagement/create', acme.users.OWNER, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await upload({ headers: {} }, pdf())).statusCode).toBe(401);
    // Nothing refused was kept.
    const names = (await list(acme.users.OWNER)).data.map((f) => f.name);
    expect(names).not.toContain('a.pdf');
    expect(names).not.toContain('big.pdf');
  });

  it("the plan's storage counts the library (402 past it)", async () => {
    const small = await seedCompany(t, { name: 'Small' });
    const db = t.platform.database.db;
    const [free] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.code, 'FREE'));
    const { id: _id, createdAt: _c, ...fields } = free!;
    const [plan] = await db
      .insert(subscriptionPlans)
      .values({ ...fields, code: 'FILES_TINY', name: 'Tiny files', storageBytesLimit: PDF.length + 10 })
      .returning();
    await db
      .insert(companySubscriptions)
      .values({ companyId: small.companyId, planId: plan!.id, status: 'ACTIVE' });
    await uploaded(small.users.OWNER, pdf());
    const res = await upload(small.users.OWNER, pdf('second.pdf'));
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({
      error_code: 'PLAN_LIMIT_REACHED',
      data: { limit: 'storageBytes', usage: PDF.length, allowed: PDF.length + 10 },
    });
    const info = await call('GET', '/api/getPlanInfo', small.users.OWNER);
    const usage = (info.json().data.usage as { limit: string; usage: number }[]).find(
      (u) => u.limit === 'storageBytes',
    );
    expect(usage?.usage).toBe(PDF.length);
  });
});

describe('lists and links', () => {
  it('staff filter by folder, status and name; a contact sees only their own', async () => {
    const box = await folder(acme.users.OWNER, 'Lists');
    const inBox = await uploaded(acme.users.OWNER, pdf('boxed-invoice.pdf'), { folder_id: box._id });
    const theirs = await uploaded(connie, png('connie.png'));
    const byFolder = await list(acme.users.MANAGER, `&folder_id=${box._id}`);
    expect(byFolder.data.map((f) => f._id)).toEqual([inBox._id]);
    const root = await list(acme.users.OWNER, '&folder_id=root');
    expect(root.data.every((f) => f.folder_id === null)).toBe(true);
    expect(root.data.map((f) => f._id)).toContain(theirs._id);
    const pending = await list(acme.users.OWNER, '&status=PENDING');
    expect(pending.data.length).toBeGreaterThan(0);
    expect(pending.data.every((f) => f.status === 'PENDING')).toBe(true);
    const found = await list(acme.users.OWNER, '&search=BOXED');
    expect(found.data.map((f) => f._id)).toEqual([inBox._id]);
    expect((await list(acme.users.OWNER, '&search=%25')).total).toBe(0);
    const paged = await call('GET', '/api/fileManagement/all-files?limit=1&page=2', acme.users.OWNER);
    expect(paged.json().data).toMatchObject({ page: 2, data: [expect.anything()] });
    expect(paged.json().data.total_pages).toBe(paged.json().data.total);
    // Contacts: their own only, whatever folder is asked for.
    const mine = await list(connie, `&folder_id=${box._id}`);
    expect(mine.data.map((f) => f._id)).toEqual([theirs._id]);
    expect((await list(conny)).data.every((f) => f.uploaded_by.contact_id === conny.contactId)).toBe(true);
    expect((await list(other.users.OWNER)).data.map((f) => f._id)).not.toContain(inBox._id);
    const bad = await call(
      'GET',
      '/api/fileManagement/all-files?folder_id=nope&status=MAYBE',
      acme.users.OWNER,
    );
    expect(bad.statusCode).toBe(422);
  });

  it('file-path: a short-lived checked link with a safe type and disposition', async () => {
    const file = await uploaded(acme.users.OWNER, pdf(), { name: 'Résumé "final".pdf' });
    const res = await call('GET', `/api/fileManagement/file-path/${file._id}`, acme.users.MANAGER);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().data as TFileLink;
    expect(link).toMatchObject({ disposition: 'inline', mime_type: 'application/pdf' });
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    const url = new URL(link.url);
    const got = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toMatch(
      /^inline; filename="R_sum_ _final_.pdf"; filename\*=UTF-8''R%C3%A9sum%C3%A9/,
    );
    expect(got.rawPayload.equals(PDF)).toBe(true);
    const dl = await call('GET', `/api/fileManagement/file-path/${file._id}?download=true`, acme.users.OWNER);
    expect(dl.json().data.disposition).toBe('attachment');
    // A type browsers would not show safely is always an attachment.
    const csv = await uploaded(acme.users.OWNER, {
      name: 'rows.csv',
      type: 'text/csv',
      bytes: Buffer.from('a,b\n1,2\n'),
    });
    const csvLink = await call('GET', `/api/fileManagement/file-path/${csv._id}`, acme.users.OWNER);
    expect(csvLink.json().data.disposition).toBe('attachment');
  });

  it("file-path: a contact's own file only; other companies' ids are 404", async () => {
    const own = await uploaded(conny, png('mine.png'));
    expect((await call('GET', `/api/fileManagement/file-path/${own._id}`, conny)).statusCode).toBe(200);
    expect((await call('GET', `/api/fileManagement/file-path/${own._id}`, connie)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/fileManagement/file-path/${own._id}`, acme.users.MANAGER)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/api/fileManagement/file-path/${own._id}`, acme.users.MEMBER)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/fileManagement/file-path/${own._id}`, other.users.OWNER)).statusCode,
    ).toBe(404);
    const staffFile = await uploaded(acme.users.OWNER, pdf());
    expect((await call('GET', `/api/fileManagement/file-path/${staffFile._id}`, conny)).statusCode).toBe(404);
    expect((await call('GET', '/api/fileManagement/file-path/not-an-id', acme.users.OWNER)).statusCode).toBe(
      422,
    );
  });
});

describe('rename, move, delete', () => {
  it('renames (the extension stays) and moves; bad names, folders and callers are refused', async () => {
    const file = await uploaded(acme.users.OWNER, pdf('draft.pdf'));
    const box = await folder(acme.users.OWNER, 'Moves');
    const upd = (who: Who, body: unknown, id = file._id) =>
      call('PUT', `/api/fileManagement/update/${id}`, who, body);
    expect((await upd(acme.users.MEMBER, { name: 'Final version' })).statusCode).toBe(403);
    const renamed = await upd(acme.users.MANAGER, { name: 'Final version' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Final version.pdf');
    expect((await upd(acme.users.OWNER, { name: 'Final.PDF' })).json().data.name).toBe('Final.PDF');
    const otherType = await upd(acme.users.OWNER, { name: 'Final.png' });
    expect(otherType.statusCode).toBe(422);
    expect(detailKeys(otherType)).toEqual(['name']);
    expect((await upd(acme.users.OWNER, { name: '  ' })).statusCode).toBe(422);
    expect((await upd(acme.users.OWNER, {})).statusCode).toBe(422);
    expect((await upd(acme.users.OWNER, { folder_id: 'x' })).statusCode).toBe(422);
    const moved = await upd(acme.users.OWNER, { folder_id: box._id });
    expect(moved.json().data).toMatchObject({ folder_id: box._id, name: 'Final.PDF' });
    expect((await upd(acme.users.OWNER, { folder_id: null })).json().data.folder_id).toBeNull();
    const theirs = await folder(other.users.OWNER, 'Elsewhere');
    expect((await upd(acme.users.OWNER, { folder_id: theirs._id })).statusCode).toBe(404);
    expect((await upd(other.users.OWNER, { name: 'Mine' })).statusCode).toBe(404);
    expect((await upd(conny, { name: 'Mine' })).statusCode).toBe(403);
  });

  it('staff delete (bytes too); a contact withdraws only their own PENDING file', async () => {
    const file = await uploaded(acme.users.OWNER, pdf('gone.pdf'));
    const [row] = await t.platform.database.db
      .select()
      .from(libraryFiles)
      .where(eq(libraryFiles.id, file._id));
    const del = (who: Who, id: string) => call('DELETE', `/api/fileManagement/delete/${id}`, who);
    expect((await del(other.users.OWNER, file._id)).statusCode).toBe(404);
    expect((await del(conny, file._id)).statusCode).toBe(404);
    // MANAGER lacks files:delete by default.
    expect((await del(acme.users.MANAGER, file._id)).statusCode).toBe(403);
    expect((await del(acme.users.ADMIN, file._id)).statusCode).toBe(200);
    expect(await t.platform.storage.head(row!.storageKey)).toBeNull();
    expect((await del(acme.users.ADMIN, file._id)).statusCode).toBe(404);
    const pending = await uploaded(conny, png('withdraw.png'));
    expect((await del(connie, pending._id)).statusCode).toBe(404);
    expect((await del(conny, pending._id)).statusCode).toBe(200);
    const decided = await uploaded(conny, png('kept.png'));
    await call('POST', '/api/approve-files', acme.users.OWNER, { ids: [decided._id] });
    expect((await del(conny, decided._id)).statusCode).toBe(409);
  });
});

describe('approval', () => {
  it('approve and reject with a reason, all or none; the contact reads the decision', async () => {
    const a = await uploaded(conny, png('a.png'));
    const b = await uploaded(conny, png('b.png'));
    const c = await uploaded(connie, png('c.png'));
    const staffFile = await uploaded(acme.users.OWNER, pdf());
    const theirs = await uploaded(other.users.OWNER, pdf());
    const approve = (who: Who, ids: string[]) => call('POST', '/api/approve-files', who, { ids });
    const reject = (who: Who, body: unknown) => call('POST', '/api/reject-files', who, body);
    // MANAGER lacks files:approve; contacts never decide.
    expect((await approve(acme.users.MANAGER, [a._id])).statusCode).toBe(403);
    expect((await approve(conny, [a._id])).statusCode).toBe(403);
    expect((await approve(acme.users.OWNER, [a._id, theirs._id])).statusCode).toBe(404);
    expect((await approve(acme.users.OWNER, [a._id, staffFile._id])).statusCode).toBe(409);
    expect((await approve(acme.users.OWNER, [])).statusCode).toBe(422);
    expect((await approve(acme.users.OWNER, ['x'])).statusCode).toBe(422);
    expect((await reject(acme.users.OWNER, { ids: [b._id] })).statusCode).toBe(422);
    expect((await reject(acme.users.OWNER, { ids: [b._id], reason: '   ' })).statusCode).toBe(422);
    // Nothing changed by the refused calls.
    expect((await list(conny, '&status=PENDING')).data.map((f) => f._id)).toEqual(
      expect.arrayContaining([a._id, b._id]),
    );

    const ok = await approve(acme.users.ADMIN, [a._id, c._id]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.map((f: TLibraryFile) => [f._id, f.status, f.decided_by])).toEqual([
      [a._id, 'APPROVED', acme.users.ADMIN.userId],
      [c._id, 'APPROVED', acme.users.ADMIN.userId],
    ]);
    const no = await reject(acme.users.OWNER, {
      ids: [b._id],
      reason: 'The scan is blurred: upload it again',
    });
    expect(no.statusCode, no.body).toBe(200);
    expect((await approve(acme.users.OWNER, [b._id])).statusCode).toBe(409);
    const seen = (await list(conny)).data.find((f) => f._id === b._id);
    expect(seen).toMatchObject({
      status: 'REJECTED',
      rejection_reason: 'The scan is blurred: upload it again',
    });
    expect((await list(acme.users.OWNER, '&status=REJECTED')).data.map((f) => f._id)).toContain(b._id);

    // Each contact hears of each decision once, in a mail naming the files (and the reason).
    const mailsTo = (email: string, kind: string) =>
      t.platform.database.db
        .select({ subject: emailLogs.subject, html: emailLogs.html })
        .from(emailLogs)
        .where(and(sql`${email} = ANY(${emailLogs.to})`, eq(emailLogs.kind, kind)));
    // (Earlier tests decided other files of Conny's: the mails naming this test's files count.)
    const naming = async (email: string, kind: string, name: string) =>
      (await mailsTo(email, kind)).filter((mail) => mail.html.includes(name));
    const accepted = await naming(conny.email, 'files.approved', 'a.png');
    expect(accepted.map((mail) => mail.subject)).toEqual([`Your file a.png accepted by ${acme.name}`]);
    expect(accepted[0]!.html).toContain('/ap/files');
    expect(await naming(connie.email, 'files.approved', 'c.png')).toHaveLength(1);
    const refused = await naming(conny.email, 'files.rejected', 'b.png');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.html).toContain('The scan is blurred: upload it again');
    expect(await mailsTo(connie.email, 'files.rejected')).toEqual([]);
  });
});

describe('folders', () => {
  it('a tree: add, rename, move (never into itself), delete when empty', async () => {
    const top = await folder(acme.users.OWNER, 'Tree');
    const child = await folder(acme.users.OWNER, 'Child', top._id);
    const grandchild = await folder(acme.users.OWNER, 'Grandchild', child._id);
    const put = (who: Who, id: string, body: unknown) =>
      call('PUT', `/api/fileManagement/folders/${id}`, who, body);
    const all = await call('GET', '/api/fileManagement/folders', acme.users.MANAGER);
    expect(all.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: grandchild._id, parent_id: child._id })]),
    );
    expect(
      (await call('GET', '/api/fileManagement/folders', other.users.OWNER))
        .json()
        .data.map((f: TLibraryFolder) => f._id),
    ).not.toContain(top._id);
    expect(
      (
        await call('POST', '/api/fileManagement/folders', acme.users.OWNER, {
          name: 'child',
          parent_id: top._id,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/api/fileManagement/folders', acme.users.OWNER, { name: '' })).statusCode,
    ).toBe(422);
    expect(
      (
        await call('POST', '/api/fileManagement/folders', other.users.OWNER, {
          name: 'X',
          parent_id: top._id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/fileManagement/folders', conny, { name: 'X' })).statusCode).toBe(403);

    for (const target of [top._id, child._id, grandchild._id]) {
      const loop = await put(acme.users.OWNER, top._id, { parent_id: target });
      expect(loop.statusCode, target).toBe(422);
      expect(detailKeys(loop)).toEqual(['parent_id']);
    }
    const moved = await put(acme.users.OWNER, grandchild._id, { parent_id: null, name: 'Promoted' });
    expect(moved.json().data).toMatchObject({ parent_id: null, name: 'Promoted' });
    expect((await put(acme.users.OWNER, child._id, { parent_id: moved.json().data._id })).statusCode).toBe(
      200,
    );
    expect((await put(other.users.OWNER, child._id, { name: 'Mine' })).statusCode).toBe(404);
    expect((await put(acme.users.OWNER, child._id, {})).statusCode).toBe(422);

    await uploaded(acme.users.OWNER, pdf(), { folder_id: child._id });
    const del = (id: string) => call('DELETE', `/api/fileManagement/folders/${id}`, acme.users.OWNER);
    expect((await del(grandchild._id)).statusCode).toBe(409);
    expect((await del(child._id)).statusCode).toBe(409);
    expect((await del(top._id)).statusCode).toBe(200);
    expect(
      (await call('DELETE', `/api/fileManagement/folders/${child._id}`, other.users.OWNER)).statusCode,
    ).toBe(404);
  });
});
