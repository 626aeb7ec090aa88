import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TField } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { isoMinuteIn } from '../../../test/zoned-time';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { keyedHash } from '../../platform/auth/one-time-secrets';
import { pdfText } from '../../platform/pdf/testing';
import { createDocument, saveLayout, signer } from '../documents/test-helpers';
import { loadEntityDefinition } from '../entities/definition';
import { settleJobs } from '../notifications/test-helpers';
import { apiOf } from './files-test-utils';
import { documentFieldValues } from './print-service';
import { userTypePermissions } from '../permissions/schema';
import { findCompanyRecord } from './service';

/*
 * The spec 3 record calls besides editing: companies, people, notifications, printing, data table
 * rows, a template's data across entities, public links. PGlite and PostgreSQL.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let property: TEntity;
let people: TEntity;
let notes: TEntity;
let otherEntity: TEntity;
let house: TEntityRecord;
let flat: TEntityRecord;
let otherRecord: TEntityRecord;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: SeededUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] => [
  ...new Set(res.json().errors?.details.map((d) => d.key) ?? []),
];

async function createEntity(who: SeededUser, name: string, entityType: string, fields: unknown[]) {
  const res = await call('POST', '/api/entities/create', who, { name, entity_type: entityType, fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TEntity;
}

async function addRecord(entity: TEntity, values: Record<string, unknown>, who: SeededUser) {
  const res = await call('POST', '/api/entities-data', who, {
    entity_id: entity._id,
    values: { [entity.primary_template_id]: values },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TEntityRecord;
}

const propertyFields = [
  { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'price', label: 'Price', type: 'CURRENCY' },
  { key: 'listed', label: 'Listed on', type: 'DATE' },
  {
    key: 'rooms',
    label: 'Rooms',
    type: 'DATA_TABLE',
    columns: [
      { key: 'name', label: 'Room', type: 'SINGLE_LINE_TEXT' },
      { key: 'area', label: 'Area', type: 'NUMBER' },
    ],
  },
];

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  property = await createEntity(acme.users.OWNER, 'Properties', 'GENERAL', propertyFields);
  people = await createEntity(acme.users.OWNER, 'People', 'INDIVIDUAL', [
    { key: 'first_name', label: 'First name', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'last_name', label: 'Last name', type: 'SINGLE_LINE_TEXT' },
    { key: 'email', label: 'Email', type: 'EMAIL', required: true },
    { key: 'phone', label: 'Phone', type: 'PHONE' },
  ]);
  notes = await createEntity(acme.users.OWNER, 'Notes', 'GENERAL', [
    { key: 'note', label: 'Note', type: 'SINGLE_LINE_TEXT', required: true },
  ]);
  otherEntity = await createEntity(other.users.OWNER, 'Their properties', 'GENERAL', propertyFields);
  house = await addRecord(
    property,
    {
      title: 'Sea view house',
      price: 4500000,
      listed: '2024-03-05',
      rooms: [
        { name: 'Hall', area: 300 },
        { name: 'Kitchen', area: 120 },
      ],
    },
    acme.users.OWNER,
  );
  flat = await addRecord(
    property,
    { title: 'City flat', price: 2500000, rooms: [{ name: 'Bedroom', area: 150 }] },
    acme.users.OWNER,
  );
  otherRecord = await addRecord(otherEntity, { title: 'Not yours', rooms: [] }, other.users.OWNER);
});

afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

describe('POST /entities/createCompany and GET /entities/getCompany/{CompanyId}', () => {
  it('adds a company once (a BUSINESS entity is made on first use) and reads it with its contacts', async () => {
    const first = await call('POST', '/api/entities/createCompany', acme.users.OWNER, {
      name: 'Globex Industries',
    });
    expect(first.statusCode, first.body).toBe(200);
    const added = first.json().data;
    expect(added.created).toBe(true);
    expect(added.entity).toMatchObject({ name: 'Companies', entity_type: 'BUSINESS' });
    expect(added.record.title).toBe('Globex Industries');

    const again = await call('POST', '/api/entities/createCompany', acme.users.MEMBER, {
      name: 'globex industries',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ created: false, record: { _id: added.record._id } });

    const website = await call('POST', '/api/entities/createCompany', acme.users.OWNER, {
      entity_id: added.entity._id,
      name: 'Initech',
      values: { [added.entity.primary_template_id]: { website: 'https://initech.example' } },
    });
    expect(website.statusCode, website.body).toBe(200);
    expect(website.json().data.record.values[added.entity.primary_template_id].website).toBe(
      'https://initech.example',
    );

    const contact = await call('POST', '/api/contacts', acme.users.OWNER, {
      email: 'hank@globex.example',
      first_name: 'Hank',
      last_name: 'Scorpio',
      account_name: 'GLOBEX Industries',
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const read = await call('GET', `/api/entities/getCompany/${added.record._id}`, acme.users.MEMBER);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      entity: { _id: added.entity._id },
      record: { _id: added.record._id, title: 'Globex Industries' },
      contacts: [{ name: 'Hank Scorpio', email: 'hank@globex.example' }],
      contacts_total: 1,
    });
  });

  it('refuses bad input and other workspaces’ ids', async () => {
    const companies = (
      await call('POST', '/api/entities/createCompany', acme.users.OWNER, { name: 'Umbrella' })
    ).json().data;
    const cases: [unknown, string[]][] = [
      [{}, ['name']],
      [{ name: '   ' }, ['name']],
      [{ name: 'X', entity_id: 'nope' }, ['entity_id']],
      [{ name: 'X', entity_id: property._id }, ['entity_id']],
      [
        {
          name: 'X',
          entity_id: companies.entity._id,
          values: { [companies.entity.primary_template_id]: { website: 'not a link' } },
        },
        [`values.${companies.entity.primary_template_id}.website`],
      ],
    ];
    for (const [body, keys] of cases) {
      const res = await call('POST', '/api/entities/createCompany', acme.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(keysOf(res)).toEqual(keys);
    }
    const foreign = await call('POST', '/api/entities/createCompany', other.users.OWNER, {
      name: 'X',
      entity_id: companies.entity._id,
    });
    expect(foreign.statusCode).toBe(404);
    // A MEMBER cannot create entities: with no BUSINESS entity yet, nothing is made.
    const none = await call('POST', '/api/entities/createCompany', other.users.MEMBER, { name: 'X' });
    expect(none.statusCode).toBe(422);
    expect(keysOf(none)).toEqual(['entity_id']);

    expect(
      (await call('GET', `/api/entities/getCompany/${companies.record._id}`, other.users.OWNER)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/entities/getCompany/${house._id}`, acme.users.OWNER)).statusCode).toBe(
      404,
    );
    // `/entities/getCompany/CompanyId` itself is the caller's company (custom-dashboards module).
    expect((await call('GET', '/api/entities/getCompany/not-an-id', acme.users.OWNER)).statusCode).toBe(422);
    expect((await call('GET', `/api/entities/getCompany/${companies.record._id}`)).statusCode).toBe(401);
  });
});

describe('POST /user-entity-data', () => {
  it('finds or adds the record of a contact or a workspace user', async () => {
    const contact = await call('POST', '/api/contacts', acme.users.OWNER, {
      email: 'priya@example.com',
      first_name: 'Priya',
      last_name: 'Sharma',
      phone: '123',
    });
    const body = { entity_id: people._id, contact_id: contact.json().data._id };
    const res = await call('POST', '/api/user-entity-data', acme.users.MEMBER, body);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().data;
    expect(found.created).toBe(true);
    // The phone is not a phone number the field takes: it is left out rather than refusing the record.
    expect(found.record.values[people.primary_template_id]).toEqual({
      first_name: 'Priya',
      last_name: 'Sharma',
      email: 'priya@example.com',
    });
    const again = await call('POST', '/api/user-entity-data', acme.users.MEMBER, body);
    expect(again.json().data).toMatchObject({ created: false, record: { _id: found.record._id } });

    const user = await call('POST', '/api/user-entity-data', acme.users.OWNER, {
      entity_id: people._id,
      user_id: acme.users.MANAGER.userId,
    });
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json().data.record.values[people.primary_template_id].email).toBe(acme.users.MANAGER.email);
  });

  it('refuses bad input and other workspaces’ ids', async () => {
    const cases: [unknown, string[]][] = [
      [{ entity_id: people._id }, ['user_id']],
      [
        { entity_id: people._id, user_id: acme.users.MEMBER.userId, contact_id: acme.users.MEMBER.userId },
        ['user_id'],
      ],
      [{ entity_id: 'x', user_id: acme.users.MEMBER.userId }, ['entity_id']],
      [{ entity_id: notes._id, user_id: acme.users.MEMBER.userId }, ['entity_id']],
    ];
    for (const [body, keys] of cases) {
      const res = await call('POST', '/api/user-entity-data', acme.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(keysOf(res)).toEqual(keys);
    }
    const theirContact = await call('POST', '/api/contacts', other.users.OWNER, {
      email: 'theirs@example.com',
      first_name: 'Theirs',
    });
    const foreign: unknown[] = [
      { entity_id: people._id, contact_id: theirContact.json().data._id },
      { entity_id: people._id, user_id: other.users.MEMBER.userId },
      { entity_id: otherEntity._id, user_id: acme.users.MEMBER.userId },
    ];
    for (const body of foreign) {
      expect((await call('POST', '/api/user-entity-data', acme.users.OWNER, body)).statusCode).toBe(404);
    }
  });
});

describe('POST /entities/send-notification and /entities-data/send-notification', () => {
  const inbox = async (who: SeededUser) =>
    (await call('GET', '/api/app-notifications/fetchAllAppNotifications?limit=50', who)).json().data.data as {
      title: string;
      body: string;
      link: string;
      type: string;
    }[];

  it('tells users about an entity in the app and by mail', async () => {
    const res = await call('POST', '/api/entities/send-notification', acme.users.OWNER, {
      entity_id: property._id,
      user_ids: [acme.users.MANAGER.userId, acme.users.OWNER.userId],
      user_types: ['ADMIN'],
      message: 'New listings are in',
      send_email: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ notified: 2, emailed: 2, skipped: 0 });
    const [note] = await inbox(acme.users.MANAGER);
    expect(note).toMatchObject({
      type: 'ENTITY',
      link: `/entity/${property._id}`,
      body: 'New listings are in',
    });
    expect(note!.title).toContain('shared Properties with you');
    expect(await inbox(acme.users.OWNER)).toEqual([]);
  });

  it('tells users about records, listing them', async () => {
    const one = await call('POST', '/api/entities-data/send-notification', acme.users.MANAGER, {
      entity_id: property._id,
      entity_data_ids: [house._id],
      user_ids: [acme.users.MEMBER.userId],
      title: 'Have a look',
      message: 'Call the owner',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ notified: 1, emailed: 0, skipped: 0 });
    const [note] = await inbox(acme.users.MEMBER);
    expect(note).toMatchObject({
      title: 'Have a look',
      link: `/entity/${property._id}/view?dataId=${house._id}`,
    });
    const two = await call('POST', '/api/entities-data/send-notification', acme.users.MANAGER, {
      entity_id: property._id,
      entity_data_ids: [house._id, flat._id],
      user_ids: [acme.users.MEMBER.userId],
      message: 'Both sold',
    });
    expect(two.statusCode, two.body).toBe(200);
    const [latest] = await inbox(acme.users.MEMBER);
    expect(latest!.body).toBe('Both sold\n• Sea view house\n• City flat');
    expect(latest!.link).toBe(`/entity/${property._id}`);
  });

  it('skips users who cannot open the records', async () => {
    const third = await seedCompany(t, { name: 'Third Homes' });
    const listing = await createEntity(third.users.OWNER, 'Listings', 'GENERAL', propertyFields);
    await t.platform.database.db
      .update(userTypePermissions)
      .set({ permissions: ['notifications:view'] })
      .where(
        and(eq(userTypePermissions.companyId, third.companyId), eq(userTypePermissions.userType, 'MEMBER')),
      );
    const res = await call('POST', '/api/entities/send-notification', third.users.OWNER, {
      entity_id: listing._id,
      user_types: ['MEMBER', 'MANAGER'],
      message: 'Heads up',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ notified: 1, emailed: 0, skipped: 1 });
    const none = await call('POST', '/api/entities/send-notification', third.users.OWNER, {
      entity_id: listing._id,
      user_ids: [third.users.MEMBER.userId],
      message: 'Heads up',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('None of the chosen users can open these records');
  });

  it('refuses bad input, other workspaces’ ids and callers without notifications:send', async () => {
    const base = { entity_id: property._id, user_ids: [acme.users.MEMBER.userId], message: 'Hi' };
    const cases: [string, unknown, string[]][] = [
      ['/api/entities/send-notification', { ...base, message: '' }, ['message']],
      ['/api/entities/send-notification', { ...base, user_ids: [] }, ['user_ids']],
      ['/api/entities/send-notification', { ...base, user_types: ['BOSS'] }, ['user_types.0']],
      ['/api/entities/send-notification', { ...base, user_ids: [acme.users.OWNER.userId] }, ['user_ids']],
      ['/api/entities/send-notification', { ...base, user_ids: [other.users.MEMBER.userId] }, ['user_ids.0']],
      ['/api/entities-data/send-notification', base, ['entity_data_ids']],
      ['/api/entities-data/send-notification', { ...base, entity_data_ids: ['x'] }, ['entity_data_ids.0']],
    ];
    for (const [url, body, keys] of cases) {
      const res = await call('POST', url, acme.users.OWNER, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
      expect(keysOf(res)).toEqual(keys);
    }
    const foreignEntity = await call('POST', '/api/entities/send-notification', acme.users.OWNER, {
      ...base,
      entity_id: otherEntity._id,
    });
    expect(foreignEntity.statusCode).toBe(404);
    const foreignRecord = await call('POST', '/api/entities-data/send-notification', acme.users.OWNER, {
      ...base,
      entity_data_ids: [otherRecord._id],
    });
    expect(foreignRecord.statusCode).toBe(404);
    const member = await call('POST', '/api/entities/send-notification', acme.users.MEMBER, {
      ...base,
      user_ids: [acme.users.OWNER.userId],
    });
    expect(member.statusCode).toBe(403);
  });
});

describe('POST /entities-data/document-printing', () => {
  const pagesOf = async (body: Buffer) => (await PDFDocument.load(body)).getPageCount();

  it('prints record sheets, one record per page at least', async () => {
    const res = await call('POST', '/api/entities-data/document-printing', acme.users.MEMBER, {
      entity_id: property._id,
      entity_data_ids: [house._id, flat._id],
      date_format: 'DD MMM YYYY',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('inline');
    expect(res.headers['content-disposition']).toContain('Properties (2 records).pdf');
    expect(await pagesOf(res.rawPayload)).toBe(2);
    expect(res.headers['x-page-count']).toBe('2');
  });

  it("prints dates in the printing user's format and date-times in their zone, named", async () => {
    const company = await seedCompany(t, { name: 'Zoned Prints' });
    const owner = company.users.OWNER;
    const saved = await call('POST', '/api/application-settings', owner, {
      date: 'YYYY-MM-DD',
      time: 'HH:mm',
      time_zone: 'Asia/Kolkata',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const visits = await createEntity(owner, 'Visits', 'GENERAL', [
      { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
      { key: 'day', label: 'Day', type: 'DATE' },
      { key: 'at', label: 'At', type: 'DATE_TIME' },
    ]);
    const at = '2026-03-01T10:00:00.000Z';
    const visit = await addRecord(visits, { title: 'Site visit', day: '2026-03-01', at }, owner);
    const res = await call('POST', '/api/entities-data/document-printing', owner, {
      entity_id: visits._id,
      entity_data_ids: [visit._id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`${isoMinuteIn(new Date(at), 'Asia/Kolkata')} (Asia/Kolkata, UTC+05:30)`);
    expect(text).toContain('2026-03-01');
    expect(text).not.toContain('10:00 UTC');
  });

  it('fills a document template once per record', async () => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId, { isTemplate: true, pages: 1 });
    const fields = [
      { key: 'title', type: 'TEXT', page: 1, x: 50, y: 50, width: 200, height: 20, recipient_key: 'buyer' },
      {
        key: 'amount',
        label: 'Price',
        type: 'TEXT',
        page: 1,
        x: 50,
        y: 90,
        width: 200,
        height: 20,
        recipient_key: 'buyer',
      },
      {
        key: 'sign',
        type: 'SIGNATURE',
        page: 1,
        x: 50,
        y: 130,
        width: 150,
        height: 40,
        recipient_key: 'buyer',
      },
    ];
    const saved = await saveLayout(t, acme.users.OWNER, doc, {
      fields: fields as never,
      document_users: [signer('buyer', 'buyer@example.com')],
    });
    const res = await call('POST', '/api/entities-data/document-printing', acme.users.OWNER, {
      entity_id: property._id,
      entity_data_ids: [house._id, flat._id],
      document_id: saved._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pagesOf(res.rawPayload)).toBe(2);

    const def = await loadEntityDefinition(t.platform.database.db, acme.companyId, property._id);
    const row = await findCompanyRecord(t.platform.database.db, acme.companyId, house._id);
    const values = documentFieldValues(def, saved.fields as TField[], row, {
      dateFormat: 'DD-MM-YYYY',
      linkedTitles: {},
    });
    expect(values).toEqual({ title: 'Sea view house', amount: '₹45,00,000.00', sign: '' });
  });

  it('refuses bad input and other workspaces’ ids', async () => {
    const cases: [unknown, string[]][] = [
      [{ entity_id: property._id, entity_data_ids: [] }, ['entity_data_ids']],
      [{ entity_id: property._id, entity_data_ids: [house._id], date_format: 'YY' }, ['date_format']],
      [
        { entity_id: property._id, entity_data_ids: [house._id], template_ids: [notes.primary_template_id] },
        ['template_ids.0'],
      ],
    ];
    for (const [body, keys] of cases) {
      const res = await call('POST', '/api/entities-data/document-printing', acme.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(keysOf(res)).toEqual(keys);
    }
    const theirDoc = await createDocument(t, other.users.OWNER, other.companyId, {
      isTemplate: true,
      pages: 1,
    });
    const foreign: unknown[] = [
      { entity_id: property._id, entity_data_ids: [otherRecord._id] },
      { entity_id: otherEntity._id, entity_data_ids: [otherRecord._id] },
      { entity_id: property._id, entity_data_ids: [house._id], document_id: theirDoc._id },
    ];
    for (const body of foreign) {
      const res = await call('POST', '/api/entities-data/document-printing', acme.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
  });
});

describe('POST /entities-data/data-table/row-fields', () => {
  const rooms = () => `${property.primary_template_id}#rooms`;

  it("lists a data table's rows across records with the table's columns", async () => {
    const res = await call('POST', '/api/entities-data/data-table/row-fields', acme.users.MEMBER, {
      entity_id: property._id,
      field: rooms(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.columns.map((c: { key: string }) => c.key)).toEqual(['name', 'area']);
    expect(page.total).toBe(3);
    // Newest record first, rows in their order.
    expect(page.data.map((r: { title: string; row_index: number }) => [r.title, r.row_index])).toEqual([
      ['City flat', 0],
      ['Sea view house', 0],
      ['Sea view house', 1],
    ]);
    expect(page.data[1].values).toEqual({ name: 'Hall', area: 300 });

    const onlyHouse = await call('POST', '/api/entities-data/data-table/row-fields', acme.users.MEMBER, {
      entity_id: property._id,
      field: rooms(),
      entity_data_ids: [house._id],
      limit: 1,
      page: 2,
    });
    expect(onlyHouse.json().data).toMatchObject({
      total: 2,
      total_pages: 2,
      data: [{ values: { name: 'Kitchen' } }],
    });

    const filtered = await call('POST', '/api/entities-data/data-table/row-fields', acme.users.MEMBER, {
      entity_id: property._id,
      field: rooms(),
      filters: { match: 'ALL', rules: [{ field: 'title', operator: 'EQUALS', value: 'City flat' }] },
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().data.total).toBe(1);
  });

  it('refuses bad input and other workspaces’ ids', async () => {
    const cases: [unknown, string[]][] = [
      [{ entity_id: property._id, field: `${property.primary_template_id}#title` }, ['field']],
      [{ entity_id: property._id, field: 'nonsense' }, ['field']],
      [{ entity_id: property._id, field: rooms(), limit: 0 }, ['limit']],
    ];
    for (const [body, keys] of cases) {
      const res = await call('POST', '/api/entities-data/data-table/row-fields', acme.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(keysOf(res)).toEqual(keys);
    }
    const foreign = await call('POST', '/api/entities-data/data-table/row-fields', acme.users.OWNER, {
      entity_id: otherEntity._id,
      field: `${otherEntity.primary_template_id}#rooms`,
    });
    expect(foreign.statusCode).toBe(404);
    const theirRows = await call('POST', '/api/entities-data/data-table/row-fields', acme.users.OWNER, {
      entity_id: property._id,
      field: rooms(),
      entity_data_ids: [otherRecord._id],
    });
    expect(theirRows.json().data.total).toBe(0);
  });
});

describe('GET /templates-entity-data-all-entities', () => {
  it("answers a template's values in every entity made with it", async () => {
    const companies = (
      await call('POST', '/api/entities/createCompany', acme.users.OWNER, { name: 'Soylent' })
    ).json().data;
    const templateId = companies.entity.primary_template_id;
    const vendors = await call('POST', '/api/entities', acme.users.OWNER, {
      name: 'Vendors',
      entity_type: 'BUSINESS',
      templates: [{ template_id: templateId, is_primary: true }],
    });
    expect(vendors.statusCode, vendors.body).toBe(200);
    const vendor = await call('POST', '/api/entities/createCompany', acme.users.OWNER, {
      entity_id: vendors.json().data._id,
      name: 'Soylent Supplies',
    });
    expect(vendor.statusCode, vendor.body).toBe(200);

    const res = await call(
      'GET',
      `/api/templates-entity-data-all-entities?template_id=${templateId}&search=soylent&limit=10`,
      acme.users.MEMBER,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data;
    expect(answer.entities.map((e: { name: string }) => e.name)).toEqual(['Companies', 'Vendors']);
    expect(answer.total).toBe(2);
    expect(answer.data.map((d: { entity_name: string; title: string }) => [d.entity_name, d.title])).toEqual([
      ['Vendors', 'Soylent Supplies'],
      ['Companies', 'Soylent'],
    ]);
    expect(answer.data[0].values.company_name).toBe('Soylent Supplies');

    // The same STANDARD template in another workspace shows that workspace's records only.
    const theirs = await call(
      'GET',
      `/api/templates-entity-data-all-entities?template_id=${templateId}`,
      other.users.OWNER,
    );
    expect(theirs.json().data).toMatchObject({ entities: [], total: 0, data: [] });
  });

  it("answers a repeatable template's entries", async () => {
    const { template, entity } = await apiOf(t).addRepeatable(acme.users.OWNER, notes, [
      { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
    ]);
    const note = await addRecord(entity, { note: 'Order 7' }, acme.users.OWNER);
    for (const item of ['Tiles', 'Paint']) {
      const res = await call('POST', '/api/templates-data/repeatable-template', acme.users.OWNER, {
        entity_data_id: note._id,
        template_id: template._id,
        values: { item },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await call(
      'GET',
      `/api/templates-entity-data-all-entities?template_id=${template._id}`,
      acme.users.OWNER,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data;
    expect(answer.template.is_repeatable).toBe(true);
    expect(answer.total).toBe(2);
    expect(answer.data.map((d: { values: { item: string } }) => d.values.item).sort()).toEqual([
      'Paint',
      'Tiles',
    ]);
    expect(
      answer.data.every(
        (d: { template_data_id: string | null; title: string }) =>
          d.template_data_id && d.title === 'Order 7',
      ),
    ).toBe(true);
  });

  it('refuses bad input and other workspaces’ templates', async () => {
    const bad = await call(
      'GET',
      '/api/templates-entity-data-all-entities?template_id=nope',
      acme.users.OWNER,
    );
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['querystring.template_id']);
    const foreign = await call(
      'GET',
      `/api/templates-entity-data-all-entities?template_id=${otherEntity.primary_template_id}`,
      acme.users.OWNER,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST /entities-data/public-link and GET /oa_entitydata/{id}', () => {
  const viewUrl = (path: string) => {
    const url = new URL(path, 'http://x');
    const [, , recordId, entityId, templateId] = url.pathname.split('/');
    const token = url.searchParams.get('token') ?? '';
    return `/api/oa_entitydata/${recordId}?entity_id=${entityId}&template_id=${templateId}&token=${encodeURIComponent(token)}`;
  };

  it('makes a link anyone can read the record through', async () => {
    const link = await call('POST', '/api/entities-data/public-link', acme.users.OWNER, {
      entity_data_id: house._id,
      expires_in_days: 7,
    });
    expect(link.statusCode, link.body).toBe(200);
    const { path, url } = link.json().data;
    expect(path.startsWith(`/view/${house._id}/${property._id}/${property.primary_template_id}?token=`)).toBe(
      true,
    );
    expect(url.endsWith(path)).toBe(true);

    const res = await call('GET', viewUrl(path));
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view).toMatchObject({
      title: 'Sea view house',
      company_name: 'Acme Realty',
      entity: { name: 'Properties' },
    });
    const text = Object.fromEntries(view.fields.map((f: { key: string; text: string }) => [f.key, f.text]));
    expect(text).toMatchObject({ title: 'Sea view house', listed: '05 Mar 2024' });
    expect(text.rooms).toBe('1. Room: Hall; Area: 300\n2. Room: Kitchen; Area: 120');
  });

  it('refuses tampered and expired stateless links', async () => {
    const { path } = (
      await call('POST', '/api/entities-data/public-link', acme.users.OWNER, { entity_data_id: flat._id })
    ).json().data;
    const good = viewUrl(path);
    expect((await call('GET', good.replace(flat._id, house._id))).statusCode).toBe(404);
    expect((await call('GET', `${good.slice(0, -3)}abc`)).statusCode).toBe(404);
    expect((await call('GET', good.replace(/token=.*/, 'token='))).statusCode).toBe(422);

    const past = Math.floor(Date.now() / 1000) - 60;
    const creator = acme.users.OWNER.userId;
    const sig = keyedHash(
      `public-record|${flat._id}|${property._id}|${property.primary_template_id}|${past}|${creator}`,
      t.platform.config.secrets.storageSecret,
    );
    const expired = good.replace(/token=.*/, `token=${past}.${creator}.${sig}`);
    expect((await call('GET', expired)).statusCode).toBe(410);
    // Bad input, other companies' records and callers who cannot share: public-links.test.ts.
  });
});

describe('OpenAPI', () => {
  it('documents every call of this file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    for (const [path, method] of [
      ['/api/entities/createCompany', 'post'],
      ['/api/entities/getCompany/{CompanyId}', 'get'],
      ['/api/user-entity-data', 'post'],
      ['/api/entities/send-notification', 'post'],
      ['/api/entities-data/send-notification', 'post'],
      ['/api/entities-data/document-printing', 'post'],
      ['/api/entities-data/data-table/row-fields', 'post'],
      ['/api/templates-entity-data-all-entities', 'get'],
      ['/api/entities-data/public-link', 'post'],
      ['/api/oa_entitydata/{id}', 'get'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    }
  });
});
