import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { contacts } from '../contacts/schema';
import { formGuests } from '../form-builders/schema';
import { FORM_SEND_CHUNK, FORM_SEND_JOB, runFormSendChunk, stopAfterLastRetry } from './batch-job';
import { formBatches, formSubmissionEvents, formSubmissions } from './schema';
import {
  caller,
  createTemplate,
  keysOf,
  seedContacts,
  seedForm,
  waitForBatch,
  type SeededForm,
} from './send-test-utils';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let templateId: string;
let form: SeededForm;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  templateId = await createTemplate(t, acme.users.OWNER);
  form = await seedForm(t, acme, templateId);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const db = () => t.platform.database.db;

async function mailsTo(domain: string) {
  return db()
    .select({ id: emailLogs.id, to: emailLogs.to, html: emailLogs.html, status: emailLogs.status })
    .from(emailLogs)
    .where(and(eq(emailLogs.kind, 'form.sent'), sql`${emailLogs.to}[1] like ${`%@${domain}`}`));
}

/** The personal link in a mail: `/public/fb/{code}/{submission}/vp/{guest}?t={secret}`. */
function linkOf(html: string): { submissionId: string; guestId: string; secret: string } | null {
  const match = /\/public\/fb\/[^/]+\/([0-9a-f-]{36})\/vp\/([0-9a-f-]{36})\?t=([^"&<\s]+)/.exec(html);
  return match
    ? { submissionId: match[1]!, guestId: match[2]!, secret: decodeURIComponent(match[3]!) }
    : null;
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

describe('sending a form to contacts', () => {
  it('sends 1,000 contacts as one batch: exactly 1,000 mails, one DRAFT submission and guest link each', async () => {
    const domain = 'thousand.example.com';
    const ids = await seedContacts(t, acme, 1000, domain);
    const res = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      contact_ids: ids,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { batch_id: batchId, total, skipped } = res.json().data;
    expect({ total, skipped }).toEqual({ total: 1000, skipped: 0 });

    const batch = await waitForBatch(t, acme.users.OWNER, form.id, batchId, 240_000);
    expect(batch).toMatchObject({ status: 'DONE', total: 1000, sent: 1000, failed: 0, progress: 100 });

    const mails = await mailsTo(domain);
    expect(mails).toHaveLength(1000);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(1000);
    const submissions = await db().select().from(formSubmissions).where(eq(formSubmissions.batchId, batchId));
    expect(submissions).toHaveLength(1000);
    expect(submissions.every((s) => s.status === 'DRAFT' && s.fillerKind === 'CONTACT')).toBe(true);

    // A mailed link names its submission and guest, and its secret is the guest's session.
    const mail = mails.find((m) => m.to[0] === `person7@${domain}`)!;
    const link = linkOf(mail.html)!;
    const submission = submissions.find((s) => s.id === link.submissionId)!;
    expect(submission).toMatchObject({
      fillerId: ids[7],
      fillerEmail: `person7@${domain}`,
      fillerName: 'Person 7',
    });
    const [guest] = await db().select().from(formGuests).where(eq(formGuests.id, link.guestId));
    expect(guest).toMatchObject({
      secretHash: hashOf(link.secret),
      contactId: ids[7],
      email: `person7@${domain}`,
    });
    // The link's session opens that submission on the fill side, and no other person's.
    const guestHeaders = { userid: link.guestId, passcode: link.secret, formbuilderid: form.id };
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/formbuilder-data/${link.submissionId}`,
      headers: guestHeaders,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const someoneElse = submissions.find((s) => s.fillerId === ids[8])!;
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/formbuilder-data/${someoneElse.id}`,
      headers: guestHeaders,
    });
    expect(refused.statusCode).toBe(404);

    // One job per chunk of 50; a rerun of a recorded chunk sends nothing.
    const { rows: jobs } = await t.platform.database.raw(
      `SELECT (data->>'from')::int AS "from" FROM pgboss.job WHERE name = $1 AND data->>'batch_id' = $2 ORDER BY 1`,
      [FORM_SEND_JOB, batchId],
    );
    expect((jobs as { from: number }[]).map((j) => j.from)).toEqual(
      Array.from({ length: 1000 / FORM_SEND_CHUNK }, (_, i) => i * FORM_SEND_CHUNK),
    );
    expect(await runFormSendChunk(t.platform, { batch_id: batchId, from: 0 })).toBe('SKIPPED');
    expect(await runFormSendChunk(t.platform, { batch_id: batchId, from: 950 })).toBe('SKIPPED');
    expect(await mailsTo(domain)).toHaveLength(1000);

    // The batch's mails, paged, with their delivery.
    const page = await call(
      'GET',
      `/api/formbuilders-batch/email-data/${batchId}?page=2&limit=100`,
      acme.users.OWNER,
    );
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(data).toMatchObject({
      total: 1000,
      page: 2,
      total_pages: 10,
      batch: { _id: batchId, status: 'DONE' },
    });
    expect(data.data).toHaveLength(100);
    expect(data.data[0]).toMatchObject({ submission_status: 'DRAFT', filler_kind: 'CONTACT' });
    expect(['QUEUED', 'SENDING', 'OUTBOX', 'SENT']).toContain(data.data[0].mail_status);
  }, 300_000);

  it('sends to contacts and emails once per email; new emails become contacts', async () => {
    const domain = 'mixed.example.com';
    const [first] = await seedContacts(t, acme, 1, domain);
    const res = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      contact_ids: [first, first],
      emails: [`PERSON0@${domain}`, `new.one@${domain}`, `new.one@${domain}`],
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ total: 2, skipped: 3 });
    await waitForBatch(t, acme.users.OWNER, form.id, res.json().data.batch_id);
    expect((await mailsTo(domain)).map((m) => m.to[0]).sort()).toEqual([
      `new.one@${domain}`,
      `person0@${domain}`,
    ]);
    const [created] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, acme.companyId), eq(contacts.email, `new.one@${domain}`)));
    expect(created).toBeDefined();
  });

  it('skips people who already have a submission of a one-per-person form', async () => {
    const once = await seedForm(t, acme, templateId, { settings: { one_per_person: true } });
    const domain = 'once.example.com';
    const ids = await seedContacts(t, acme, 3, domain);
    const first = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: once.id,
      contact_ids: ids.slice(0, 2),
    });
    await waitForBatch(t, acme.users.OWNER, once.id, first.json().data.batch_id);
    const second = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: once.id,
      contact_ids: ids,
    });
    expect(second.json().data).toMatchObject({ total: 1, skipped: 2 });
    await waitForBatch(t, acme.users.OWNER, once.id, second.json().data.batch_id);
    const again = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: once.id,
      contact_ids: ids,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(await mailsTo(domain)).toHaveLength(3);
  });

  it('ends a send FAILED when a chunk failed its last retry, and leaves a moved cursor alone', async () => {
    const recipients = [1, 2, 3].map((i) => ({
      kind: 'CONTACT' as const,
      id: null,
      email: `r${i}@retry.example.com`,
      name: '',
    }));
    const [batch] = await db()
      .insert(formBatches)
      .values({
        companyId: acme.companyId,
        formBuilderId: form.id,
        recipients,
        total: 3,
        status: 'RUNNING',
        cursor: 0,
      })
      .returning();
    await stopAfterLastRetry(t.platform, { batch_id: batch!.id, from: 50 });
    expect((await db().select().from(formBatches).where(eq(formBatches.id, batch!.id)))[0]!.status).toBe(
      'RUNNING',
    );
    await stopAfterLastRetry(t.platform, { batch_id: batch!.id, from: 0 });
    const [after] = await db().select().from(formBatches).where(eq(formBatches.id, batch!.id));
    expect(after).toMatchObject({ status: 'FAILED', sent: 0, failed: 3, cursor: 3 });
    expect(after!.message).toContain('send the form again');
    expect(await runFormSendChunk(t.platform, { batch_id: batch!.id, from: 0 })).toBe('SKIPPED');
  });
});

