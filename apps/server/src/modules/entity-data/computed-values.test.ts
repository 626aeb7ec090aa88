import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { loadEntityDefinition } from '../entities/definition';
import * as globalVariables from '../global-variables/service';
import { fillGlobalVariables } from './computed-values';
import { apiOf } from './files-test-utils';
import { findRecord, toRecord } from './service';

vi.mock('../global-variables/service', async (importOriginal) => {
  const mod = await importOriginal<typeof globalVariables>();
  return { ...mod, loadGlobalVariableValues: vi.fn(mod.loadGlobalVariableValues) };
});

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let acme: SeededCompany;
let other: SeededCompany;

const COMPANY_NAME = '6a0b7a11-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

const createVariable = (who = acme.users.OWNER, value: unknown = 18) =>
  api.expectOk<{ _id: string }>(
    api.call('POST', '/api/global-variables', who, {
      label: `GST rate ${Math.random().toString(36).slice(2, 7)}`,
      input_type: 'NUMBER',
      value,
    }),
  );

describe('fillGlobalVariables', () => {
  it("fills GLOBAL_VARIABLE fields with the variables' current values, one lookup per page", async () => {
    const gst = await createVariable();
    const foreign = await createVariable(other.users.OWNER, 5);
    const entity = await api.createEntity(acme.users.OWNER, [
      { key: 'gst', label: 'GST', type: 'GLOBAL_VARIABLE', global_variable_id: gst._id },
      { key: 'company', label: 'Company', type: 'GLOBAL_VARIABLE', global_variable_id: COMPANY_NAME },
      { key: 'theirs', label: 'Theirs', type: 'GLOBAL_VARIABLE', global_variable_id: foreign._id },
    ]);
    const records = await Promise.all(
      ['A', 'B', 'C'].map((title) => api.addRecord(acme.users.OWNER, entity, { title })),
    );
    const db = t.platform.database.db;
    const def = await loadEntityDefinition(db, acme.companyId, entity._id);
    const page = await Promise.all(records.map(async (r) => toRecord(await findRecord(db, def, r._id))));
    const lookups = vi.mocked(globalVariables.loadGlobalVariableValues);
    lookups.mockClear();
    const filled = await fillGlobalVariables(db, def, page);
    expect(lookups).toHaveBeenCalledTimes(1);
    const tid = entity.primary_template_id;
    for (const record of filled) {
      expect(record.values[tid]).toMatchObject({ gst: 18, company: 'Acme Realty', theirs: null });
    }
    // The page given is left as it was.
    expect(page[0]!.values[tid]?.gst).toBeUndefined();
    await api.expectOk(
      api.call('PATCH', `/api/global-variables/${gst._id}`, acme.users.OWNER, { value: 28 }),
    );
    const [again] = await fillGlobalVariables(db, def, page.slice(0, 1));
    expect(again!.values[tid]?.gst).toBe(28);
  });

  it('does no lookup for entities without such fields or for an empty page', async () => {
    const entity = await api.createEntity(acme.users.OWNER, [
      { key: 'notes', label: 'Notes', type: 'MULTI_LINE_TEXT' },
    ]);
    const record = await api.addRecord(acme.users.OWNER, entity, { title: 'X' });
    const db = t.platform.database.db;
    const def = await loadEntityDefinition(db, acme.companyId, entity._id);
    const lookups = vi.mocked(globalVariables.loadGlobalVariableValues);
    lookups.mockClear();
    const page = [toRecord(await findRecord(db, def, record._id))];
    expect(await fillGlobalVariables(db, def, page)).toBe(page);
    expect(await fillGlobalVariables(db, def, [])).toEqual([]);
    expect(lookups).not.toHaveBeenCalled();
  });
});
