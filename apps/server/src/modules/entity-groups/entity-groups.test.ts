import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntityGroup } from '@esigns/contracts/entity-groups';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { companyDocuments, configurableDocuments } from '../documents/schema';
import { entities } from '../entities/schema';
import { STANDARD_TEMPLATES } from '../form-templates/standard-templates';
import { STANDARD_GLOBAL_VARIABLES } from '../global-variables/standard';

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

const PROPERTY_TEMPLATE = STANDARD_TEMPLATES.find((s) => s.code === 'property')!.id;
const COMPANY_NAME = STANDARD_GLOBAL_VARIABLES.find((s) => s.key === 'company_name')!.id;

let seq = 0;
const next = () => (seq += 1);

/** An entity row of `company` (the entities module's API is not needed to group one). */
async function seedEntity(company: SeededCompany, name = `Entity ${next()}`): Promise<string> {
  const [row] = await t.platform.database.db
    .insert(entities)
    .values({
      companyId: company.companyId,
      name,
      slug: `entity-${next()}`,
      entityType: 'GENERAL',
      templates: [{ template_id: PROPERTY_TEMPLATE, is_primary: true, hidden_on_add: false }],
      primaryTemplateId: PROPERTY_TEMPLATE,
    })
    .returning({ id: entities.id });
  return row!.id;
}

/** A document template of `company` (a configurable document with `is_template`). */
async function seedDocTemplate(
  company: SeededCompany,
  name = `Lease ${next()}`,
): Promise<{ id: string; docId: string }> {
  const db = t.platform.database.db;
  const file = {
    key: `companies/${company.companyId}/x.pdf`,
    name: 'x.pdf',
    size: 1,
    mime_type: 'application/pdf',
  };
  const [doc] = await db
    .insert(companyDocuments)
    .values({ companyId: company.companyId, name, files: [file] as never, file: file as never })
    .returning({ id: companyDocuments.id });
  const [config] = await db
    .insert(configurableDocuments)
    .values({
      companyId: company.companyId,
      companyDocumentId: doc!.id,
      name,
      isTemplate: true,
      file: file as never,
      pages: [],
      settings: {} as never,
      ownerId: company.users.OWNER.userId,
    })
    .returning({ id: configurableDocuments.id });
  return { id: config!.id, docId: doc!.id };
}

