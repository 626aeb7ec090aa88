import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LIST_FILTERS } from '@esigns/contracts/documents';
import type { TDocumentListItem } from '@esigns/contracts/document-lists';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { SeededUser } from '../../../test/seed-company';
import { eq } from 'drizzle-orm';
import { documentUsers, employeeDocuments } from '../documents/schema';
import { buildListFixture, EXPECTED, type ListFixture } from './fixture';
import { seedDocument } from './test-seed';

let t: TestApp;
let f: ListFixture;

beforeAll(async () => {
  t = await buildTestApp();
  f = await buildListFixture(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: SeededUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });

async function keys(
  url: string,
  who: SeededUser = f.owner,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const res = await get(url, who, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as TDocumentListItem[]).map(
    (r) => Object.entries(f.ids).find(([, id]) => id === r._id)?.[0] ?? r.name,
  );
}

const all = (query: string) => `/api/all-documents/all-documents?limit=50&${query}`;

describe('search', () => {
  it.each([
    ['a word of the name', 'search=lease', ['d7', 'd1']],
    ['the start of a word, any case', 'search=LEA', ['d7', 'd1']],
    ["a recipient's email domain", 'search=globex', ['d3', 'd2']],
    ["a recipient's whole email", 'search=ext1%40acme.test', ['d1']],
    ["a recipient's name", 'search=gina', ['d2']],
    ["a draft's recipient (its layout)", 'search=zed', ['d9']],
    ['every word, each anywhere (name and recipient)', 'search=lease%20acme', ['d1']],
    ['words that match nothing', 'search=xyzzy', []],
  ])('finds %s', async (_what, query, expected) => {
    expect(await keys(all(query))).toEqual(expected);
  });

  it('ignores a search with nothing searchable in it', async () => {
    expect(await keys(all('search=%21%21%20%2A'))).toEqual(EXPECTED.owner['all-documents']);
  });

  it('follows renamed documents and changed, added or removed recipients', async () => {
    const id = await seedDocument(t, f.acme.companyId, f.owner, {
      name: 'Tracked',
      status: 'WAITING',
      recipients: [{ email: 'old@before.test', status: 'SENT' }],
      at: 40 * 24 * 60,
    });
    const db = t.platform.database.db;
    expect(await keys(all('search=before'))).toEqual(['Tracked']);
    await db
      .update(documentUsers)
      .set({ email: 'new@after.test' })
      .where(eq(documentUsers.employeeDocumentId, id));
    expect(await keys(all('search=before'))).toEqual([]);
    expect(await keys(all('search=after'))).toEqual(['Tracked']);
    // A status change (signing) leaves the words alone.
    await db.update(documentUsers).set({ status: 'VIEWED' }).where(eq(documentUsers.employeeDocumentId, id));
    expect(await keys(all('search=after'))).toEqual(['Tracked']);
    await db.insert(documentUsers).values({
      companyId: f.acme.companyId,
      employeeDocumentId: id,
      key: 'added',
      userType: 'SIGNER',
      email: 'added@third.test',
      firstName: 'Quentin',
    });
    expect(await keys(all('search=quentin%20after'))).toEqual(['Tracked']);
    await db.delete(documentUsers).where(eq(documentUsers.key, 'added'));
    expect(await keys(all('search=quentin'))).toEqual([]);
    await db.update(employeeDocuments).set({ name: 'Renamed' }).where(eq(employeeDocuments.id, id));
    expect(await keys(all('search=renamed%20after'))).toEqual(['Renamed']);
    await db.delete(employeeDocuments).where(eq(employeeDocuments.id, id));
  });

  it('searches only what the caller sees', async () => {
    expect(await keys(all('search=lease'), f.member)).toEqual(['d1']);
    expect(await keys(`/api/all-documents/archived?search=deal`)).toEqual(['d8']);
  });
});

describe('sort', () => {
  it('orders by name, by dates either way (empty dates last), newest change first by default', async () => {
    const byName = await keys(all('sort=name'));
    expect(byName.map((k) => f.nameOf(f.ids[k]!))).toEqual(
      [...byName.map((k) => f.nameOf(f.ids[k]!))].sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    );
    expect((await keys(all('sort=-name')))[0]).toBe('d14');
    const bySent = await keys(all('sort=sent_at'));
    expect(bySent[0]).toBe('d1');
    expect(bySent.at(-1)).toBe('d9');
    const bySentDesc = await keys(all('sort=-sent_at'));
    expect(bySentDesc[0]).toBe('d14');
    expect(bySentDesc.at(-1)).toBe('d9');
    expect(await keys(all('sort=created_at'))).toEqual([...EXPECTED.owner['all-documents']].reverse());
    expect(await keys(all('sort=-expires_at'))).toEqual(
      EXPECTED.owner['all-documents'].filter((k) => k !== 'd9').concat('d9'),
    );
  });
});

describe('date range', () => {
  it('keeps the days from..to (inclusive) of the creation date by default', async () => {
    expect(await keys(all('from=2026-01-03&to=2026-01-04'))).toEqual(['d3', 'd2']);
    expect(await keys(all('from=2026-01-14'))).toEqual(['d14', 'd13']);
    expect(await keys(all('to=2026-01-02'))).toEqual(['d1']);
  });

  it("reads days in the caller's time zone (usertimezone)", async () => {
    // UTC-2: the local 3 January starts at 02:00 UTC, so d2 (00:00 UTC) falls on the 2nd.
    expect(await keys(all('from=2026-01-03&to=2026-01-04'), f.owner, { usertimezone: '120' })).toEqual([
      'd4',
      'd3',
    ]);
    expect(await keys(all('from=2026-01-03&to=2026-01-04'), f.owner, { usertimezone: 'soon' })).toEqual([
      'd3',
      'd2',
    ]);
  });

  it('applies to the sending date when asked (drafts have none) and takes exact times', async () => {
    expect(await keys(all('date_field=sent_at&from=2026-01-09&to=2026-01-10'))).toEqual([]);
    expect(await keys(all('date_field=sent_at&from=2026-01-12T00:00:00Z&to=2026-01-12T00:00:00Z'))).toEqual([
      'd11',
    ]);
  });
});

describe('recipient and owner filters', () => {
  it('keeps documents with a recipient of that email, or that contact (by link or email)', async () => {
    expect(await keys(all('recipient=EXT%40globex.test'))).toEqual(['d2']);
    expect(await keys(all('recipient=draftee%40initech.test'))).toEqual(['d9']);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: f.owner.headers,
      payload: { email: 'ext1@acme.test', first_name: 'Ed' },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(await keys(all(`recipient=${contact.json().data._id}`))).toEqual(['d1']);
    expect(await keys(all('recipient=00000000-0000-4000-8000-000000000000'))).toEqual([]);
  });

  it('keeps the documents one user sent', async () => {
    expect(await keys(all(`owner=${f.member.userId}`))).toEqual(['d11']);
    expect(await keys(all(`owner=${f.owner.userId}&search=lease`))).toEqual(['d7', 'd1']);
    expect(await keys(all('owner=nobody'))).toEqual([]);
  });
});

describe('GET /employee-documents-counts', () => {
  it('counts every list filter for the caller, as the lists hold them', async () => {
    for (const who of ['owner', 'member'] as const) {
      const res = await get('/api/employee-documents-counts', f[who]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(
        Object.fromEntries(DOCUMENT_LIST_FILTERS.map((filter) => [filter, EXPECTED[who][filter].length])),
      );
    }
  });

  it('narrows the counts like the lists (search, owner)', async () => {
    const res = await get('/api/employee-documents-counts?search=lease', f.owner);
    expect(res.json().data).toMatchObject({
      'all-documents': 2,
      'waiting-for-others': 1,
      expired: 1,
      archived: 0,
    });
    const mine = await get(`/api/employee-documents-counts?owner=${f.member.userId}`, f.owner);
    expect(mine.json().data).toMatchObject({ 'all-documents': 1, 'waiting-for-others': 1, draft: 0 });
    expect((await get('/api/employee-documents-counts?from=never', f.owner)).statusCode).toBe(422);
  });
});
