import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmailTemplate, TRecordMailBatch } from '@esigns/contracts/email';
import type { TEntityRecord } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { runRecordMailChunk } from './record-mail-job';
import { recordMailBatches, recordMails } from './schema';
import { emailKit, keysOf, type Tenant } from './test-kit';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let tenant: Tenant;
let theirs: { tenant: Tenant; template: TEmailTemplate; frame: TEmailTemplate; record: TEntityRecord };
let mine: { template: TEmailTemplate; record: TEntityRecord };
const kit = emailKit(() => t);
const { call, data } = kit;
const UNKNOWN = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  tenant = await kit.createTenant(acme.users.OWNER);
  const otherTenant = await kit.createTenant(other.users.OWNER);
  theirs = {
    tenant: otherTenant,
    template: await kit.entityTemplate(other.users.OWNER, otherTenant),
    frame: await kit.createTemplate(other.users.OWNER, {
      type: 'HEADER_FOOTER',
      name: 'Their frame',
      header_html: '<p>Other</p>',
      footer_html: '',
    }),
    record: await kit.addRecord(
      otherTenant,
      { first_name: 'Zed', email: 'zed@example.com' },
      other.users.OWNER,
    ),
  };
  mine = {
    template: await kit.entityTemplate(acme.users.OWNER, tenant),
    record: await kit.addRecord(tenant, { first_name: 'Ann', email: 'ann@example.com' }, acme.users.OWNER),
  };
  // An upper bound, not a target: a fresh database and two seeded companies took over 60 s on a
  // loaded 2-core machine.
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe("another company's ids answer 404", () => {
  const cases: [
    name: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: () => string,
    body?: () => unknown,
  ][] = [
    ["an entity's templates", 'GET', () => `/entity-email-template/getAll/${theirs.tenant.entity._id}`],
    ['merge fields', 'GET', () => `/entity-email-template/merge-fields/${theirs.tenant.entity._id}`],
    ['one template', 'GET', () => `/entity-email-template/${theirs.template._id}`],
    ['an unknown template', 'GET', () => `/entity-email-template/${UNKNOWN}`],
    ['a delete', 'DELETE', () => `/entity-email-template/delete/${theirs.template._id}`],
    [
      'an update',
      'PATCH',
      () => '/entity-email-template/update',
      () => ({ id: theirs.template._id, name: 'Mine now' }),
    ],
    ['a duplicate', 'POST', () => '/entity-email-template/duplicate', () => ({ id: theirs.template._id })],
    [
      'a create on their entity',
      'POST',
      () => '/entity-email-template/create',
      () => ({ type: 'ENTITY', name: 'X', entity_id: theirs.tenant.entity._id, subject: 'S', body_html: '' }),
    ],
    [
      'a create with their header/footer',
      'POST',
      () => '/entity-email-template/create',
      () => ({
        type: 'ENTITY',
        name: 'X',
        entity_id: tenant.entity._id,
        subject: 'S',
        body_html: '',
        header_footer_id: theirs.frame._id,
      }),
    ],
    [
      'an update to their header/footer',
      'PATCH',
      () => '/entity-email-template/update',
      () => ({ id: mine.template._id, header_footer_id: theirs.frame._id }),
    ],
    [
      'a preview of their template',
      'POST',
      () => '/entity-email-template/preview',
      () => ({ id: theirs.template._id }),
    ],
    [
      'a preview with their record',
      'POST',
      () => '/entity-email-template/preview',
      () => ({ id: mine.template._id, record_id: theirs.record._id }),
    ],
    [
      'a mailing with their template',
      'POST',
      () => '/entities/emails',
      () => ({
        entity_id: tenant.entity._id,
        template_id: theirs.template._id,
        record_ids: [mine.record._id],
      }),
    ],
    [
      'a mailing of their entity',
      'POST',
      () => '/entities/emails',
      () => ({
        entity_id: theirs.tenant.entity._id,
        template_id: mine.template._id,
        record_ids: [theirs.record._id],
      }),
    ],
    ['an unknown mailing', 'GET', () => `/entities/emails/${UNKNOWN}`],
  ];
  it.each(cases)('%s', async (_name, method, url, body) => {
    const res = await call(method, url(), acme.users.OWNER, body?.());
    expect(res.statusCode, res.body).toBe(404);
  });

  it("and never touch the other company's rows", async () => {
    const template = await data<TEmailTemplate>(
      call('GET', `/entity-email-template/${theirs.template._id}`, other.users.OWNER),
    );
    expect(template.name).toBe(theirs.template.name);
    const list = await data<{ data: TEmailTemplate[] }>(
      call('GET', '/email-template/list?limit=100', acme.users.OWNER),
    );
    expect(list.data.map((x) => x._id)).not.toContain(theirs.template._id);
  });

  it("answers 404 for another company's mailing", async () => {
    const batch = await data<TRecordMailBatch>(
      call('POST', '/entities/emails', other.users.OWNER, {
        entity_id: theirs.tenant.entity._id,
        template_id: theirs.template._id,
        record_ids: [theirs.record._id],
      }),
    );
    expect((await call('GET', `/entities/emails/${batch.batch_id}`, acme.users.OWNER)).statusCode).toBe(404);
  });
});

