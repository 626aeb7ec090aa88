import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { caller, createTemplate, keysOf, seedForm, seedSubmission, type SeededForm } from './send-test-utils';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let form: SeededForm;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  form = await seedForm(t, acme, await createTemplate(t, acme.users.OWNER));
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 20, 30));
  ids.asha = await seedSubmission(t, acme, form, {
    name: 'Asha',
    email: 'asha@example.com',
    values: {
      full_name: 'Asha Rao',
      amount: 1200,
      joined_on: '2026-01-05',
      called_at: '2026-01-05T20:30:00Z',
    },
    createdAt: day(1),
  });
  ids.bala = await seedSubmission(t, acme, form, {
    name: 'Bala',
    email: 'bala@example.com',
    values: { full_name: '=HYPERLINK("http://evil")', amount: 95 },
    createdAt: day(2),
  });
  ids.chen = await seedSubmission(t, acme, form, {
    name: 'Chen',
    email: 'chen@example.com',
    values: { full_name: 'Chen, "Li"', amount: 30000 },
    status: 'DRAFT',
    createdAt: day(3),
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Stands for the form's STATIC step in the table below (its id is known once the form exists). */
const STATIC_STEP = 'the-static-step';

const rowIds = (res: { json: () => { data: { data: { _id: string }[] } } }) =>
  res.json().data.data.map((r) => r._id);

describe('template data', () => {
  it("answers a step's values of the form's submissions, newest first, with the step's columns", async () => {
    const res = await call(
      'GET',
      `/api/template-data?formbuilder_details_id=${form.id}&limit=2`,
      acme.users.OWNER,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      total: 3,
      page: 1,
      total_pages: 2,
      step: { _id: form.steps[0]!.id, type: 'TEMPLATE' },
    });
    expect(data.columns.map((c: { key: string }) => c.key)).toEqual([
      'full_name',
      'amount',
      'work_email',
      'joined_on',
      'called_at',
    ]);
    expect(rowIds(res)).toEqual([ids.chen, ids.bala]);
    expect(data.data[1]).toMatchObject({
      status: 'SUBMITTED',
      filler: { kind: 'GUEST', email: 'bala@example.com', name: 'Bala' },
      values: { amount: 95 },
    });
    const submitted = await call(
      'GET',
      `/api/template-data?formbuilder_details_id=${form.id}&status=SUBMITTED&search=ASHA`,
      acme.users.OWNER,
    );
    expect(rowIds(submitted)).toEqual([ids.asha]);
  });

  it('filters in the body and sorts by a field or a column', async () => {
    const big = await call('POST', '/api/template-data', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      filters: [{ field: 'amount', operator: 'GREATER_THAN', value: 100 }],
    });
    expect(big.statusCode, big.body).toBe(200);
    expect(rowIds(big).sort()).toEqual([ids.asha, ids.chen].sort());
    const any = await call('POST', '/api/template-data', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      match: 'ANY',
      filters: [
        { field: 'full_name', operator: 'CONTAINS', value: 'rao' },
        { field: 'joined_on', operator: 'IS_NOT_EMPTY' },
        { field: 'filler_email', operator: 'STARTS_WITH', value: 'chen' },
      ],
    });
    expect(rowIds(any).sort()).toEqual([ids.asha, ids.chen].sort());
    const after = await call('POST', '/api/template-data', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      filters: [{ field: 'created_at', operator: 'GREATER_OR_EQUAL', value: '2026-01-02T00:00:00Z' }],
    });
    expect(rowIds(after).sort()).toEqual([ids.bala, ids.chen].sort());
    const sorted = await call('POST', '/api/sort-template-data', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      sort: [{ field: 'amount', direction: 'desc' }],
    });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(rowIds(sorted)).toEqual([ids.chen, ids.asha, ids.bala]);
    const byName = await call('POST', '/api/sort-template-data', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      sort: [{ field: 'filler_name' }],
      limit: 2,
      page: 2,
    });
    expect(rowIds(byName)).toEqual([ids.chen]);
  });

  const bad: [string, Record<string, unknown>, string[]][] = [
    [
      'an unknown field',
      { filters: [{ field: 'nope', operator: 'EQUALS', value: 'x' }] },
      ['filters.0.field'],
    ],
    ['a missing value', { filters: [{ field: 'amount', operator: 'EQUALS' }] }, ['filters.0.value']],
    [
      'an unknown operator',
      { filters: [{ field: 'amount', operator: 'IN', value: 1 }] },
      ['filters.0.operator'],
    ],
    [
      'a range on a time without a date',
      { filters: [{ field: 'created_at', operator: 'LESS_THAN', value: 'soon' }] },
      ['filters.0.value'],
    ],
    [
      'text matching on a time',
      { filters: [{ field: 'submitted_at', operator: 'CONTAINS', value: '2026' }] },
      ['filters.0.operator'],
    ],
    [
      'a number range with text',
      { filters: [{ field: 'amount', operator: 'LESS_THAN', value: 'many' }] },
      ['filters.0.value'],
    ],
    ['an unknown sort field', { sort: [{ field: 'nope' }] }, ['sort.0.field']],
    ['a bad sort direction', { sort: [{ field: 'amount', direction: 'up' }] }, ['sort.0.direction']],
    ['a step that holds no data', { step_id: STATIC_STEP }, ['step_id']],
    ['a bad step id', { step_id: 'x' }, ['step_id']],
    ['a limit over 500', { limit: 501 }, ['limit']],
  ];
  it.each(bad)('refuses %s with 422 keyed to the field', async (_label, body, keys) => {
    const payload: Record<string, unknown> = { formbuilder_details_id: form.id, ...body };
    if (payload.step_id === STATIC_STEP) payload.step_id = form.steps[1]!.id;
    const res = await call('POST', '/api/sort-template-data', acme.users.OWNER, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it("answers 404 for another company's form and 403 without view-submissions", async () => {
    expect(
      (await call('GET', `/api/template-data?formbuilder_details_id=${form.id}`, other.users.OWNER))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/template-data', other.users.OWNER, { formbuilder_details_id: form.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/template-data?formbuilder_details_id=${form.id}`, acme.users.MEMBER))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/template-data', acme.users.OWNER)).statusCode).toBe(422);
  });
});

