import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDocumentNote, TRecentNote } from '@esigns/contracts/document-notes';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, seedMember, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { seedDocument, setPermission } from '../document-lists/test-seed';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let manager2: SeededUser;
let docId: string;
let secondDocId: string;
let hiddenDocId: string;
let foreignDocId: string;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Notes Co' });
  other = await seedCompany(t, { name: 'Other Notes Co' });
  manager2 = await seedMember(t, acme.companyId, 'MANAGER', 'manager2');
  // MANAGERs hold documents:notes but not view-all on the owner's documents unless shared.
  await setPermission(t, acme.companyId, 'MANAGER', 'documents:view-all', false);
  await setPermission(t, acme.companyId, 'MANAGER', 'documents:manage-all', false);
  const recipients = [{ email: 'signer@x.test' }];
  docId = await seedDocument(t, acme.companyId, acme.users.OWNER, {
    name: 'Noted lease',
    status: 'WAITING',
    recipients,
    shared_with: [acme.users.MANAGER.userId, manager2.userId],
  });
  secondDocId = await seedDocument(t, acme.companyId, acme.users.OWNER, {
    name: 'Second',
    status: 'COMPLETED',
    recipients,
    archived: true,
  });
  hiddenDocId = await seedDocument(t, acme.companyId, acme.users.OWNER, {
    name: 'Hidden',
    status: 'WAITING',
    recipients,
  });
  foreignDocId = await seedDocument(t, other.companyId, other.users.OWNER, {
    name: 'Foreign',
    status: 'WAITING',
    recipients,
  });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: SeededUser, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

