import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LIST_FILTERS } from '@esigns/contracts/documents';
import type { TDocumentListItem } from '@esigns/contracts/document-lists';
import type { TPaged } from '@esigns/contracts/envelope';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededUser } from '../../../test/seed-company';
import { buildListFixture, EXPECTED, type ListFixture } from './fixture';
import { seedDocument, setPermission } from './test-seed';

let t: TestApp;
let f: ListFixture;

beforeAll(async () => {
  t = await buildTestApp();
  f = await buildListFixture(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who?: SeededUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(who ? who.headers : {}), ...headers } });

async function page(url: string, who: SeededUser): Promise<TPaged<TDocumentListItem>> {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const keysOf = (rows: TDocumentListItem[]) =>
  rows.map((r) => Object.entries(f.ids).find(([, id]) => id === r._id)?.[0] ?? r.name);

describe('GET /all-documents/{document_status}', () => {
  it.each(DOCUMENT_LIST_FILTERS)(
    '%s holds what the OWNER and a MEMBER see in it, newest first',
    async (filter) => {
      for (const who of ['owner', 'member'] as const) {
        const list = await page(`/api/all-documents/${filter}?limit=50`, f[who]);
        expect(keysOf(list.data), `${who} ${filter}`).toEqual(EXPECTED[who][filter]);
        expect(list.total).toBe(EXPECTED[who][filter].length);
      }
    },
  );

  it('GET /documents is the same list, its filter in `status` (default all-documents)', async () => {
    const all = await page('/api/documents?limit=50', f.owner);
    expect(keysOf(all.data)).toEqual(EXPECTED.owner['all-documents']);
    const completed = await page('/api/documents?status=completed&limit=50', f.owner);
    expect(keysOf(completed.data)).toEqual(EXPECTED.owner.completed);
    expect((await get('/api/documents?status=signed', f.owner)).statusCode).toBe(422);
  });

  it('shows a member with no part in anything only an empty list', async () => {
    for (const filter of DOCUMENT_LIST_FILTERS) {
      expect((await page(`/api/all-documents/${filter}`, f.bystander)).total).toBe(0);
    }
  });

  it('describes each row: sender, recipients, progress, dates, waiting_for_me; never a secret', async () => {
    const res = await get('/api/all-documents/all-documents?limit=50', f.member);
    expect(res.body).not.toContain('secret-hash-never-shown');
    const rows: TDocumentListItem[] = res.json().data.data;
    const d1 = rows.find((r) => r._id === f.ids.d1)!;
    expect(d1).toMatchObject({
      name: 'Lease alpha',
      status: 'WAITING',
      archived_at: null,
      configurable_document_id: null,
      company_document_id: null,
      sender: { _id: f.owner.userId, email: f.owner.email },
      progress: { done: 0, required: 2 },
      waiting_for_me: true,
      completed_at: null,
    });
    expect(d1.recipients).toEqual([
      {
        _id: expect.any(String),
        name: 'Mona Member',
        email: f.member.email,
        user_type: 'SIGNER',
        status: 'SENT',
        signing_order: 1,
      },
      {
        _id: expect.any(String),
        name: 'Ed',
        email: 'ext1@acme.test',
        user_type: 'SIGNER',
        status: 'SENT',
        signing_order: 2,
      },
    ]);
    expect(d1.sent_at).toBe('2026-01-02T00:00:00.000Z');
    expect(d1.expires_at).toBe('2026-02-01T00:00:00.000Z');
    expect(rows.find((r) => r._id === f.ids.d14)!).toMatchObject({
      waiting_for_me: false,
      progress: { done: 0, required: 1 },
    });
    const draft = rows.find((r) => r._id === f.ids.d10)!;
    expect(draft.configurable_document_id).toEqual(expect.any(String));
    expect(draft.company_document_id).toEqual(expect.any(String));
    expect(draft.sent_at).toBeNull();
    const completed = await page('/api/all-documents/completed', f.owner);
    expect(completed.data.find((r) => r._id === f.ids.d3)!.progress).toEqual({ done: 2, required: 2 });
    const drafts = await page('/api/all-documents/draft', f.owner);
    expect(drafts.data[0]!.recipients).toEqual([
      expect.objectContaining({ name: 'Zed', email: 'draftee@initech.test', status: 'PENDING' }),
    ]);
  });

  it('gives each row the actions its status and the caller allow (the shared action table)', async () => {
    const all = await page('/api/all-documents/all-documents?limit=50', f.owner);
    const of = (key: string, rows = all.data) => rows.find((r) => r._id === f.ids[key])!.actions;
    expect(of('d1')).toEqual(
      expect.arrayContaining(['view', 'void', 'correct', 'resend', 'generate-link', 'notes']),
    );
    expect(of('d1')).not.toContain('archive');
    expect(of('d3')).toEqual(
      expect.arrayContaining(['archive', 'download', 'duplicate', 'save-as-template']),
    );
    expect(of('d3')).not.toContain('void');
    expect(of('d6')).toContain('clone-void');
    expect(of('d9')).toEqual(expect.arrayContaining(['discard', 'archive', 'settings']));
    expect(of('d9')).not.toContain('download');
    const archived = await page('/api/all-documents/archived', f.owner);
    expect(of('d8', archived.data)).toEqual(expect.arrayContaining(['restore', 'permanent-delete', 'view']));
    expect(of('d8', archived.data)).not.toContain('rename');

    // A MEMBER holds view, create, send and download: no void, archive or notes.
    const mine = await page('/api/all-documents/all-documents?limit=50', f.member);
    const d11 = mine.data.find((r) => r._id === f.ids.d11)!.actions;
    expect(d11).toEqual(expect.arrayContaining(['view', 'resend', 'generate-link', 'duplicate']));
    expect(d11).not.toContain('void');
    expect(d11).not.toContain('notes');
  });

  it('without rights on a document (view-all but not manage-all) offers only reading actions', async () => {
    const co = await seedCompany(t, { name: 'Rights Co' });
    await setPermission(t, co.companyId, 'ADMIN', 'documents:manage-all', false);
    const id = await seedDocument(t, co.companyId, co.users.OWNER, {
      name: 'Owner contract',
      status: 'COMPLETED',
      recipients: [{ email: 'x@y.test', status: 'SIGNED' }],
    });
    const list = await page('/api/all-documents/completed', co.users.ADMIN);
    expect(list.data.map((r) => r._id)).toEqual([id]);
    expect(list.data[0]!.actions.sort()).toEqual(['download', 'notes', 'view']);
    // The owner of the company has rights on everything.
    expect((await page('/api/all-documents/completed', co.users.OWNER)).data[0]!.actions).toContain(
      'archive',
    );
  });

  it('keeps an INDIVIDUAL workspace to what its user sent', async () => {
    const solo = await seedCompany(t, { planType: 'INDIVIDUAL', name: 'Solo' });
    await seedDocument(t, solo.companyId, solo.users.OWNER, {
      name: 'Mine',
      status: 'WAITING',
      recipients: [{ email: 'q@x.test' }],
    });
    await seedDocument(t, solo.companyId, solo.users.ADMIN, {
      name: 'Not mine',
      status: 'WAITING',
      recipients: [{ email: 'q@x.test' }],
    });
    const list = await page('/api/all-documents/all-documents', solo.users.OWNER);
    expect(list.data.map((r) => r.name)).toEqual(['Mine']);
  });

  it('pages: non-numeric page and limit fall back to 1 and 5, limit caps at 100, past the end is empty', async () => {
    const fallback = await page('/api/all-documents/all-documents?page=abc&limit=x', f.owner);
    expect(fallback).toMatchObject({ page: 1, total: 12, total_pages: 3 });
    expect(fallback.data).toHaveLength(5);
    const second = await page('/api/all-documents/all-documents?page=2&limit=5', f.owner);
    expect(keysOf(second.data)).toEqual(EXPECTED.owner['all-documents'].slice(5, 10));
    const capped = await page('/api/all-documents/all-documents?limit=100000', f.owner);
    expect(capped).toMatchObject({ total: 12, total_pages: 1 });
    expect(capped.data).toHaveLength(12);
    const past = await page('/api/all-documents/all-documents?page=9', f.owner);
    expect(past).toMatchObject({ data: [], total: 12, page: 9 });
    expect((await page('/api/all-documents/all-documents?page=-1&limit=0', f.owner)).page).toBe(1);
  });

  it.each([
    ['an unknown filter', '/api/all-documents/signed'],
    ['an unknown sort', '/api/all-documents/all-documents?sort=colour'],
    ['a date that is not one', '/api/all-documents/all-documents?from=yesterday'],
    ['an unknown date field', '/api/all-documents/all-documents?date_field=viewed_at'],
    ['a search over 100 characters', `/api/all-documents/all-documents?search=${'a'.repeat(101)}`],
  ])('answers 422 for %s', async (_what, url) => {
    const res = await get(url, f.owner);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.details[0].message).toEqual(expect.any(String));
  });

  it('answers 401 without a session and 403 without documents:view', async () => {
    expect((await get('/api/all-documents/all-documents')).statusCode).toBe(401);
    expect((await get('/api/documents')).statusCode).toBe(401);
    const co = await seedCompany(t, { name: 'No view Co' });
    await setPermission(t, co.companyId, 'MEMBER', 'documents:view', false);
    for (const url of [
      '/api/all-documents/all-documents',
      '/api/documents',
      '/api/employee-documents-counts',
    ]) {
      const res = await get(url, co.users.MEMBER);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toContain('documents:view');
    }
  });

  it("never lists another company's documents", async () => {
    const foreign = await page('/api/all-documents/all-documents?limit=50', f.other.users.OWNER);
    expect(foreign.data.map((r) => r.name)).toEqual(['Foreign lease']);
    const mine = await page('/api/all-documents/all-documents?limit=50&search=foreign', f.owner);
    expect(mine.total).toBe(0);
  });
});
