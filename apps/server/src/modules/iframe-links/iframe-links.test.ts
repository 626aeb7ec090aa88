import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import type { TIframeLink } from '@esigns/contracts/iframe-links';
import { seedEntity } from '../../../test/contact-caller';
import { callsOf, detailKeys, type Who } from '../../../test/inject-calls';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedDocument, setPermission } from '../document-lists/test-seed';
import { companyOfToken } from './public-reads';
import { iframeLinks } from './schema';

/*
 * Iframe links: the six staff calls (happy path, bad input, another company's ids and targets,
 * permissions), revocation kept as a row, and the link screen's token-only reads (FORM, ENTITY_VIEW
 * rows with the view's columns only, DOCUMENT_LIST names/status/dates only), with expired, revoked,
 * forged and other-kind tokens.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
const call = callsOf(() => t.app);

let deals: TEntity;
let viewId: string;
let otherViewId: string;
let formId: string;
let staffFormId: string;
let draftFormId: string;
let otherFormId: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const ref = (e: TEntity, key: string) => `${e.primary_template_id}#${key}`;

async function data<T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { data: T }).data;
}

async function form(
  company: SeededCompany,
  entity: TEntity,
  name: string,
  extra: Record<string, unknown>,
): Promise<string> {
  const res = await call('POST', '/api/formBuilders', company.users.ADMIN, {
    name,
    steps: [
      {
        id: randomUUID(),
        name: 'Details',
        type: 'TEMPLATE',
        template_id: entity.primary_template_id,
        required: true,
        condition: null,
      },
    ],
    settings: {},
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

const create = (who: Who, body: Record<string, unknown>) => call('POST', '/api/iframe/create', who, body);
const make = (body: Record<string, unknown>) =>
  data<TIframeLink>(create(acme.users.ADMIN, { name: 'Link', expires_at: inDays(30), ...body }));

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Frame Acme' });
  other = await seedCompany(t, { name: 'Frame Other' });
  deals = await seedEntity(call, acme, 'Deals', [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
    { key: 'secret_note', label: 'Secret note', type: 'SINGLE_LINE_TEXT' },
    { key: 'amount', label: 'Amount', type: 'NUMBER' },
  ]);
  for (const [title, amount] of [
    ['Alpha', 10],
    ['Beta', 20],
    ['Gamma', 30],
  ] as const) {
    await data(
      call('POST', '/api/entities-data', acme.users.OWNER, {
        entity_id: deals._id,
        values: { [deals.primary_template_id]: { title, amount, secret_note: `hidden ${title}` } },
      }),
    );
  }
  const view = await data<{ _id: string }>(
    call('POST', '/api/entity-view-configuration', acme.users.OWNER, {
      name: 'Big deals',
      config: {
        entities: [
          {
            entity_id: deals._id,
            columns: [{ field: ref(deals, 'title') }, { field: ref(deals, 'amount') }],
            filters: {
              match: 'ALL',
              rules: [{ field: ref(deals, 'amount'), operator: 'GREATER_THAN', value: 15 }],
            },
            sort: [{ field: ref(deals, 'amount'), direction: 'desc' }],
          },
        ],
      },
    }),
  );
  viewId = view._id;
  const theirs = await seedEntity(call, other, 'Theirs', [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
  ]);
  otherViewId = (
    await data<{ _id: string }>(
      call('POST', '/api/entity-view-configuration', other.users.OWNER, {
        name: 'Their view',
        config: { entities: [{ entity_id: theirs._id }] },
      }),
    )
  )._id;
  formId = await form(acme, deals, 'Contact us', { owner_type: 'ANYONE', status: 'ACTIVE' });
  staffFormId = await form(acme, deals, 'Staff only', { owner_type: 'COMPANY_USERS', status: 'ACTIVE' });
  draftFormId = await form(acme, deals, 'Not yet', { owner_type: 'ANYONE', status: 'DRAFT' });
  otherFormId = await form(other, theirs, 'Their form', { owner_type: 'ANYONE', status: 'ACTIVE' });
  await seedDocument(t, acme.companyId, acme.users.ADMIN, {
    name: 'Lease agreement',
    status: 'COMPLETED',
    recipients: [{ email: 'tenant@example.com', status: 'SIGNED' }],
  });
  await seedDocument(t, acme.companyId, acme.users.OWNER, { name: 'Owner only', status: 'DRAFT' });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const tokenOf = (link: TIframeLink) => link.token;
const open = (token: string, path = '') =>
  call('GET', `/api/iframe-link/${encodeURIComponent(token)}${path}`);

describe('staff calls', () => {
  it('creates a link of each kind with its token, url and snippet; lists and reads it', async () => {
    const link = await make({ name: 'Contact form', kind: 'FORM', target_id: formId });
    expect(link).toMatchObject({
      name: 'Contact form',
      kind: 'FORM',
      target_id: formId,
      target_name: 'Contact us',
      status: 'ACTIVE',
      opens: 0,
      revoked_at: null,
      created_by: { _id: acme.users.ADMIN.userId },
    });
    expect(link.token).toMatch(/^ifl_[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(link.url).toMatch(new RegExp(`/if/${link.token.replace(/[.]/g, '\\.')}/link$`));
    expect(link.snippet).toContain(`<iframe src="${link.url}"`);
    const view = await make({ name: 'Deals view', kind: 'ENTITY_VIEW', target_id: viewId });
    expect(view.target_name).toBe('Big deals');
    const docs = await make({ name: 'Docs', kind: 'DOCUMENT_LIST', target_id: 'completed' });
    expect(docs.target_name).toBe('Completed documents');

    const got = await data<TIframeLink>(
      call('GET', `/api/iframe/getIframeLink?id=${link._id}`, acme.users.ADMIN),
    );
    expect(got.token).toBe(link.token);
    const list = await data<{ data: TIframeLink[]; total: number; page: number; total_pages: number }>(
      call('GET', '/api/iframe/get?limit=2', acme.users.OWNER),
    );
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(list.page).toBe(1);
    expect(list.data).toHaveLength(2);
    const byKind = await data<{ data: TIframeLink[] }>(
      call('GET', '/api/iframe/get?kind=DOCUMENT_LIST&search=docs', acme.users.OWNER),
    );
    expect(byKind.data.map((l) => l._id)).toEqual([docs._id]);
    const theirs = await data<{ data: TIframeLink[]; total: number }>(
      call('GET', '/api/iframe/get', other.users.OWNER),
    );
    expect(theirs).toMatchObject({ data: [], total: 0 });
  }, 120_000);

  it('refuses bad input with 422 (never 500)', async () => {
    const bad = [
      {},
      { name: '', kind: 'FORM', target_id: formId, expires_at: inDays(1) },
      { name: 'x', kind: 'PAGE', target_id: formId, expires_at: inDays(1) },
      { name: 'x', kind: 'FORM', target_id: formId },
      { name: 'x', kind: 'FORM', target_id: formId, expires_at: 'tomorrow' },
      { name: 'x', kind: 'FORM', target_id: formId, expires_at: inDays(-1) },
      { name: 'x', kind: 'FORM', target_id: formId, expires_at: inDays(400) },
      { name: 'x', kind: 'FORM', target_id: 'not-an-id', expires_at: inDays(1) },
      { name: 'x', kind: 'DOCUMENT_LIST', target_id: 'everything', expires_at: inDays(1) },
      { name: 'x'.repeat(200), kind: 'FORM', target_id: formId, expires_at: inDays(1) },
    ];
    for (const body of bad) {
      const res = await create(acme.users.ADMIN, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const past = await create(acme.users.ADMIN, {
      name: 'x',
      kind: 'FORM',
      target_id: formId,
      expires_at: inDays(-1),
    });
    expect(detailKeys(past)).toEqual(['expires_at']);
    expect((await call('GET', '/api/iframe/getIframeLink?id=nope', acme.users.ADMIN)).statusCode).toBe(422);
    expect((await call('GET', '/api/iframe/getIframeLink', acme.users.ADMIN)).statusCode).toBe(422);
    expect((await call('DELETE', '/api/iframe/deleteIframeLink/nope', acme.users.ADMIN)).statusCode).toBe(
      422,
    );
    expect(
      (await call('PUT', '/api/iframe/updateIframeLink', acme.users.ADMIN, { id: randomUUID() })).statusCode,
    ).toBe(422);
    expect((await call('GET', '/api/iframe/get?status=GONE', acme.users.ADMIN)).statusCode).toBe(422);
  }, 120_000);

  it("refuses another company's targets and forms guests cannot fill (422 on target_id)", async () => {
    for (const body of [
      { kind: 'FORM', target_id: otherFormId },
      { kind: 'ENTITY_VIEW', target_id: otherViewId },
      { kind: 'ENTITY_VIEW', target_id: formId },
      { kind: 'FORM', target_id: staffFormId },
      { kind: 'FORM', target_id: draftFormId },
      { kind: 'FORM', target_id: randomUUID() },
    ]) {
      const res = await create(acme.users.ADMIN, { name: 'x', expires_at: inDays(1), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(detailKeys(res)).toEqual(['target_id']);
    }
  }, 120_000);

  it('needs the permissions: iframe-links:* and those of the kind', async () => {
    await setPermission(t, acme.companyId, 'MANAGER', 'iframe-links:create', true);
    await setPermission(t, acme.companyId, 'MANAGER', 'form-builders:publish', false);
    const body = { name: 'x', kind: 'FORM', target_id: formId, expires_at: inDays(1) };
    expect((await create(acme.users.MANAGER, body)).statusCode).toBe(403);
    await setPermission(t, acme.companyId, 'MEMBER', 'iframe-links:create', false);
    expect((await create(acme.users.MEMBER, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/iframe/get')).statusCode).toBe(401);
  });

  it("answers 404 for another company's link ids on every call", async () => {
    const link = await make({ kind: 'FORM', target_id: formId });
    const who = other.users.OWNER;
    expect((await call('GET', `/api/iframe/getIframeLink?id=${link._id}`, who)).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/iframe/updateIframeLink', who, { id: link._id, name: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PUT', '/api/iframe/updateIframeDataLink', who, {
          id: link._id,
          kind: 'DOCUMENT_LIST',
          target_id: 'all-documents',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/iframe/deleteIframeLink/${link._id}`, who)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/iframe/getIframeLink?id=${randomUUID()}`, acme.users.OWNER)).statusCode,
    ).toBe(404);
    expect((await open(link.token)).statusCode).toBe(200);
  });

  it('renames, changes the expiry, re-points the link (same token); revoke keeps the row', async () => {
    const link = await make({ kind: 'FORM', target_id: formId });
    const renamed = await data<TIframeLink>(
      call('PUT', '/api/iframe/updateIframeLink', acme.users.ADMIN, {
        id: link._id,
        name: 'Renamed',
        expires_at: inDays(90),
      }),
    );
    expect(renamed).toMatchObject({ name: 'Renamed', token: link.token });
    expect(new Date(renamed.expires_at).getTime()).toBeGreaterThan(new Date(link.expires_at).getTime());
    const bad = await call('PUT', '/api/iframe/updateIframeLink', acme.users.ADMIN, {
      id: link._id,
      expires_at: inDays(500),
    });
    expect(bad.statusCode).toBe(422);
    const moved = await data<TIframeLink>(
      call('PUT', '/api/iframe/updateIframeDataLink', acme.users.ADMIN, {
        id: link._id,
        kind: 'ENTITY_VIEW',
        target_id: viewId,
      }),
    );
    expect(moved).toMatchObject({
      kind: 'ENTITY_VIEW',
      target_id: viewId,
      target_name: 'Big deals',
      token: link.token,
    });
    const refused = await call('PUT', '/api/iframe/updateIframeDataLink', acme.users.ADMIN, {
      id: link._id,
      kind: 'ENTITY_VIEW',
      target_id: otherViewId,
    });
    expect(refused.statusCode).toBe(422);

    const revoked = await data<{ deleted: boolean; link: TIframeLink }>(
      call('DELETE', `/api/iframe/deleteIframeLink/${link._id}`, acme.users.ADMIN),
    );
    expect(revoked.deleted).toBe(true);
    expect(revoked.link.status).toBe('REVOKED');
    const again = await data<{ deleted: boolean; link: TIframeLink }>(
      call('DELETE', `/api/iframe/deleteIframeLink/${link._id}`, acme.users.ADMIN),
    );
    expect(again.link.revoked_at).toBe(revoked.link.revoked_at);
    const listed = await data<{ data: TIframeLink[] }>(
      call('GET', '/api/iframe/get?status=REVOKED&limit=100', acme.users.ADMIN),
    );
    expect(listed.data.map((l) => l._id)).toContain(link._id);
    const edit = await call('PUT', '/api/iframe/updateIframeLink', acme.users.ADMIN, {
      id: link._id,
      name: 'Back',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error_code).toBe('LINK_REVOKED');
  }, 120_000);
});

describe('the link screen (token only)', () => {
  it('FORM: names the public form to fill and counts opens', async () => {
    const link = await make({ name: 'Embed form', kind: 'FORM', target_id: formId });
    const first = await data<{
      kind: string;
      form: { _id: string; code: string };
      company: { name: string };
    }>(open(tokenOf(link)));
    expect(first).toMatchObject({ kind: 'FORM', form: { _id: formId }, company: { name: 'Frame Acme' } });
    expect(first.form.code).toMatch(/^contact-us-/);
    await data(open(tokenOf(link)));
    const after = await data<TIframeLink>(
      call('GET', `/api/iframe/getIframeLink?id=${link._id}`, acme.users.ADMIN),
    );
    expect(after.opens).toBe(2);
    expect(after.last_opened_at).not.toBeNull();
    expect(
      await companyOfToken(t.platform.database.db, t.platform.config.secrets.jwtSecret, link.token),
    ).toBe(acme.companyId);
    // frame-ancestors of the link's page: the app itself (the preview on /externalLink/{id}) and the
    // company's allowed origins (the embedding module's resolver).
    const own = await t.app.inject({ method: 'GET', url: `/if/${link.token}/link` });
    expect(own.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
    const added = await call('POST', '/api/embed/allowed-origins', acme.users.ADMIN, {
      origin: 'https://portal.acme.example',
    });
    expect(added.statusCode, added.body).toBe(200);
    const framed = await t.app.inject({ method: 'GET', url: `/if/${link.token}/link` });
    expect(framed.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://portal.acme.example",
    );
    const forged = await t.app.inject({ method: 'GET', url: `/if/${link.token.slice(0, -2)}xx/link` });
    expect(forged.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const described = await data<{ allowed_origins: string[] }>(open(link.token));
    expect(described.allowed_origins).toEqual(['https://portal.acme.example']);
  });

  it("does not count the staff preview (the marker of the staff answer's preview_url); visitors and other markers count", async () => {
    const link = await make({ name: 'Preview form', kind: 'FORM', target_id: formId });
    const opensOf = async () =>
      (await data<TIframeLink>(call('GET', `/api/iframe/getIframeLink?id=${link._id}`, acme.users.ADMIN)))
        .opens;
    const preview = new URL(link.preview_url);
    expect(`${preview.origin}${preview.pathname}`).toBe(link.url);
    const marker = preview.searchParams.get('preview')!;
    const read = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/iframe-link/${encodeURIComponent(link.token)}${query}` });
    expect((await read(`?preview=${encodeURIComponent(marker)}`)).statusCode).toBe(200);
    expect(await opensOf()).toBe(0);

    // Anyone else: no marker, a made-up one, another link's, an expired one: counted.
    const other = await make({ name: 'Other form', kind: 'FORM', target_id: formId });
    const otherMarker = new URL(other.preview_url).searchParams.get('preview')!;
    const [expiry, mac] = marker.split('.');
    const expired = `${Number(expiry) - 31 * 60_000}.${mac}`;
    const later = `${Number(expiry) + 60_000}.${mac}`;
    for (const query of [
      '',
      '?preview=',
      '?preview=1.abc',
      `?preview=${otherMarker}`,
      `?preview=${expired}`,
      `?preview=${later}`,
    ])
      expect((await read(query)).statusCode, query).toBe(200);
    expect(await opensOf()).toBe(6);
  });

  it("ENTITY_VIEW: the view's filtered, sorted rows with its columns only, paged", async () => {
    const link = await make({ kind: 'ENTITY_VIEW', target_id: viewId });
    const described = await data<{ view: { name: string; entities: { _id: string }[] } }>(open(link.token));
    expect(described.view).toEqual({ name: 'Big deals', entities: [{ _id: deals._id, name: deals.name }] });
    const page = await data<{
      columns: { label: string }[];
      data: { cells: string[] }[];
      total: number;
      total_pages: number;
    }>(open(link.token, '/records?limit=1'));
    expect(page.columns.map((c) => c.label)).toEqual(['Title', 'Amount']);
    expect(page.total).toBe(2);
    expect(page.total_pages).toBe(2);
    expect(page.data[0]!.cells).toEqual(['Gamma', '30']);
    const second = await data<{ data: { cells: string[] }[] }>(open(link.token, '/records?limit=1&page=2'));
    expect(second.data[0]!.cells).toEqual(['Beta', '20']);
    expect(JSON.stringify(page)).not.toContain('hidden');
    expect((await open(link.token, `/records?entity_id=${randomUUID()}`)).statusCode).toBe(422);
    expect((await open(link.token, '/documents')).statusCode).toBe(404);
  });

  it("DOCUMENT_LIST: the creator's list, names/status/dates only", async () => {
    const link = await make({ kind: 'DOCUMENT_LIST', target_id: 'all-documents' });
    const page = await data<{ data: Record<string, unknown>[]; total: number }>(
      open(link.token, '/documents'),
    );
    expect(page.data.map((d) => d.name)).toEqual(['Lease agreement']);
    expect(Object.keys(page.data[0]!).sort()).toEqual(
      ['_id', 'completed_at', 'created_at', 'expires_at', 'name', 'sent_at', 'status'].sort(),
    );
    expect((await open(link.token, '/records')).statusCode).toBe(404);
  });

  it('expired and revoked tokens: 410 with their code; forged and unknown: 404', async () => {
    const link = await make({ kind: 'FORM', target_id: formId });
    const db = t.platform.database.db;
    await db
      .update(iframeLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(iframeLinks.id, link._id));
    const expired = await open(link.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error_code).toBe('LINK_EXPIRED');
    const listed = await data<TIframeLink>(
      call('GET', `/api/iframe/getIframeLink?id=${link._id}`, acme.users.ADMIN),
    );
    expect(listed.status).toBe('EXPIRED');
    // A new expiry brings it back.
    await data(
      call('PUT', '/api/iframe/updateIframeLink', acme.users.ADMIN, { id: link._id, expires_at: inDays(2) }),
    );
    expect((await open(link.token)).statusCode).toBe(200);
    await data(call('DELETE', `/api/iframe/deleteIframeLink/${link._id}`, acme.users.ADMIN));
    const revoked = await open(link.token);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().error_code).toBe('LINK_REVOKED');
    expect((await open(link.token, '/records')).statusCode).toBe(410);
    expect(await companyOfToken(db, t.platform.config.secrets.jwtSecret, link.token)).toBeNull();

    const live = await make({ kind: 'FORM', target_id: formId });
    const [prefix, mac] = live.token.split('.');
    const flipped = `${prefix}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of [flipped, `ifl_${randomUUID()}.${mac}`, `${prefix}.`, 'ifl_', 'x'.repeat(150)]) {
      const res = await open(forged);
      expect(res.statusCode, forged).toBe(404);
    }
    expect((await open('x'.repeat(300))).statusCode).toBe(422);
  });

  it('is unavailable (410) once its creator loses the permissions of the kind', async () => {
    await setPermission(t, acme.companyId, 'MANAGER', 'iframe-links:create', true);
    await setPermission(t, acme.companyId, 'MANAGER', 'documents:view', true);
    const link = await data<TIframeLink>(
      create(acme.users.MANAGER, {
        name: 'Mgr docs',
        kind: 'DOCUMENT_LIST',
        target_id: 'all-documents',
        expires_at: inDays(3),
      }),
    );
    expect((await open(link.token, '/documents')).statusCode).toBe(200);
    await setPermission(t, acme.companyId, 'MANAGER', 'documents:view', false);
    const res = await open(link.token, '/documents');
    expect(res.statusCode).toBe(410);
    expect(res.json().error_code).toBe('LINK_UNAVAILABLE');
  });
});
