import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TRecordShareLink } from '@esigns/contracts/record-share-links';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { keyedHash } from '../../platform/auth/one-time-secrets';
import { userTypePermissions } from '../permissions/schema';
import { recordShareLinks } from './share-links/schema';

/*
 * Revocable public record links (`record_share_links`): making, reading, listing and revoking them,
 * expiry, stateless links made before the table, other workspaces and permissions. PGlite and PostgreSQL.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let property: TEntity;
let house: TEntityRecord;
let flat: TEntityRecord;
let otherRecord: TEntityRecord;

type Method = 'GET' | 'POST';
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

/** The `GET /oa_entitydata/{id}` call the public screen makes for a link's path. */
const viewUrl = (path: string) => {
  const url = new URL(path, 'http://x');
  const [, , recordId, entityId, templateId] = url.pathname.split('/');
  const token = url.searchParams.get('token') ?? '';
  return `/api/oa_entitydata/${recordId}?entity_id=${entityId}&template_id=${templateId}&token=${encodeURIComponent(token)}`;
};

async function makeLink(record: TEntityRecord, who: SeededUser = acme.users.OWNER, days?: number) {
  const res = await call('POST', '/api/entities-data/public-link', who, {
    entity_data_id: record._id,
    ...(days ? { expires_in_days: days } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; url: string; path: string; token: string; expires_at: string };
}

async function listLinks(record: { _id: string }, who: SeededUser = acme.users.OWNER, extra = '') {
  const res = await call('GET', `/api/entities-data/public-links?entity_data_id=${record._id}${extra}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: TRecordShareLink[]; total: number; page: number; total_pages: number };
}

const revoke = (id: string, who: SeededUser = acme.users.OWNER) =>
  call('POST', `/api/entities-data/public-link/${id}/revoke`, who);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  const fields = [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'price', label: 'Price', type: 'CURRENCY' },
  ];
  const entity = async (who: SeededUser) => {
    const res = await call('POST', '/api/entities/create', who, {
      name: 'Properties',
      entity_type: 'GENERAL',
      fields,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TEntity;
  };
  const record = async (ofEntity: TEntity, title: string, who: SeededUser) => {
    const res = await call('POST', '/api/entities-data', who, {
      entity_id: ofEntity._id,
      values: { [ofEntity.primary_template_id]: { title, price: 100 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TEntityRecord;
  };
  property = await entity(acme.users.OWNER);
  house = await record(property, 'Sea view house', acme.users.OWNER);
  flat = await record(property, 'City flat', acme.users.OWNER);
  otherRecord = await record(await entity(other.users.OWNER), 'Not yours', other.users.OWNER);
});

afterAll(async () => {
  await t.close();
});

describe('POST /entities-data/public-link', () => {
  it('stores the link with a hash of its secret and answers the secret once, in the URL', async () => {
    const link = await makeLink(house, acme.users.OWNER, 7);
    const [linkId, secret] = link.token.split('.');
    expect(linkId).toBe(link._id);
    expect(secret!.length).toBeGreaterThanOrEqual(43);
    expect(link.path).toBe(
      `/view/${house._id}/${property._id}/${property.primary_template_id}?token=${encodeURIComponent(link.token)}`,
    );
    expect(link.url.endsWith(link.path)).toBe(true);
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const [row] = await t.platform.database.db
      .select()
      .from(recordShareLinks)
      .where(eq(recordShareLinks.id, link._id));
    expect(row).toMatchObject({
      companyId: acme.companyId,
      entityId: property._id,
      entityDataId: house._id,
      templateId: property.primary_template_id,
      createdBy: acme.users.OWNER.userId,
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(row!.tokenHash).toBe(createHash('sha256').update(secret!).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('keeps the expiry rules (1 to 365 days, default 30) and the checks on record and template', async () => {
    const link = await makeLink(flat);
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const cases: [unknown, string[]][] = [
      [{ entity_data_id: flat._id, expires_in_days: 0 }, ['expires_in_days']],
      [{ entity_data_id: flat._id, expires_in_days: 366 }, ['expires_in_days']],
      [{ entity_data_id: flat._id, template_id: otherRecord._id }, ['template_id']],
      [{ entity_data_id: 'nope' }, ['entity_data_id']],
      [{}, ['entity_data_id']],
    ];
    for (const [body, keys] of cases) {
      const res = await call('POST', '/api/entities-data/public-link', acme.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(keysOf(res)).toEqual(keys);
    }
    const foreign = await call('POST', '/api/entities-data/public-link', acme.users.OWNER, {
      entity_data_id: otherRecord._id,
    });
    expect(foreign.statusCode).toBe(404);
    const member = await call('POST', '/api/entities-data/public-link', acme.users.MEMBER, {
      entity_data_id: flat._id,
    });
    expect(member.statusCode).toBe(403);
  });
});

describe('GET /oa_entitydata/{id} with a stored link', () => {
  it('shows the record and notes when the link was last used', async () => {
    const link = await makeLink(house);
    const res = await call('GET', viewUrl(link.path));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Sea view house', company_name: 'Acme Realty' });
    expect(res.json().data.expires_at).toBe(link.expires_at);
    const listed = (await listLinks(house, acme.users.OWNER, '&limit=50')).data.find(
      (l) => l._id === link._id,
    );
    expect(listed?.last_used_at).toBeTruthy();
  });

  it('answers 404 for a wrong secret, an unknown link, a link of another record and a malformed token', async () => {
    const link = await makeLink(house);
    const good = viewUrl(link.path);
    const withToken = (token: string) => good.replace(/token=.*/, `token=${encodeURIComponent(token)}`);
    const [linkId, secret] = link.token.split('.') as [string, string];
    const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      withToken(`${linkId}.${flipped}`),
      withToken(`${crypto.randomUUID()}.${secret}`),
      withToken(linkId),
      withToken(`${linkId}.`),
      withToken(`not-a-uuid.${secret}`),
      good.replace(house._id, flat._id),
      good.replace(`template_id=${property.primary_template_id}`, `template_id=${crypto.randomUUID()}`),
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await call('GET', good.replace(/token=.*/, 'token='))).statusCode).toBe(422);
    expect(
      (await call('GET', good.replace(`oa_entitydata/${house._id}`, 'oa_entitydata/nope'))).statusCode,
    ).toBe(422);
  });

  it('answers 410 once the link has expired', async () => {
    const link = await makeLink(flat);
    await t.platform.database.db
      .update(recordShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(recordShareLinks.id, link._id));
    const res = await call('GET', viewUrl(link.path));
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: 'This link has expired', error_code: 'LINK_EXPIRED' });
    const listed = (await listLinks(flat, acme.users.OWNER, '&limit=50')).data.find(
      (l) => l._id === link._id,
    );
    expect(listed?.status).toBe('EXPIRED');
  });

  it('stops working when its creator can no longer share (404)', async () => {
    const third = await seedCompany(t, { name: 'Third Homes' });
    const res = await call('POST', '/api/entities/create', third.users.OWNER, {
      name: 'Listings',
      entity_type: 'GENERAL',
      fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true }],
    });
    const listing = res.json().data as TEntity;
    const added = await call('POST', '/api/entities-data', third.users.OWNER, {
      entity_id: listing._id,
      values: { [listing.primary_template_id]: { title: 'Loft' } },
    });
    const link = await makeLink(added.json().data, third.users.ADMIN);
    expect((await call('GET', viewUrl(link.path))).statusCode).toBe(200);
    await t.platform.database.db
      .update(userTypePermissions)
      .set({ permissions: ['entity-data:view'] })
      .where(
        and(eq(userTypePermissions.companyId, third.companyId), eq(userTypePermissions.userType, 'ADMIN')),
      );
    expect((await call('GET', viewUrl(link.path))).statusCode).toBe(404);
  });

  it('answers a logged 500, not "not found", when the database fails while checking the creator', async () => {
    const link = await makeLink(flat);
    const db = t.platform.database.db;
    await db.execute(sql`alter table user_type_permissions rename to user_type_permissions_away`);
    try {
      const res = await call('GET', viewUrl(link.path));
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json()).toMatchObject({ success: false });
    } finally {
      await db.execute(sql`alter table user_type_permissions_away rename to user_type_permissions`);
    }
    expect((await call('GET', viewUrl(link.path))).statusCode).toBe(200);
  });

  it('still reads a stateless link made before links were stored, until it expires', async () => {
    const creator = acme.users.OWNER.userId;
    const legacy = (expiry: number) =>
      `${expiry}.${creator}.${keyedHash(
        `public-record|${house._id}|${property._id}|${property.primary_template_id}|${expiry}|${creator}`,
        t.platform.config.secrets.storageSecret,
      )}`;
    const base = `/api/oa_entitydata/${house._id}?entity_id=${property._id}&template_id=${property.primary_template_id}`;
    const future = Math.floor(Date.now() / 1000) + 3600;
    const ok = await call('GET', `${base}&token=${encodeURIComponent(legacy(future))}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.expires_at).toBe(new Date(future * 1000).toISOString());
    const past = Math.floor(Date.now() / 1000) - 60;
    expect((await call('GET', `${base}&token=${encodeURIComponent(legacy(past))}`)).statusCode).toBe(410);
  });
});

