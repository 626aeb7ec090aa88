import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import { RECORD_TITLE_FIELD_TYPES, type TEntityInputTypes } from '@esigns/contracts/entity-input-types';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { FORM_FIELD_TYPES } from '@esigns/contracts/nocode-field-types';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { keysOf, testClient, UNKNOWN_ID } from '../relationships/relationships-test-utils';
import { canNameRecords } from './definition';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let api: ReturnType<typeof testClient>;
let property: TEntity;
let lead: TEntity;
let details: TFormTemplate;
let lines: TFormTemplate;
let otherEntity: TEntity;

const URL = '/api/get-entities-input-types';

async function addTemplate(
  who: SeededUser,
  entity: TEntity,
  name: string,
  fields: unknown[],
  isRepeatable: boolean,
): Promise<{ template: TFormTemplate; entity: TEntity }> {
  const created = await api.call('POST', '/api/template/create', who, {
    name,
    fields,
    is_repeatable: isRepeatable,
  });
  expect(created.statusCode, created.body).toBe(200);
  const template: TFormTemplate = created.json().data;
  const updated = await api.call('PUT', `/api/entities/${entity._id}`, who, {
    name: entity.name,
    templates: [
      ...entity.templates.map((x) => ({ template_id: x.template_id, is_primary: x.is_primary })),
      { template_id: template._id },
    ],
    version: entity.version,
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return { template, entity: updated.json().data };
}

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  api = testClient(t);
  const owner = acme.users.OWNER;
  property = await api.createEntity(owner, 'Property', [
    { key: 'price', label: 'Price', type: 'CURRENCY', min: 0 },
    { key: 'area', label: 'Area', type: 'NUMBER' },
    { key: 'status', label: 'Status', type: 'SELECT', options: [{ value: 'Available' }, { value: 'Sold' }] },
    { key: 'commission', label: 'Commission', type: 'PERCENTAGE' },
  ]);
  ({ template: details, entity: property } = await addTemplate(
    owner,
    property,
    'Valuation details',
    [
      { key: 'valuation', label: 'Valuation', type: 'NUMBER' },
      { key: 'notes', label: 'Notes', type: 'MULTI_LINE_TEXT' },
    ],
    false,
  ));
  ({ template: lines, entity: property } = await addTemplate(
    owner,
    property,
    'Property line items',
    [
      { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
      { key: 'qty', label: 'Quantity', type: 'NUMBER' },
      { key: 'rate', label: 'Rate', type: 'CURRENCY' },
    ],
    true,
  ));
  lead = await api.createEntity(owner, 'Lead', [
    { key: 'budget', label: 'Budget', type: 'NUMBER' },
    { key: 'email', label: 'Email', type: 'EMAIL' },
  ]);
  otherEntity = await api.createEntity(other.users.OWNER, 'Secret', [
    { key: 'amount', label: 'Amount', type: 'NUMBER' },
  ]);
});
afterAll(async () => {
  await t.close();
});

const read = async (body: unknown, who: SeededUser = acme.users.OWNER): Promise<TEntityInputTypes[]> => {
  const res = await api.call('POST', URL, who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const keys = (entity: TEntityInputTypes | undefined) => entity?.fields.map((f) => f.key);

describe('POST /get-entities-input-types', () => {
  it('answers the entities asked, in that order, with their fields of the types asked, templates in order', async () => {
    const answer = await read({ entity_ids: [lead._id, property._id], input_types: ['NUMBER', 'CURRENCY'] });
    expect(answer.map((e) => [e.entity_id, e.entity_name])).toEqual([
      [lead._id, lead.name],
      [property._id, property.name],
    ]);
    expect(answer[0]!.fields).toEqual([
      {
        template_id: lead.primary_template_id,
        template_name: lead.templates[0]!.name,
        key: 'budget',
        label: 'Budget',
        input_type: 'NUMBER',
        is_primary_template: true,
        repeatable: false,
      },
    ]);
    // Primary template first, then the second one; the repeatable one is left out by default.
    expect(answer[1]!.fields.map((f) => [f.template_id, f.key, f.input_type, f.is_primary_template])).toEqual(
      [
        [property.primary_template_id, 'price', 'CURRENCY', true],
        [property.primary_template_id, 'area', 'NUMBER', true],
        [details._id, 'valuation', 'NUMBER', false],
      ],
    );
    expect(answer[1]!.fields[2]!.template_name).toBe('Valuation details');
  });

  it('adds the fields of repeatable templates when asked', async () => {
    const [answer] = await read({
      entity_ids: [property._id],
      input_types: ['NUMBER', 'CURRENCY'],
      include_repeatable: true,
    });
    expect(answer!.fields.map((f) => [f.template_id, f.key, f.repeatable])).toEqual([
      [property.primary_template_id, 'price', false],
      [property.primary_template_id, 'area', false],
      [details._id, 'valuation', false],
      [lines._id, 'qty', true],
      [lines._id, 'rate', true],
    ]);
  });

  it('answers every type without input_types, and each entity once', async () => {
    const answer = await read({ entity_ids: [lead._id, lead._id.toUpperCase()] });
    expect(answer).toHaveLength(1);
    expect(answer[0]!.fields.map((f) => [f.key, f.input_type])).toEqual([
      ['title', 'SINGLE_LINE_TEXT'],
      ['budget', 'NUMBER'],
      ['email', 'EMAIL'],
    ]);
    const none = await read({ entity_ids: [lead._id], input_types: [] });
    expect(none).toEqual([{ entity_id: lead._id, entity_name: lead.name, fields: [] }]);
    expect(await read({ entity_ids: [] })).toEqual([]);
  });

  it("answers every entity of the workspace by name without entity_ids, never another workspace's", async () => {
    const answer = await read({ input_types: ['PERCENTAGE', 'MULTI_LINE_TEXT'] });
    expect(answer.map((e) => e.entity_id)).toEqual([lead._id, property._id]);
    expect(keys(answer[0])).toEqual([]);
    expect(keys(answer[1])).toEqual(['commission', 'notes']);
    const theirs = await read({}, other.users.OWNER);
    expect(theirs.map((e) => e.entity_id)).toEqual([otherEntity._id]);
    // Readers of records (entity-data:view) may ask too.
    expect((await read({ entity_ids: [lead._id] }, acme.users.MEMBER)).map((e) => e.entity_id)).toEqual([
      lead._id,
    ]);
  });

  it('answers 422 keyed by the part for bad input, never 500', async () => {
    const bad = async (body: unknown, key: string) => {
      const res = await api.call('POST', URL, acme.users.OWNER, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().success).toBe(false);
      expect(keysOf(res)).toContain(key);
    };
    await bad({ input_types: ['NUMBER', 'MONEY'] }, 'input_types.1');
    await bad({ input_types: 'NUMBER' }, 'input_types');
    await bad({ entity_ids: lead._id }, 'entity_ids');
    await bad({ entity_ids: ['not-an-id'] }, 'entity_ids.0');
    await bad({ entity_ids: Array.from({ length: 101 }, () => lead._id) }, 'entity_ids');
    await bad({ include_repeatable: 'yes' }, 'include_repeatable');
    await bad(undefined, 'body');
    const text = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...acme.users.OWNER.headers, 'content-type': 'application/json' },
      payload: '{"entity_ids": [',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });

  it("answers 404 for another workspace's or an unknown entity, keyed entity_ids.N", async () => {
    const res = await api.call('POST', URL, acme.users.OWNER, {
      entity_ids: [lead._id, otherEntity._id, UNKNOWN_ID],
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: '2 entities not found' });
    expect(keysOf(res)).toEqual(['entity_ids.1', 'entity_ids.2']);
    const one = await api.call('POST', URL, other.users.OWNER, { entity_ids: [lead._id] });
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe('Entity not found');
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('names the same record title types as the server', () => {
    for (const type of FORM_FIELD_TYPES) {
      expect(RECORD_TITLE_FIELD_TYPES.includes(type), type).toBe(canNameRecords({ type } as TFormField));
    }
  });
});