describe('export', () => {
  it('streams a CSV named after the form: times in the zone, formula-safe cells', async () => {
    const res = await call('POST', `/api/export?tz=Asia/Kolkata`, acme.users.OWNER, {
      formbuilder_details_id: form.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(
      `attachment; filename="Onboarding ${form.code} submissions.csv"`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Submission id,Status,Name,Email,"Created (Asia/Kolkata, UTC+05:30)","Submitted (Asia/Kolkata, UTC+05:30)",' +
        'Full name,Amount,Work email,Joined on,Called at',
    );
    expect(lines).toHaveLength(4);
    const asha = lines.find((l) => l.startsWith(ids.asha!))!;
    // 20:30 UTC on Jan 1 is 02:00 on Jan 2 in Kolkata; DATE values keep their day.
    expect(asha).toContain(
      ',SUBMITTED,Asha,asha@example.com,01-02-2026 02:00:00,01-02-2026 02:00:00,Asha Rao,',
    );
    expect(asha).toContain(',01-05-2026,01-06-2026 02:00:00');
    expect(lines.find((l) => l.startsWith(ids.bala!))).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(lines.find((l) => l.startsWith(ids.chen!))).toContain(`,"Chen, ""Li""",`);
  });

  it('takes the usertimezone minutes, one step and a status; refuses a bad zone or step', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/export?tz=-330`,
      headers: { authorization: `Bearer ${acme.users.OWNER.token}` },
      payload: { formbuilder_details_id: form.id, step_id: form.steps[0]!.id, status: 'DRAFT' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `Onboarding ${form.code} - Applicant submissions.csv`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('Created (UTC+05:30)');
    expect(lines.slice(1).map((l) => l.slice(0, 36))).toEqual([ids.chen]);
    const zone = await call('POST', '/api/export?tz=Mars/Base', acme.users.OWNER, {
      formbuilder_details_id: form.id,
    });
    expect(zone.statusCode).toBe(422);
    expect(keysOf(zone)).toEqual(['tz']);
    const step = await call('POST', '/api/export', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      step_id: form.steps[1]!.id,
    });
    expect(keysOf(step)).toEqual(['step_id']);
    expect(
      (await call('POST', '/api/export', other.users.OWNER, { formbuilder_details_id: form.id })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/export', acme.users.MEMBER, { formbuilder_details_id: form.id })).statusCode,
    ).toBe(403);
  });
});
