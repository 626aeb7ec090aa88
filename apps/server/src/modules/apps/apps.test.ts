import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAppDetail, TInstallResult, TInstalledApp } from '@esigns/contracts/apps';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { callsOf, detailKeys } from '../../../test/inject-calls';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { LETTINGS_APP_ID } from './shipped';

/*
 * Apps end to end: the shipped lettings app installed and used, an entity group packaged,
 * published, approved by the instance operator, installed into a second company, used there,
 * updated to a new version (records kept, fields added), uninstalled; broken manifests, other
 * companies' ids, non-operators and bad input.
 */

let t: TestApp;
let agency: SeededCompany;
let buyer: SeededCompany;
let operator: SeededUser;
const call = callsOf(() => t.app);

type Entity = { _id: string; name: string; primary_template_id: string };

beforeAll(async () => {
  t = await buildTestApp();
  agency = await seedCompany(t, { name: 'Agency' });
  buyer = await seedCompany(t, { name: 'Buyer Estates' });
  // The instance operator: a user of a third company whose email is in OPERATOR_EMAILS.
  const ops = await seedCompany(t, { name: 'Operator Inc' });
  operator = ops.users.OWNER;
  t.platform.config.subscriptions.operatorEmails.push(operator.email.toLowerCase());
});
afterAll(async () => {
  await t.close();
});

async function entitiesOf(who: SeededUser): Promise<Entity[]> {
  const res = await call('GET', '/api/entities?limit=100', who);
  expect(res.statusCode).toBe(200);
  return res.json().data.data as Entity[];
}

const byName = (list: Entity[], name: string) => list.find((e) => e.name === name)!;