describe('sending to users and to an entity', () => {
  it('sends company users a sign-in link to their submission', async () => {
    const res = await call('POST', '/api/formbuilder-data/send/multiple-users', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      user_ids: [acme.users.MEMBER.userId, acme.users.MANAGER.userId],
    });
    expect(res.statusCode, res.body).toBe(202);
    const batchId = res.json().data.batch_id;
    await waitForBatch(t, acme.users.OWNER, form.id, batchId);
    const rows = await db().select().from(formSubmissions).where(eq(formSubmissions.batchId, batchId));
    expect(rows.map((r) => r.fillerId).sort()).toEqual(
      [acme.users.MEMBER.userId, acme.users.MANAGER.userId].sort(),
    );
    expect(rows.every((r) => r.fillerKind === 'USER')).toBe(true);
    const [mail] = await db()
      .select({ html: emailLogs.html })
      .from(emailLogs)
      .where(and(eq(emailLogs.kind, 'form.sent'), sql`${emailLogs.to}[1] = ${acme.users.MEMBER.email}`));
    const mine = rows.find((r) => r.fillerId === acme.users.MEMBER.userId)!;
    expect(mail!.html).toContain(`/fb/${form.code}/${mine.id}`);
  });

  it('sends every record of an entity with an email, skipping the others', async () => {
    const entity = await call('POST', '/api/entities/create', acme.users.OWNER, {
      name: `Tenants ${Date.now()}`,
      entity_type: 'GENERAL',
      fields: [
        { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'mail', label: 'Mail', type: 'EMAIL' },
      ],
    });
    expect(entity.statusCode, entity.body).toBe(200);
    const { _id: entityId, primary_template_id: primary } = entity.json().data;
    for (const [name, mail] of [
      ['Asha', 'asha@tenants.example.com'],
      ['Bala', ''],
      ['Chen', 'chen@tenants.example.com'],
    ]) {
      const rec = await call('POST', '/api/entities-data', acme.users.OWNER, {
        entity_id: entityId,
        values: { [primary]: mail ? { name, mail } : { name } },
      });
      expect(rec.statusCode, rec.body).toBe(200);
    }
    const res = await call('POST', '/api/formbuilder-data/multiple-entities', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      entity_id: entityId,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ total: 2, skipped: 1 });
    await waitForBatch(t, acme.users.OWNER, form.id, res.json().data.batch_id);
    expect((await mailsTo('tenants.example.com')).map((m) => m.to[0]).sort()).toEqual([
      'asha@tenants.example.com',
      'chen@tenants.example.com',
    ]);
    const named = await call('POST', '/api/formbuilder-data/multiple-entities', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      entity_id: entityId,
      email_field: 'nope',
    });
    expect(named.statusCode).toBe(422);
    expect(keysOf(named)).toEqual(['email_field']);
    const foreign = await call('POST', '/api/formbuilder-data/multiple-entities', other.users.OWNER, {
      formbuilder_details_id: (await seedForm(t, other, templateId)).id,
      entity_id: entityId,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('refusals', () => {
  const badSends: [string, string, Record<string, unknown>, string[]][] = [
    ['no people', '/api/formbuilder-data/send', { contact_ids: [], emails: [] }, ['contact_ids']],
    ['a bad email', '/api/formbuilder-data/send', { emails: ['not-an-email'] }, ['emails.0']],
    ['a bad contact id', '/api/formbuilder-data/send', { contact_ids: ['nope'] }, ['contact_ids.0']],
    ['contact ids of another type', '/api/formbuilder-data/send', { contact_ids: 'x' }, ['contact_ids']],
    [
      'no form',
      '/api/formbuilder-data/send',
      { formbuilder_details_id: undefined, emails: ['a@b.co'] },
      ['formbuilder_details_id'],
    ],
    ['no users', '/api/formbuilder-data/send/multiple-users', { user_ids: [] }, ['user_ids']],
    ['a bad user id', '/api/formbuilder-data/send/multiple-users', { user_ids: [42] }, ['user_ids.0']],
    ['no entity', '/api/formbuilder-data/multiple-entities', {}, ['entity_id']],
    [
      'a bad email field',
      '/api/formbuilder-data/multiple-entities',
      { entity_id: '00000000-0000-4000-8000-000000000000', email_field: 'Bad Key' },
      ['email_field'],
    ],
    ['a bad contact email', '/api/formbuilder-data/contact', { email: 'x' }, ['email']],
    [
      'a long first name',
      '/api/formbuilder-data/contact',
      { email: 'a@b.co', first_name: 'x'.repeat(121) },
      ['first_name'],
    ],
    ['a check without email', '/api/formbuilder-data/contact/check', {}, ['email']],
  ];
  it.each(badSends)('refuses %s with 422 keyed to the field', async (_label, url, body, keys) => {
    const res = await call('POST', url, acme.users.OWNER, { formbuilder_details_id: form.id, ...body });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it('refuses contacts, users and entities of another company with 422 or 404', async () => {
    const [theirs] = await seedContacts(t, other, 1, 'theirs.example.com');
    const contact = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      contact_ids: [theirs],
    });
    expect(contact.statusCode).toBe(422);
    expect(keysOf(contact)).toEqual(['contact_ids.0']);
    const user = await call('POST', '/api/formbuilder-data/send/multiple-users', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      user_ids: [other.users.OWNER.userId],
    });
    expect(user.statusCode).toBe(422);
    expect(keysOf(user)).toEqual(['user_ids.0']);
    const entity = await call('POST', '/api/formbuilder-data/multiple-entities', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      entity_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(entity.statusCode).toBe(404);
    expect(await db().select().from(formBatches).where(eq(formBatches.companyId, other.companyId))).toEqual(
      [],
    );
  });

  it("answers 404 for another company's form, send and submission", async () => {
    const theirForm = await seedForm(t, other, templateId);
    for (const [url, body] of [
      ['/api/formbuilder-data/send', { formbuilder_details_id: theirForm.id, emails: ['a@b.co'] }],
      [
        '/api/formbuilder-data/send/multiple-users',
        { formbuilder_details_id: theirForm.id, user_ids: [acme.users.OWNER.userId] },
      ],
      ['/api/formbuilder-data/contact', { formbuilder_details_id: theirForm.id, email: 'a@b.co' }],
      ['/api/formbuilder-data/contact/check', { formbuilder_details_id: theirForm.id, email: 'a@b.co' }],
    ] as const) {
      const res = await call('POST', url, acme.users.OWNER, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
    const theirs = await call('POST', '/api/formbuilder-data/contact', other.users.OWNER, {
      formbuilder_details_id: theirForm.id,
      email: 'their.guest@other.example.com',
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const submissionId = theirs.json().data.formbuilder_data_id;
    expect((await call('POST', `/api/wh/formbuilders/${submissionId}`, acme.users.OWNER)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/wh/formbuilders/not-an-id', acme.users.OWNER)).statusCode).toBe(404);
    const batch = await call('POST', '/api/formbuilder-data/send', other.users.OWNER, {
      formbuilder_details_id: theirForm.id,
      emails: ['x@other.example.com'],
    });
    const batchId = batch.json().data.batch_id;
    expect(
      (await call('GET', `/api/formbuilders-batch/email-data/${batchId}`, acme.users.OWNER)).statusCode,
    ).toBe(404);
    const list = await call('GET', '/api/formbuilders-batch?limit=100', acme.users.OWNER);
    expect(list.json().data.data.some((b: { _id: string }) => b._id === batchId)).toBe(false);
  });

  it('refuses forms that cannot be sent (409) and callers without form-builders:send (403)', async () => {
    const draft = await seedForm(t, acme, templateId, { status: 'DRAFT' });
    const closed = await seedForm(t, acme, templateId, { settings: { closes_at: '2020-01-01T00:00:00Z' } });
    const staffOnly = await seedForm(t, acme, templateId, { ownerType: 'COMPANY_USERS' });
    for (const id of [draft.id, closed.id, staffOnly.id]) {
      const res = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
        formbuilder_details_id: id,
        emails: ['a@b.co'],
      });
      expect(res.statusCode, res.body).toBe(409);
    }
    const member = await call('POST', '/api/formbuilder-data/send', acme.users.MEMBER, {
      formbuilder_details_id: form.id,
      emails: ['a@b.co'],
    });
    expect(member.statusCode).toBe(403);
    expect((await call('GET', '/api/formbuilders-batch', acme.users.MEMBER)).statusCode).toBe(403);
    expect((await call('POST', '/api/formbuilder-data/send', undefined, {})).statusCode).toBe(401);
  });
});

describe('one contact, and resending a link', () => {
  it('checks a contact, creates them with a link, and resends it with a new secret', async () => {
    const email = 'ravi@single.example.com';
    const before = await call('POST', '/api/formbuilder-data/contact/check', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      email: 'RAVI@single.example.com',
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({
      contact: null,
      submissions_count: 0,
      can_start: true,
      reason: null,
    });

    const created = await call('POST', '/api/formbuilder-data/contact', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      email,
      first_name: 'Ravi',
      last_name: 'K',
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = created.json().data;
    expect(sent).toMatchObject({ email, contact_id: expect.any(String), expires_at: expect.any(String) });

    const after = await call('POST', '/api/formbuilder-data/contact/check', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      email,
    });
    expect(after.json().data.contact).toMatchObject({
      _id: sent.contact_id,
      first_name: 'Ravi',
      last_name: 'K',
    });

    const [firstMail] = await mailsTo('single.example.com');
    const first = linkOf(firstMail!.html)!;
    expect(first.submissionId).toBe(sent.formbuilder_data_id);

    const resent = await call('POST', `/api/wh/formbuilders/${sent.formbuilder_data_id}`, acme.users.OWNER);
    expect(resent.statusCode, resent.body).toBe(200);
    const mails = await mailsTo('single.example.com');
    expect(mails).toHaveLength(2);
    const second = mails.map((m) => linkOf(m.html)!).find((l) => l.secret !== first.secret)!;
    expect(second.submissionId).toBe(sent.formbuilder_data_id);
    const [guest] = await db().select().from(formGuests).where(eq(formGuests.id, second.guestId));
    expect(guest!.secretHash).toBe(hashOf(second.secret));
    expect(guest!.secretHash).not.toBe(hashOf(first.secret));
    const events = await db()
      .select({ event: formSubmissionEvents.event })
      .from(formSubmissionEvents)
      .where(eq(formSubmissionEvents.submissionId, sent.formbuilder_data_id));
    expect(events.map((e) => e.event).sort()).toEqual(['LINK_RESENT', 'LINK_SENT']);

    await db()
      .update(formSubmissions)
      .set({ status: 'SUBMITTED' })
      .where(inArray(formSubmissions.id, [sent.formbuilder_data_id]));
    expect(
      (await call('POST', `/api/wh/formbuilders/${sent.formbuilder_data_id}`, acme.users.OWNER)).statusCode,
    ).toBe(409);
  });
});