describe('GET /entities-data/public-links and POST /entities-data/public-link/{id}/revoke', () => {
  it("lists a record's links newest first without secrets; a revoked link answers 410", async () => {
    const record = (
      await call('POST', '/api/entities-data', acme.users.OWNER, {
        entity_id: property._id,
        values: { [property.primary_template_id]: { title: 'Barn' } },
      })
    ).json().data as TEntityRecord;
    const first = await makeLink(record, acme.users.OWNER, 10);
    const second = await makeLink(record, acme.users.ADMIN, 20);

    const page = await listLinks(record, acme.users.ADMIN, '&limit=10');
    expect(page).toMatchObject({ total: 2, page: 1, total_pages: 1 });
    expect(page.data.map((l) => l._id)).toEqual([second._id, first._id]);
    expect(page.data[1]).toMatchObject({
      entity_data_id: record._id,
      entity_id: property._id,
      template: { _id: property.primary_template_id, name: expect.any(String) },
      created_by: { _id: acme.users.OWNER.userId, email: acme.users.OWNER.email },
      expires_at: first.expires_at,
      revoked_at: null,
      revoked_by: null,
      status: 'ACTIVE',
    });
    expect(JSON.stringify(page)).not.toContain(first.token.split('.')[1]);
    expect(JSON.stringify(page)).not.toContain('token');
    const paged = await listLinks(record, acme.users.OWNER, '&limit=1&page=2');
    expect(paged).toMatchObject({ total: 2, page: 2, total_pages: 2 });
    expect(paged.data.map((l) => l._id)).toEqual([first._id]);

    const revoked = await revoke(first._id, acme.users.ADMIN);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({
      _id: first._id,
      status: 'REVOKED',
      revoked_by: { _id: acme.users.ADMIN.userId },
    });
    const read = await call('GET', viewUrl(first.path));
    expect(read.statusCode).toBe(410);
    expect(read.json()).toMatchObject({
      message: 'This link was revoked by the workspace',
      error_code: 'LINK_REVOKED',
    });
    expect((await call('GET', viewUrl(second.path))).statusCode).toBe(200);

    const again = await revoke(first._id, acme.users.OWNER);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.revoked_at).toBe(revoked.json().data.revoked_at);
    expect(again.json().data.revoked_by._id).toBe(acme.users.ADMIN.userId);
    const after = await listLinks(record);
    expect(after.data.map((l) => l.status)).toEqual(['ACTIVE', 'REVOKED']);
  });

  it('refuses bad ids (422), unknown ids and another company’s (404), and callers who cannot share (403)', async () => {
    const link = await makeLink(house);
    const bad = await call('GET', '/api/entities-data/public-links?entity_data_id=nope', acme.users.OWNER);
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['querystring.entity_data_id']);
    const missing = await call('GET', '/api/entities-data/public-links', acme.users.OWNER);
    expect(missing.statusCode).toBe(422);
    expect(keysOf(missing)).toEqual(['querystring.entity_data_id']);
    const badId = await revoke('nope');
    expect(badId.statusCode).toBe(422);
    expect(keysOf(badId)).toEqual(['params.id']);

    expect(
      (
        await call(
          'GET',
          `/api/entities-data/public-links?entity_data_id=${crypto.randomUUID()}`,
          acme.users.OWNER,
        )
      ).statusCode,
    ).toBe(404);
    expect((await revoke(crypto.randomUUID())).statusCode).toBe(404);
    expect(
      (
        await call(
          'GET',
          `/api/entities-data/public-links?entity_data_id=${otherRecord._id}`,
          acme.users.OWNER,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/entities-data/public-links?entity_data_id=${house._id}`, other.users.OWNER))
        .statusCode,
    ).toBe(404);
    const foreign = await revoke(link._id, other.users.OWNER);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, message: 'Link not found' });

    expect(
      (await call('GET', `/api/entities-data/public-links?entity_data_id=${house._id}`, acme.users.MEMBER))
        .statusCode,
    ).toBe(403);
    expect((await revoke(link._id, acme.users.MEMBER)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/entities-data/public-links?entity_data_id=${house._id}`)).statusCode,
    ).toBe(401);
    expect((await call('GET', viewUrl(link.path))).statusCode).toBe(200);
  });

  it('drops the links of a deleted record', async () => {
    const record = (
      await call('POST', '/api/entities-data', acme.users.OWNER, {
        entity_id: property._id,
        values: { [property.primary_template_id]: { title: 'Shed' } },
      })
    ).json().data as TEntityRecord;
    const link = await makeLink(record);
    const del = await call('POST', `/api/entity-data/${record._id}/${property._id}`, acme.users.OWNER);
    expect(del.statusCode, del.body).toBe(200);
    const rows = await t.platform.database.db
      .select({ id: recordShareLinks.id })
      .from(recordShareLinks)
      .where(eq(recordShareLinks.id, link._id));
    expect(rows).toEqual([]);
    expect((await call('GET', viewUrl(link.path))).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the link calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    for (const [path, method] of [
      ['/api/entities-data/public-link', 'post'],
      ['/api/entities-data/public-links', 'get'],
      ['/api/entities-data/public-link/{id}/revoke', 'post'],
      ['/api/oa_entitydata/{id}', 'get'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    }
  });
});
