import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { contacts } from '../contacts/schema';
import { seedDocument } from '../document-lists/test-seed';
import { settleJobs } from '../notifications/test-helpers';
import { changeDocumentStatus, changeDocumentStatuses } from './document-status';
import {
  registerDocumentRequestStatusListener,
  registerDocumentStatusListener,
  type DocumentRequestStatusChange,
  type DocumentStatusChange,
} from './hooks';
import type { Tx } from './lookups';
import { employeeDocuments } from './schema';
import { caller, uniqueEmail } from './test-helpers';

/*
 * The hooks later modules (workflows) follow documents and document requests by: each listener is
 * called once per status change, inside the transaction that made it (a listener that throws rolls
 * the change back).
 */

let t: TestApp;
let acme: SeededCompany;
let call: ReturnType<typeof caller>;
const heard: { tx: Tx; changes: readonly DocumentStatusChange[] }[] = [];
const heardRequests: { tx: Tx; change: DocumentRequestStatusChange }[] = [];
let failNext = false;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Listener Co' });
  registerDocumentStatusListener('test', async (tx, changes) => {
    heard.push({ tx, changes });
    if (failNext) {
      failNext = false;
      throw new Error('listener refused');
    }
  });
  registerDocumentRequestStatusListener('test', async (tx, change) => {
    heardRequests.push({ tx, change });
  });
});
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

const seed = () =>
  seedDocument(t, acme.companyId, acme.users.OWNER, {
    name: 'Followed',
    status: 'WAITING',
    recipients: [{ email: uniqueEmail('signer') }],
  });

async function statusOf(id: string) {
  const [row] = await t.platform.database.db
    .select({ status: employeeDocuments.status })
    .from(employeeDocuments)
    .where(eq(employeeDocuments.id, id));
  return row?.status;
}

describe('document status listeners', () => {
  it('hears one change, in the transaction that made it', async () => {
    const id = await seed();
    heard.length = 0;
    let ownTx: Tx | null = null;
    await t.platform.database.db.transaction(async (tx) => {
      ownTx = tx;
      await changeDocumentStatus(tx, id, 'VOIDED', { expectedFrom: 'WAITING' });
    });
    expect(heard).toHaveLength(1);
    expect(heard[0]!.tx).toBe(ownTx);
    expect(heard[0]!.changes).toEqual([{ documentId: id, companyId: acme.companyId, status: 'VOIDED' }]);
  });

  it('hears a sweep once with every document it changed, and none it skipped', async () => {
    const a = await seed();
    const b = await seed();
    heard.length = 0;
    await t.platform.database.db.transaction((tx) => changeDocumentStatuses(tx, [a, b], 'EXPIRED'));
    await t.platform.database.db.transaction((tx) => changeDocumentStatuses(tx, [a, b], 'EXPIRED'));
    expect(heard).toHaveLength(1);
    expect(heard[0]!.changes.map((c) => c.documentId).sort()).toEqual([a, b].sort());
  });

  it('rolls the change back when a listener throws', async () => {
    const id = await seed();
    failNext = true;
    await expect(
      t.platform.database.db.transaction((tx) => changeDocumentStatus(tx, id, 'VOIDED')),
    ).rejects.toThrow('listener refused');
    expect(await statusOf(id)).toBe('WAITING');
  });

  it('hears a void made through the API', async () => {
    const id = await seed();
    heard.length = 0;
    const res = await call('POST', `/api/documents/${id}/void`, acme.users.OWNER, { reason: 'Wrong one' });
    expect(res.statusCode, res.body).toBe(200);
    expect(heard.map((h) => h.changes)).toEqual([
      [{ documentId: id, companyId: acme.companyId, status: 'VOIDED' }],
    ]);
  });
});

describe('document request status listeners', () => {
  it('hears a review status once, and not an edit that keeps the status', async () => {
    const [contact] = await t.platform.database.db
      .insert(contacts)
      .values({ companyId: acme.companyId, email: uniqueEmail('contact'), firstName: 'A', lastName: 'B' })
      .returning();
    const created = await call('POST', '/api/request-documents', acme.users.OWNER, {
      contact_id: contact!.id,
      card_type: 'PAN card',
      message: '',
    });
    const id = created.json().data._id as string;
    heardRequests.length = 0;
    await call('PATCH', `/api/request-documents/${id}`, acme.users.OWNER, { message: 'Please' });
    expect(heardRequests).toHaveLength(0);
    const patched = await call('PATCH', `/api/request-documents/${id}`, acme.users.OWNER, {
      status: 'REJECTED',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(heardRequests.map((h) => h.change)).toEqual([
      { requestId: id, companyId: acme.companyId, status: 'REJECTED' },
    ]);
  });
});
