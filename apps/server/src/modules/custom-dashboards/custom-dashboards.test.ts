import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDashboard, TDashboardCreate, TDashboardSummary } from '@esigns/contracts/custom-dashboards';
import type { TEntity } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { seedContactCaller, seedEntity, type ContactCaller } from '../../../test/contact-caller';
import { callsOf, detailKeys, type Who } from '../../../test/inject-calls';
import { userTypePermissions } from '../permissions/schema';

/*
 * Custom dashboards: CRUD, the list, who sees which (user types, contact types), another
 * company's ids, and the widget checks. PGlite and PostgreSQL (TEST_DB=postgres).
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
const call = callsOf(() => t.app);
// Many calls per test on a shared, loaded machine: more than the default 30 s each.
vi.setConfig({ testTimeout: 180_000 });

const UNKNOWN = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

let deals: TEntity;
let theirEntity: TEntity;
let viewId: string;
let theirViewId: string;
let sharedFilterId: string;
let personalFilterId: string;
let clientType: string;
let partnerType: string;
let theirType: string;
let client: ContactCaller;
let partner: ContactCaller;
const f = (key: string) => `${deals.primary_template_id}#${key}`;
const layout = (y: number) => ({ x: 0, y, w: 6, h: 4 });

async function data<T>(promise: ReturnType<typeof call>): Promise<T> {
  const res = await promise;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}
const create = (who: Who, body: TDashboardCreate) => call('POST', '/api/custom-dashboard/create', who, body);
const made = (body: Partial<TDashboardCreate> & { name: string }) =>
  data<TDashboard>(create(acme.users.OWNER, body));
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

/** One widget of each type, all valid for `deals`. */
const fullWidgets = () => [
  { id: 'open', type: 'STAT', title: 'Deals', layout: layout(0), entity_id: deals._id, metric: 'COUNT' },
  {
    id: 'value',
    type: 'STAT',
    layout: layout(0),
    entity_id: deals._id,
    metric: 'SUM',
    value_field: f('amount'),
    filter_id: sharedFilterId,
  },
  {
    id: 'by-month',
    type: 'CHART',
    chart: 'BAR',
    layout: layout(4),
    entity_id: deals._id,
    group_by: f('closed'),
    date_bucket: 'month',
  },
  {
    id: 'by-stage',
    type: 'CHART',
    chart: 'PIE',
    layout: layout(4),
    entity_id: deals._id,
    group_by: f('stage'),
    filters: { match: 'ALL', rules: [{ field: f('amount'), operator: 'GREATER_THAN', value: 10 }] },
  },
  { id: 'table', type: 'TABLE', layout: { x: 0, y: 8, w: 12, h: 6 }, entity_view_id: viewId },
  { id: 'cal', type: 'CALENDAR', layout: layout(14), entity_id: deals._id, date_field: f('closed') },
  { id: 'me', type: 'CHECK_IN', layout: layout(14) },
  {
    id: 'note',
    type: 'TEXT',
    layout: layout(18),
    html: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">a</a><a href="https://example.com" target="_self">b</a></p>',
  },
];

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Dashboards Co' });
  other = await seedCompany(t, { name: 'Other Dashboards Co' });
  deals = await seedEntity(call, acme, 'Deals', [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
    { key: 'amount', label: 'Amount', type: 'CURRENCY' },
    { key: 'closed', label: 'Closed', type: 'DATE' },
    { key: 'stage', label: 'Stage', type: 'SELECT', options: [{ value: 'won', label: 'Won' }] },
    { key: 'contract', label: 'Contract', type: 'FILE' },
  ]);
  theirEntity = await seedEntity(call, other, 'Theirs', [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
  ]);
  const view = (company: SeededCompany, e: TEntity) =>
    data<{ _id: string }>(
      call('POST', '/api/entity-view-configuration', company.users.OWNER, {
        name: `View of ${e.name}`,
        config: { entities: [{ entity_id: e._id }] },
      }),
    );
  viewId = (await view(acme, deals))._id;
  theirViewId = (await view(other, theirEntity))._id;
  const filter = (shared: boolean) =>
    data<{ _id: string }>(
      call('POST', '/api/entity-filter', acme.users.OWNER, {
        entity_id: deals._id,
        filter_name: shared ? 'Won' : 'Mine',
        filters: { match: 'ALL', rules: [{ field: f('stage'), operator: 'EQUALS', value: 'won' }] },
        shared,
      }),
    );
  sharedFilterId = (await filter(true))._id;
  personalFilterId = (await filter(false))._id;
  const type = async (company: SeededCompany, name: string) =>
    (await data<{ _id: string }>(call('POST', '/api/contact-types', company.users.OWNER, { name })))._id;
  clientType = await type(acme, 'Client');
  partnerType = await type(acme, 'Partner');
  theirType = await type(other, 'Their client');
  client = await seedContactCaller(t, acme.companyId, { contactTypeId: clientType });
  partner = await seedContactCaller(t, acme.companyId, { contactTypeId: partnerType });
}, 600_000);
afterAll(async () => {
  await t.close();
});

