import { expect } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TRelationship, TRelationshipType } from '@esigns/contracts/relationships';
import type { TestApp } from '../../../test/test-app';
import type { SeededUser } from '../../../test/seed-company';

/** Calls, entities, records and relationships for the relationship tests (one app per test file). */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Reply = { statusCode: number; body: string; json: () => any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function testClient(t: TestApp) {
  let seq = 0;
  const call = (method: Method, url: string, who: SeededUser, payload?: unknown): Promise<Reply> =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function createEntity(who: SeededUser, name: string, fields: unknown[]): Promise<TEntity> {
    seq += 1;
    const res = await call('POST', '/api/entities/create', who, {
      name: `${name} ${seq}`,
      entity_type: 'GENERAL',
      fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true }, ...fields],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  async function addRecord(
    who: SeededUser,
    entity: TEntity,
    values: Record<string, unknown>,
  ): Promise<TEntityRecord> {
    const res = await call('POST', '/api/entities-data', who, {
      entity_id: entity._id,
      values: { [entity.primary_template_id]: values },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  async function relate(
    who: SeededUser,
    parent: TEntity,
    child: TEntity,
    type: TRelationshipType,
  ): Promise<TRelationship> {
    const res = await call('POST', `/api/entities/${parent._id}/relationships`, who, {
      child_entity_id: child._id,
      relationship_type: type,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  const assign = (entity: { _id: string }, body: Record<string, unknown>, who: SeededUser) =>
    call('POST', `/api/entities/${entity._id}/relationships-data/assign`, who, body);

  return { call, createEntity, addRecord, relate, assign };
}

export const keysOf = (res: Reply): string[] => [
  ...new Set<string>(res.json().errors?.details.map((d: { key: string }) => d.key) ?? []),
];

const budgetField = { key: 'budget', label: 'Budget', type: 'CURRENCY', min: 0 };

/** Property -> Lead (ONE_TO_MANY), with two properties and three leads with budgets. */
export async function propertyAndLeads(api: ReturnType<typeof testClient>, owner: SeededUser) {
  const property = await api.createEntity(owner, 'Property', []);
  const lead = await api.createEntity(owner, 'Lead', [budgetField]);
  const rel = await api.relate(owner, property, lead, 'ONE_TO_MANY');
  const villa = await api.addRecord(owner, property, { title: 'Villa' });
  const flat = await api.addRecord(owner, property, { title: 'Flat' });
  const leads = [
    await api.addRecord(owner, lead, { title: 'Ravi', budget: 100 }),
    await api.addRecord(owner, lead, { title: 'Meena', budget: 250 }),
    await api.addRecord(owner, lead, { title: 'Arjun', budget: 400 }),
  ];
  return { property, lead, rel, villa, flat, leads };
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