describe('bad input answers 422 with the field', () => {
  const entityBody = () => ({
    type: 'ENTITY',
    name: 'T',
    entity_id: tenant.entity._id,
    subject: 'S',
    body_html: '<p>x</p>',
  });
  const cases: [name: string, method: 'POST' | 'PATCH', url: string, body: () => unknown, key: string][] = [
    ['no type', 'POST', '/entity-email-template/create', () => ({ name: 'T' }), 'type'],
    [
      'an unknown type',
      'POST',
      '/entity-email-template/create',
      () => ({ ...entityBody(), type: 'SMS' }),
      'type',
    ],
    [
      'an empty name',
      'POST',
      '/entity-email-template/create',
      () => ({ ...entityBody(), name: '  ' }),
      'name',
    ],
    [
      'a long name',
      'POST',
      '/entity-email-template/create',
      () => ({ ...entityBody(), name: 'n'.repeat(121) }),
      'name',
    ],
    [
      'no subject',
      'POST',
      '/entity-email-template/create',
      () => ({ ...entityBody(), subject: '' }),
      'subject',
    ],
    [
      'a long subject',
      'POST',
      '/entity-email-template/create',
      () => ({ ...entityBody(), subject: 's'.repeat(301) }),
      'subject',
    ],
    [
      'a huge body',
      'POST',
      '/entity-email-template/create',
      () => ({ ...entityBody(), body_html: 'b'.repeat(200_001) }),
      'body_html',
    ],
    [
      'a body that is not text',
      'POST',
      '/entity-email-template/create',
      () => ({ ...entityBody(), body_html: 12 }),
      'body_html',
    ],
    [
      'a malformed entity id',
      'POST',
      '/entity-email-template/create',
      () => ({ ...entityBody(), entity_id: 'x' }),
      'entity_id',
    ],
    [
      'a malformed frame id',
      'POST',
      '/entity-email-template/create',
      () => ({ ...entityBody(), header_footer_id: '1' }),
      'header_footer_id',
    ],
    [
      'a default that is not a boolean',
      'POST',
      '/entity-email-template/create',
      () => ({ type: 'HEADER_FOOTER', name: 'F', header_html: '', footer_html: '', is_default: 'yes' }),
      'is_default',
    ],
    ['an update without id', 'PATCH', '/entity-email-template/update', () => ({ name: 'X' }), 'id'],
    [
      'a header on an entity template',
      'PATCH',
      '/entity-email-template/update',
      () => ({ id: mine.template._id, header_html: '<p>h</p>' }),
      'header_html',
    ],
    [
      'a default on an entity template',
      'PATCH',
      '/entity-email-template/update',
      () => ({ id: mine.template._id, is_default: true }),
      'is_default',
    ],
    [
      'an unknown merge field',
      'PATCH',
      '/entity-email-template/update',
      () => ({ id: mine.template._id, body_html: '{{nope.nope}}' }),
      'body_html',
    ],
    ['a duplicate without id', 'POST', '/entity-email-template/duplicate', () => ({}), 'id'],
    [
      'a preview with both id and draft',
      'POST',
      '/entity-email-template/preview',
      () => ({ id: mine.template._id, draft: { entity_id: tenant.entity._id, subject: 'S', body_html: '' } }),
      'id',
    ],
    ['a preview with neither', 'POST', '/entity-email-template/preview', () => ({}), 'id'],
    [
      'a mailing without records',
      'POST',
      '/entities/emails',
      () => ({ entity_id: tenant.entity._id, template_id: mine.template._id }),
      'record_ids',
    ],
    [
      'a mailing with an empty list',
      'POST',
      '/entities/emails',
      () => ({ entity_id: tenant.entity._id, template_id: mine.template._id, record_ids: [] }),
      'record_ids',
    ],
    [
      'a mailing with a malformed record id',
      'POST',
      '/entities/emails',
      () => ({ entity_id: tenant.entity._id, template_id: mine.template._id, record_ids: ['x'] }),
      'record_ids.0',
    ],
    [
      'a mailing with a bad cc',
      'POST',
      '/entities/emails',
      () => ({
        entity_id: tenant.entity._id,
        template_id: mine.template._id,
        record_ids: [mine.record._id],
        cc: ['not-mail'],
      }),
      'cc.0',
    ],
    [
      'a mailing with eleven cc',
      'POST',
      '/entities/emails',
      () => ({
        entity_id: tenant.entity._id,
        template_id: mine.template._id,
        record_ids: [mine.record._id],
        cc: Array.from({ length: 11 }, (_, i) => `c${i}@example.com`),
      }),
      'cc',
    ],
    [
      'a mailing to a field that is not an email',
      'POST',
      '/entities/emails',
      () => ({
        entity_id: tenant.entity._id,
        template_id: mine.template._id,
        record_ids: [mine.record._id],
        to_field: tenant.ref('first_name'),
      }),
      'to_field',
    ],
    [
      'a mailing with a malformed filter',
      'POST',
      '/entities/emails',
      () => ({ entity_id: tenant.entity._id, template_id: mine.template._id, all: true, filter_id: 'x' }),
      'filter_id',
    ],
  ];
  it.each(cases)('%s', async (_name, method, url, body, key) => {
    const res = await call(method, url, acme.users.OWNER, body());
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toContain(key);
  });

  // "All records matching the grid": its filters and search are checked as the list call checks them.
  // Thunks: the entities exist only once beforeAll has run.
  const allOf = (extra: () => Record<string, unknown>) => () => ({
    entity_id: tenant.entity._id,
    template_id: mine.template._id,
    all: true,
    ...extra(),
  });
  const rule = (field: string, operator = 'EQUALS', value: unknown = 'x') => ({
    match: 'ALL',
    rules: [{ field, operator, value }],
  });
  it.each([
    ['an unknown operator', allOf(() => ({ filters: rule(tenant.ref('first_name'), 'LIKE') })), 'filters'],
    [
      'a field that is not of the entity',
      allOf(() => ({ filters: rule(`${crypto.randomUUID()}#first_name`) })),
      'filters',
    ],
    [
      "a field of another company's entity",
      allOf(() => ({ base_filters: rule(theirs.tenant.ref('first_name')) })),
      'base_filters',
    ],
    ['filters that are not a group', allOf(() => ({ filters: 'rent > 2' })), 'filters'],
    [
      'a rule without its value',
      allOf(() => ({ filters: rule(tenant.ref('rent'), 'GREATER_THAN', null) })),
      'filters',
    ],
    ['a search of 101 characters', allOf(() => ({ search: 's'.repeat(101) })), 'search'],
    ['a search that is not text', allOf(() => ({ search: 12 })), 'search'],
  ])('a mailing to all matching records with %s', async (_name, body, key) => {
    const res = await call('POST', '/entities/emails', acme.users.OWNER, body());
    expect(res.statusCode, res.body).toBe(422);
    expect(
      keysOf(res).some((k) => k === key || k.startsWith(`${key}.`)),
      keysOf(res).join(),
    ).toBe(true);
  });

  it('answers 422 for a template of another entity of the company', async () => {
    const second = await kit.createTenant(acme.users.OWNER);
    const res = await call('POST', '/entities/emails', acme.users.OWNER, {
      entity_id: second.entity._id,
      template_id: mine.template._id,
      all: true,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(['template_id']);
  });
});

describe('permissions', () => {
  it('a MEMBER without email template permissions is refused every call (403)', async () => {
    const member = acme.users.MEMBER;
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', '/email-template/list'],
      ['GET', `/entity-email-template/getAll/${tenant.entity._id}`],
      ['GET', `/entity-email-template/merge-fields/${tenant.entity._id}`],
      ['GET', `/entity-email-template/${mine.template._id}`],
      [
        'POST',
        '/entity-email-template/create',
        { type: 'HEADER_FOOTER', name: 'F', header_html: '', footer_html: '' },
      ],
      ['POST', '/entity-email-template/duplicate', { id: mine.template._id }],
      ['PATCH', '/entity-email-template/update', { id: mine.template._id, name: 'X' }],
      ['DELETE', `/entity-email-template/delete/${mine.template._id}`],
      ['POST', '/entity-email-template/preview', { id: mine.template._id }],
      [
        'POST',
        '/entities/emails',
        { entity_id: tenant.entity._id, template_id: mine.template._id, record_ids: [mine.record._id] },
      ],
      ['GET', `/entities/emails/${UNKNOWN}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, member, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    expect((await call('GET', '/email-template/list', null)).statusCode).toBe(401);
  });

  it('a MANAGER reads and sends but does not change templates', async () => {
    const manager = acme.users.MANAGER;
    expect((await call('GET', '/email-template/list', manager)).statusCode).toBe(200);
    const res = await call('PATCH', '/entity-email-template/update', manager, {
      id: mine.template._id,
      name: 'X',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a mailing survives its chunk running again', () => {
  it('mails each record once when a chunk runs twice', async () => {
    const stamp = Math.random().toString(36).slice(2, 8);
    const records = await Promise.all(
      [1, 2, 3].map((n) =>
        kit.addRecord(tenant, { first_name: `R${n}`, email: `r${n}-${stamp}@example.com` }, acme.users.OWNER),
      ),
    );
    const batch = await data<TRecordMailBatch>(
      call('POST', '/entities/emails', acme.users.OWNER, {
        entity_id: tenant.entity._id,
        template_id: mine.template._id,
        record_ids: records.map((r) => r._id),
        cc: ['copy@example.com'],
      }),
    );
    // The queue's run and this one race for chunk 0; then both again, as after a hand-back.
    await runRecordMailChunk(t.platform, { batch_id: batch.batch_id, chunk: 0 });
    await runRecordMailChunk(t.platform, { batch_id: batch.batch_id, chunk: 0 });
    const done = await kit.mailingDone(acme.users.OWNER, batch.batch_id);
    expect(done).toMatchObject({ status: 'DONE', total: 3, queued: 3, skipped: 0 });
    await runRecordMailChunk(t.platform, { batch_id: batch.batch_id, chunk: 0 });

    const rows = await t.platform.database.db
      .select()
      .from(recordMails)
      .where(eq(recordMails.batchId, batch.batch_id));
    expect(rows.map((r) => r.status)).toEqual(['QUEUED', 'QUEUED', 'QUEUED']);
    for (const [n, record] of records.entries()) {
      const mails = await t.platform.database.db
        .select()
        .from(emailLogs)
        .where(and(eq(emailLogs.companyId, acme.companyId), eq(emailLogs.kind, 'entity.email')));
      const own = mails.filter((m) => m.to.includes(`r${n + 1}-${stamp}@example.com`));
      expect(own, record._id).toHaveLength(1);
      expect(own[0]).toMatchObject({
        cc: ['copy@example.com'],
        templateId: mine.template._id,
        templateName: mine.template.name,
      });
    }
    const [row] = await t.platform.database.db
      .select()
      .from(recordMailBatches)
      .where(eq(recordMailBatches.id, batch.batch_id));
    expect(row?.nextChunk).toBe(1);
  });

  it('skips a record deleted before its chunk, counting it', async () => {
    const template = await kit.entityTemplate(acme.users.OWNER, tenant);
    const record = await kit.addRecord(
      tenant,
      { first_name: 'Gone', email: 'gone@example.com' },
      acme.users.OWNER,
    );
    const kept = await kit.addRecord(
      tenant,
      { first_name: 'Kept', email: 'kept@example.com' },
      acme.users.OWNER,
    );
    // Written as the call would, without its job: the chunk is run here by hand.
    const [batch] = await t.platform.database.db
      .insert(recordMailBatches)
      .values({
        companyId: acme.companyId,
        entityId: tenant.entity._id,
        templateId: template._id,
        templateName: template.name,
        total: 2,
      })
      .returning();
    await t.platform.database.db.insert(recordMails).values([
      { batchId: batch!.id, position: 0, recordId: record._id },
      { batchId: batch!.id, position: 1, recordId: kept._id },
    ]);
    await data(call('POST', `/entity-data/${record._id}/${tenant.entity._id}`, acme.users.OWNER, {}));
    await runRecordMailChunk(t.platform, { batch_id: batch!.id, chunk: 0 });
    const done = await data<TRecordMailBatch>(call('GET', `/entities/emails/${batch!.id}`, acme.users.OWNER));
    expect(done).toMatchObject({ status: 'DONE', queued: 1, skipped: 1 });
    const reasons = await t.platform.database.db
      .select()
      .from(recordMails)
      .where(eq(recordMails.batchId, batch!.id));
    expect(reasons.map((r) => r.reason)).toEqual(['The record was deleted', null]);
  });
});
