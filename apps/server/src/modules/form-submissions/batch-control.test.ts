import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { runFormSendChunk } from './batch-job';
import { formBatches, formSubmissions } from './schema';
import { caller, createTemplate, seedForm, waitForBatch, type SeededForm } from './send-test-utils';

/* Cancelling a form send and retrying its failed people. */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let form: SeededForm;

const db = () => t.platform.database.db;
const person = (email: string) => ({ kind: 'GUEST' as const, id: null, email, name: '' });

/** A send row as a run left it (no job queued: the test plays the chunks itself). */
async function seedBatch(input: {
  emails: string[];
  status: 'RUNNING' | 'DONE' | 'FAILED';
  cursor: number;
  sent: number;
  failed: number;
}): Promise<string> {
  const [row] = await db()
    .insert(formBatches)
    .values({
      companyId: acme.companyId,
      formBuilderId: form.id,
      status: input.status,
      recipients: input.emails.map(person),
      total: input.emails.length,
      cursor: input.cursor,
      sent: input.sent,
      failed: input.failed,
      createdBy: acme.users.OWNER.userId,
    })
    .returning({ id: formBatches.id });
  return row!.id;
}

async function mailsTo(email: string) {
  return db()
    .select({ id: emailLogs.id })
    .from(emailLogs)
    .where(and(eq(emailLogs.kind, 'form.sent'), sql`${emailLogs.to}[1] = ${email}`));
}

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Control' });
  other = await seedCompany(t, { name: 'Other Control' });
  form = await seedForm(t, acme, await createTemplate(t, acme.users.OWNER));
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('cancelling a send', () => {
  it('stops the chain of chunks: the next chunk sends nothing, and a finished send is 409', async () => {
    const id = await seedBatch({
      emails: ['c1@cancel.example.com', 'c2@cancel.example.com'],
      status: 'RUNNING',
      cursor: 0,
      sent: 0,
      failed: 0,
    });
    const res = await call('POST', `/api/formbuilders-batch/${id}/cancel`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, status: 'CANCELLED', sent: 0, retry_batch_id: null });
    expect(await runFormSendChunk(t.platform, { batch_id: id, from: 0 })).toBe('SKIPPED');
    expect(await mailsTo('c1@cancel.example.com')).toHaveLength(0);
    expect(
      await db()
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(eq(formSubmissions.batchId, id)),
    ).toHaveLength(0);
    const again = await call('POST', `/api/formbuilders-batch/${id}/cancel`, acme.users.OWNER);
    expect(again.statusCode).toBe(409);
    // Nobody was tried, so nobody failed: nothing to retry.
    const retry = await call('POST', `/api/formbuilders-batch/${id}/retry`, acme.users.OWNER);
    expect(retry.statusCode, retry.body).toBe(409);
  });

  it('keeps what a real send sent before the cancel', async () => {
    const emails = Array.from({ length: 120 }, (_, i) => `p${i}@kept.example.com`);
    const res = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      emails,
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.batch_id;
    const cancel = await call('POST', `/api/formbuilders-batch/${id}/cancel`, acme.users.OWNER);
    // The send may have finished already on a fast machine (409); either way what was sent stays.
    expect([200, 409]).toContain(cancel.statusCode);
    const batch = await waitForBatch(t, acme.users.OWNER, form.id, id);
    const submissions = await db()
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(eq(formSubmissions.batchId, id));
    expect(submissions).toHaveLength(batch.sent as number);
    if (cancel.statusCode === 200) expect(batch.status).toBe('CANCELLED');
  });
});

describe('retrying the failed people of a send', () => {
  it('sends a new batch to those without a link, once; the send names its retry', async () => {
    const id = await seedBatch({
      emails: ['ok@retry.example.com', 'failed@retry.example.com'],
      status: 'DONE',
      cursor: 2,
      sent: 1,
      failed: 1,
    });
    await db().insert(formSubmissions).values({
      companyId: acme.companyId,
      formBuilderId: form.id,
      formVersion: 1,
      status: 'DRAFT',
      fillerKind: 'GUEST',
      fillerEmail: 'ok@retry.example.com',
      batchId: id,
    });
    const res = await call('POST', `/api/formbuilders-batch/${id}/retry`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(202);
    const { batch_id: retryId, total } = res.json().data;
    expect(total).toBe(1);
    expect(await waitForBatch(t, acme.users.OWNER, form.id, retryId)).toMatchObject({
      status: 'DONE',
      sent: 1,
    });
    expect(await mailsTo('failed@retry.example.com')).toHaveLength(1);
    expect(await mailsTo('ok@retry.example.com')).toHaveLength(0);
    const list = await call(
      'GET',
      `/api/formbuilders-batch?formbuilder_details_id=${form.id}`,
      acme.users.OWNER,
    );
    const row = list.json().data.data.find((b: { _id: string }) => b._id === id);
    expect(row.retry_batch_id).toBe(retryId);
    const twice = await call('POST', `/api/formbuilders-batch/${id}/retry`, acme.users.OWNER);
    expect(twice.statusCode).toBe(409);
  });

  it('is 409 while the send runs, 404 for another company or an unknown id, 403 without the permission', async () => {
    const running = await seedBatch({
      emails: ['r@retry.example.com'],
      status: 'RUNNING',
      cursor: 0,
      sent: 0,
      failed: 0,
    });
    expect(
      (await call('POST', `/api/formbuilders-batch/${running}/retry`, acme.users.OWNER)).statusCode,
    ).toBe(409);
    for (const path of ['cancel', 'retry']) {
      const theirs = await call('POST', `/api/formbuilders-batch/${running}/${path}`, other.users.OWNER);
      expect(theirs.statusCode, `${path} ${theirs.body}`).toBe(404);
      expect(theirs.json().success).toBe(false);
      expect(
        (await call('POST', `/api/formbuilders-batch/${randomUUID()}/${path}`, acme.users.OWNER)).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', `/api/formbuilders-batch/not-an-id/${path}`, acme.users.OWNER)).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', `/api/formbuilders-batch/${running}/${path}`, acme.users.MEMBER)).statusCode,
      ).toBe(403);
    }
    const [row] = await db()
      .select({ status: formBatches.status })
      .from(formBatches)
      .where(eq(formBatches.id, running));
    expect(row!.status).toBe('RUNNING');
  });
});