async function add(who: SeededUser, id: string, note: string): Promise<TDocumentNote> {
  const res = await call('POST', `/api/documents/${id}/notes`, who, { note });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('document notes', () => {
  it('adds, lists (newest first, paged), reads and edits notes; the workspace hears of new ones', async () => {
    const emit = vi.spyOn(t.platform.realtime, 'emitToWorkspace');
    const first = await add(acme.users.OWNER, docId, '  Called the buyer: signs tomorrow  ');
    expect(first).toMatchObject({
      employee_document_id: docId,
      note: 'Called the buyer: signs tomorrow',
      author: { _id: acme.users.OWNER.userId, email: acme.users.OWNER.email },
      is_mine: true,
      edited: false,
    });
    expect(emit).toHaveBeenCalledWith(acme.companyId, 'document.note_added', {
      document_id: docId,
      note_id: first._id,
      by: acme.users.OWNER.userId,
    });
    emit.mockRestore();
    const second = await add(acme.users.MANAGER, docId, 'Price agreed');

    const list = await call('GET', `/api/documents/${docId}/notes?limit=1`, acme.users.OWNER);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 2, page: 1, total_pages: 2 });
    expect(list.json().data.data[0]).toMatchObject({ _id: second._id, is_mine: false });
    const fallback = await call('GET', `/api/documents/${docId}/notes?page=x&limit=y`, acme.users.OWNER);
    expect(fallback.json().data).toMatchObject({ page: 1, total: 2 });

    const one = await call('GET', `/api/documents/${docId}/notes/${first._id}`, acme.users.MANAGER);
    expect(one.json().data).toMatchObject({ note: 'Called the buyer: signs tomorrow', is_mine: false });

    const edited = await call('PATCH', `/api/documents/${docId}/notes/${first._id}`, acme.users.OWNER, {
      note: 'Called the buyer: signed',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ note: 'Called the buyer: signed', edited: true });
    // The spec's other spellings of an edit: POST on the note, PATCH with note_id in the body.
    const posted = await call('POST', `/api/documents/${docId}/notes/${first._id}`, acme.users.OWNER, {
      note: 'Signed',
    });
    expect(posted.json().data.note).toBe('Signed');
    const named = await call('PATCH', `/api/documents/${docId}/notes`, acme.users.OWNER, {
      note_id: first._id,
      note: 'Signed at last',
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.note).toBe('Signed at last');
  });

  it('lets only the author edit a note', async () => {
    const note = await add(acme.users.MANAGER, docId, 'Mine to change');
    for (const who of [manager2, acme.users.OWNER]) {
      const res = await call('PATCH', `/api/documents/${docId}/notes/${note._id}`, who, { note: 'Hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the author of a note can edit it');
    }
    const read = await call('GET', `/api/documents/${docId}/notes/${note._id}`, acme.users.OWNER);
    expect(read.json().data.note).toBe('Mine to change');
  });

  it.each([
    ['an empty note', { note: '   ' }],
    ['no note', {}],
    ['a note that is not text', { note: 42 }],
    ['a note over 5,000 characters', { note: 'x'.repeat(5001) }],
  ])('answers 422 for %s', async (_what, payload) => {
    const res = await call('POST', `/api/documents/${docId}/notes`, acme.users.OWNER, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.details[0].key).toBe('note');
  });

  it('answers 404 for documents the caller does not see, unknown or foreign ids, and notes of another document', async () => {
    const note = await add(acme.users.OWNER, docId, 'On the first document');
    const cases: [string, SeededUser][] = [
      [`/api/documents/${hiddenDocId}/notes`, acme.users.MANAGER],
      [`/api/documents/${foreignDocId}/notes`, acme.users.OWNER],
      [`/api/documents/${randomUUID()}/notes`, acme.users.OWNER],
      ['/api/documents/not-an-id/notes', acme.users.OWNER],
      [`/api/documents/${secondDocId}/notes/${note._id}`, acme.users.OWNER],
      [`/api/documents/${docId}/notes/${randomUUID()}`, acme.users.OWNER],
      [`/api/documents/${docId}/notes/nope`, acme.users.OWNER],
    ];
    for (const [url, who] of cases) {
      expect((await call('GET', url, who)).statusCode, url).toBe(404);
    }
    expect(
      (await call('POST', `/api/documents/${foreignDocId}/notes`, acme.users.OWNER, { note: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('PATCH', `/api/documents/${foreignDocId}/notes/${note._id}`, acme.users.OWNER, {
          note: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 403 without documents:notes and 401 without a session', async () => {
    // A MEMBER does not hold documents:notes by default, even on a document they sent.
    const own = await seedDocument(t, acme.companyId, acme.users.MEMBER, {
      name: 'Member doc',
      status: 'WAITING',
      recipients: [{ email: 'm@x.test' }],
    });
    for (const [method, url] of [
      ['GET', `/api/documents/${own}/notes`],
      ['POST', `/api/documents/${own}/notes`],
      ['GET', '/api/all-documents/recent-notes'],
    ] as const) {
      const res = await call(method, url, acme.users.MEMBER, method === 'POST' ? { note: 'x' } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toContain('documents:notes');
    }
    expect((await call('GET', `/api/documents/${docId}/notes`)).statusCode).toBe(401);
  });
});

describe('GET /all-documents/recent-notes', () => {
  it('lists the newest notes on documents the caller sees, with their document, archived ones included', async () => {
    const onArchived = await add(acme.users.OWNER, secondDocId, 'Filed away');
    await add(acme.users.OWNER, hiddenDocId, 'Only the owner sees this');
    await add(other.users.OWNER, foreignDocId, 'Elsewhere');

    const owner = await call('GET', '/api/all-documents/recent-notes?limit=100', acme.users.OWNER);
    expect(owner.statusCode, owner.body).toBe(200);
    const rows: TRecentNote[] = owner.json().data.data;
    expect(rows[0]!.note).toBe('Only the owner sees this');
    expect(rows[1]).toMatchObject({
      _id: onArchived._id,
      document: { _id: secondDocId, name: 'Second', status: 'COMPLETED' },
    });
    expect(rows.map((r) => r.note)).not.toContain('Elsewhere');
    expect(owner.json().data.total).toBe(rows.length);

    const manager = await call('GET', '/api/all-documents/recent-notes', acme.users.MANAGER);
    const seen: TRecentNote[] = manager.json().data.data;
    expect(seen.every((r) => r.document._id === docId)).toBe(true);
    expect(manager.json().data.total).toBeGreaterThan(0);

    const limited = await call('GET', '/api/all-documents/recent-notes?limit=500&page=z', acme.users.OWNER);
    expect(limited.json().data).toMatchObject({ page: 1 });
    expect(limited.json().data.total_pages).toBe(Math.ceil(rows.length / 50));
  });
});
