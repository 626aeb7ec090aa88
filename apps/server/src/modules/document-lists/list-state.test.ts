import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentUsers, employeeDocuments } from '../documents/schema';
import { packIds, unpackIds, VersionedCache } from '../../platform/cache/versioned-cache';
import { compactListChanges, loadListState, totalKey } from './list-state';
import { seedDocument } from './test-seed';

/*
 * The stored totals and the list version (migration 0018's triggers, `compactListChanges`) and
 * what the lists build on them: tab totals without counting, and search snapshots that never
 * outlive a change.
 */

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t);
  globex = await seedCompany(t);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.platform.database.db;
const state = (c: SeededCompany) => loadListState(db(), c.companyId, c.users.OWNER.userId);
const owner = (c: SeededCompany) => ({ userId: c.users.OWNER.userId });

async function listOf(c: SeededCompany, query: string): Promise<{ names: string[]; total: number }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/all-documents/${query}`,
    headers: c.users.OWNER.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json().data as { data: { name: string }[]; total: number };
  return { names: page.data.map((d) => d.name), total: page.total };
}

describe('stored totals', () => {
  it('follow inserts, status changes, archiving and deletes, per company', async () => {
    const a = await seedDocument(t, acme.companyId, owner(acme), { name: 'A lease', status: 'WAITING' });
    await seedDocument(t, acme.companyId, owner(acme), { name: 'A deed', status: 'WAITING' });
    await seedDocument(t, acme.companyId, owner(acme), { name: 'A draft', status: 'DRAFT' });
    await seedDocument(t, globex.companyId, owner(globex), { name: 'G lease', status: 'COMPLETED' });
    let s = await state(acme);
    expect(s.totals.get(totalKey('WAITING', false))).toBe(2);
    expect(s.totals.get(totalKey('DRAFT', false))).toBe(1);
    expect(s.totals.get(totalKey('COMPLETED', false)) ?? 0).toBe(0);
    expect((await state(globex)).totals.get(totalKey('COMPLETED', false))).toBe(1);

    await db()
      .update(employeeDocuments)
      .set({ status: 'COMPLETED', completedAt: new Date() })
      .where(eq(employeeDocuments.id, a));
    s = await state(acme);
    expect(s.totals.get(totalKey('WAITING', false))).toBe(1);
    expect(s.totals.get(totalKey('COMPLETED', false))).toBe(1);

    await db().update(employeeDocuments).set({ archivedAt: new Date() }).where(eq(employeeDocuments.id, a));
    s = await state(acme);
    expect(s.totals.get(totalKey('COMPLETED', false))).toBe(0);
    expect(s.totals.get(totalKey('COMPLETED', true))).toBe(1);

    await db().delete(employeeDocuments).where(eq(employeeDocuments.id, a));
    s = await state(acme);
    expect(s.totals.get(totalKey('COMPLETED', true))).toBe(0);
    expect((await state(globex)).totals.get(totalKey('COMPLETED', false))).toBe(1);
  });

  it('answer a status tab of the OWNER exactly, page after page', async () => {
    for (let i = 0; i < 7; i++) {
      await seedDocument(t, globex.companyId, owner(globex), { name: `G voided ${i}`, status: 'VOIDED' });
    }
    const first = await listOf(globex, 'voided?limit=3');
    const third = await listOf(globex, 'voided?limit=3&page=3');
    expect(first.total).toBe(7);
    expect(third).toEqual({ names: ['G voided 0'], total: 7 });
  });

  it('survive compaction, which folds the rows and moves the version', async () => {
    const before = await state(acme);
    const rows = async () =>
      (
        (await db().execute(
          sql`select count(*)::int as n from document_list_changes where company_id = ${acme.companyId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await rows()).toBeGreaterThan(3);
    expect(await compactListChanges(db(), 1)).toBeGreaterThan(0);
    const after = await state(acme);
    expect(Object.fromEntries(after.totals)).toMatchObject(
      Object.fromEntries([...before.totals].filter(([, n]) => n !== 0)),
    );
    expect(after.version).not.toBe(before.version);
    // One row per non-zero total.
    expect(await rows()).toBe([...after.totals.values()].filter((n) => n !== 0).length);
    // A company below the threshold is left alone.
    const globexVersion = (await state(globex)).version;
    await compactListChanges(db(), 1_000);
    expect((await state(globex)).version).toBe(globexVersion);
  });
});

