import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntityRelationship, TNestedRelationship } from '@esigns/contracts/relationships';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { keysOf, testClient, UNKNOWN_ID } from './relationships-test-utils';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let api: ReturnType<typeof testClient>;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  api = testClient(t);
});
afterAll(async () => {
  await t.close();
});

describe('relationships between entities', () => {
  it('creates one, lists it from both sides with names, roles, labels and counts, and answers existed', async () => {
    const owner = acme.users.OWNER;
    const property = await api.createEntity(owner, 'Property', []);
    const lead = await api.createEntity(owner, 'Lead', []);
    const res = await api.call('POST', `/api/entities/${property._id}/relationships`, owner, {
      child_entity_id: lead._id,
      relationship_type: 'ONE_TO_MANY',
      child_label: 'Interested in',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rel = res.json().data;
    expect(rel).toMatchObject({
      parent_entity_id: property._id,
      child_entity_id: lead._id,
      relationship_type: 'ONE_TO_MANY',
      parent_label: lead.name,
      child_label: 'Interested in',
    });

    const fromParent = await api.call('GET', `/api/entities/${property._id}/relationships`, owner);
    expect(fromParent.json().data).toEqual([
      expect.objectContaining({
        _id: rel._id,
        role: 'CHILD',
        entity_id: lead._id,
        entity_name: lead.name,
        label: lead.name,
        allows_many: true,
        links_count: 0,
      }),
    ]);
    const fromChild = await api.call('GET', `/api/entities/${lead._id}/relationships`, owner);
    expect(fromChild.json().data[0]).toMatchObject({
      role: 'PARENT',
      entity_id: property._id,
      entity_name: property.name,
      label: 'Interested in',
      allows_many: false,
    });

    for (const [a, b] of [
      [property._id, lead._id],
      [lead._id, property._id],
    ]) {
      const existed = await api.call('POST', '/api/entities/entity-relationships/existed', owner, {
        parent_entity_id: a,
        child_entity_id: b,
      });
      expect(existed.json().data).toMatchObject({ exists: true, relationship: { _id: rel._id } });
    }
    const loner = await api.createEntity(owner, 'Loner', []);
    const none = await api.call('POST', '/api/entities/entity-relationships/existed', owner, {
      parent_entity_id: property._id,
      child_entity_id: loner._id,
    });
    expect(none.json().data).toEqual({ exists: false, relationship: null });
  });

  it('refuses a second relationship between the same two entities, either way round, and self relations', async () => {
    const owner = acme.users.OWNER;
    const a = await api.createEntity(owner, 'Tenant', []);
    const b = await api.createEntity(owner, 'Flat', []);
    await api.relate(owner, a, b, 'ONE_TO_ONE');
    for (const [parent, child] of [
      [a, b],
      [b, a],
    ]) {
      const again = await api.call('POST', `/api/entities/${parent!._id}/relationships`, owner, {
        child_entity_id: child!._id,
        relationship_type: 'MANY_TO_MANY',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error_code: 'RELATIONSHIP_EXISTS' });
      expect(again.json().message).toContain('already related');
    }
    const self = await api.call('POST', `/api/entities/${a._id}/relationships`, owner, {
      child_entity_id: a._id,
      relationship_type: 'ONE_TO_MANY',
    });
    expect(self.statusCode).toBe(422);
    expect(keysOf(self)).toEqual(['child_entity_id']);
  });

  it('refuses bad bodies with keyed details', async () => {
    const owner = acme.users.OWNER;
    const a = await api.createEntity(owner, 'Agent', []);
    const bad = await api.call('POST', `/api/entities/${a._id}/relationships`, owner, {
      child_entity_id: 'nope',
      relationship_type: 'SOME',
      parent_label: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad).sort()).toEqual(['child_entity_id', 'parent_label', 'relationship_type']);
    const batch = await api.call('POST', '/api/entities/relationships', owner, {
      relationships: [
        { parent_entity_id: a._id, child_entity_id: UNKNOWN_ID, relationship_type: 'ONE_TO_ONE' },
        { parent_entity_id: a._id, child_entity_id: UNKNOWN_ID, relationship_type: 'TWO' },
      ],
    });
    expect(keysOf(batch)).toEqual(['relationships.1.relationship_type']);
    const empty = await api.call('POST', `/api/entities/${a._id}/addRelationships`, owner, {
      relationships: [],
    });
    expect(keysOf(empty)).toEqual(['relationships']);
    const twice = await api.call('POST', `/api/entities/${a._id}/addRelationships`, owner, {
      relationships: [
        { child_entity_id: UNKNOWN_ID, relationship_type: 'ONE_TO_ONE' },
        { child_entity_id: UNKNOWN_ID, relationship_type: 'ONE_TO_MANY' },
      ],
    });
    expect(keysOf(twice)).toEqual(['relationships.1.child_entity_id']);
  });

  it('creates several at once, all or none, and lists nested relationships two levels deep', async () => {
    const owner = acme.users.OWNER;
    const project = await api.createEntity(owner, 'Project', []);
    const tower = await api.createEntity(owner, 'Tower', []);
    const unit = await api.createEntity(owner, 'Unit', []);
    const buyer = await api.createEntity(owner, 'Buyer', []);
    const refused = await api.call('POST', '/api/entities/relationships', owner, {
      relationships: [
        { parent_entity_id: project._id, child_entity_id: tower._id, relationship_type: 'ONE_TO_MANY' },
        { parent_entity_id: tower._id, child_entity_id: other.companyId, relationship_type: 'ONE_TO_MANY' },
      ],
    });
    expect(refused.statusCode).toBe(404);
    expect((await api.call('GET', `/api/entities/${project._id}/relationships`, owner)).json().data).toEqual(
      [],
    );

    const batch = await api.call('POST', '/api/entities/relationships', owner, {
      relationships: [
        { parent_entity_id: project._id, child_entity_id: tower._id, relationship_type: 'ONE_TO_MANY' },
        { parent_entity_id: tower._id, child_entity_id: unit._id, relationship_type: 'ONE_TO_MANY' },
      ],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const added = await api.call('POST', `/api/entities/${unit._id}/addRelationships`, owner, {
      relationships: [
        { child_entity_id: buyer._id, relationship_type: 'MANY_TO_MANY', parent_label: 'Owners' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data[0]).toMatchObject({ parent_entity_id: unit._id, parent_label: 'Owners' });

    const direct = await api.call('GET', `/api/entities/${project._id}/nested-relationships`, owner);
    const items: TNestedRelationship[] = direct.json().data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ child_entity_id: tower._id, nested_child_entity_ids: [unit._id] });
    expect(items[0]!.nested).toBeUndefined();
    const all = await api.call(
      'GET',
      `/api/entities/${project._id}/nested-relationships?fetchAll=true`,
      owner,
    );
    expect(all.json().data[0].nested).toEqual([
      expect.objectContaining({ parent_entity_id: tower._id, entity_id: unit._id, entity_name: unit.name }),
    ]);
    const bad = await api.call(
      'GET',
      `/api/entities/${project._id}/nested-relationships?fetchAll=maybe`,
      owner,
    );
    expect(keysOf(bad)).toEqual(['querystring.fetchAll']);
  });

  it('deletes a relationship with its record links in one go', async () => {
    const owner = acme.users.OWNER;
    const parent = await api.createEntity(owner, 'Owner', []);
    const child = await api.createEntity(owner, 'Car', []);
    const rel = await api.relate(owner, parent, child, 'ONE_TO_MANY');
    const p = await api.addRecord(owner, parent, { title: 'Asha' });
    const c1 = await api.addRecord(owner, child, { title: 'Swift' });
    const c2 = await api.addRecord(owner, child, { title: 'Creta' });
    const assign = await api.call('POST', `/api/entities/${parent._id}/relationships-data/assign`, owner, {
      entity_relationship_id: rel._id,
      parent_entity_data_id: p._id,
      entity_data_ids: [c1._id, c2._id],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const listed: TEntityRelationship[] = (
      await api.call('GET', `/api/entities/${child._id}/relationships`, owner)
    ).json().data;
    expect(listed[0]!.links_count).toBe(2);

    expect(
      (await api.call('DELETE', `/api/entities/${parent._id}/relationships/${rel._id}`, other.users.OWNER))
        .statusCode,
    ).toBe(404);
    const unrelated = await api.createEntity(owner, 'Unrelated', []);
    expect(
      (await api.call('DELETE', `/api/entities/${unrelated._id}/relationships/${rel._id}`, owner)).statusCode,
    ).toBe(404);
    const del = await api.call('DELETE', `/api/entities/${child._id}/relationships/${rel._id}`, owner);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toEqual({ _id: rel._id, links_removed: 2 });
    expect((await api.call('GET', `/api/entities/${parent._id}/relationships`, owner)).json().data).toEqual(
      [],
    );
    expect(
      (await api.call('DELETE', `/api/entities/${child._id}/relationships/${rel._id}`, owner)).statusCode,
    ).toBe(404);
    // The records stay.
    expect((await api.call('GET', `/api/entity-data/${c1._id}`, owner)).statusCode).toBe(200);
  });

  it("answers 404 for unknown and another company's entities", async () => {
    const owner = acme.users.OWNER;
    const mine = await api.createEntity(owner, 'Mine', []);
    const theirs = await api.createEntity(other.users.OWNER, 'Theirs', []);
    for (const url of [
      `/api/entities/${theirs._id}/relationships`,
      `/api/entities/${UNKNOWN_ID}/relationships`,
      '/api/entities/not-an-id/relationships',
      `/api/entities/${theirs._id}/nested-relationships`,
    ]) {
      expect((await api.call('GET', url, owner)).statusCode, url).toBe(404);
    }
    const toTheirs = await api.call('POST', `/api/entities/${mine._id}/relationships`, owner, {
      child_entity_id: theirs._id,
      relationship_type: 'ONE_TO_MANY',
    });
    expect(toTheirs.statusCode).toBe(404);
    const fromTheirs = await api.call('POST', `/api/entities/${theirs._id}/relationships`, owner, {
      child_entity_id: mine._id,
      relationship_type: 'ONE_TO_MANY',
    });
    expect(fromTheirs.statusCode).toBe(404);
    const existed = await api.call('POST', '/api/entities/entity-relationships/existed', owner, {
      parent_entity_id: mine._id,
      child_entity_id: theirs._id,
    });
    expect(existed.statusCode).toBe(404);
  });

  it('needs relationships:view to read and relationships:manage to change', async () => {
    const owner = acme.users.OWNER;
    const a = await api.createEntity(owner, 'Site', []);
    const b = await api.createEntity(owner, 'Visit', []);
    const member = await api.call('GET', `/api/entities/${a._id}/relationships`, acme.users.MEMBER);
    expect(member.statusCode).toBe(403);
    const manager = acme.users.MANAGER;
    expect((await api.call('GET', `/api/entities/${a._id}/relationships`, manager)).statusCode).toBe(200);
    const create = await api.call('POST', `/api/entities/${a._id}/relationships`, manager, {
      child_entity_id: b._id,
      relationship_type: 'ONE_TO_MANY',
    });
    expect(create.statusCode).toBe(403);
    const rel = await api.relate(owner, a, b, 'ONE_TO_MANY');
    expect(
      (await api.call('DELETE', `/api/entities/${a._id}/relationships/${rel._id}`, manager)).statusCode,
    ).toBe(403);
    const admin = await api.call(
      'DELETE',
      `/api/entities/${a._id}/relationships/${rel._id}`,
      acme.users.ADMIN,
    );
    expect(admin.statusCode).toBe(200);
  });

  it('documents every relationships call in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const [path, method] of [
      ['/api/entities/{entity_id}/relationships', 'get'],
      ['/api/entities/{entity_id}/relationships', 'post'],
      ['/api/entities/{entity_id}/nested-relationships', 'get'],
      ['/api/entities/relationships', 'post'],
      ['/api/entities/{id}/addRelationships', 'post'],
      ['/api/entities/{id}/relationships/{relId}', 'delete'],
      ['/api/entities/{id}/relationships-data/assign', 'post'],
      ['/api/entities/{id}/relationships-data/assign-fields-data', 'post'],
      ['/api/entities/{id}/relationships-data/detach', 'post'],
      ['/api/entities/{id}/relationships-data/{dataId}', 'get'],
      ['/api/entities/{id}/relationships-data/{dataId}/{child}', 'get'],
      ['/api/entities/{id}/relationships-data/{dataId}/{child}/{nestedChild}', 'get'],
      ['/api/entities/entity-relationships/existed', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
    }
    expect(doc.components.schemas.EntityRelationship).toBeTruthy();
  });
});