async function seedVariable(company: SeededCompany): Promise<string> {
  const res = await call('POST', '/api/global-variables', company.users.ADMIN, {
    label: `Variable ${next()}`,
    input_type: 'NUMBER',
    value: 5,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

async function createGroup(who: SeededUser, body: Record<string, unknown> = {}): Promise<TEntityGroup> {
  const res = await call('POST', '/api/entity-groups', who, { name: `Group ${next()}`, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('creating and reading', () => {
  it('creates a group with every kind of member and answers their names', async () => {
    const entity = await seedEntity(acme, 'Properties');
    const doc = await seedDocTemplate(acme, 'Rental agreement');
    const variable = await seedVariable(acme);
    const res = await call('POST', '/api/entity-groups', acme.users.ADMIN, {
      name: '  Real estate ',
      description: 'Everything about listings',
      icon: 'building',
      entity_ids: [entity, entity],
      form_template_ids: [PROPERTY_TEMPLATE],
      doc_template_ids: [doc.id],
      global_variable_ids: [variable, COMPANY_NAME],
    });
    expect(res.statusCode, res.body).toBe(200);
    const group: TEntityGroup = res.json().data;
    expect(group).toMatchObject({
      name: 'Real estate',
      description: 'Everything about listings',
      icon: 'building',
      company_id: acme.companyId,
      entity_ids: [entity],
      entities: [{ _id: entity, name: 'Properties', entity_type: 'GENERAL' }],
      formTemplates: [{ _id: PROPERTY_TEMPLATE, name: 'Property', type: 'STANDARD' }],
      docTemplates: [{ _id: doc.id, name: 'Rental agreement', company_document_id: doc.docId }],
      globalVariables: [
        { _id: variable, input_type: 'NUMBER' },
        { _id: COMPANY_NAME, name: 'Company name' },
      ],
      workflows: [],
      workflow_ids: [],
    });
    const byId = await call('GET', `/api/entity-groups/${group._id}`, acme.users.MANAGER);
    expect(byId.json().data).toEqual(group);
  });

  it('lists groups in their order, searched and paged, and moves them', async () => {
    const company = await seedCompany(t, { name: 'Ordering Co' });
    const [a, b, c] = [
      await createGroup(company.users.ADMIN, { name: 'Alpha' }),
      await createGroup(company.users.ADMIN, { name: 'Bravo' }),
      await createGroup(company.users.ADMIN, { name: 'Charlie', position: 0 }),
    ];
    const names = async () =>
      (await call('GET', '/api/entity-groups?limit=100', company.users.MANAGER))
        .json()
        .data.data.map((g: TEntityGroup) => [g.name, g.position]);
    expect(await names()).toEqual([
      ['Charlie', 0],
      ['Alpha', 1],
      ['Bravo', 2],
    ]);
    const moved = await call('PATCH', `/api/entity-groups/${c._id}`, company.users.ADMIN, { position: 9 });
    expect(moved.json().data.position).toBe(2);
    expect(await names()).toEqual([
      ['Alpha', 0],
      ['Bravo', 1],
      ['Charlie', 2],
    ]);
    expect((await call('DELETE', `/api/entity-groups/${a._id}`, company.users.ADMIN)).statusCode).toBe(200);
    expect(await names()).toEqual([
      ['Bravo', 0],
      ['Charlie', 1],
    ]);
    const page = await call('GET', '/api/entity-groups?limit=1&page=2&search=a', company.users.MANAGER);
    expect(page.json().data).toMatchObject({ total: 2, page: 2, total_pages: 2 });
    expect(page.json().data.data[0].name).toBe('Charlie');
    expect(b.position).toBe(1);
  });

  it('drops members deleted since when read', async () => {
    const entity = await seedEntity(acme);
    const kept = await seedEntity(acme);
    const variable = await seedVariable(acme);
    const group = await createGroup(acme.users.ADMIN, {
      entity_ids: [entity, kept],
      global_variable_ids: [variable],
    });
    await t.platform.database.db.delete(entities).where(eq(entities.id, entity));
    expect((await call('DELETE', `/api/global-variables/${variable}`, acme.users.ADMIN)).statusCode).toBe(
      200,
    );
    const read = (await call('GET', `/api/entity-groups/${group._id}`, acme.users.ADMIN)).json().data;
    expect(read.entity_ids).toEqual([kept]);
    expect(read.globalVariables).toEqual([]);
  });

  it('changes only what is sent', async () => {
    const entity = await seedEntity(acme);
    const group = await createGroup(acme.users.ADMIN, { entity_ids: [entity], description: 'Before' });
    const res = await call('PATCH', `/api/entity-groups/${group._id}`, acme.users.ADMIN, {
      description: 'After',
      form_template_ids: [PROPERTY_TEMPLATE],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: group.name,
      description: 'After',
      entity_ids: [entity],
      form_template_ids: [PROPERTY_TEMPLATE],
    });
  });
});

describe('bad input', () => {
  it('answers 422 keyed by the place of every id that is not the company\u2019s', async () => {
    const mine = await seedEntity(acme);
    const theirs = await seedEntity(other);
    const theirDoc = await seedDocTemplate(other);
    const theirVariable = await seedVariable(other);
    const res = await call('POST', '/api/entity-groups', acme.users.ADMIN, {
      name: 'Mixed',
      entity_ids: [mine, '0d8a1f4e-7b1c-4a53-9c1d-8c2f5e6a7b90', theirs],
      form_template_ids: [PROPERTY_TEMPLATE, 'not-a-uuid'],
      doc_template_ids: [theirDoc.id],
      global_variable_ids: [COMPANY_NAME, theirVariable],
      workflow_ids: ['0d8a1f4e-7b1c-4a53-9c1d-8c2f5e6a7b91'],
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['form_template_ids.1']);

    const ids = await call('POST', '/api/entity-groups', acme.users.ADMIN, {
      name: 'Mixed',
      entity_ids: [mine, '0d8a1f4e-7b1c-4a53-9c1d-8c2f5e6a7b90', theirs],
      doc_template_ids: [theirDoc.id],
      global_variable_ids: [COMPANY_NAME, theirVariable],
      workflow_ids: ['0d8a1f4e-7b1c-4a53-9c1d-8c2f5e6a7b91'],
    });
    expect(ids.statusCode).toBe(422);
    expect(keysOf(ids).sort()).toEqual(
      ['doc_template_ids.0', 'entity_ids.1', 'entity_ids.2', 'global_variable_ids.1', 'workflow_ids'].sort(),
    );
    expect(ids.json().errors.details.find((d: { key: string }) => d.key === 'workflow_ids').message).toBe(
      'Workflows are not available yet',
    );
  });

  it('refuses an empty or taken name', async () => {
    await createGroup(acme.users.ADMIN, { name: 'Sales' });
    const taken = await call('POST', '/api/entity-groups', acme.users.ADMIN, { name: 'SALES' });
    expect(taken.statusCode).toBe(422);
    expect(keysOf(taken)).toEqual(['name']);
    const empty = await call('POST', '/api/entity-groups', acme.users.ADMIN, { name: ' ', position: -1 });
    expect(keysOf(empty).sort()).toEqual(['name', 'position']);
    const other2 = await createGroup(other.users.ADMIN, { name: 'Sales' });
    expect(other2.name).toBe('Sales');
  });
});

describe('unknown ids and permissions', () => {
  it('answers 404 for unknown and other companies\u2019 groups', async () => {
    const theirs = await createGroup(other.users.ADMIN);
    for (const id of [theirs._id, '0d8a1f4e-7b1c-4a53-9c1d-8c2f5e6a7b99', 'nope']) {
      expect((await call('GET', `/api/entity-groups/${id}`, acme.users.ADMIN)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/api/entity-groups/${id}`, acme.users.ADMIN, { name: 'x' })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/entity-groups/${id}`, acme.users.ADMIN)).statusCode).toBe(404);
    }
  });

  it('needs the entity-groups slugs (a MEMBER has none, a MANAGER only view)', async () => {
    const group = await createGroup(acme.users.ADMIN);
    expect((await call('GET', '/api/entity-groups', acme.users.MEMBER)).statusCode).toBe(403);
    expect((await call('GET', `/api/entity-groups/${group._id}`, acme.users.MEMBER)).statusCode).toBe(403);
    expect((await call('GET', '/api/entity-groups', acme.users.MANAGER)).statusCode).toBe(200);
    expect((await call('POST', '/api/entity-groups', acme.users.MANAGER, { name: 'No' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PATCH', `/api/entity-groups/${group._id}`, acme.users.MANAGER, { name: 'No' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/entity-groups/${group._id}`, acme.users.MANAGER)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/entity-groups')).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every entity group call, with the group as a component', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const [path, method] of [
      ['/api/entity-groups', 'get'],
      ['/api/entity-groups', 'post'],
      ['/api/entity-groups/{id}', 'get'],
      ['/api/entity-groups/{id}', 'patch'],
      ['/api/entity-groups/{id}', 'delete'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
    }
    expect(doc.components.schemas.EntityGroup).toBeTruthy();
  });
});