describe('the shipped lettings app', () => {
  let installed: TInstallResult;

  it('is listed in every marketplace, by industry type and search', async () => {
    const all = await call('GET', '/api/fetchAllApps', buyer.users.MANAGER);
    expect(all.statusCode).toBe(200);
    const app = all.json().data.data.find((a: { _id: string }) => a._id === LETTINGS_APP_ID);
    expect(app).toMatchObject({ name: 'Real estate lettings', shipped: true, status: 'APPROVED' });
    expect(app.contents.entities).toEqual(['Owners', 'Properties', 'Tenants', 'Leases']);
    const estate = await call(
      'GET',
      '/api/fetchAllApps?industry_type=REAL_ESTATE&search=lettings',
      buyer.users.MANAGER,
    );
    expect(estate.json().data.data.map((a: { _id: string }) => a._id)).toContain(LETTINGS_APP_ID);
    const hr = await call('GET', '/api/fetchAllApps?industry_type=HR', buyer.users.MANAGER);
    expect(hr.json().data.data.map((a: { _id: string }) => a._id)).not.toContain(LETTINGS_APP_ID);
    const types = await call('GET', '/api/get-all-industry-types', buyer.users.MANAGER);
    expect(
      types.json().data.find((x: { value: string }) => x.value === 'REAL_ESTATE').apps,
    ).toBeGreaterThanOrEqual(1);
  });

  it('installs in one call: entities, relationships, form, workflow, dashboard, menu and sample records', async () => {
    const res = await call('POST', '/api/create-entities-templates', agency.users.OWNER, {
      app_id: LETTINGS_APP_ID,
    });
    expect(res.statusCode, res.body).toBe(200);
    installed = res.json().data;
    expect(installed.version).toBe('1.0.0');
    expect(installed.records_created).toBe(7);
    expect(Object.keys(installed.created)).toEqual(
      expect.arrayContaining([
        '@entity:lease',
        '@relationship:tenant_leases',
        '@form:site_visit',
        '@workflow:tenancy',
        '@dashboard:lettings',
        '@menu:lettings_owner',
      ]),
    );
    const names = (await entitiesOf(agency.users.OWNER)).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Owners', 'Properties', 'Tenants', 'Leases']));
    const rels = await call(
      'GET',
      `/api/entities/${installed.created['@entity:lease']}/relationships`,
      agency.users.OWNER,
    );
    expect(
      rels
        .json()
        .data.map((r: { entity_name: string }) => r.entity_name)
        .sort(),
    ).toEqual(['Properties', 'Tenants']);
    const menu = await call('GET', '/api/menu/OWNER', agency.users.OWNER);
    expect(JSON.stringify(menu.json().data.items)).toContain('Lettings');
    const again = await call('POST', '/api/create-entities-templates', agency.users.OWNER, {
      app_id: LETTINGS_APP_ID,
    });
    expect(again.statusCode).toBe(409);
  });

  it('works on its own: a Lease linking a Property and a Tenant', async () => {
    const list = await entitiesOf(agency.users.OWNER);
    const lease = byName(list, 'Leases');
    const pick = async (name: string) => {
      const e = byName(list, name);
      const res = await call('POST', '/api/entities-data/entity/data', agency.users.OWNER, {
        entity_id: e._id,
        limit: 10,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.data[0]._id as string;
    };
    const property = await pick('Properties');
    const tenant = await pick('Tenants');
    const res = await call('POST', '/api/entities-data', agency.users.MEMBER, {
      entity_id: lease._id,
      values: {
        [lease.primary_template_id]: {
          property,
          tenant,
          start_date: '2027-01-01',
          monthly_rent: 900,
          status: 'Draft',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const bad = await call('POST', '/api/entities-data', agency.users.MEMBER, {
      entity_id: lease._id,
      values: {
        [lease.primary_template_id]: {
          property: tenant,
          tenant,
          start_date: '2027-01-01',
          monthly_rent: 900,
        },
      },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('gets a suffix where names clash, and uninstalls in one call (records kept only when asked)', async () => {
    // Buyer already has an entity called Properties.
    const mine = await call('POST', '/api/entities/create', buyer.users.OWNER, {
      name: 'Properties',
      fields: [{ key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT' }],
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const res = await call('POST', '/api/create-entities-templates', buyer.users.OWNER, {
      app_id: LETTINGS_APP_ID,
      include_records: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result: TInstallResult = res.json().data;
    expect(result.renamed['@entity:property']).toBe('Properties (2)');
    expect(result.records_created).toBe(0);
    const gone = await call(
      'DELETE',
      `/api/uninstallApplication/${result._id}?keep_records=true`,
      buyer.users.OWNER,
    );
    expect(gone.statusCode, gone.body).toBe(200);
    const names = (await entitiesOf(buyer.users.OWNER)).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Properties', 'Properties (2)', 'Leases']));
    const menu = await call('GET', '/api/menu/OWNER', buyer.users.OWNER);
    expect(JSON.stringify(menu.json().data.items)).not.toContain('Lettings');
    const installedList = await call('GET', '/api/fetchInstalledApplications', buyer.users.OWNER);
    expect(installedList.json().data).toEqual([]);
  });
});

describe('packaging, publishing, approving, installing elsewhere, updating, uninstalling', () => {
  let appId: string;
  let groupId: string;
  let installId: string;

  it('packages an entity group (with sample records) as a DRAFT app', async () => {
    const list = await entitiesOf(agency.users.OWNER);
    const ids = ['Properties', 'Owners', 'Tenants', 'Leases'].map((n) => byName(list, n)._id);
    const group = await call('POST', '/api/entity-groups', agency.users.OWNER, {
      name: 'Lettings group',
      entity_ids: ids,
    });
    expect(group.statusCode, group.body).toBe(200);
    groupId = group.json().data._id;
    const res = await call('POST', '/api/create-application', agency.users.OWNER, {
      entity_group_id: groupId,
      name: 'Agency lettings',
      industry_type: 'REAL_ESTATE',
      include_records: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const app: TAppDetail = res.json().data;
    appId = app._id;
    expect(app.status).toBe('DRAFT');
    expect(app.manifest.entities).toHaveLength(4);
    expect(app.manifest.relationships).toHaveLength(3);
    expect(app.manifest.records.length).toBeGreaterThanOrEqual(8);
    // Every id became a reference.
    expect(JSON.stringify(app.manifest.entities)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const leaseTemplate = app.manifest.templates.find((x) => x.body.name === 'Lease')!;
    expect(JSON.stringify(leaseTemplate.body.fields)).toContain('@entity:');
  });

  it('is not in other marketplaces until the operator approves it; others cannot approve', async () => {
    const hidden = await call('GET', '/api/app-details/' + appId, buyer.users.OWNER);
    expect(hidden.statusCode).toBe(404);
    const early = await call('POST', '/api/create-entities-templates', buyer.users.OWNER, { app_id: appId });
    expect(early.statusCode).toBe(422);
    const publish = await call('POST', `/api/createApp/${appId}`, agency.users.OWNER, { action: 'PUBLISH' });
    expect(publish.statusCode, publish.body).toBe(200);
    expect(publish.json().data.status).toBe('PENDING');
    for (const who of [agency.users.OWNER, buyer.users.OWNER]) {
      const refused = await call('POST', `/api/createApp/${appId}`, who, { action: 'APPROVE' });
      expect(refused.statusCode).toBe(403);
    }
    const pendingRefused = await call('GET', '/api/fetchAllApps?scope=pending', agency.users.OWNER);
    expect(pendingRefused.statusCode).toBe(403);
    const pending = await call('GET', '/api/fetchAllApps?scope=pending', operator);
    expect(pending.json().data.data.map((a: { _id: string }) => a._id)).toContain(appId);
    const approve = await call('POST', `/api/createApp/${appId}`, operator, {
      action: 'APPROVE',
      note: 'Looks good',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().data.status).toBe('APPROVED');
    const listed = await call('GET', '/api/fetchAllApps?search=agency', buyer.users.MANAGER);
    expect(listed.json().data.data.map((a: { _id: string }) => a._id)).toContain(appId);
  });

  it('installs into the second company, where a record can be created', async () => {
    const res = await call('POST', '/api/create-entities-templates', buyer.users.ADMIN, { app_id: appId });
    expect(res.statusCode, res.body).toBe(200);
    const result: TInstallResult = res.json().data;
    installId = result._id;
    expect(result.records_created).toBeGreaterThanOrEqual(8);
    const leaseId = result.created['@entity:leases']!;
    const lease = (await entitiesOf(buyer.users.OWNER)).find((e) => e._id === leaseId)!;
    expect(lease).toBeDefined();
    const add = await call('POST', '/api/entities-data', buyer.users.MEMBER, {
      entity_id: leaseId,
      values: {
        [lease.primary_template_id]: {
          property: Object.entries(result.created).find(([k]) => k.startsWith('@record:properties'))![1],
          tenant: Object.entries(result.created).find(([k]) => k.startsWith('@record:tenants'))![1],
          start_date: '2027-02-01',
          monthly_rent: 1000,
        },
      },
    });
    expect(add.statusCode, add.body).toBe(200);
  });

  it('updates to a new version: records kept, the new field added', async () => {
    const agencyTenants = byName(await entitiesOf(agency.users.OWNER), 'Tenants');
    const template = await call(
      'GET',
      `/api/template/${agencyTenants.primary_template_id}`,
      agency.users.OWNER,
    );
    expect(template.statusCode, template.body).toBe(200);
    const fields = template.json().data.fields;
    const put = await call('PUT', '/api/template', agency.users.OWNER, {
      _id: agencyTenants.primary_template_id,
      fields: [...fields, { key: 'nationality', label: 'Nationality', type: 'SINGLE_LINE_TEXT' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const lower = await call('PATCH', '/api/updatePublishedApp', agency.users.OWNER, {
      _id: appId,
      version: '1.0.0',
    });
    expect(detailKeys(lower)).toEqual(['version']);
    const update = await call('PATCH', '/api/updatePublishedApp', agency.users.OWNER, {
      _id: appId,
      version: '1.1.0',
      release_notes: 'Tenants have a nationality',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data.status).toBe('PENDING');
    expect((await call('POST', `/api/createApp/${appId}`, operator, { action: 'APPROVE' })).statusCode).toBe(
      200,
    );

    const before = await call('GET', '/api/fetchInstalledApplications', buyer.users.OWNER);
    const mine = (before.json().data as TInstalledApp[]).find((i) => i._id === installId)!;
    expect(mine).toMatchObject({ version: '1.0.0', latest_version: '1.1.0' });
    const leaseId = mine.created['@entity:leases']!;
    const count = async () =>
      (
        await call('POST', '/api/entities-data/entity/data', buyer.users.OWNER, {
          entity_id: leaseId,
          limit: 50,
        })
      ).json().data.total;
    const leasesBefore = await count();
    const res = await call('POST', '/api/create-entities-templates', buyer.users.OWNER, { app_id: appId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: '1.1.0', fields_added: 1, records_created: 0 });
    expect(await count()).toBe(leasesBefore);
    const tenants = (await entitiesOf(buyer.users.OWNER)).find(
      (e) => e._id === mine.created['@entity:tenants'],
    )!;
    const tpl = await call('GET', `/api/template/${tenants.primary_template_id}`, buyer.users.OWNER);
    expect(tpl.json().data.fields.map((f: { key: string }) => f.key)).toContain('nationality');
  });

  it("refuses another company's ids", async () => {
    expect(
      (await call('POST', `/api/createApp/${appId}`, buyer.users.OWNER, { action: 'WITHDRAW' })).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/delete-application-permanently/${appId}`, buyer.users.OWNER)).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', '/api/updatePublishedApp', buyer.users.OWNER, { _id: appId, version: '9.0.0' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/uninstallApplication/${installId}`, agency.users.OWNER)).statusCode,
    ).toBe(404);
    const foreignGroup = await call('POST', '/api/create-application', buyer.users.OWNER, {
      entity_group_id: groupId,
      name: 'Stolen',
    });
    expect(foreignGroup.statusCode).toBe(404);
  });

  it('uninstalls everything it installed, records too, in one call', async () => {
    const before = await entitiesOf(buyer.users.OWNER);
    const res = await call('DELETE', `/api/uninstallApplication/${installId}`, buyer.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    const after = await entitiesOf(buyer.users.OWNER);
    expect(before.length - after.length).toBe(4);
    const again = await call('DELETE', `/api/uninstallApplication/${installId}`, buyer.users.OWNER);
    expect(again.statusCode).toBe(404);
  });

  it('deletes the app for good', async () => {
    const res = await call('DELETE', `/api/delete-application-permanently/${appId}`, agency.users.OWNER);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/app-details/${appId}`, agency.users.OWNER)).statusCode).toBe(404);
  });
});

describe('manifests and bad input', () => {
  const manifest = (over: Record<string, unknown> = {}) => ({
    format: 'esigns.app',
    manifest_version: 1,
    app: { name: 'Tiny', version: '1.0.0' },
    templates: [
      {
        key: 'thing',
        body: { name: 'Thing', fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' }] },
      },
    ],
    entities: [
      {
        key: 'things',
        body: { name: 'Things', templates: [{ template_id: '@template:thing', is_primary: true }] },
      },
    ],
    ...over,
  });

  it('takes an uploaded manifest', async () => {
    const res = await call('POST', '/api/create-application', agency.users.OWNER, { manifest: manifest() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Tiny', version: '1.0.0', status: 'DRAFT' });
  });

  it('refuses broken references with a 422 keyed to the reference', async () => {
    const res = await call('POST', '/api/create-application', agency.users.OWNER, {
      manifest: manifest({
        entities: [
          {
            key: 'things',
            body: { name: 'Things', templates: [{ template_id: '@template:missing', is_primary: true }] },
          },
        ],
        views: [
          { key: 'v', body: { name: 'V', config: { entities: [{ entity_id: '@dashboard:things' }] } } },
        ],
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(detailKeys(res)).toEqual(
      expect.arrayContaining([
        'manifest.entities.0.body.templates.0.template_id',
        'manifest.views.0.body.config.entities.0.entity_id',
      ]),
    );
  });

  it('refuses a body its module refuses, keyed to it, and duplicate keys', async () => {
    const res = await call('POST', '/api/create-application', agency.users.OWNER, {
      manifest: manifest({
        templates: [
          {
            key: 'thing',
            body: { name: 'Thing', fields: [{ key: 'Bad Key', label: 'x', type: 'SINGLE_LINE_TEXT' }] },
          },
          { key: 'thing', body: { name: 'Other', fields: [{ key: 'a', label: 'A', type: 'NOPE' }] } },
        ],
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(detailKeys(res)).toEqual(
      expect.arrayContaining([
        'manifest.templates.0.body.fields.0.key',
        'manifest.templates.1.key',
        'manifest.templates.1.body.fields.0.type',
      ]),
    );
  });

  it('answers bad input with 4xx, never 500', async () => {
    const who = agency.users.OWNER;
    const answers = await Promise.all([
      call('POST', '/api/create-application', who, {}),
      call('POST', '/api/create-application', who, { manifest: 'nope' }),
      call('POST', '/api/create-application', who, {
        manifest: { format: 'esigns.app', manifest_version: 99 },
      }),
      call('POST', '/api/create-application', who, { entity_group_id: 'x' }),
      call('POST', '/api/create-application', who, {
        entity_group_id: '00000000-0000-0000-0000-000000000000',
        name: 'A',
      }),
      call('POST', '/api/create-entities-templates', who, { app_id: 'nope' }),
      call('POST', '/api/create-entities-templates', who, { app_id: '00000000-0000-0000-0000-000000000000' }),
      call('POST', '/api/createApp/nope', who, { action: 'PUBLISH' }),
      call('POST', '/api/createApp/00000000-0000-0000-0000-000000000000', who, { action: 'FLY' }),
      call('DELETE', '/api/uninstallApplication/nope', who),
      call('GET', '/api/fetchAllApps?industry_type=SPACE', who),
      call('PATCH', '/api/updatePublishedApp', who, {
        _id: '00000000-0000-0000-0000-000000000000',
        version: 'x',
      }),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });

  it('needs the apps permissions', async () => {
    expect(
      (await call('POST', '/api/create-entities-templates', agency.users.MEMBER, { app_id: LETTINGS_APP_ID }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/fetchAllApps')).statusCode).toBe(401);
  });

  it('undoes a failing install entirely', async () => {
    // The template and entity are created, then the sample record is refused: nothing stays.
    const company = await seedCompany(t, { name: 'Half' });
    const before = await entitiesOf(company.users.OWNER);
    const res = await call('POST', '/api/create-application', company.users.OWNER, {
      manifest: manifest({
        entities: [
          {
            key: 'things',
            body: { name: 'Things', templates: [{ template_id: '@template:thing', is_primary: true }] },
          },
        ],
        records: [{ key: 'r1', entity: '@entity:things', values: { title: 'x'.repeat(300) } }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const install = await call('POST', '/api/create-entities-templates', company.users.OWNER, {
      app_id: res.json().data._id,
    });
    expect(install.statusCode).toBe(422);
    expect(detailKeys(install)[0]).toMatch(/^records\.0\.values/);
    expect(await entitiesOf(company.users.OWNER)).toHaveLength(before.length);
    const templates = await call('GET', '/api/template/list?search=Thing', company.users.OWNER);
    expect(JSON.stringify(templates.json())).not.toContain('"Thing"');
  });
});
