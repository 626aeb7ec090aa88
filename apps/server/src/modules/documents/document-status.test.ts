import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canTransition } from '@esigns/contracts/document-actions';
import { statusChangeRefusal } from '@esigns/contracts/document-status';
import { DOCUMENT_STATUSES, type TDocumentStatus } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { AppError } from '../../platform/http/app-error';
import { seedDocument } from '../document-lists/test-seed';
import { settleJobs } from '../notifications/test-helpers';
import { changeDocumentStatus, changeDocumentStatuses } from './document-status';
import { employeeDocuments } from './schema';
import { caller } from './test-helpers';

/*
 * The one writer of a document's status refuses every change the lifecycle table
 * (`@esigns/contracts/document-status`) does not list, directly and through the API.
 */

let t: TestApp;
let acme: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Status Co' });
});
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

const seed = (status: TDocumentStatus, name = `${status} doc`) =>
  seedDocument(t, acme.companyId, acme.users.OWNER, {
    name,
    status,
    recipients: [{ email: `${status.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@x.test` }],
  });

async function rowOf(id: string) {
  const [row] = await t.platform.database.db
    .select()
    .from(employeeDocuments)
    .where(eq(employeeDocuments.id, id));
  return row!;
}

/** The AppError a call throws (or null), its transaction rolled back. */
async function refusal(run: Parameters<TestApp['platform']['database']['db']['transaction']>[0]) {
  try {
    await t.platform.database.db.transaction(run);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

describe('changeDocumentStatus', () => {
  it('refuses every change the table does not list with 409 and its reason, leaving the row as it was', async () => {
    for (const from of DOCUMENT_STATUSES) {
      const id = await seed(from);
      const before = await rowOf(id);
      for (const to of DOCUMENT_STATUSES) {
        const reason = statusChangeRefusal(from, to);
        if (reason === null) continue;
        const err = await refusal((tx) => changeDocumentStatus(tx, id, to));
        expect(err?.code, `${from} -> ${to}`).toBe('CONFLICT');
        expect(err?.message).toBe(reason);
      }
      expect(await rowOf(id)).toEqual(before);
    }
  });

  it('makes a listed change with the columns that go with it', async () => {
    const id = await seed('WAITING');
    const now = new Date('2026-03-01T10:00:00Z');
    const row = await t.platform.database.db.transaction((tx) =>
      changeDocumentStatus(tx, id, 'VOIDED', {
        expectedFrom: 'WAITING',
        set: { voidedAt: now, voidReason: 'Replaced', updatedAt: now },
      }),
    );
    expect(row).toMatchObject({
      id,
      status: 'VOIDED',
      voidReason: 'Replaced',
      voidedAt: now,
      updatedAt: now,
    });
    expect(await rowOf(id)).toEqual(row);
  });

  it('refuses a listed change from another status than the caller expects', async () => {
    const id = await seed('EXPIRED');
    const err = await refusal((tx) => changeDocumentStatus(tx, id, 'WAITING', { expectedFrom: 'WAITING' }));
    expect(err?.code).toBe('CONFLICT');
    expect(err?.message).toBe('The document is EXPIRED, not WAITING: it cannot become WAITING');
    expect((await rowOf(id)).status).toBe('EXPIRED');
  });

  it('answers 404 for a document that is not there', async () => {
    const err = await refusal((tx) => changeDocumentStatus(tx, crypto.randomUUID(), 'EXPIRED'));
    expect(err?.code).toBe('NOT_FOUND');
  });
});

describe('changeDocumentStatuses (the sweeps)', () => {
  it('changes only the rows that may still change, skipping the others without error', async () => {
    const ids = {
      waiting: await seed('WAITING'),
      completed: await seed('COMPLETED'),
      expired: await seed('EXPIRED'),
      draft: await seed('DRAFT'),
    };
    const at = new Date('2026-04-01T00:00:00Z');
    const changed = await t.platform.database.db.transaction((tx) =>
      changeDocumentStatuses(tx, Object.values(ids), 'EXPIRED', {
        expectedFrom: 'WAITING',
        set: { updatedAt: at },
      }),
    );
    expect(changed.map((r) => r.id)).toEqual([ids.waiting]);
    expect(changed[0]).toMatchObject({ status: 'EXPIRED', updatedAt: at });
    expect((await rowOf(ids.completed)).status).toBe('COMPLETED');
    expect((await rowOf(ids.draft)).status).toBe('DRAFT');
    // Run again (a second sweep): nothing left to change.
    const again = await t.platform.database.db.transaction((tx) =>
      changeDocumentStatuses(tx, Object.values(ids), 'EXPIRED', { expectedFrom: 'WAITING' }),
    );
    expect(again).toEqual([]);
  });

  it('changes nothing towards a status no change leads to', async () => {
    const id = await seed('WAITING');
    const changed = await t.platform.database.db.transaction((tx) =>
      changeDocumentStatuses(tx, [id], 'DRAFT'),
    );
    expect(changed).toEqual([]);
    expect((await rowOf(id)).status).toBe('WAITING');
  });
});

describe('PATCH /documents/{id}/status/{status}', () => {
  it('refuses with 409 every change that is not one of the hand-made ones, the status unchanged', async () => {
    for (const from of DOCUMENT_STATUSES) {
      for (const to of DOCUMENT_STATUSES) {
        if (canTransition(from, to)) continue;
        const id = await seed(from);
        const res = await call('PATCH', `/api/documents/${id}/status/${to}`, acme.users.OWNER);
        expect(res.statusCode, `${from} -> ${to}: ${res.body}`).toBe(409);
        expect((await rowOf(id)).status).toBe(from);
      }
    }
  });

  it('makes the hand-made ones', async () => {
    for (const [from, to] of [
      ['WAITING', 'EXPIRED'],
      ['WAITING', 'VOIDED'],
      ['EXPIRED', 'WAITING'],
    ] as const) {
      const id = await seed(from);
      const res = await call('PATCH', `/api/documents/${id}/status/${to}`, acme.users.OWNER);
      expect(res.statusCode, res.body).toBe(200);
      expect((await rowOf(id)).status).toBe(to);
    }
  });
});
