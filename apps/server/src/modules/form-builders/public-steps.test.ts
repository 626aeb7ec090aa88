import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { formTestClient } from './form-builders-test-utils';

let t: TestApp;
let acme: SeededCompany;
let api: ReturnType<typeof formTestClient>;

beforeAll(async () => {
  t = await buildTestApp();
  api = formTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Lettings' });
});
afterAll(async () => {
  await t.close();
});

describe("the public view's steps", () => {
  it("carries each TEMPLATE and ENTITY step's fields for guests, who cannot read templates", async () => {
    const template = await api.createTemplate(acme.users.ADMIN);
    const created = await api.call('POST', '/api/entities/create', acme.users.ADMIN, {
      name: 'Applicants',
      fields: [{ key: 'city', label: 'City', type: 'SINGLE_LINE_TEXT', required: true }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const entity: { _id: string; primary_template_id: string } = created.json().data;
    const form = await api.createForm(acme.users.ADMIN, {
      status: 'ACTIVE',
      steps: [
        { type: 'TEMPLATE', name: 'Details', template_id: template._id, required: true, condition: null },
        {
          type: 'ENTITY',
          name: 'Record',
          entity_id: entity._id,
          update_existing: false,
          required: true,
          condition: null,
        },
        {
          type: 'STATIC',
          name: 'Terms',
          content: 'Read me.',
          require_accept: false,
          required: true,
          condition: null,
        },
      ],
    });

    const res = await api.call('GET', `/api/formBuilders/${form.code}/public`);
    expect(res.statusCode, res.body).toBe(200);
    const steps: { type: string; template?: { _id: string; fields: { key: string }[] } | null }[] =
      res.json().data.steps;
    expect(steps[0]!.template?._id).toBe(template._id);
    expect(steps[0]!.template?.fields.map((field) => field.key)).toEqual(['name', 'email', 'budget']);
    expect(steps[1]!.template?._id).toBe(entity.primary_template_id);
    expect(steps[1]!.template?.fields.map((field) => field.key)).toEqual(['city']);
    expect(steps[2]).not.toHaveProperty('template');
  });
});