describe('the list version', () => {
  it('moves with every change of documents, recipients and draft layouts, and only its company', async () => {
    const doc = await seedDocument(t, acme.companyId, owner(acme), {
      name: 'Versioned',
      status: 'WAITING',
      recipients: [{ email: 'ravi@example.com' }],
    });
    const versions = [(await state(acme)).version];
    const globexBefore = (await state(globex)).version;
    await db().update(employeeDocuments).set({ name: 'Versioned 2' }).where(eq(employeeDocuments.id, doc));
    versions.push((await state(acme)).version);
    await db()
      .update(documentUsers)
      .set({ status: 'SIGNED' })
      .where(eq(documentUsers.employeeDocumentId, doc));
    versions.push((await state(acme)).version);
    await seedDocument(t, acme.companyId, owner(acme), { name: 'Draft layout', status: 'DRAFT' });
    versions.push((await state(acme)).version);
    expect(new Set(versions).size).toBe(versions.length);
    expect((await state(globex)).version).toBe(globexBefore);
  });

  it('drops a search snapshot as soon as anything changes', async () => {
    for (let i = 0; i < 3; i++) {
      await seedDocument(t, globex.companyId, owner(globex), {
        name: `Snapshot lease ${i}`,
        status: 'COMPLETED',
        recipients: [{ email: `buyer${i}@example.com` }],
      });
    }
    const first = await listOf(globex, 'completed?search=snapshot&limit=2');
    expect(first.total).toBe(3);
    expect((await listOf(globex, 'completed?search=snapshot&limit=2&page=2')).names).toHaveLength(1);
    const renamed = await seedDocument(t, globex.companyId, owner(globex), {
      name: 'Fourth',
      status: 'COMPLETED',
    });
    await db()
      .update(employeeDocuments)
      .set({ name: 'Snapshot lease 3', updatedAt: new Date(Date.UTC(2030, 0, 1)) })
      .where(eq(employeeDocuments.id, renamed));
    const again = await listOf(globex, 'completed?search=snapshot&limit=2');
    expect(again.total).toBe(4);
    expect(again.names[0]).toBe('Snapshot lease 3');
    // A recipient's email is searchable at once too.
    expect((await listOf(globex, 'completed?search=zanzibar')).total).toBe(0);
    await db()
      .update(documentUsers)
      .set({ email: 'zanzibar@example.com' })
      .where(eq(documentUsers.email, 'buyer0@example.com'));
    expect((await listOf(globex, 'completed?search=zanzibar')).total).toBe(1);
  });
});

describe('VersionedCache', () => {
  it('answers only at the version it was filled at, and keeps within its budget', () => {
    const cache = new VersionedCache<string>(10, 3);
    cache.set('a', 'v1', 'A', 4);
    expect(cache.get('a', 'v1')).toBe('A');
    expect(cache.get('a', 'v2')).toBeUndefined();
    expect(cache.get('a', 'v1')).toBeUndefined();
    cache.set('a', 'v1', 'A', 4);
    cache.set('b', 'v1', 'B', 4);
    cache.get('a', 'v1');
    cache.set('c', 'v1', 'C', 4);
    // Over the weight budget: the least recently used (b) goes.
    expect(cache.get('b', 'v1')).toBeUndefined();
    expect(cache.get('a', 'v1')).toBe('A');
    expect(cache.get('c', 'v1')).toBe('C');
    cache.set('huge', 'v1', 'H', 11);
    expect(cache.get('huge', 'v1')).toBeUndefined();
  });

  it('packs ids 16 bytes each and reads any slice back', () => {
    const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
    const packed = packIds(ids);
    expect(packed.length).toBe(80);
    expect(unpackIds(packed, 0, 5)).toEqual(ids);
    expect(unpackIds(packed, 3, 10)).toEqual(ids.slice(3));
  });
});
