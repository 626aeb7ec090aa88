import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { STANDARD_TEMPLATES } from './standard-templates';
import { registerTemplateGuard, unregisterTemplateGuard } from './usage';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SeededUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(who ? { headers: who.headers } : {}),
  });

const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] => [
  ...new Set(res.json().errors?.details.map((d) => d.key) ?? []),
];

const PROPERTY_ID = STANDARD_TEMPLATES.find((s) => s.code === 'property')!.id;
const CONTACT_ID = STANDARD_TEMPLATES.find((s) => s.code === 'contact-details')!.id;

let seq = 0;
const leadFields = () => [
  { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true, is_primary: true },
  { key: 'budget', label: 'Budget', type: 'CURRENCY', min: 0 },
  {
    key: 'stage',
    label: 'Stage',
    type: 'SELECT',
    options: [{ value: 'New' }, { value: 'Won' }],
    default_value: 'New',
  },
];

async function createTemplate(who: SeededUser, body: Record<string, unknown> = {}): Promise<TFormTemplate> {
  seq += 1;
  const res = await call('POST', '/api/template/create', who, {
    name: `Leads ${seq}`,
    fields: leadFields(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('creating and reading', () => {
  it('creates a template, placing its fields and deriving its code', async () => {
    const res = await call('POST', '/api/template/create', acme.users.ADMIN, {
      name: '  Site visits ',
      description: 'Visits booked by buyers',
      fields: [
        ...leadFields(),
        { key: 'visit_on', label: 'Visit on', type: 'DATE', layout: { x: 6, y: 0, w: 6, h: 1 } },
      ].map((f, i) => (i === 0 ? { ...f, layout: { x: 0, y: 0, w: 6, h: 1 } } : f)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const template = res.json().data;
    expect(template).toMatchObject({
      name: 'Site visits',
      code: 'site-visits',
      type: 'CUSTOM',
      company_id: acme.companyId,
      version: 1,
      created_by: acme.users.ADMIN.userId,
      primary_for_user_type: null,
    });
    expect(template.fields.map((f: { key: string; layout: unknown }) => [f.key, f.layout])).toEqual([
      ['name', { x: 0, y: 0, w: 6, h: 1 }],
      ['budget', { x: 0, y: 1, w: 12, h: 1 }],
      ['stage', { x: 0, y: 2, w: 12, h: 1 }],
      ['visit_on', { x: 6, y: 0, w: 6, h: 1 }],
    ]);
    expect(template.fields[1]).toMatchObject({ currency: 'INR', decimals: 2, required: false });

    const byId = await call('GET', `/api/template/${template._id}`, acme.users.MANAGER);
    expect(byId.json().data).toEqual(template);
    const byCode = await call('GET', '/api/templates/code/SITE-VISITS', acme.users.MEMBER);
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().data._id).toBe(template._id);
  });

  it('lists own templates paged, with the standard ones first when asked', async () => {
    const mine = await createTemplate(acme.users.ADMIN, { name: 'Zeta searchable' });
    const own = await call('GET', '/api/template/list?limit=50', acme.users.ADMIN);
    expect(own.json().data.data.every((row: TFormTemplate) => row.type === 'CUSTOM')).toBe(true);

    const withStandard = await call(
      'GET',
      '/api/template/list?include_standard=true&limit=50',
      acme.users.ADMIN,
    );
    const rows: TFormTemplate[] = withStandard.json().data.data;
    expect(rows.slice(0, STANDARD_TEMPLATES.length).every((row) => row.type === 'STANDARD')).toBe(true);
    expect(rows.some((row) => row._id === mine._id)).toBe(true);
    expect(withStandard.json().data.total).toBe(own.json().data.total + STANDARD_TEMPLATES.length);

    const standard = await call(
      'GET',
      '/api/template/list?type=STANDARD&limit=50&sort=name',
      acme.users.ADMIN,
    );
    expect(standard.json().data.data.map((row: TFormTemplate) => row.name)).toEqual(
      STANDARD_TEMPLATES.map((s) => s.name).sort(),
    );

    const search = await call('GET', '/api/template/list?search=zeta', acme.users.ADMIN);
    expect(search.json().data).toMatchObject({ total: 1, page: 1, total_pages: 1 });
    const none = await call('GET', '/api/template/list?search=%25_', acme.users.ADMIN);
    expect(none.json().data.total).toBe(0);

    const fallback = await call('GET', '/api/template/list?page=x&limit=y', acme.users.ADMIN);
    expect(fallback.json().data).toMatchObject({ page: 1 });
    expect(fallback.json().data.data.length).toBeLessThanOrEqual(5);

    const badType = await call('GET', '/api/template/list?type=OTHER', acme.users.ADMIN);
    expect(badType.statusCode).toBe(422);
  });

  it('serves the standard templates read-only, by id and by code', async () => {
    const list = await call('GET', '/api/default-templates', acme.users.MEMBER);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.map((row: TFormTemplate) => row.code)
        .sort(),
    ).toEqual(STANDARD_TEMPLATES.map((s) => s.code).sort());
    const property = await call('GET', `/api/default-templates/${PROPERTY_ID}`, acme.users.ADMIN);
    expect(property.json().data).toMatchObject({ name: 'Property', type: 'STANDARD', company_id: null });
    expect(property.json().data.fields.find((f: { key: string }) => f.key === 'price')).toMatchObject({
      type: 'CURRENCY',
      currency: 'INR',
    });
    expect((await call('GET', '/api/default-templates/invoice', acme.users.ADMIN)).json().data.name).toBe(
      'Invoice',
    );
    const mine = await createTemplate(acme.users.ADMIN);
    expect((await call('GET', `/api/default-templates/${mine._id}`, acme.users.ADMIN)).statusCode).toBe(404);

    const update = await call('PUT', '/api/template', acme.users.OWNER, {
      _id: PROPERTY_ID,
      name: 'Mine now',
    });
    expect(update.statusCode).toBe(403);
    expect(update.json().message).toContain('standard template');
    expect((await call('DELETE', `/api/template/${PROPERTY_ID}`, acme.users.OWNER)).statusCode).toBe(403);
    expect((await call('GET', `/api/template/${PROPERTY_ID}`, acme.users.ADMIN)).json().data.name).toBe(
      'Property',
    );
  });

  it("answers the primary template of contacts and accounts, the company's own first", async () => {
    const standard = await call('GET', '/api/templates/primary-template/CONTACT', other.users.ADMIN);
    expect(standard.json().data).toMatchObject({ _id: CONTACT_ID, primary_for_user_type: 'INDIVIDUAL' });
    expect(
      (await call('GET', '/api/templates/primary-template/business', other.users.ADMIN)).json().data.code,
    ).toBe('company-details');
    const own = await createTemplate(other.users.ADMIN, { primary_for_user_type: 'INDIVIDUAL' });
    const res = await call('GET', '/api/templates/primary-template/INDIVIDUAL', other.users.ADMIN);
    expect(res.json().data._id).toBe(own._id);

    const second = await call('POST', '/api/template/create', other.users.ADMIN, {
      name: 'Second primary',
      fields: leadFields(),
      primary_for_user_type: 'INDIVIDUAL',
    });
    expect(second.statusCode).toBe(422);
    expect(keysOf(second)).toEqual(['primary_for_user_type']);
    expect((await call('GET', '/api/templates/primary-template/MANAGER', other.users.ADMIN)).statusCode).toBe(
      404,
    );
  });
});

describe('bad input', () => {
  it.each([
    [{ fields: leadFields() }, ['name']],
    [{ name: 'X' }, ['fields']],
    [{ name: 'X', fields: [] }, ['fields']],
    [{ name: 'X', fields: 'name' }, ['fields']],
    [{ name: 'X', fields: [{ key: 'a', label: 'A', type: 'SELECT', options: [] }] }, ['fields.0.options']],
    [{ name: 'X', fields: [{ key: 'A b', label: 'A', type: 'NUMBER' }] }, ['fields.0.key']],
    [{ name: 'X', fields: [{ key: 'a', label: 'A', type: 'GEO' }] }, ['fields.0.type']],
    [
      {
        name: 'X',
        fields: [
          { key: 'a', label: 'A', type: 'NUMBER' },
          { key: 'a', label: 'B', type: 'EMAIL' },
        ],
      },
      ['fields.1.key'],
    ],
    [
      { name: 'X', fields: [{ key: 'a', label: 'A', type: 'NUMBER', min: 9, max: 1, default_value: 20 }] },
      ['fields.0.max', 'fields.0.default_value'],
    ],
    [
      { name: 'X', fields: [{ key: 'f', label: 'F', type: 'FORMULA', expression: '{nope} + 1' }] },
      ['fields.0.expression'],
    ],
    [{ name: 'X', fields: [{ key: 'p', label: 'P', type: 'PERCENTAGE', max: 120 }] }, ['fields.0.max']],
    [{ name: 'X', fields: leadFields(), code: 'Not a code!' }, ['code']],
    [{ name: 'X', fields: leadFields(), max_entries: 0 }, ['max_entries']],
    [{ name: 'x'.repeat(121), fields: leadFields() }, ['name']],
  ])('refuses %j with 422 keyed by the field', async (body, keys) => {
    const res = await call('POST', '/api/template/create', acme.users.ADMIN, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it('refuses a taken name or code, a standard code, and a maximum without repeats', async () => {
    const existing = await createTemplate(acme.users.ADMIN);
    const res = await call('POST', '/api/template/create', acme.users.ADMIN, {
      name: existing.name.toUpperCase(),
      code: existing.code,
      fields: leadFields(),
      max_entries: 5,
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['name', 'code', 'max_entries']);
    const reserved = await call('POST', '/api/template/create', acme.users.ADMIN, {
      name: 'My invoice',
      code: 'invoice',
      fields: leadFields(),
    });
    expect(reserved.json().errors.details[0]).toMatchObject({
      key: 'code',
      message: 'The code invoice belongs to a standard template',
    });
    // Another company may use the same name and code.
    const elsewhere = await call('POST', '/api/template/create', other.users.ADMIN, {
      name: existing.name,
      code: existing.code,
      fields: leadFields(),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('gives a derived code the first free suffix', async () => {
    const a = await createTemplate(acme.users.ADMIN, { name: 'Tenants' });
    const b = await createTemplate(acme.users.ADMIN, { name: 'Tenants!' });
    expect([a.code, b.code]).toEqual(['tenants', 'tenants-2']);
  });

  it("answers 404 for unknown ids, malformed ids and other companies' templates", async () => {
    const mine = await createTemplate(acme.users.ADMIN);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', mine._id]) {
      expect((await call('GET', `/api/template/${id}`, other.users.OWNER)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/template/${id}`, other.users.OWNER)).statusCode).toBe(404);
    }
    expect(
      (await call('PUT', '/api/template', other.users.OWNER, { _id: mine._id, name: 'Stolen' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/api/template/duplicateFormTemplate', other.users.OWNER, {
          template_id: mine._id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/templates/code/${mine.code}`, other.users.OWNER)).statusCode).toBe(404);
    expect((await call('PUT', '/api/template', other.users.OWNER, { _id: 'x' })).statusCode).toBe(422);
  });
});

describe('permissions', () => {
  it('lets a MEMBER read templates (records need them) but not build them', async () => {
    const mine = await createTemplate(acme.users.ADMIN);
    expect((await call('GET', '/api/template/list', acme.users.MEMBER)).statusCode).toBe(200);
    expect((await call('GET', `/api/template/${mine._id}`, acme.users.MEMBER)).statusCode).toBe(200);
    const denied: [Method, string, unknown][] = [
      ['POST', '/api/template/create', { name: 'Nope', fields: leadFields() }],
      ['PUT', '/api/template', { _id: mine._id, name: 'Nope' }],
      ['DELETE', `/api/template/${mine._id}`, undefined],
      ['POST', '/api/template/duplicateFormTemplate', { template_id: mine._id }],
      ['POST', '/api/template/duplicateFormTemplateTitle', { name: 'Nope' }],
    ];
    for (const [method, url, body] of denied) {
      const res = await call(method, url, acme.users.MEMBER, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // A MANAGER reads templates but does not build them either.
    expect(
      (await call('POST', '/api/template/create', acme.users.MANAGER, { name: 'N', fields: leadFields() }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/template/list')).statusCode).toBe(401);
  });
});

describe('changing, copying and deleting', () => {
  it('updates what is given, bumps the version and refuses stale versions', async () => {
    const mine = await createTemplate(acme.users.ADMIN);
    const res = await call('PUT', '/api/template', acme.users.ADMIN, {
      _id: mine._id,
      version: 1,
      description: 'Warm leads',
      fields: [...leadFields(), { key: 'email', label: 'Email', type: 'EMAIL', required: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 2, name: mine.name, description: 'Warm leads' });
    expect(res.json().data.fields).toHaveLength(4);

    const stale = await call('PUT', '/api/template', acme.users.ADMIN, {
      _id: mine._id,
      version: 1,
      name: 'Late',
    });
    expect(stale.statusCode).toBe(409);
    const bad = await call('PUT', '/api/template', acme.users.ADMIN, {
      _id: mine._id,
      fields: [
        {
          key: 'a',
          label: 'A',
          type: 'NUMBER',
          visibility: { rules: [{ field: 'b', operator: 'IS_EMPTY' }] },
        },
      ],
    });
    expect(keysOf(bad)).toEqual(['fields.0.visibility.rules.0.field']);
    const other = await createTemplate(acme.users.ADMIN);
    const clash = await call('PUT', '/api/template', acme.users.ADMIN, { _id: mine._id, name: other.name });
    expect(keysOf(clash)).toEqual(['name']);
  });

  it('asks the registered guards before deleting or changing fields', async () => {
    const mine = await createTemplate(acme.users.ADMIN);
    registerTemplateGuard({
      name: 'test-entities',
      beforeDelete: async (_db, template) => (template.id === mine._id ? 'the entity Leads uses it' : null),
      beforeFieldsChange: async (_db, template, before, after) =>
        template.id === mine._id && after.length < before.length
          ? [{ key: 'fields', message: 'Records hold values in the removed fields', path: ['fields'] }]
          : [],
    });
    try {
      const del = await call('DELETE', `/api/template/${mine._id}`, acme.users.ADMIN);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe(`${mine.name} cannot be deleted: the entity Leads uses it`);
      const shrink = await call('PUT', '/api/template', acme.users.ADMIN, {
        _id: mine._id,
        fields: leadFields().slice(0, 1),
      });
      expect(shrink.statusCode).toBe(422);
      expect(shrink.json().message).toBe('Records hold values in the removed fields');
    } finally {
      unregisterTemplateGuard('test-entities');
    }
  });

  it('deletes a template: gone from reads and lists, its name and code free again', async () => {
    const mine = await createTemplate(acme.users.ADMIN, { name: 'Short lived', code: 'short-lived' });
    const res = await call('DELETE', `/api/template/${mine._id}`, acme.users.ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: mine._id });
    expect((await call('GET', `/api/template/${mine._id}`, acme.users.ADMIN)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/template/${mine._id}`, acme.users.ADMIN)).statusCode).toBe(404);
    const again = await createTemplate(acme.users.ADMIN, { name: 'Short lived', code: 'short-lived' });
    expect(again._id).not.toBe(mine._id);
  });

  it('copies a standard template with the next free "Copy of" name', async () => {
    const title = await call('POST', '/api/template/duplicateFormTemplateTitle', acme.users.ADMIN, {
      template_id: PROPERTY_ID,
    });
    expect(title.json().data).toEqual({
      name: 'Copy of Property',
      is_available: true,
      suggested_name: 'Copy of Property',
    });

    const first = await call('POST', '/api/template/duplicateFormTemplate', acme.users.ADMIN, {
      template_id: PROPERTY_ID,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      name: 'Copy of Property',
      code: 'copy-of-property',
      type: 'CUSTOM',
      company_id: acme.companyId,
    });
    const standard = (await call('GET', `/api/template/${PROPERTY_ID}`, acme.users.ADMIN)).json().data;
    expect(first.json().data.fields).toEqual(standard.fields);

    const second = await call('POST', '/api/template/duplicateFormTemplate', acme.users.ADMIN, {
      template_id: PROPERTY_ID,
    });
    expect(second.json().data).toMatchObject({ name: 'Copy of Property (2)', code: 'copy-of-property-2' });
    const check = await call('POST', '/api/template/duplicateFormTemplateTitle', acme.users.ADMIN, {
      name: 'copy of property',
    });
    expect(check.json().data).toEqual({
      name: 'copy of property',
      is_available: false,
      suggested_name: 'copy of property (3)',
    });

    const named = await call('POST', '/api/template/duplicateFormTemplate', acme.users.ADMIN, {
      template_id: first.json().data._id,
      name: 'Copy of Property',
    });
    expect(keysOf(named)).toEqual(['name']);
    const empty = await call('POST', '/api/template/duplicateFormTemplateTitle', acme.users.ADMIN, {});
    expect(keysOf(empty)).toEqual(['name']);
  });
});
