import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGlobalVariable } from '@esigns/contracts/global-variables';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { users } from '../auth/schema';
import { loadGlobalVariableValues } from './service';
import { STANDARD_GLOBAL_VARIABLES } from './standard';
import { eq } from 'drizzle-orm';

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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
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

let seq = 0;
async function createVariable(who: SeededUser, body: Record<string, unknown> = {}): Promise<TGlobalVariable> {
  seq += 1;
  const res = await call('POST', '/api/global-variables', who, {
    label: `Variable ${seq}`,
    input_type: 'SINGLE_LINE_TEXT',
    value: `value ${seq}`,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const STANDARD_NAME_ID = STANDARD_GLOBAL_VARIABLES.find((s) => s.key === 'company_name')!.id;

describe('creating and reading', () => {
  it('creates a currency variable, normalising its value, deriving its key and creating its tags', async () => {
    const res = await call('POST', '/api/global-variables', acme.users.ADMIN, {
      label: ' Booking fee ',
      input_type: 'CURRENCY',
      settings: { decimals: 0 },
      value: '₹1,00,000',
      is_fixed: true,
      tags: ['Finance', 'finance', 'Fees'],
      description: 'Charged on every booking',
    });
    expect(res.statusCode, res.body).toBe(200);
    const variable: TGlobalVariable = res.json().data;
    expect(variable).toMatchObject({
      type: 'CUSTOM',
      company_id: acme.companyId,
      label: 'Booking fee',
      key: 'booking_fee',
      input_type: 'CURRENCY',
      value: 100000,
      is_fixed: true,
      tags: ['Finance', 'Fees'],
      description: 'Charged on every booking',
      value_urls: [],
      created_by: acme.users.ADMIN.userId,
    });
    expect(variable.settings).toMatchObject({ currency: 'INR', decimals: 0 });
    expect(variable.settings).not.toHaveProperty('label');

    const byId = await call('GET', `/api/global-variables/${variable._id}`, acme.users.MANAGER);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toEqual(variable);

    const tags = await call('GET', '/api/global-variable-tags', acme.users.MANAGER);
    expect(
      tags
        .json()
        .data.map((tag: { name: string; variables_count: number }) => [tag.name, tag.variables_count]),
    ).toEqual([
      ['Fees', 1],
      ['Finance', 1],
    ]);
  });

  it('keeps keys unique and away from standard keys', async () => {
    const a = await createVariable(acme.users.ADMIN, { label: 'Company name' });
    expect(a.key).toBe('company_name_2');
    const b = await createVariable(acme.users.ADMIN, { label: 'GST %' });
    const c = await createVariable(acme.users.ADMIN, { label: 'GST' });
    expect([b.key, c.key]).toEqual(['gst', 'gst_2']);
  });

  it('lists paged, searched, filtered by tag and type', async () => {
    await createVariable(acme.users.ADMIN, {
      label: 'Support email',
      input_type: 'EMAIL',
      value: 'help@acme.in',
      tags: ['Contact'],
    });
    await createVariable(acme.users.ADMIN, {
      label: 'Support phone',
      input_type: 'PHONE',
      value: '98765 43210',
      tags: ['contact'],
    });
    const search = await call('GET', '/api/global-variables?search=support&limit=1', acme.users.MANAGER);
    expect(search.json().data).toMatchObject({ total: 2, page: 1, total_pages: 2 });
    expect(search.json().data.data[0].label).toBe('Support email');

    const tagged = await call(
      'GET',
      '/api/global-variables?tags=CONTACT,Nothing&limit=50',
      acme.users.MANAGER,
    );
    const rows: TGlobalVariable[] = tagged.json().data.data;
    expect(rows.map((row) => row.label)).toEqual(['Support email', 'Support phone']);
    expect(rows[1]!.value).toBe('+919876543210');
    expect(rows[1]!.tags).toEqual(['Contact']);

    const phones = await call('GET', '/api/global-variables?input_type=PHONE&limit=50', acme.users.MANAGER);
    expect(phones.json().data.data.map((row: TGlobalVariable) => row.label)).toEqual(['Support phone']);

    const otherList = await call('GET', '/api/global-variables?limit=50', other.users.ADMIN);
    expect(otherList.json().data.total).toBe(0);
  });

  it('answers the types a variable may have', async () => {
    const res = await call('GET', '/api/global-variables/types', acme.users.MANAGER);
    expect(res.statusCode).toBe(200);
    const types = res.json().data.map((row: { type: string }) => row.type);
    expect(types).toContain('CURRENCY');
    expect(types).toContain('IMAGE');
    expect(types).not.toContain('FORMULA');
    expect(types).not.toContain('GLOBAL_VARIABLE');
    expect(res.json().data.find((row: { type: string }) => row.type === 'SELECT')).toMatchObject({
      label: 'Select',
    });
  });

  it('answers the standard variables from the company', async () => {
    await t.platform.database.db
      .update(users)
      .set({ address: '12 MG Road, Bengaluru', phone: '+919812345678' })
      .where(eq(users.id, acme.users.OWNER.userId));
    const res = await call('GET', '/api/standard/global-variables', acme.users.MANAGER);
    expect(res.statusCode).toBe(200);
    const byKey = Object.fromEntries(res.json().data.map((v: TGlobalVariable) => [v.key, v]));
    expect(byKey.company_name).toMatchObject({
      type: 'STANDARD',
      value: 'Acme Realty',
      is_fixed: true,
      company_id: null,
    });
    expect(byKey.company_address.value).toBe('12 MG Road, Bengaluru');
    expect(byKey.company_email.value).toBe(acme.users.OWNER.email);
    expect(byKey.today.value).toBe(new Date().toISOString().slice(0, 10));
    expect(byKey.company_logo.value).toBeNull();

    const one = await call('GET', `/api/global-variables/${STANDARD_NAME_ID}`, other.users.ADMIN);
    expect(one.json().data.value).toBe('Other Estates');
  });

  it('loads values for records, own and standard, and leaves out unknown and foreign ids', async () => {
    const mine = await createVariable(acme.users.ADMIN, { input_type: 'NUMBER', value: '42' });
    const theirs = await createVariable(other.users.ADMIN);
    const values = await loadGlobalVariableValues(t.platform.database.db, acme.companyId, [
      mine._id,
      theirs._id,
      STANDARD_NAME_ID,
      'not-an-id',
    ]);
    expect([...values.entries()].sort()).toEqual(
      [
        [mine._id, 42],
        [STANDARD_NAME_ID, 'Acme Realty'],
      ].sort(),
    );
  });

  it('keeps an image value uploaded to the company storage, with a link', async () => {
    const key = `companies/${acme.companyId}/form-templates/assets/stamp.png`;
    await t.platform.storage.put(key, Buffer.from('png-bytes'), 'image/png');
    const file = { file_ref_id: key, name: 'stamp.png', size: 9, mime_type: 'image/png' };
    const variable = await createVariable(acme.users.ADMIN, {
      label: 'Stamp',
      input_type: 'IMAGE',
      value: [file],
    });
    expect(variable.value).toEqual([file]);
    expect(variable.value_urls).toHaveLength(1);

    const missing = await call('POST', '/api/global-variables', acme.users.ADMIN, {
      label: 'Missing stamp',
      input_type: 'IMAGE',
      value: [{ ...file, file_ref_id: `companies/${acme.companyId}/nothing.png` }],
    });
    expect(missing.statusCode).toBe(422);
    expect(keysOf(missing)).toEqual(['value.0']);
    const foreign = await call('POST', '/api/global-variables', other.users.ADMIN, {
      label: 'Borrowed stamp',
      input_type: 'IMAGE',
      value: [file],
    });
    expect(keysOf(foreign)).toEqual(['value.0']);
  });
});

describe('bad input', () => {
  it('answers 422 keyed by the field for the body, the settings and the value', async () => {
    const shape = await call('POST', '/api/global-variables', acme.users.ADMIN, {
      label: '',
      input_type: 'FORMULA',
      tags: ['ok', 'a,b'],
    });
    expect(shape.statusCode).toBe(422);
    expect(keysOf(shape)).toEqual(expect.arrayContaining(['label', 'input_type', 'tags.1']));

    const settings = await call('POST', '/api/global-variables', acme.users.ADMIN, {
      label: 'Stage',
      input_type: 'SELECT',
      settings: { options: [{ value: 'New' }, { value: 'new' }] },
      value: 'New',
    });
    expect(settings.statusCode).toBe(422);
    expect(keysOf(settings)).toEqual(['settings.options.1.value']);

    const value = await call('POST', '/api/global-variables', acme.users.ADMIN, {
      label: 'Stage',
      input_type: 'SELECT',
      settings: { options: [{ value: 'New' }, { value: 'Won' }] },
      value: 'Lost',
    });
    expect(value.statusCode).toBe(422);
    expect(keysOf(value)).toEqual(['value']);

    const empty = await call('POST', '/api/global-variables', acme.users.ADMIN, {
      label: 'Empty',
      input_type: 'NUMBER',
    });
    expect(keysOf(empty)).toEqual(['value']);
    expect(empty.json().errors.details[0].message).toBe('Required');
  });

  it('refuses a label the company already uses, ignoring case', async () => {
    await createVariable(acme.users.ADMIN, { label: 'Head office' });
    const res = await call('POST', '/api/global-variables', acme.users.ADMIN, {
      label: 'HEAD OFFICE',
      input_type: 'SINGLE_LINE_TEXT',
      value: 'x',
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['label']);
    // Another company may use it.
    await createVariable(other.users.ADMIN, { label: 'Head office' });
  });

  it('refuses a tag twice', async () => {
    const first = await call('POST', '/api/global-variable-tags', acme.users.ADMIN, { name: 'Legal' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ name: 'Legal', variables_count: 0 });
    const again = await call('POST', '/api/global-variable-tags', acme.users.ADMIN, { name: 'legal ' });
    expect(again.statusCode).toBe(422);
    expect(keysOf(again)).toEqual(['name']);
  });
});

describe('changing and deleting', () => {
  it('changes what is sent and checks the value against a new type', async () => {
    const variable = await createVariable(acme.users.ADMIN, {
      input_type: 'SELECT',
      settings: { options: [{ value: 'North' }, { value: 'South' }] },
      value: 'north',
    });
    expect(variable.value).toBe('North');
    const multi = await call('PATCH', `/api/global-variables/${variable._id}`, acme.users.ADMIN, {
      input_type: 'MULTI_SELECT',
      value: ['North', 'South'],
      tags: ['Regions'],
    });
    expect(multi.statusCode, multi.body).toBe(200);
    expect(multi.json().data).toMatchObject({
      input_type: 'MULTI_SELECT',
      value: ['North', 'South'],
      tags: ['Regions'],
      label: variable.label,
      key: variable.key,
    });
    const toDate = await call('PATCH', `/api/global-variables/${variable._id}`, acme.users.ADMIN, {
      input_type: 'DATE',
    });
    expect(toDate.statusCode).toBe(422);
    expect(keysOf(toDate)).toEqual(['value']);

    const renamed = await call('PATCH', `/api/global-variables/${variable._id}`, acme.users.ADMIN, {
      label: 'Zones',
    });
    expect(renamed.json().data).toMatchObject({ label: 'Zones', key: variable.key });
  });

  it('answers 404 for unknown and other companies\u2019 ids, 403 for standard ones', async () => {
    const theirs = await createVariable(other.users.ADMIN);
    for (const id of [theirs._id, '6a0b7a11-0000-4000-8000-0000000000ff', 'nope']) {
      expect((await call('GET', `/api/global-variables/${id}`, acme.users.ADMIN)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/api/global-variables/${id}`, acme.users.ADMIN, { label: 'x' })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/global-variables/${id}`, acme.users.ADMIN)).statusCode).toBe(404);
    }
    expect(
      (await call('PATCH', `/api/global-variables/${STANDARD_NAME_ID}`, acme.users.ADMIN, { label: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/global-variables/${STANDARD_NAME_ID}`, acme.users.ADMIN)).statusCode,
    ).toBe(403);
  });

  it('refuses to delete a variable a form template shows (409 naming it), then deletes it', async () => {
    const variable = await createVariable(acme.users.ADMIN, { label: 'Registered office' });
    const template = await call('POST', '/api/template/create', acme.users.ADMIN, {
      name: 'Sale deed',
      fields: [
        { key: 'buyer', label: 'Buyer', type: 'SINGLE_LINE_TEXT' },
        { key: 'office', label: 'Office', type: 'GLOBAL_VARIABLE', global_variable_id: variable._id },
      ],
    });
    expect(template.statusCode, template.body).toBe(200);
    const refused = await call('DELETE', `/api/global-variables/${variable._id}`, acme.users.ADMIN);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Sale deed');

    const removed = await call('DELETE', `/api/template/${template.json().data._id}`, acme.users.ADMIN);
    expect(removed.statusCode).toBe(200);
    const deleted = await call('DELETE', `/api/global-variables/${variable._id}`, acme.users.ADMIN);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/global-variables/${variable._id}`, acme.users.ADMIN)).statusCode).toBe(
      404,
    );
  });
});

describe('permissions', () => {
  it('needs the global-variables slugs (a MEMBER has none, a MANAGER only view)', async () => {
    const variable = await createVariable(acme.users.ADMIN);
    for (const url of [
      '/api/global-variables',
      '/api/standard/global-variables',
      '/api/global-variable-tags',
      '/api/global-variables/types',
    ]) {
      expect((await call('GET', url, acme.users.MEMBER)).statusCode, url).toBe(403);
    }
    expect((await call('GET', `/api/global-variables/${variable._id}`, acme.users.MEMBER)).statusCode).toBe(
      403,
    );
    const body = { label: 'Nope', input_type: 'NUMBER', value: 1 };
    expect((await call('POST', '/api/global-variables', acme.users.MANAGER, body)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/global-variable-tags', acme.users.MANAGER, { name: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/global-variables/${variable._id}`, acme.users.MANAGER, { label: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/global-variables/${variable._id}`, acme.users.MANAGER)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/global-variables')).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every global variable call, with the variable as a component', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const [path, method] of [
      ['/api/standard/global-variables', 'get'],
      ['/api/global-variables', 'get'],
      ['/api/global-variables', 'post'],
      ['/api/global-variables/types', 'get'],
      ['/api/global-variables/{id}', 'get'],
      ['/api/global-variables/{id}', 'patch'],
      ['/api/global-variables/{id}', 'delete'],
      ['/api/global-variable-tags', 'get'],
      ['/api/global-variable-tags', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
    }
    expect(doc.components.schemas.GlobalVariable).toBeTruthy();
  });
});
