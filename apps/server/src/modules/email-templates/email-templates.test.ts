import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TEmailTemplate, TRecordMailBatch, TRenderedEmail } from '@esigns/contracts/email';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { loadEntityDefinition } from '../entities';
import { createRecords } from '../entity-data';
import type { AccessContext } from '../permissions';
import { companyMailFrame } from './frame';
import { recordMailBatches } from './schema';
import { emailKit, keysOf, type Tenant } from './test-kit';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let tenant: Tenant;
let otherTenant: Tenant;
const kit = emailKit(() => t);
const { call, data } = kit;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  tenant = await kit.createTenant(acme.users.OWNER);
  otherTenant = await kit.createTenant(other.users.OWNER);
  // An upper bound, not a target: a fresh database and two seeded companies took over 60 s on a
  // loaded 2-core machine.
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('header and footer templates', () => {
  it('keeps one default per company, fills company fields in the frame of product mails', async () => {
    expect(await companyMailFrame(t.platform.database.db, acme.companyId)).toBeNull();
    const first = await kit.createTemplate(acme.users.ADMIN, {
      type: 'HEADER_FOOTER',
      name: 'Brand',
      header_html: '<p style="color:#1d4ed8">{{company.name}}</p><script>alert(1)</script>',
      footer_html: '<p>Sent on {{today}}</p>',
      is_default: true,
    });
    expect(first).toMatchObject({
      type: 'HEADER_FOOTER',
      is_default: true,
      merge_fields: ['company.name', 'today'],
    });
    expect(first.header_html).toBe('<p style="color:#1d4ed8">{{company.name}}</p>');
    const frame = await companyMailFrame(t.platform.database.db, acme.companyId);
    expect(frame?.header_html).toBe('<p style="color:#1d4ed8">Acme Realty</p>');
    expect(frame?.footer_html).toMatch(/^<p>Sent on \d{2}-\d{2}-\d{4}<\/p>$/);
    // Product mails of the company carry it (the mail service's frame resolver).
    const to = `frame-${Date.now()}@example.com`;
    await t.platform.mail.queue(
      { to, subject: 'Product mail', bodyHtml: '<p>Body</p>', kind: 'generic' },
      { companyId: acme.companyId },
    );
    const [product] = await kit.mailsTo(to);
    expect(product?.html).toContain('<p style="color:#1d4ed8">Acme Realty</p>');

    const second = await kit.createTemplate(acme.users.ADMIN, {
      type: 'HEADER_FOOTER',
      name: 'Plain',
      header_html: '<p>Plain</p>',
      footer_html: '',
      is_default: true,
    });
    const reread = await data<TEmailTemplate>(
      call('GET', `/entity-email-template/${first._id}`, acme.users.ADMIN),
    );
    expect([reread.is_default, second.is_default]).toEqual([false, true]);
    expect((await companyMailFrame(t.platform.database.db, acme.companyId))?.header_html).toBe(
      '<p>Plain</p>',
    );

    const unset = await data<TEmailTemplate>(
      call('PATCH', '/entity-email-template/update', acme.users.ADMIN, { id: second._id, is_default: false }),
    );
    expect(unset.is_default).toBe(false);
    expect(await companyMailFrame(t.platform.database.db, acme.companyId)).toBeNull();
    await data(
      call('PATCH', '/entity-email-template/update', acme.users.ADMIN, { id: first._id, is_default: true }),
    );
  });

  it('refuses merge fields a frame cannot fill', async () => {
    const res = await call('POST', '/entity-email-template/create', acme.users.ADMIN, {
      type: 'HEADER_FOOTER',
      name: 'Bad',
      header_html: '<p>{{record.id}}</p>',
      footer_html: `<p>{{${tenant.code}.first_name}}</p>`,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(['header_html', 'footer_html']);
    expect(res.body).toContain('{{record.id}}');
  });
});

describe('entity templates', () => {
  it('creates, reads, lists, changes, copies and deletes', async () => {
    const created = await kit.entityTemplate(acme.users.ADMIN, tenant, {
      name: 'Rent reminder',
      body_html: `<p onclick="x()">Hi {{${tenant.code}.first_name}} <a href="{{record.url}}">open</a></p><iframe></iframe>`,
    });
    expect(created).toMatchObject({
      type: 'ENTITY',
      entity_id: tenant.entity._id,
      entity_name: tenant.entity.name,
      header_footer_id: null,
      merge_fields: [`${tenant.code}.first_name`, 'record.url'],
      created_by: acme.users.ADMIN.userId,
    });
    expect(created.body_html).toBe(
      `<p>Hi {{${tenant.code}.first_name}} <a href="{{record.url}}" target="_blank" rel="noopener noreferrer">open</a></p>`,
    );

    const all = await data<TEmailTemplate[]>(
      call('GET', `/entity-email-template/getAll/${tenant.entity._id}`, acme.users.MANAGER),
    );
    expect(all.map((x) => x._id)).toContain(created._id);
    const list = await data<{ data: TEmailTemplate[]; total: number }>(
      call('GET', '/email-template/list?type=ENTITY&search=reminder&limit=50', acme.users.MANAGER),
    );
    expect(list.data.map((x) => x.name)).toEqual(['Rent reminder']);

    const updated = await data<TEmailTemplate>(
      call('PATCH', '/entity-email-template/update', acme.users.ADMIN, {
        id: created._id,
        name: 'Rent due',
        subject: 'Rent due {{today}}',
      }),
    );
    expect(updated).toMatchObject({ name: 'Rent due', subject: 'Rent due {{today}}' });
    expect(updated.merge_fields).toEqual(['today', `${tenant.code}.first_name`, 'record.url']);

    const copy = await data<TEmailTemplate>(
      call('POST', '/entity-email-template/duplicate', acme.users.ADMIN, { id: created._id }),
    );
    expect(copy).toMatchObject({ name: 'Copy of Rent due', body_html: updated.body_html });
    expect(copy._id).not.toBe(created._id);

    await data(call('DELETE', `/entity-email-template/delete/${copy._id}`, acme.users.ADMIN));
    expect((await call('GET', `/entity-email-template/${copy._id}`, acme.users.ADMIN)).statusCode).toBe(404);
  });

  it('names every unknown merge field with where it is (422)', async () => {
    const res = await call('POST', '/entity-email-template/create', acme.users.ADMIN, {
      type: 'ENTITY',
      name: 'Typos',
      entity_id: tenant.entity._id,
      subject: 'Hi {{nobody.name}}',
      body_html: `<p>{{${tenant.code}.first_name}} {{global.no_such}} {{${tenant.code}.nope}}</p>`,
    });
    expect(res.statusCode, res.body).toBe(422);
    const details = (res.json() as { errors: { details: { key: string; message: string }[] } }).errors
      .details;
    expect(details.map((d) => [d.key, d.message])).toEqual([
      ['subject', 'Unknown merge field {{nobody.name}}'],
      ['body_html', 'Unknown merge field {{global.no_such}}'],
      ['body_html', `Unknown merge field {{${tenant.code}.nope}}`],
    ]);
    const template = await kit.entityTemplate(acme.users.ADMIN, tenant);
    const update = await call('PATCH', '/entity-email-template/update', acme.users.ADMIN, {
      id: template._id,
      subject: '{{user.nickname}}',
    });
    expect(update.statusCode).toBe(422);
    expect(keysOf(update)).toEqual(['subject']);
  });

  it('offers the entity fields, global variables and fixed fields', async () => {
    await data(
      call('POST', '/global-variables', acme.users.OWNER, {
        label: 'Booking fee',
        input_type: 'CURRENCY',
        value: 25000,
      }),
    );
    const fields = await data<{ name: string; group: string }[]>(
      call('GET', `/entity-email-template/merge-fields/${tenant.entity._id}`, acme.users.MANAGER),
    );
    const names = fields.map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining([
        `${tenant.code}.rent`,
        'global.booking_fee',
        'global.company_name',
        'record.url',
        'today',
      ]),
    );
  });

  it('falls back to the company default when its header/footer is deleted', async () => {
    const frame = await kit.createTemplate(acme.users.ADMIN, {
      type: 'HEADER_FOOTER',
      name: 'Seasonal',
      header_html: '<p>Season greetings</p>',
      footer_html: '',
    });
    const template = await kit.entityTemplate(acme.users.ADMIN, tenant, { header_footer_id: frame._id });
    const record = await kit.addRecord(tenant, { first_name: 'Ann' }, acme.users.OWNER);
    const before = await data<TRenderedEmail>(
      call('POST', '/entity-email-template/preview', acme.users.ADMIN, {
        id: template._id,
        record_id: record._id,
      }),
    );
    expect(before.html).toContain('Season greetings');
    await data(call('DELETE', `/entity-email-template/delete/${frame._id}`, acme.users.ADMIN));
    const reread = await data<TEmailTemplate>(
      call('GET', `/entity-email-template/${template._id}`, acme.users.ADMIN),
    );
    expect(reread.header_footer_id).toBeNull();
    const after = await data<TRenderedEmail>(
      call('POST', '/entity-email-template/preview', acme.users.ADMIN, {
        id: template._id,
        record_id: record._id,
      }),
    );
    expect(after.html).not.toContain('Season greetings');
    expect(after.html).toContain('Acme Realty');
  });
});

describe('preview', () => {
  it('renders a real record for people: formats, escapes, empties', async () => {
    const record = await kit.addRecord(
      tenant,
      {
        first_name: '<script>alert("x")</script> Ann',
        email: 'ann@example.com',
        rent: 25000,
        move_in: '2026-03-01',
        pets: true,
        status: 'active',
        notes: 'First line\nSecond line',
      },
      acme.users.OWNER,
    );
    const c = tenant.code;
    const template = await kit.entityTemplate(acme.users.ADMIN, tenant, {
      subject: `Lease of {{${c}.first_name}} from {{${c}.move_in}}`,
      body_html:
        `<p>Rent {{${c}.rent}}, pets {{${c}.pets}}, status {{${c}.status}}.</p>` +
        `<p>{{${c}.notes}}</p><p>[{{${c}.email}}][{{global.company_name}}][{{user.email}}]</p>`,
    });
    const rendered = await data<TRenderedEmail>(
      call('POST', '/entity-email-template/preview', acme.users.ADMIN, {
        id: template._id,
        record_id: record._id,
      }),
    );
    expect(rendered.subject).toBe('Lease of <script>alert("x")</script> Ann from 03-01-2026');
    expect(rendered.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ann');
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('Rent ₹25,000.00, pets Yes, status Active lease.');
    expect(rendered.html).toContain('First line<br>Second line');
    expect(rendered.html).toContain(`[ann@example.com][Acme Realty][${acme.users.ADMIN.email}]`);
    expect(rendered.html).toMatch(/<table role="presentation"/);
    expect(rendered.html).not.toMatch(/\{\{/);
    expect(rendered.text).toContain('Rent ₹25,000.00, pets Yes, status Active lease.');
    expect(rendered.empty_fields).toEqual([]);

    const bare = await kit.addRecord(tenant, { first_name: 'Bob' }, acme.users.OWNER);
    const empty = await data<TRenderedEmail>(
      call('POST', '/entity-email-template/preview', acme.users.ADMIN, {
        id: template._id,
        record_id: bare._id,
      }),
    );
    expect(empty.html).toContain('Rent , pets , status .');
    expect(empty.html).not.toMatch(/\{\{/);
    expect(empty.empty_fields).toEqual([
      `${c}.move_in`,
      `${c}.rent`,
      `${c}.pets`,
      `${c}.status`,
      `${c}.notes`,
      `${c}.email`,
    ]);
  });

  it('renders an unsaved draft and mails it to the caller once', async () => {
    const record = await kit.addRecord(tenant, { first_name: 'Dora' }, acme.users.OWNER);
    const draft = {
      entity_id: tenant.entity._id,
      subject: `Draft for {{${tenant.code}.first_name}}`,
      body_html: '<p>Draft body</p>',
    };
    const rendered = await data<TRenderedEmail>(
      call('POST', '/entity-email-template/preview', acme.users.MANAGER, {
        draft,
        record_id: record._id,
        send_to_me: true,
      }),
    );
    expect(rendered.subject).toBe('Draft for Dora');
    const mails = await kit.mailsTo(acme.users.MANAGER.email);
    const sent = mails.filter((m) => m.subject === 'Draft for Dora');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: [acme.users.MANAGER.email], kind: 'entity.email.test' });
    expect(sent[0]!.html).toContain('Draft body');

    const bad = await call('POST', '/entity-email-template/preview', acme.users.MANAGER, {
      draft: { ...draft, body_html: '{{x.y}}' },
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['body_html']);
  });
});

describe('mailing records', () => {
  it('mails each record once with its own values, skipping those without an address', async () => {
    const c = tenant.code;
    const template = await kit.entityTemplate(acme.users.ADMIN, tenant, {
      subject: `Hello {{${c}.first_name}}`,
      body_html: `<p>Your rent: {{${c}.rent}}</p>`,
    });
    const stamp = Math.random().toString(36).slice(2, 8);
    const records = await Promise.all(
      ['Ann', 'Ben', 'Cat'].map((name, i) =>
        kit.addRecord(
          tenant,
          { first_name: name, email: `${name.toLowerCase()}-${stamp}@example.com`, rent: 1000 * (i + 1) },
          acme.users.OWNER,
        ),
      ),
    );
    const noAddress = await kit.addRecord(tenant, { first_name: 'Dan' }, acme.users.OWNER);
    const started = await data<{ batch_id: string; total: number }>(
      call('POST', '/entities/emails', acme.users.MANAGER, {
        entity_id: tenant.entity._id,
        template_id: template._id,
        record_ids: [...records.map((r) => r._id), noAddress._id],
      }),
    );
    expect(started.total).toBe(4);
    const done = await kit.mailingDone(acme.users.MANAGER, started.batch_id);
    expect(done).toMatchObject({ status: 'DONE', total: 4, queued: 3, skipped: 1 });
    for (const [i, name] of ['Ann', 'Ben', 'Cat'].entries()) {
      const mails = await kit.mailsTo(`${name.toLowerCase()}-${stamp}@example.com`);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: `Hello ${name}`, kind: 'entity.email' });
      expect(mails[0]!.html).toContain(`Your rent: ₹${(1000 * (i + 1)).toLocaleString('en-IN')}.00`);
      expect(mails[0]!.text).toContain(`Your rent: ₹${(1000 * (i + 1)).toLocaleString('en-IN')}.00`);
    }
  });

  it('refuses records of another entity or company, naming them (422)', async () => {
    const template = await kit.entityTemplate(acme.users.ADMIN, tenant);
    const mine = await kit.addRecord(tenant, { first_name: 'Eve' }, acme.users.OWNER);
    const theirs = await kit.addRecord(otherTenant, { first_name: 'Zed' }, other.users.OWNER);
    const res = await call('POST', '/entities/emails', acme.users.MANAGER, {
      entity_id: tenant.entity._id,
      template_id: template._id,
      record_ids: [mine._id, theirs._id, crypto.randomUUID()],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(['record_ids.1', 'record_ids.2']);
  });

  it("mails all the records matching the grid's filters and search, and only them", async () => {
    const list = await kit.createTenant(acme.users.OWNER);
    const template = await kit.entityTemplate(acme.users.ADMIN, list, { subject: 'Rent review' });
    const stamp = Math.random().toString(36).slice(2, 8);
    const people = [
      ['Anna', 1000, 'active'],
      ['Anil', 2500, 'active'],
      ['Bela', 3000, 'active'],
      ['Bhanu', 2600, 'active'],
      ['Arun', 4000, 'ended'],
    ] as const;
    for (const [name, rent, status] of people) {
      await kit.addRecord(
        list,
        { first_name: name, email: `${name.toLowerCase()}-${stamp}@example.com`, rent, status },
        acme.users.OWNER,
      );
    }
    const started = await data<TRecordMailBatch>(
      call('POST', '/entities/emails', acme.users.MANAGER, {
        entity_id: list.entity._id,
        template_id: template._id,
        all: true,
        // The grid's own rule, a view's rule and the search box, as the list call takes them.
        filters: {
          match: 'ALL',
          rules: [{ field: list.ref('rent'), operator: 'GREATER_THAN', value: 2000 }],
        },
        base_filters: {
          match: 'ANY',
          rules: [{ field: list.ref('status'), operator: 'EQUALS', value: 'active' }],
        },
        search: 'an',
      }),
    );
    expect(started.total).toBe(2);
    await kit.mailingDone(acme.users.MANAGER, started.batch_id);
    for (const [name] of people) {
      // Anna's rent is too low, Bela's name does not match the search, Arun's lease has ended.
      const expected = name === 'Anil' || name === 'Bhanu' ? 1 : 0;
      expect(await kit.mailsTo(`${name.toLowerCase()}-${stamp}@example.com`), name).toHaveLength(expected);
    }

    const none = await call('POST', '/entities/emails', acme.users.MANAGER, {
      entity_id: list.entity._id,
      template_id: template._id,
      all: true,
      search: 'nobody-is-called-this',
    });
    expect(none.statusCode, none.body).toBe(422);
    expect(keysOf(none)).toEqual(['all']);
  });

  it('takes up to 10,000 records, refuses 10,001', { timeout: 120_000 }, async () => {
    const big = await kit.createTenant(acme.users.OWNER);
    const template = await kit.entityTemplate(acme.users.ADMIN, big);
    const db = t.platform.database.db;
    const def = await loadEntityDefinition(db, acme.companyId, big.entity._id);
    const access = { companyId: acme.companyId, userId: acme.users.OWNER.userId } as AccessContext;
    const values = (i: number) => ({ [big.entity.primary_template_id]: { first_name: `T${i}` } });
    const rows = await createRecords(
      db,
      access,
      def,
      Array.from({ length: 10_000 }, (_, i) => values(i)),
      (i) => [i],
    );
    const body = { entity_id: big.entity._id, template_id: template._id };
    const stop = (batchId: string) =>
      db.update(recordMailBatches).set({ status: 'DONE' }).where(eq(recordMailBatches.id, batchId));

    const byIds = await data<TRecordMailBatch>(
      call('POST', '/entities/emails', acme.users.MANAGER, { ...body, record_ids: rows.map((r) => r.id) }),
    );
    expect(byIds.total).toBe(10_000);
    await stop(byIds.batch_id);
    const all = await data<TRecordMailBatch>(
      call('POST', '/entities/emails', acme.users.MANAGER, { ...body, all: true }),
    );
    expect(all.total).toBe(10_000);
    await stop(all.batch_id);

    const tooMany = await call('POST', '/entities/emails', acme.users.MANAGER, {
      ...body,
      record_ids: [...rows.map((r) => r.id), crypto.randomUUID()],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(keysOf(tooMany)).toEqual(['record_ids']);
    await createRecords(db, access, def, [values(10_000)], (i) => [i]);
    const allTooMany = await call('POST', '/entities/emails', acme.users.MANAGER, { ...body, all: true });
    expect(allTooMany.statusCode).toBe(422);
    expect(keysOf(allTooMany)).toEqual(['all']);
  });
});