describe('dashboards: create, read, change, delete', () => {
  it('keeps every widget type, sanitises TEXT and answers it back', async () => {
    const dash = await made({
      name: 'Sales',
      description: 'Pipeline',
      user_types: ['MANAGER'],
      widgets: fullWidgets() as never,
    });
    expect(dash.widgets).toHaveLength(8);
    expect(dash.user_types).toEqual(['MANAGER']);
    expect(dash.missing_sources).toEqual([]);
    const note = dash.widgets.find((w) => w.type === 'TEXT') as { html: string };
    expect(note.html).not.toMatch(/script|onclick|javascript|_self/);
    expect(note.html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">b</a>',
    );
    const read = await data<TDashboard>(call('GET', `/api/custom-dashboard/${dash._id}`, acme.users.MANAGER));
    expect(read.widgets.map((w) => w.id)).toEqual([
      'open',
      'value',
      'by-month',
      'by-stage',
      'table',
      'cal',
      'me',
      'note',
    ]);
    expect(read.created_by).toBe(acme.users.OWNER.userId);
  });

  it('changes only what is sent, refuses a stale save (409) and deletes', async () => {
    const dash = await made({ name: 'Ops', user_types: ['MEMBER'] });
    const renamed = await data<TDashboard>(
      call('POST', `/api/custom-dashboard/${dash._id}`, acme.users.ADMIN, {
        name: 'Operations',
        expected_updated_at: dash.updated_at,
      }),
    );
    expect(renamed.name).toBe('Operations');
    expect(renamed.user_types).toEqual(['MEMBER']);
    expect(renamed.updated_at > dash.updated_at).toBe(true);
    // A second editor still holding the first version.
    const stale = await call('POST', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER, {
      widgets: [],
      expected_updated_at: dash.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    const bad = await call('POST', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER, {
      expected_updated_at: 'yesterday',
    });
    expect(bad.statusCode).toBe(422);
    expect((await call('DELETE', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER)).statusCode).toBe(
      404,
    );
  });

  it('needs the permissions: MANAGER views, cannot create, change or delete', async () => {
    const dash = await made({ name: 'Perm check', user_types: ['MANAGER'] });
    expect((await create(acme.users.MANAGER, { name: 'Nope' })).statusCode).toBe(403);
    const change = await call('POST', `/api/custom-dashboard/${dash._id}`, acme.users.MANAGER, { name: 'x' });
    expect(change.statusCode).toBe(403);
    expect((await call('DELETE', `/api/custom-dashboard/${dash._id}`, acme.users.MANAGER)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/custom-dashboard')).statusCode).toBe(401);
    expect((await call('GET', '/api/custom-dashboard', client)).statusCode).toBe(403);
  });
});

describe('the list and who sees which', () => {
  let forManagers: TDashboard;
  let forMembers: TDashboard;
  let forNobody: TDashboard;
  let forClients: TDashboard;
  beforeAll(async () => {
    // MEMBER's default set has custom-dashboards:view (a dashboard assigned to MEMBER shows to
    // members); without it, a member is refused the list.
    expect((await call('GET', '/api/custom-dashboard', acme.users.MEMBER)).statusCode).toBe(200);
    const db = t.platform.database.db;
    const memberRow = and(
      eq(userTypePermissions.companyId, acme.companyId),
      eq(userTypePermissions.userType, 'MEMBER'),
    );
    const [set] = await db
      .select({ permissions: userTypePermissions.permissions })
      .from(userTypePermissions)
      .where(memberRow);
    expect(set!.permissions).toContain('custom-dashboards:view');
    await db
      .update(userTypePermissions)
      .set({ permissions: set!.permissions.filter((slug) => slug !== 'custom-dashboards:view') })
      .where(memberRow);
    expect((await call('GET', '/api/custom-dashboard', acme.users.MEMBER)).statusCode).toBe(403);
    await db.update(userTypePermissions).set({ permissions: set!.permissions }).where(memberRow);
    forManagers = await made({ name: 'Zeta managers', user_types: ['MANAGER'] });
    forMembers = await made({ name: 'Zeta members', user_types: ['MEMBER', 'MANAGER'] });
    forNobody = await made({ name: 'Zeta draft' });
    forClients = await made({ name: 'Zeta clients', contact_type_ids: [clientType, clientType] });
  });
  const list = (who: Who, query = '') =>
    data<{ data: TDashboardSummary[]; total: number; total_pages: number }>(
      call('GET', `/api/custom-dashboard?search=zeta&limit=50${query}`, who),
    );

  it('OWNER and ADMIN see every dashboard; others those of their user type', async () => {
    expect(names((await list(acme.users.OWNER)).data)).toEqual([
      'Zeta clients',
      'Zeta draft',
      'Zeta managers',
      'Zeta members',
    ]);
    expect((await list(acme.users.ADMIN)).total).toBe(4);
    expect(names((await list(acme.users.MANAGER)).data)).toEqual(['Zeta managers', 'Zeta members']);
    expect(names((await list(acme.users.MEMBER)).data)).toEqual(['Zeta members']);
    expect((await call('GET', `/api/custom-dashboard/${forNobody._id}`, acme.users.MANAGER)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/custom-dashboard/${forMembers._id}`, acme.users.MEMBER)).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', `/api/custom-dashboard/${forManagers._id}`, acme.users.MEMBER)).statusCode,
    ).toBe(404);
    // Another company sees none of them.
    expect((await list(other.users.OWNER)).total).toBe(0);
    expect(
      (await call('GET', `/api/custom-dashboard/${forManagers._id}`, other.users.OWNER)).statusCode,
    ).toBe(404);
  });

  it('pages, searches and narrows by assignment', async () => {
    const page = await data<{ data: TDashboardSummary[]; total: number; total_pages: number; page: number }>(
      call('GET', '/api/custom-dashboard?search=ZETA&limit=3&page=2', acme.users.OWNER),
    );
    expect(page).toMatchObject({ total: 4, total_pages: 2, page: 2 });
    expect(names(page.data)).toEqual(['Zeta members']);
    expect(page.data[0]!.widget_count).toBe(0);
    expect(names((await list(acme.users.OWNER, `&contact_type_id=${clientType}`)).data)).toEqual([
      'Zeta clients',
    ]);
    expect(names((await list(acme.users.OWNER, '&user_type=MEMBER')).data)).toEqual(['Zeta members']);
    expect(
      (await data<{ total: number }>(call('GET', '/api/custom-dashboard?search=%25', acme.users.OWNER)))
        .total,
    ).toBe(0);
    expect(forClients.contact_type_ids).toEqual([clientType]);
  });

  it('user-type/{type}: own type, or any for OWNER/ADMIN; another type 403; unknown 404', async () => {
    const mine = await data<TDashboardSummary[]>(
      call('GET', '/api/custom-dashboard/user-type/manager', acme.users.MANAGER),
    );
    expect(names(mine).filter((n) => n.startsWith('Zeta'))).toEqual(['Zeta managers', 'Zeta members']);
    expect((await call('GET', '/api/custom-dashboard/user-type/MEMBER', acme.users.MANAGER)).statusCode).toBe(
      403,
    );
    const asOwner = await data<TDashboardSummary[]>(
      call('GET', '/api/custom-dashboard/user-type/MEMBER', acme.users.OWNER),
    );
    expect(names(asOwner)).toEqual(['Zeta members']);
    expect((await call('GET', '/api/custom-dashboard/user-type/GUEST', acme.users.OWNER)).statusCode).toBe(
      404,
    );
    const theirs = await data<TDashboardSummary[]>(
      call('GET', '/api/custom-dashboard/user-type/MANAGER', other.users.OWNER),
    );
    expect(theirs).toEqual([]);
  });

  it('contacts see the dashboards of their own contact type only', async () => {
    const ofClient = await data<TDashboardSummary[]>(
      call('GET', `/api/ap/custom-dashboard/entity-type/${clientType}`, client),
    );
    expect(names(ofClient)).toEqual(['Zeta clients']);
    expect(ofClient[0]!.contact_type_ids).toEqual([]);
    expect(
      (await call('GET', `/api/ap/custom-dashboard/entity-type/${clientType}`, partner)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/ap/custom-dashboard/entity-type/${theirType}`, client)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/ap/custom-dashboard/entity-type/not-an-id', client)).statusCode).toBe(
      404,
    );
    const one = await data<TDashboard>(call('GET', `/api/ap/custom-dashboard/${forClients._id}`, client));
    expect(one.name).toBe('Zeta clients');
    expect(one.user_types).toEqual([]);
    for (const id of [forManagers._id, UNKNOWN, 'x']) {
      expect((await call('GET', `/api/ap/custom-dashboard/${id}`, client)).statusCode, id).toBe(404);
    }
    expect((await call('GET', `/api/ap/custom-dashboard/${forClients._id}`, partner)).statusCode).toBe(404);
    // Staff tokens are not contacts.
    expect(
      (await call('GET', `/api/ap/custom-dashboard/${forClients._id}`, acme.users.OWNER)).statusCode,
    ).toBe(403);
    // Another company's contact.
    const stranger = await seedContactCaller(t, other.companyId, { contactTypeId: theirType });
    expect((await call('GET', `/api/ap/custom-dashboard/${forClients._id}`, stranger)).statusCode).toBe(404);
  });

  it('a deleted contact type leaves the assignment', async () => {
    const temp = (
      await data<{ _id: string }>(call('POST', '/api/contact-types', acme.users.OWNER, { name: 'Temp' }))
    )._id;
    const dash = await made({ name: 'Temp dash', contact_type_ids: [temp, clientType] });
    expect((await call('DELETE', `/api/contact-types/${temp}`, acme.users.OWNER)).statusCode).toBe(200);
    const read = await data<TDashboard>(call('GET', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER));
    expect(read.contact_type_ids).toEqual([clientType]);
  });
});

describe('widget checks and bad input (422, never 500)', () => {
  const widgetCase = (widget: Record<string, unknown>) => ({
    name: 'Bad',
    widgets: [{ id: 'w', layout: layout(0), ...widget }],
  });
  const cases: [string, () => unknown, string][] = [
    ['no name', () => ({ name: '  ' }), 'name'],
    ['a long name', () => ({ name: 'x'.repeat(121) }), 'name'],
    ['an unknown user type', () => ({ name: 'A', user_types: ['GUEST'] }), 'user_types.0'],
    [
      'a contact type of another company',
      () => ({ name: 'A', contact_type_ids: [theirType] }),
      'contact_type_ids.0',
    ],
    ['an unknown contact type', () => ({ name: 'A', contact_type_ids: [UNKNOWN] }), 'contact_type_ids.0'],
    [
      'a contact type that is no id',
      () => ({ name: 'A', contact_type_ids: ['client'] }),
      'contact_type_ids.0',
    ],
    ['widgets not a list', () => ({ name: 'A', widgets: {} }), 'widgets'],
    ['an unknown widget type', () => widgetCase({ type: 'MAP' }), 'widgets.0.type'],
    [
      'a layout past the grid',
      () => widgetCase({ type: 'CHECK_IN', layout: { x: 8, y: 0, w: 6, h: 2 } }),
      'widgets.0.layout.w',
    ],
    [
      'a layout too tall',
      () => widgetCase({ type: 'CHECK_IN', layout: { x: 0, y: 0, w: 2, h: 99 } }),
      'widgets.0.layout.h',
    ],
    [
      'a negative layout',
      () => widgetCase({ type: 'CHECK_IN', layout: { x: -1, y: 0, w: 2, h: 2 } }),
      'widgets.0.layout.x',
    ],
    ['a bad widget id', () => widgetCase({ type: 'CHECK_IN', id: 'a b' }), 'widgets.0.id'],
    [
      'two widgets with one id',
      () => ({
        name: 'A',
        widgets: [
          { id: 'w', type: 'CHECK_IN', layout: layout(0) },
          { id: 'w', type: 'CHECK_IN', layout: layout(4) },
        ],
      }),
      'widgets',
    ],
    [
      'too many widgets',
      () => ({
        name: 'A',
        widgets: Array.from({ length: 31 }, (_, i) => ({ id: `w${i}`, type: 'CHECK_IN', layout: layout(i) })),
      }),
      'widgets',
    ],
    [
      'an entity of another company',
      () => widgetCase({ type: 'STAT', entity_id: theirEntity._id }),
      'widgets.0.entity_id',
    ],
    ['an unknown entity', () => widgetCase({ type: 'STAT', entity_id: UNKNOWN }), 'widgets.0.entity_id'],
    [
      'SUM without a field',
      () => widgetCase({ type: 'STAT', entity_id: deals._id, metric: 'SUM' }),
      'widgets.0.value_field',
    ],
    [
      'SUM over a text field',
      () => widgetCase({ type: 'STAT', entity_id: deals._id, metric: 'SUM', value_field: f('title') }),
      'widgets.0.value_field',
    ],
    [
      'AVG over an unknown field',
      () => widgetCase({ type: 'STAT', entity_id: deals._id, metric: 'AVG', value_field: f('nope') }),
      'widgets.0.value_field',
    ],
    [
      'a personal filter',
      () => widgetCase({ type: 'STAT', entity_id: deals._id, filter_id: personalFilterId }),
      'widgets.0.filter_id',
    ],
    [
      'an unknown filter',
      () => widgetCase({ type: 'STAT', entity_id: deals._id, filter_id: UNKNOWN }),
      'widgets.0.filter_id',
    ],
    [
      'a filter on an unknown field',
      () =>
        widgetCase({
          type: 'STAT',
          entity_id: deals._id,
          filters: { rules: [{ field: f('nope'), operator: 'EQUALS', value: 1 }] },
        }),
      'widgets.0.filters.rules.0.field',
    ],
    [
      'an ill-typed filter value',
      () =>
        widgetCase({
          type: 'STAT',
          entity_id: deals._id,
          filters: { rules: [{ field: f('amount'), operator: 'GREATER_THAN', value: 'lots' }] },
        }),
      'widgets.0.filters.rules.0.value',
    ],
    [
      'a group-by over a file field',
      () => widgetCase({ type: 'CHART', chart: 'BAR', entity_id: deals._id, group_by: f('contract') }),
      'widgets.0.group_by',
    ],
    [
      'a group-by over an unknown field',
      () => widgetCase({ type: 'CHART', chart: 'BAR', entity_id: deals._id, group_by: f('nope') }),
      'widgets.0.group_by',
    ],
    [
      'months of a text field',
      () =>
        widgetCase({
          type: 'CHART',
          chart: 'BAR',
          entity_id: deals._id,
          group_by: f('title'),
          date_bucket: 'month',
        }),
      'widgets.0.date_bucket',
    ],
    [
      'an unknown chart kind',
      () => widgetCase({ type: 'CHART', chart: 'RADAR', entity_id: deals._id, group_by: f('stage') }),
      'widgets.0.chart',
    ],
    [
      'a chart limit of 0',
      () => widgetCase({ type: 'CHART', chart: 'BAR', entity_id: deals._id, group_by: f('stage'), limit: 0 }),
      'widgets.0.limit',
    ],
    [
      'a calendar on a non-date field',
      () => widgetCase({ type: 'CALENDAR', entity_id: deals._id, date_field: f('amount') }),
      'widgets.0.date_field',
    ],
    [
      'a view of another company',
      () => widgetCase({ type: 'TABLE', entity_view_id: theirViewId }),
      'widgets.0.entity_view_id',
    ],
    ['a table without a view', () => widgetCase({ type: 'TABLE' }), 'widgets.0.entity_view_id'],
    ['text too long', () => widgetCase({ type: 'TEXT', html: 'x'.repeat(20_001) }), 'widgets.0.html'],
    ['a NUL in the name', () => ({ name: 'a\u0000b' }), 'name'],
  ];
  it.each(cases)('refuses %s', async (_name, body, key) => {
    const res = await create(acme.users.OWNER, body() as TDashboardCreate);
    expect(res.statusCode, res.body).toBe(422);
    expect(detailKeys(res)).toContain(key);
  });

  it('names every problem at once, and checks a change as a create', async () => {
    const res = await create(acme.users.OWNER, {
      name: 'Many',
      widgets: [
        { id: 'a', type: 'STAT', layout: layout(0), entity_id: theirEntity._id },
        { id: 'b', type: 'TABLE', layout: layout(4), entity_view_id: UNKNOWN },
      ] as never,
    });
    expect(detailKeys(res)).toEqual(
      expect.arrayContaining(['widgets.0.entity_id', 'widgets.1.entity_view_id']),
    );
    const dash = await made({ name: 'To change' });
    const change = await call('POST', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER, {
      widgets: [
        { id: 'a', type: 'CALENDAR', layout: layout(0), entity_id: deals._id, date_field: f('stage') },
      ],
    });
    expect(change.statusCode).toBe(422);
    expect(detailKeys(change)).toEqual(['widgets.0.date_field']);
    for (const id of ['nope', UNKNOWN]) {
      expect(
        (await call('POST', `/api/custom-dashboard/${id}`, acme.users.OWNER, { name: 'x' })).statusCode,
      ).toBe(404);
      expect((await call('GET', `/api/custom-dashboard/${id}`, acme.users.OWNER)).statusCode).toBe(404);
    }
  });

  it("another company's dashboard is 404 to read, change and delete", async () => {
    const theirs = await data<TDashboard>(
      create(other.users.OWNER, { name: 'Theirs', user_types: ['MANAGER'] }),
    );
    expect((await call('GET', `/api/custom-dashboard/${theirs._id}`, acme.users.OWNER)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/custom-dashboard/${theirs._id}`, acme.users.OWNER, { name: 'Mine' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/custom-dashboard/${theirs._id}`, acme.users.OWNER)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/custom-dashboard/${theirs._id}`, other.users.OWNER)).json().data.name,
    ).toBe('Theirs');
  });
});

describe('a widget whose source is deleted', () => {
  it('is listed in missing_sources and must be fixed by the next save of widgets', async () => {
    const temp = await seedEntity(call, acme, 'Temporary', [
      { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
    ]);
    const dash = await made({
      name: 'Loses a source',
      widgets: [
        { id: 'gone', type: 'STAT', layout: layout(0), entity_id: temp._id },
        { id: 'kept', type: 'STAT', layout: layout(0), entity_id: deals._id },
      ] as never,
    });
    expect((await call('DELETE', `/api/entities/${temp._id}`, acme.users.OWNER)).statusCode).toBe(200);
    const read = await data<TDashboard>(call('GET', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER));
    expect(read.missing_sources).toEqual(['gone']);
    expect(read.widgets).toHaveLength(2);
    // Renaming leaves widgets alone; saving them with the lost one is refused.
    expect(
      (await call('POST', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER, { name: 'Renamed' }))
        .statusCode,
    ).toBe(200);
    const resave = await call('POST', `/api/custom-dashboard/${dash._id}`, acme.users.OWNER, {
      widgets: read.widgets,
    });
    expect(detailKeys(resave)).toEqual(['widgets.0.entity_id']);
  });
});

describe('GET /entities/getCompany/CompanyId and GET /get-form-template-invoice-info', () => {
  it("answers the caller's own company", async () => {
    const mine = await data<{
      _id: string;
      name: string;
      time_zone: string;
      currency: string;
      logo_url: string | null;
    }>(call('GET', '/api/entities/getCompany/CompanyId', acme.users.MEMBER));
    expect(mine).toMatchObject({
      _id: acme.companyId,
      name: 'Dashboards Co',
      time_zone: 'UTC',
      currency: 'INR',
      logo_url: null,
    });
    const theirs = await data<{ _id: string }>(
      call('GET', '/api/entities/getCompany/CompanyId', other.users.MEMBER),
    );
    expect(theirs._id).toBe(other.companyId);
    expect((await call('GET', '/api/entities/getCompany/CompanyId')).statusCode).toBe(401);
  });

  it("answers a template's amount and line-item fields; another company's template is 404", async () => {
    const template = await data<{ _id: string }>(
      call('POST', '/api/template/create', acme.users.OWNER, {
        name: 'Invoice',
        fields: [
          { key: 'customer', label: 'Customer', type: 'SINGLE_LINE_TEXT' },
          { key: 'total', label: 'Total', type: 'CURRENCY', currency: 'USD' },
          { key: 'discount', label: 'Discount', type: 'PERCENTAGE' },
          {
            key: 'items',
            label: 'Items',
            type: 'DATA_TABLE',
            columns: [
              { key: 'what', label: 'What', type: 'SINGLE_LINE_TEXT' },
              { key: 'price', label: 'Price', type: 'CURRENCY', currency: 'USD' },
            ],
          },
        ],
      }),
    );
    const info = await data<{
      fields: { key: string; type: string; currency: string | null; columns: unknown }[];
      company: { name: string };
    }>(call('GET', `/api/get-form-template-invoice-info?template_id=${template._id}`, acme.users.MEMBER));
    expect(info.fields.map((x) => [x.key, x.type, x.currency])).toEqual([
      ['total', 'CURRENCY', 'USD'],
      ['discount', 'PERCENTAGE', null],
      ['items', 'DATA_TABLE', null],
    ]);
    expect(info.fields[2]!.columns).toEqual([
      { key: 'what', label: 'What', type: 'SINGLE_LINE_TEXT', currency: null },
      { key: 'price', label: 'Price', type: 'CURRENCY', currency: 'USD' },
    ]);
    expect(info.company.name).toBe('Dashboards Co');
    const foreign = await call(
      'GET',
      `/api/get-form-template-invoice-info?template_id=${template._id}`,
      other.users.OWNER,
    );
    expect(foreign.statusCode).toBe(404);
    for (const q of ['', '?template_id=nope', `?template_id=${UNKNOWN}`]) {
      const res = await call('GET', `/api/get-form-template-invoice-info${q}`, acme.users.OWNER);
      expect([404, 422], q).toContain(res.statusCode);
    }
  });
});
