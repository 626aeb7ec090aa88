import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFormBuilder } from '@esigns/contracts/form-builders';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { formTestClient, insertSubmitted, keysOf, seedDocumentTemplate } from './form-builders-test-utils';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let api: ReturnType<typeof formTestClient>;
let templateId: string;
let otherTemplateId: string;

beforeAll(async () => {
  t = await buildTestApp();
  api = formTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  templateId = (await api.createTemplate(acme.users.ADMIN))._id;
  otherTemplateId = (await api.createTemplate(other.users.ADMIN))._id;
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN = randomUUID();

describe('creating and reading forms', () => {
  it('creates a DRAFT form with step ids and an instance-wide code, and reads it back', async () => {
    const given = randomUUID();
    const res = await api.call('POST', '/api/formBuilders', acme.users.ADMIN, {
      name: '  Site visit request ',
      description: 'Book a visit',
      owner_type: 'ANYONE',
      steps: [
        { id: given, type: 'TEMPLATE', name: 'Your details', template_id: templateId },
        {
          type: 'STATIC',
          name: 'Terms',
          content: 'Be on time.',
          condition: { match: 'ALL', rules: [{ step_id: given, field: 'budget', operator: 'IS_NOT_EMPTY' }] },
        },
      ],
      settings: { secure_access: true, max_submissions: 10 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const form: TFormBuilder = res.json().data;
    expect(form).toMatchObject({
      name: 'Site visit request',
      status: 'DRAFT',
      owner_type: 'ANYONE',
      company_id: acme.companyId,
      version: 1,
      submissions_count: 0,
      created_by: acme.users.ADMIN.userId,
    });
    expect(form.code).toMatch(/^site-visit-request-[0-9a-z]{6}$/);
    expect(form.steps[0]!.id).toBe(given);
    expect(form.steps[1]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(form.settings).toMatchObject({ secure_access: true, max_submissions: 10, one_per_person: false });

    const byId = await api.call('GET', `/api/formBuilders/${form._id}`, acme.users.MANAGER);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toEqual(form);
    const byCode = await api.call(
      'GET',
      `/api/formBuilders/code/${form.code.toUpperCase()}`,
      acme.users.MANAGER,
    );
    expect(byCode.json().data._id).toBe(form._id);
    const reminders = await api.call(
      'GET',
      `/api/formBuilders/${form._id}/reminder-settings`,
      acme.users.MANAGER,
    );
    expect(reminders.json().data).toEqual({
      enabled: false,
      first_after_days: 2,
      repeat_every_days: 2,
      max_reminders: 3,
      remind_approvers: true,
    });
  });

  it('lists forms paged with search, filters, sort and submission counts', async () => {
    const a = await api.createForm(acme.users.ADMIN, { name: 'Zulu feedback', status: 'ACTIVE' });
    await api.createForm(acme.users.ADMIN, { name: 'Zulu draft' });
    await insertSubmitted(t, a);
    const res = await api.call('GET', '/api/formBuilders?search=zulu&sort=name&limit=50', acme.users.ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((f: TFormBuilder) => f.name)).toEqual(['Zulu draft', 'Zulu feedback']);
    expect(res.json().data).toMatchObject({ total: 2, page: 1, total_pages: 1 });
    expect(res.json().data.data[1].submissions_count).toBe(1);
    const active = await api.call('GET', '/api/formBuilders?search=zulu&status=ACTIVE', acme.users.ADMIN);
    expect(active.json().data.data.map((f: TFormBuilder) => f._id)).toEqual([a._id]);
    const paged = await api.call('GET', '/api/formBuilders?limit=1&page=2&search=zulu', acme.users.ADMIN);
    expect(paged.json().data).toMatchObject({ total: 2, page: 2, total_pages: 2 });
  });

  it('shows a member (fill only) the ACTIVE forms of company users, nothing else', async () => {
    const staffForm = await api.createForm(acme.users.ADMIN, {
      name: 'Leave request',
      owner_type: 'COMPANY_USERS',
      status: 'ACTIVE',
    });
    const guestForm = await api.createForm(acme.users.ADMIN, { name: 'Open house', status: 'ACTIVE' });
    const list = await api.call('GET', '/api/formBuilders?limit=100', acme.users.MEMBER);
    const ids = list.json().data.data.map((f: TFormBuilder) => f._id);
    expect(ids).toContain(staffForm._id);
    expect(ids).not.toContain(guestForm._id);
    expect((await api.call('GET', `/api/formBuilders/${staffForm._id}`, acme.users.MEMBER)).statusCode).toBe(
      200,
    );
    expect((await api.call('GET', `/api/formBuilders/${guestForm._id}`, acme.users.MEMBER)).statusCode).toBe(
      404,
    );
    expect((await api.call('POST', '/api/formBuilders', acme.users.MEMBER, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await api.call('DELETE', `/api/formBuilders/${staffForm._id}`, acme.users.MANAGER)).statusCode,
    ).toBe(403);
  });

  it("answers 404 for another company's, unknown and malformed ids", async () => {
    const theirs = await api.createForm(other.users.ADMIN, { name: 'Their form', status: 'ACTIVE' });
    for (const id of [theirs._id, UNKNOWN, 'not-an-id']) {
      expect((await api.call('GET', `/api/formBuilders/${id}`, acme.users.ADMIN)).statusCode).toBe(404);
      expect((await api.call('DELETE', `/api/formBuilders/${id}`, acme.users.ADMIN)).statusCode).toBe(404);
      expect(
        (await api.call('GET', `/api/formBuilders/${id}/reminder-settings`, acme.users.ADMIN)).statusCode,
      ).toBe(404);
    }
    expect(
      (await api.call('GET', `/api/formBuilders/code/${theirs.code}`, acme.users.ADMIN)).statusCode,
    ).toBe(404);
    const put = await api.call('PUT', '/api/formBuilders', acme.users.ADMIN, {
      _id: theirs._id,
      name: 'Taken over',
      steps: [{ type: 'STATIC', name: 'x', content: 'y' }],
    });
    expect(put.statusCode).toBe(404);
    const url = await api.call('POST', '/api/formBuilders-url', acme.users.ADMIN, {
      formbuilder_details_id: theirs._id,
    });
    expect(url.statusCode).toBe(404);
    const list = await api.call('GET', '/api/formBuilders?limit=500', acme.users.ADMIN);
    expect(list.json().data.data.some((f: TFormBuilder) => f._id === theirs._id)).toBe(false);
  });
});

describe('checking definitions', () => {
  const step = (extra: Record<string, unknown>) => ({ name: 'Step', ...extra });

  it.each([
    ['no steps', { steps: [] }, ['steps']],
    ['an unknown step type', { steps: [step({ type: 'VIDEO' })] }, ['steps.0.type']],
    ['a missing name', { name: '  ', steps: [step({ type: 'STATIC', content: 'x' })] }, ['name']],
    [
      'a malformed template id',
      { steps: [step({ type: 'TEMPLATE', template_id: 'abc' })] },
      ['steps.0.template_id'],
    ],
    ['an empty static page', { steps: [step({ type: 'STATIC', content: '' })] }, ['steps.0.content']],
    ['a bad owner type', { owner_type: 'EVERYBODY' }, ['owner_type']],
    ['a bad date', { settings: { opens_at: 'tomorrow' } }, ['settings.opens_at']],
    ['a zero cap', { settings: { max_submissions: 0 } }, ['settings.max_submissions']],
  ])('refuses %s (422 keyed by path)', async (_label, body, keys) => {
    const res = await api.call('POST', '/api/formBuilders', acme.users.ADMIN, {
      name: `Bad ${randomUUID()}`,
      steps: [step({ type: 'STATIC', content: 'x' })],
      ...body,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it('refuses what names nothing of the company, all problems at once', async () => {
    const first = randomUUID();
    const res = await api.call('POST', '/api/formBuilders', acme.users.ADMIN, {
      name: 'Broken references',
      owner_type: 'CONTACTS',
      steps: [
        { id: first, type: 'TEMPLATE', name: 'Details', template_id: templateId },
        { type: 'TEMPLATE', name: 'Theirs', template_id: otherTemplateId },
        { type: 'ENTITY', name: 'Entity', entity_id: UNKNOWN },
        { type: 'DOCUMENT', name: 'Sign', document_template_id: UNKNOWN },
        {
          type: 'STATIC',
          name: 'Cond',
          content: 'x',
          condition: {
            rules: [
              { step_id: first, field: 'nope', operator: 'IS_EMPTY' },
              { step_id: UNKNOWN, field: 'name', operator: 'IS_EMPTY' },
            ],
          },
        },
        { id: first, type: 'STATIC', name: 'Same id', content: 'x' },
      ],
      settings: {
        opens_at: '2030-01-02T00:00:00Z',
        closes_at: '2030-01-01T00:00:00Z',
        approval_levels: [
          {
            approvers: [
              { kind: 'COMPANY_USER', user_id: other.users.ADMIN.userId },
              { kind: 'CONTACT', contact_id: UNKNOWN },
              { kind: 'FIELD_EMAIL', step_id: first, field: 'name' },
              { kind: 'USER_TYPE', user_type: 'MANAGER' },
            ],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res).sort()).toEqual(
      [
        'steps.5.id',
        'steps.1.template_id',
        'steps.2.entity_id',
        'steps.3.document_template_id',
        'steps.4.condition.rules.0.field',
        'steps.4.condition.rules.1.step_id',
        'settings.contact_type_id',
        'settings.closes_at',
        'settings.approval_levels.0.approvers.0.user_id',
        'settings.approval_levels.0.approvers.1.contact_id',
        'settings.approval_levels.0.approvers.2.field',
      ].sort(),
    );
  });

  it('refuses a condition on a later or field-less step', async () => {
    const later = randomUUID();
    const page = randomUUID();
    const res = await api.call('POST', '/api/formBuilders', acme.users.ADMIN, {
      name: 'Order of steps',
      steps: [
        { id: page, type: 'STATIC', name: 'Intro', content: 'x' },
        {
          type: 'STATIC',
          name: 'Cond',
          content: 'x',
          condition: {
            rules: [
              { step_id: later, field: 'name', operator: 'IS_EMPTY' },
              { step_id: page, field: 'name', operator: 'IS_EMPTY' },
            ],
          },
        },
        { id: later, type: 'TEMPLATE', name: 'Later', template_id: templateId },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['steps.1.condition.rules.0.step_id', 'steps.1.condition.rules.1.step_id']);
  });

  it('accepts an email-field approver, a member approver and a contact type', async () => {
    const first = randomUUID();
    const type = await api.call('POST', '/api/contact-types', acme.users.ADMIN, {
      name: `Tenant ${randomUUID()}`,
    });
    expect(type.statusCode, type.body).toBe(200);
    const form = await api.createForm(acme.users.ADMIN, {
      owner_type: 'CONTACTS',
      steps: [{ id: first, type: 'TEMPLATE', name: 'Details', template_id: templateId }],
      settings: {
        contact_type_id: type.json().data._id,
        approval_levels: [
          {
            rule: 'ALL',
            approvers: [
              { kind: 'FIELD_EMAIL', step_id: first, field: 'email' },
              { kind: 'COMPANY_USER', user_id: acme.users.MANAGER.userId },
            ],
          },
        ],
      },
    });
    expect(form.settings.approval_levels[0]!.approvers).toHaveLength(2);
  });

  it('takes a document step of a company template, with one of its roles', async () => {
    const lease = await seedDocumentTemplate(t, acme.users.OWNER, acme.companyId, ['Tenant', 'Landlord']);
    const form = await api.createForm(acme.users.ADMIN, {
      steps: [{ type: 'DOCUMENT', name: 'Sign the lease', document_template_id: lease, role: 'tenant' }],
    });
    expect(form.steps[0]).toMatchObject({ type: 'DOCUMENT', document_template_id: lease, role: 'tenant' });
    const wrongRole = await api.call('POST', '/api/formBuilders', acme.users.ADMIN, {
      name: 'Wrong role',
      steps: [{ type: 'DOCUMENT', name: 'Sign', document_template_id: lease, role: 'Buyer' }],
    });
    expect(keysOf(wrongRole)).toEqual(['steps.0.role']);
    const theirs = await api.call('POST', '/api/formBuilders', other.users.ADMIN, {
      name: 'Not theirs',
      steps: [{ type: 'DOCUMENT', name: 'Sign', document_template_id: lease }],
    });
    expect(keysOf(theirs)).toEqual(['steps.0.document_template_id']);
  });

  it('keeps names unique in the company (ignoring case), not across companies', async () => {
    await api.createForm(acme.users.ADMIN, { name: 'Unique name' });
    const again = await api.call('POST', '/api/formBuilders', acme.users.ADMIN, {
      name: 'UNIQUE NAME',
      steps: [{ type: 'STATIC', name: 'x', content: 'y' }],
    });
    expect(again.statusCode).toBe(422);
    expect(keysOf(again)).toEqual(['name']);
    await api.createForm(other.users.ADMIN, { name: 'Unique name' });
  });
});

describe('changing and deleting forms', () => {
  it('replaces the definition, keeps step ids and the code, and refuses a stale version', async () => {
    const form = await api.createForm(acme.users.ADMIN, { templateId });
    const kept = form.steps[0]!;
    const res = await api.call('PUT', '/api/formBuilders', acme.users.ADMIN, {
      _id: form._id,
      version: form.version,
      name: `${form.name} (v2)`,
      status: 'ACTIVE',
      steps: [kept, { type: 'STATIC', name: 'Thanks', content: 'Done' }],
      settings: { ...form.settings, one_per_person: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: TFormBuilder = res.json().data;
    expect(updated).toMatchObject({ version: 2, status: 'ACTIVE', code: form.code });
    expect(updated.steps[0]!.id).toBe(kept.id);
    expect(updated.settings.one_per_person).toBe(true);

    const stale = await api.call('PUT', '/api/formBuilders', acme.users.ADMIN, {
      _id: form._id,
      version: 1,
      name: 'Stale',
      steps: [kept],
    });
    expect(stale.statusCode).toBe(409);
  });

  it('deletes softly: gone from reads and lists, the name free again', async () => {
    const form = await api.createForm(acme.users.ADMIN, { name: 'To delete', status: 'ACTIVE' });
    const del = await api.call('DELETE', `/api/formBuilders/${form._id}`, acme.users.ADMIN);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ _id: form._id });
    expect((await api.call('GET', `/api/formBuilders/${form._id}`, acme.users.ADMIN)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/formBuilders/${form._id}/public`)).statusCode).toBe(404);
    expect((await api.call('DELETE', `/api/formBuilders/${form._id}`, acme.users.ADMIN)).statusCode).toBe(
      404,
    );
    await api.createForm(acme.users.ADMIN, { name: 'To delete' });
  });
});

describe('sharing', () => {
  it('gives the public link of an ACTIVE form only', async () => {
    const draft = await api.createForm(acme.users.ADMIN, {});
    const refused = await api.call('POST', '/api/formBuilders-url', acme.users.ADMIN, {
      formbuilder_details_id: draft._id,
    });
    expect(refused.statusCode).toBe(409);
    const active = await api.createForm(acme.users.ADMIN, { status: 'ACTIVE' });
    const res = await api.call('POST', '/api/formBuilders-url', acme.users.ADMIN, {
      formbuilder_details_id: active._id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      url: `http://localhost:3000/public/fbd/${active.code}`,
      code: active.code,
    });
    expect(
      (
        await api.call('POST', '/api/formBuilders-url', acme.users.MANAGER, {
          formbuilder_details_id: active._id,
        })
      ).statusCode,
    ).toBe(403);
    const bad = await api.call('POST', '/api/formBuilders-url', acme.users.ADMIN, {
      formbuilder_details_id: 'x',
    });
    expect(keysOf(bad)).toEqual(['formbuilder_details_id']);
  });

  it('saves, reads, changes and deletes anonymous links; another company gets 404', async () => {
    const form = await api.createForm(acme.users.ADMIN, { status: 'ACTIVE' });
    const created = await api.call('POST', '/api/anonymous-form', acme.users.ADMIN, {
      formbuilder_details_id: form._id,
      name: 'Site QR code',
      params: { source: 'qr', prefill: { city: 'Pune' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json().data;
    expect(link).toMatchObject({
      formbuilder_details_id: form._id,
      name: 'Site QR code',
      params: { source: 'qr', prefill: { city: 'Pune' } },
      url: `http://localhost:3000/public/fbd/${form.code}?anonymous_form=${link._id}`,
    });
    expect((await api.call('GET', `/api/anonymous-form/${link._id}`, acme.users.ADMIN)).json().data).toEqual(
      link,
    );
    const changed = await api.call('POST', `/api/anonymous-form/${link._id}`, acme.users.ADMIN, {
      name: 'Gate QR',
    });
    expect(changed.json().data).toMatchObject({ name: 'Gate QR', params: link.params });

    for (const [method, payload] of [['GET'], ['POST', { name: 'x' }], ['DELETE']] as const) {
      const res = await api.call(method, `/api/anonymous-form/${link._id}`, other.users.ADMIN, payload);
      expect(res.statusCode).toBe(404);
    }
    const theirs = await api.call('POST', '/api/anonymous-form', other.users.ADMIN, {
      formbuilder_details_id: form._id,
    });
    expect(theirs.statusCode).toBe(404);
    const tooBig = await api.call('POST', '/api/anonymous-form', acme.users.ADMIN, {
      formbuilder_details_id: form._id,
      params: { blob: 'x'.repeat(25_000) },
    });
    expect(keysOf(tooBig)).toEqual(['params']);

    expect((await api.call('DELETE', `/api/anonymous-form/${link._id}`, acme.users.ADMIN)).statusCode).toBe(
      200,
    );
    expect((await api.call('GET', `/api/anonymous-form/${link._id}`, acme.users.ADMIN)).statusCode).toBe(404);
    expect((await api.call('GET', '/api/anonymous-form/nope', acme.users.ADMIN)).statusCode).toBe(404);
  });
});

describe('the templates forms use', () => {
  it('keeps a template a live form uses, and the fields its conditions and approvers name', async () => {
    const template = await api.createTemplate(acme.users.ADMIN);
    const first = randomUUID();
    const form = await api.createForm(acme.users.ADMIN, {
      name: 'Uses a template',
      steps: [
        { id: first, type: 'TEMPLATE', name: 'Details', template_id: template._id },
        {
          type: 'STATIC',
          name: 'Big budget',
          content: 'x',
          condition: { match: 'ALL', rules: [{ step_id: first, field: 'budget', operator: 'IS_NOT_EMPTY' }] },
        },
      ],
      settings: {
        approval_levels: [{ approvers: [{ kind: 'FIELD_EMAIL', step_id: first, field: 'email' }] }],
      },
    });
    const del = await api.call('DELETE', `/api/template/${template._id}`, acme.users.ADMIN);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('Used by the form Uses a template');

    const fields = (await api.call('GET', `/api/template/${template._id}`, acme.users.ADMIN)).json().data
      .fields;
    const withoutBudget = fields.filter((f: { key: string }) => f.key !== 'budget');
    const emailAsText = withoutBudget.map((f: { key: string; type: string }) =>
      f.key === 'email' ? { ...f, type: 'SINGLE_LINE_TEXT' } : f,
    );
    const put = await api.call('PUT', '/api/template', acme.users.ADMIN, {
      _id: template._id,
      fields: emailAsText,
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors.details.map((d: { message: string }) => d.message)).toEqual([
      'The form Uses a template uses the field budget: change the form first',
      'The form Uses a template mails approvers at email: keep it an email field',
    ]);

    expect((await api.call('DELETE', `/api/formBuilders/${form._id}`, acme.users.ADMIN)).statusCode).toBe(
      200,
    );
    expect((await api.call('DELETE', `/api/template/${template._id}`, acme.users.ADMIN)).statusCode).toBe(
      200,
    );
  });
});
