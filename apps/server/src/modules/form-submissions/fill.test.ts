import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFormSettingsInput, TStoredFormStep } from '@esigns/contracts/form-builders';
import { emailLogs } from '../../platform/mail/schema';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { entities } from '../entities/schema';
import { entityData } from '../entity-data/schema';
import { createGuestSession } from '../form-builders';
import { formApprovals, formSubmissionEvents } from './schema';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let applicantTpl: string;
let loanTpl: string;
let leadTpl: string;
let leadEntity: string;

type Who = SeededUser | { headers: Record<string, string> };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: Who, payload?: unknown) =>
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
async function createTemplate(name: string, fields: unknown[]): Promise<string> {
  seq += 1;
  const res = await call('POST', '/api/template/create', acme.users.ADMIN, {
    name: `${name} ${seq}`,
    fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

type Steps = { s1: string; s2: string; s3: string; s4: string };
type SeededForm = { id: string; code: string; steps: Steps };

/** A form of `company` made through `POST /formBuilders`: applicant, loan if wanted, terms, lead. */
async function seedForm(
  company: SeededCompany,
  options: {
    settings?: TFormSettingsInput | ((steps: Steps) => TFormSettingsInput);
    ownerType?: 'ANYONE' | 'COMPANY_USERS';
    status?: 'ACTIVE' | 'INACTIVE';
  } = {},
): Promise<SeededForm> {
  seq += 1;
  const ids: Steps = { s1: randomUUID(), s2: randomUUID(), s3: randomUUID(), s4: randomUUID() };
  const steps: TStoredFormStep[] = [
    {
      id: ids.s1,
      name: 'Applicant',
      type: 'TEMPLATE',
      template_id: applicantTpl,
      required: true,
      condition: null,
    },
    {
      id: ids.s2,
      name: 'Loan',
      type: 'TEMPLATE',
      template_id: loanTpl,
      required: true,
      condition: {
        match: 'ALL',
        rules: [{ step_id: ids.s1, field: 'wants_loan', operator: 'EQUALS', value: 'Yes' }],
      },
    },
    {
      id: ids.s3,
      name: 'Terms',
      type: 'STATIC',
      content: 'Read me',
      require_accept: true,
      required: true,
      condition: null,
    },
    {
      id: ids.s4,
      name: 'Lead',
      type: 'ENTITY',
      entity_id: leadEntity,
      update_existing: false,
      required: false,
      condition: null,
    },
  ];
  const settings = typeof options.settings === 'function' ? options.settings(ids) : (options.settings ?? {});
  const res = await call('POST', '/api/formBuilders', company.users.ADMIN, {
    name: `Loan application ${seq}`,
    owner_type: options.ownerType ?? 'ANYONE',
    status: options.status ?? 'ACTIVE',
    steps,
    settings,
  });
  expect(res.statusCode, res.body).toBe(201);
  const form = res.json().data as { _id: string; code: string; steps: { id: string }[] };
  expect(form.steps.map((s) => s.id)).toEqual([ids.s1, ids.s2, ids.s3, ids.s4]);
  return { id: form._id, code: form.code, steps: ids };
}

async function guestOf(form: SeededForm, company: SeededCompany, email: string | null): Promise<Who> {
  const session = await createGuestSession(t.platform.database.db, {
    companyId: company.companyId,
    formBuilderId: form.id,
    email,
    kind: email ? 'GUEST' : 'ANONYMOUS',
    ttlDays: 1,
  });
  return { headers: { userid: session.guestId, passcode: session.secret, formbuilderid: form.id } };
}

const applicant = (wantsLoan: 'Yes' | 'No', email = 'approver@outside.example') => ({
  name: 'Asha Rao',
  email,
  wants_loan: wantsLoan,
});

/** Fills every visible step of `form` as `who` and answers the submission id. */
async function fillAll(
  form: SeededForm,
  who: Who,
  wantsLoan: 'Yes' | 'No' = 'Yes',
  email?: string,
): Promise<string> {
  const start = await call('POST', '/api/formbuilder-data/template', who, {
    formbuilder_details_id: form.id,
    step_id: form.steps.s1,
    values: applicant(wantsLoan, email),
    complete: true,
  });
  expect(start.statusCode, start.body).toBe(200);
  const id = start.json().data._id as string;
  if (wantsLoan === 'Yes') {
    const loan = await call('POST', `/api/formbuilder-data/template/${id}`, who, {
      step_id: form.steps.s2,
      values: { amount: 250000 },
      complete: true,
    });
    expect(loan.statusCode, loan.body).toBe(200);
  }
  const terms = await call('POST', `/api/formbuilder-data/asset/${id}`, who, {
    step_id: form.steps.s3,
    accepted: true,
  });
  expect(terms.statusCode, terms.body).toBe(200);
  return id;
}

async function latestMailTo(email: string) {
  const [mail] = await t.platform.database.db
    .select()
    .from(emailLogs)
    .where(sql`${email} = ANY(${emailLogs.to})`)
    .orderBy(desc(emailLogs.createdAt));
  return mail;
}

/** The outside approver's headers from the link in their mail. */
async function approverHeadersFromMail(email: string): Promise<{ headers: Record<string, string> }> {
  const mail = await latestMailTo(email);
  const match = /approval=([0-9a-f-]{36})&(?:amp;)?t=([A-Za-z0-9_-]+)/.exec(mail?.html ?? '');
  if (!match) throw new Error(`no approval link mailed to ${email}`);
  return { headers: { approvercontactid: match[1]!, passcode: match[2]! } };
}

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Loans' });
  other = await seedCompany(t, { name: 'Other Loans' });
  applicantTpl = await createTemplate('Applicant', [
    { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'email', label: 'Email', type: 'EMAIL', required: true },
    {
      key: 'wants_loan',
      label: 'Wants a loan',
      type: 'SELECT',
      options: [{ value: 'Yes' }, { value: 'No' }],
    },
  ]);
  loanTpl = await createTemplate('Loan', [
    { key: 'amount', label: 'Amount', type: 'NUMBER', min: 1, required: true },
  ]);
  leadTpl = await createTemplate('Lead', [
    { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
  ]);
  const [entity] = await t.platform.database.db
    .insert(entities)
    .values({
      companyId: acme.companyId,
      name: 'Leads',
      slug: 'leads',
      entityType: 'GENERAL',
      templates: [{ template_id: leadTpl, is_primary: true, hidden_on_add: false }],
      primaryTemplateId: leadTpl,
    })
    .returning({ id: entities.id });
  leadEntity = entity!.id;
});
afterAll(async () => {
  await t.close();
});

describe('filling and approving', () => {
  it('fills three steps and an entity step, submits, and is approved by two levels', async () => {
    const manager = acme.users.MANAGER;
    const form = await seedForm(acme, {
      settings: (steps) => ({
        approval_levels: [
          { name: 'Manager', rule: 'ANY', approvers: [{ kind: 'COMPANY_USER', user_id: manager.userId }] },
          {
            name: 'Guarantor',
            rule: 'ALL',
            approvers: [{ kind: 'FIELD_EMAIL', step_id: steps.s1, field: 'email' }],
          },
        ],
      }),
    });
    const member = acme.users.MEMBER;

    const partial = await call('POST', '/api/formbuilder-data/template', member, {
      formbuilder_details_id: form.id,
      step_id: form.steps.s1,
      values: { name: 'Asha' },
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().data).toMatchObject({
      status: 'DRAFT',
      filler: { kind: 'USER', id: member.userId },
    });
    const id = await fillAll(form, member, 'Yes', 'guarantor@outside.example');
    expect(id).toBe(partial.json().data._id);

    const lead = await call('POST', `/api/formbuilder-data/entity/${id}`, member, {
      step_id: form.steps.s4,
      values: { name: 'Asha Rao' },
      complete: true,
    });
    expect(lead.statusCode, lead.body).toBe(200);
    const leadStep = lead.json().data.steps.find((s: { step_id: string }) => s.step_id === form.steps.s4);
    expect(leadStep.entity_data_id).toBeTruthy();
    const [record] = await t.platform.database.db
      .select()
      .from(entityData)
      .where(eq(entityData.id, leadStep.entity_data_id));
    expect(record?.values[leadTpl]).toMatchObject({ name: 'Asha Rao' });

    const status = await call('POST', '/api/formbuilder-data/step-status', member, {
      formbuilder_data_id: id,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toMatchObject({ can_submit: true, next_step_id: null });
    expect(status.json().data.steps.map((s: { status: string }) => s.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
    ]);

    const submitted = await call('PUT', `/api/formbuilder-data/${id}`, member, { status: 'SUBMITTED' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({ status: 'PENDING_APPROVAL', current_level: 0 });
    const again = await call('POST', `/api/formbuilder-data/template/${id}`, member, {
      step_id: form.steps.s2,
      values: {},
    });
    expect(again.statusCode).toBe(409);

    const count = await call('GET', '/api/formbuilder-data/approval/count', manager);
    expect(count.json().data.count).toBe(1);
    const queue = await call('GET', '/api/formbuilder-data/approval', manager);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.data[0]).toMatchObject({ _id: id, current_level: 0, code: form.code });
    expect(await latestMailTo(manager.email)).toMatchObject({ kind: 'form.approval-requested' });
    // Someone who is not an approver of it.
    const stranger = await call('POST', `/api/formbuilder-data/${id}/approval`, acme.users.ADMIN, {
      decision: 'APPROVED',
    });
    expect(stranger.statusCode).toBe(404);

    const first = await call('POST', `/api/formbuilder-data/${id}/approval`, manager, {
      decision: 'APPROVED',
      comment: 'Fine',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'PENDING_APPROVAL', current_level: 1 });
    const twice = await call('POST', `/api/formbuilder-data/${id}/approval`, manager, {
      decision: 'APPROVED',
    });
    expect(twice.statusCode).toBe(404);

    const outside = await approverHeadersFromMail('guarantor@outside.example');
    const auth = await call('GET', '/api/formBuilders/approvals/auth', outside);
    expect(auth.statusCode, auth.body).toBe(200);
    expect(auth.json().data).toMatchObject({
      authDetails: { formbuilder_data_id: id, level: 1, decided: null, can_decide: true, code: form.code },
      userDetails: { email: 'guarantor@outside.example' },
    });
    const read = await call('GET', `/api/formbuilder-data/${id}`, outside);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.values[form.steps.s1]).toMatchObject({ name: 'Asha Rao' });
    const last = await call('POST', `/api/formbuilder-data/${id}/approval`, outside, {
      decision: 'APPROVED',
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data).toMatchObject({ status: 'APPROVED', current_level: null });
    expect(last.json().data.decisions).toHaveLength(2);
    expect(await latestMailTo(member.email)).toMatchObject({ kind: 'form.approved' });

    const detail = await call('GET', `/api/formbuilder-data/${id}`, member);
    expect(detail.statusCode, detail.body).toBe(200);
    const history = detail.json().data.history as { type: string; by: string | null; detail: string }[];
    expect(history).toContainEqual(
      expect.objectContaining({ type: 'STEP_COMPLETED', detail: 'Completed Applicant', by: 'Member Tester' }),
    );
    expect(history).toContainEqual(
      expect.objectContaining({ type: 'APPROVAL_APPROVED', detail: 'Approved at level 1: Fine' }),
    );
    const events = history.map((e) => e.type);
    expect(events).toEqual(
      expect.arrayContaining([
        'STARTED',
        'STEP_SAVED',
        'STEP_COMPLETED',
        'SUBMITTED',
        'APPROVAL_APPROVED',
        'APPROVED',
      ]),
    );
    expect(
      await call('GET', '/api/formbuilder-data/approval/count', manager).then((r) => r.json().data.count),
    ).toBe(0);
  });

  it('skips a step whose condition does not hold, and drops its values at submit', async () => {
    const form = await seedForm(acme);
    const member = acme.users.MEMBER;
    const start = await call('POST', '/api/formbuilder-data/template', member, {
      formbuilder_details_id: form.id,
      step_id: form.steps.s1,
      values: applicant('Yes'),
      complete: true,
    });
    const id = start.json().data._id;
    await call('POST', `/api/formbuilder-data/template/${id}`, member, {
      step_id: form.steps.s2,
      values: { amount: 5 },
    });
    // The applicant changes their mind: the loan step is hidden now.
    await call('POST', `/api/formbuilder-data/template/${id}`, member, {
      step_id: form.steps.s1,
      values: { wants_loan: 'No' },
      complete: true,
    });
    const hidden = await call('POST', `/api/formbuilder-data/template/${id}`, member, {
      step_id: form.steps.s2,
      values: {},
    });
    expect(hidden.statusCode).toBe(409);
    const status = await call('POST', '/api/formbuilder-data/step-status', member, {
      formbuilder_data_id: id,
    });
    expect(status.json().data.steps[1]).toMatchObject({ visible: false, status: 'SKIPPED' });
    expect(status.json().data).toMatchObject({ next_step_id: form.steps.s3, can_submit: false });
    const early = await call('PUT', `/api/formbuilder-data/${id}`, member, { status: 'SUBMITTED' });
    expect(early.statusCode).toBe(422);
    expect(keysOf(early)).toEqual([`steps.${form.steps.s3}`]);
    await call('POST', `/api/formbuilder-data/asset/${id}`, member, {
      step_id: form.steps.s3,
      accepted: true,
    });
    const done = await call('PUT', `/api/formbuilder-data/${id}`, member, { status: 'SUBMITTED' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('SUBMITTED');
    expect(done.json().data.values[form.steps.s2]).toBeUndefined();
  });

  it('sends a submission back on rejection; the filler edits and resubmits', async () => {
    const form = await seedForm(acme, {
      settings: {
        approval_levels: [
          {
            rule: 'ALL',
            send_back_on_reject: true,
            approvers: [
              { kind: 'USER_TYPE', user_type: 'MANAGER' },
              { kind: 'COMPANY_USER', user_id: acme.users.ADMIN.userId },
            ],
          },
        ],
      },
    });
    const member = acme.users.MEMBER;
    const id = await fillAll(form, member, 'No');
    expect(
      (await call('PUT', `/api/formbuilder-data/${id}`, member, { status: 'SUBMITTED' })).statusCode,
    ).toBe(200);
    const approve = await call('POST', `/api/formbuilder-data/${id}/approval`, acme.users.ADMIN, {
      decision: 'APPROVED',
    });
    expect(approve.json().data).toMatchObject({ status: 'PENDING_APPROVAL', current_level: 0 });
    const reject = await call('POST', `/api/formbuilder-data/${id}/approval`, acme.users.MANAGER, {
      decision: 'REJECTED',
      comment: 'Name is wrong',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json().data).toMatchObject({ status: 'SENT_BACK', current_level: null });
    expect(await latestMailTo(member.email)).toMatchObject({ kind: 'form.sent_back' });
    const edit = await call('POST', '/api/formbuilder-data/template', member, {
      formbuilder_details_id: form.id,
      step_id: form.steps.s1,
      values: { name: 'Asha R. Rao' },
      complete: true,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data._id).toBe(id);
    const resubmit = await call('PUT', `/api/formbuilder-data/${id}`, member, { status: 'SUBMITTED' });
    expect(resubmit.json().data).toMatchObject({
      status: 'PENDING_APPROVAL',
      current_level: 0,
      decisions: [],
    });
    // A new round: the earlier approval does not count.
    const round = await call('POST', `/api/formbuilder-data/${id}/approval`, acme.users.MANAGER, {
      decision: 'APPROVED',
    });
    expect(round.json().data).toMatchObject({ status: 'PENDING_APPROVAL', current_level: 0 });
    const resend = await call('POST', '/api/formBuilders/resendapprovals/', acme.users.ADMIN, {
      formbuilder_data_id: id,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().data.resent).toBe(1);
    const done = await call('POST', `/api/formbuilder-data/${id}/approval`, acme.users.ADMIN, {
      decision: 'APPROVED',
    });
    expect(done.json().data).toMatchObject({ status: 'APPROVED' });
  });

  it('REJECTS without send-back, and staff correct values with a history event', async () => {
    const form = await seedForm(acme, {
      settings: {
        approval_levels: [{ approvers: [{ kind: 'COMPANY_USER', user_id: acme.users.MANAGER.userId }] }],
      },
    });
    const id = await fillAll(form, acme.users.MEMBER, 'No');
    await call('PUT', `/api/formbuilder-data/${id}`, acme.users.MEMBER, { status: 'SUBMITTED' });
    const reject = await call('POST', `/api/formbuilder-data/${id}/approval`, acme.users.MANAGER, {
      decision: 'REJECTED',
    });
    expect(reject.json().data.status).toBe('REJECTED');

    const bad = await call('PUT', `/api/formbuilder-data/${id}`, acme.users.ADMIN, {
      values: { [form.steps.s1]: { email: 'nope' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual([`values.${form.steps.s1}.email`]);
    const memberTries = await call('PUT', `/api/formbuilder-data/${id}`, acme.users.MEMBER, {
      values: { [form.steps.s1]: { name: 'X' } },
    });
    expect(memberTries.statusCode).toBe(403);
    const fixed = await call(
      'PATCH',
      `/api/formbuilder/templates-data/${id}/${applicantTpl}`,
      acme.users.ADMIN,
      {
        values: { name: 'Asha Rao (corrected)' },
      },
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.values[form.steps.s1].name).toBe('Asha Rao (corrected)');
    const [event] = await t.platform.database.db
      .select()
      .from(formSubmissionEvents)
      .where(
        and(eq(formSubmissionEvents.submissionId, id), eq(formSubmissionEvents.event, 'VALUES_CORRECTED')),
      );
    expect(event?.details).toMatchObject({ changes: [{ step_id: form.steps.s1, fields: ['name'] }] });
  });
});

describe('bad input', () => {
  let form: SeededForm;
  let id: string;
  beforeAll(async () => {
    form = await seedForm(acme);
    const start = await call('POST', '/api/formbuilder-data/template', acme.users.MEMBER, {
      formbuilder_details_id: form.id,
      step_id: form.steps.s1,
      values: { name: 'A' },
    });
    id = start.json().data._id;
  });

  it.each([
    ['no form', () => ({ step_id: form.steps.s1, values: {} }), ['formbuilder_details_id']],
    [
      'a malformed form id',
      () => ({ formbuilder_details_id: 'x', step_id: form.steps.s1 }),
      ['formbuilder_details_id'],
    ],
    ['no step', () => ({ formbuilder_details_id: form.id, values: {} }), ['step_id']],
    [
      'a step of no form',
      () => ({ formbuilder_details_id: form.id, step_id: randomUUID(), values: {} }),
      ['step_id'],
    ],
    [
      'a STATIC step on the template route',
      () => ({ formbuilder_details_id: form.id, step_id: form.steps.s3 }),
      ['step_id'],
    ],
    [
      'values not an object',
      () => ({ formbuilder_details_id: form.id, step_id: form.steps.s1, values: [1] }),
      ['values'],
    ],
    [
      'an unknown field',
      () => ({ formbuilder_details_id: form.id, step_id: form.steps.s1, values: { nope: 1 } }),
      ['values.nope'],
    ],
    [
      'a bad email',
      () => ({ formbuilder_details_id: form.id, step_id: form.steps.s1, values: { email: 'x' } }),
      ['values.email'],
    ],
    [
      'a required field missing on complete',
      () => ({
        formbuilder_details_id: form.id,
        step_id: form.steps.s1,
        values: { name: '', email: 'a@b.co' },
        complete: true,
      }),
      ['values.name'],
    ],
    [
      'complete not a boolean',
      () => ({ formbuilder_details_id: form.id, step_id: form.steps.s1, complete: 'yes' }),
      ['complete'],
    ],
  ])('start with %s: 422', async (_name, body, keys) => {
    const res = await call('POST', '/api/formbuilder-data/template', acme.users.MEMBER, body());
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it.each([
    [
      'a number below its minimum',
      () => ({ step_id: form.steps.s2, values: { amount: 0 } }),
      ['values.amount'],
    ],
    ['text in a number', () => ({ step_id: form.steps.s2, values: { amount: 'lots' } }), ['values.amount']],
    ['a version not a number', () => ({ step_id: form.steps.s1, values: {}, version: 'v1' }), ['version']],
  ])('save with %s: 422', async (_name, body, keys) => {
    await call('POST', `/api/formbuilder-data/template/${id}`, acme.users.MEMBER, {
      step_id: form.steps.s1,
      values: { wants_loan: 'Yes' },
    });
    const res = await call('POST', `/api/formbuilder-data/template/${id}`, acme.users.MEMBER, body());
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it('answers 409 for a version that moved, and 422 for a bad decision or acceptance', async () => {
    const res = await call('POST', `/api/formbuilder-data/template/${id}`, acme.users.MEMBER, {
      step_id: form.steps.s1,
      values: {},
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    const accept = await call('POST', `/api/formbuilder-data/asset/${id}`, acme.users.MEMBER, {
      step_id: form.steps.s3,
      accepted: false,
    });
    expect(keysOf(accept)).toEqual(['accepted']);
    const decision = await call('POST', `/api/formbuilder-data/${id}/approval`, acme.users.MANAGER, {
      decision: 'MAYBE',
    });
    expect(keysOf(decision)).toEqual(['decision']);
    const put = await call('PUT', `/api/formbuilder-data/${id}`, acme.users.MEMBER, { status: 'APPROVED' });
    expect(keysOf(put)).toEqual(['status']);
    const many = await call('POST', '/api/formbuilder-data/delete-many', acme.users.ADMIN, { ids: [] });
    expect(keysOf(many)).toEqual(['ids']);
  });
});

describe('reach', () => {
  it("answers 404 for another company's submission and form", async () => {
    const form = await seedForm(acme);
    const id = await fillAll(form, acme.users.MEMBER, 'No');
    const intruder = other.users.OWNER;
    const tries = [
      call('GET', `/api/formbuilder-data/${id}`, intruder),
      call('PUT', `/api/formbuilder-data/${id}`, intruder, { status: 'SUBMITTED' }),
      call('DELETE', `/api/formbuilder-data/${id}`, intruder),
      call('POST', `/api/formbuilder-data/template/${id}`, intruder, { step_id: form.steps.s1, values: {} }),
      call('POST', `/api/formbuilder-data/asset/${id}`, intruder, { step_id: form.steps.s3, accepted: true }),
      call('POST', '/api/formbuilder-data/step-status', intruder, { formbuilder_data_id: id }),
      call('POST', '/api/formbuilder-data/template', intruder, {
        formbuilder_details_id: form.id,
        step_id: form.steps.s1,
      }),
      call('PATCH', `/api/formbuilder/templates-data/${id}/${applicantTpl}`, intruder, { values: {} }),
      call('GET', `/api/formbuilder-data/${form.id}/user-data/${acme.users.MEMBER.userId}`, intruder),
      call('POST', '/api/formBuilders/resendapprovals/', intruder, { formbuilder_data_id: id }),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode, res.body).toBe(404);
    const many = await call('POST', '/api/formbuilder-data/delete-many', intruder, { ids: [id] });
    expect(many.json().data.deleted).toBe(0);
    // Members who only fill see their own submissions, not a colleague's.
    const colleague = await call('GET', `/api/formbuilder-data/${id}`, acme.users.MEMBER);
    expect(colleague.statusCode).toBe(200);
    const own = await call(
      'GET',
      `/api/formbuilder-data?formbuilder_details_id=${form.id}`,
      acme.users.MANAGER,
    );
    expect(own.json().data.total).toBe(1);
  });

  it('keeps guests to their own submissions; a guest resumes their draft', async () => {
    const form = await seedForm(acme);
    const first = await guestOf(form, acme, 'first@guest.example');
    const second = await guestOf(form, acme, 'second@guest.example');
    const start = await call('POST', '/api/formbuilder-data/template', first, {
      formbuilder_details_id: form.id,
      step_id: form.steps.s1,
      values: { name: 'First' },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.filler).toMatchObject({ kind: 'GUEST', email: 'first@guest.example' });
    const id = start.json().data._id;
    const tries = [
      call('GET', `/api/formbuilder-data/${id}`, second),
      call('POST', `/api/formbuilder-data/template/${id}`, second, { step_id: form.steps.s1, values: {} }),
      call('PUT', `/api/formbuilder-data/${id}`, second, { status: 'SUBMITTED' }),
      call('POST', '/api/formbuilder-data/step-status', second, { formbuilder_data_id: id }),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode, res.body).toBe(404);
    const list = await call('GET', '/api/formbuilder-data', second);
    expect(list.json().data.total).toBe(0);
    // A new session of the same email resumes the draft.
    const again = await guestOf(form, acme, 'first@guest.example');
    const resumed = await call('POST', '/api/formbuilder-data/template', again, {
      formbuilder_details_id: form.id,
      step_id: form.steps.s1,
      values: { email: 'first@guest.example', wants_loan: 'No' },
      complete: true,
    });
    expect(resumed.json().data._id).toBe(id);
    expect((await call('GET', `/api/formbuilder-data/${id}`, first)).statusCode).toBe(401);
    // A guest session of another form, and no session at all.
    const elsewhere = await guestOf(await seedForm(acme), acme, 'first@guest.example');
    expect((await call('GET', `/api/formbuilder-data/${id}`, elsewhere)).statusCode).toBe(404);
    expect((await call('GET', `/api/formbuilder-data/${id}`)).statusCode).toBe(401);
    // Guests never fill a staff-only form, nor delete.
    const staffOnly = await seedForm(acme, { ownerType: 'COMPANY_USERS' });
    const guest = await guestOf(staffOnly, acme, 'third@guest.example');
    const refused = await call('POST', '/api/formbuilder-data/template', guest, {
      formbuilder_details_id: staffOnly.id,
      step_id: staffOnly.steps.s1,
    });
    expect(refused.statusCode).toBe(404);
    expect((await call('DELETE', `/api/formbuilder-data/${id}`, again)).statusCode).toBe(401);
  });

  it("refuses an approver's link on another submission", async () => {
    const form = await seedForm(acme, {
      settings: (steps) => ({
        approval_levels: [{ approvers: [{ kind: 'FIELD_EMAIL', step_id: steps.s1, field: 'email' }] }],
      }),
    });
    const one = await fillAll(form, acme.users.MEMBER, 'No', 'one@outside.example');
    await call('PUT', `/api/formbuilder-data/${one}`, acme.users.MEMBER, { status: 'SUBMITTED' });
    const link = await approverHeadersFromMail('one@outside.example');
    const two = await fillAll(form, acme.users.MANAGER, 'No', 'two@outside.example');
    await call('PUT', `/api/formbuilder-data/${two}`, acme.users.MANAGER, { status: 'SUBMITTED' });
    const wrong = await call('POST', `/api/formbuilder-data/${two}/approval`, link, { decision: 'APPROVED' });
    expect(wrong.statusCode).toBe(404);
    expect((await call('GET', `/api/formbuilder-data/${two}`, link)).statusCode).toBe(404);
    expect((await call('GET', `/api/formbuilder-data/${one}`, link)).statusCode).toBe(200);
    const forged = await call(
      'POST',
      `/api/formbuilder-data/${one}/approval`,
      {
        headers: { approvercontactid: link.headers.approvercontactid!, passcode: 'guess' },
      },
      { decision: 'APPROVED' },
    );
    expect(forged.statusCode).toBe(401);
    const [row] = await t.platform.database.db
      .select()
      .from(formApprovals)
      .where(eq(formApprovals.submissionId, two));
    expect(row?.decision).toBeNull();
  });
});

describe('availability', () => {
  it('answers 409 for a closed, inactive or full form and a second answer of one person', async () => {
    const closed = await seedForm(acme, { settings: { closes_at: '2020-01-01T00:00:00Z' } });
    const res = await call('POST', '/api/formbuilder-data/template', acme.users.MEMBER, {
      formbuilder_details_id: closed.id,
      step_id: closed.steps.s1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('FORM_CLOSED');
    const inactive = await seedForm(acme, { status: 'INACTIVE' });
    const off = await call('POST', '/api/formbuilder-data/template', acme.users.MEMBER, {
      formbuilder_details_id: inactive.id,
      step_id: inactive.steps.s1,
    });
    expect(off.json().error_code).toBe('FORM_INACTIVE');

    const capped = await seedForm(acme, { settings: { max_submissions: 1, one_per_person: true } });
    const pending = await fillAll(capped, acme.users.MANAGER, 'No');
    const id = await fillAll(capped, acme.users.MEMBER, 'No');
    expect(
      (await call('PUT', `/api/formbuilder-data/${id}`, acme.users.MEMBER, { status: 'SUBMITTED' }))
        .statusCode,
    ).toBe(200);
    const second = await call('POST', '/api/formbuilder-data/template', acme.users.MEMBER, {
      formbuilder_details_id: capped.id,
      step_id: capped.steps.s1,
    });
    expect(second.statusCode).toBe(409);
    const full = await call('PUT', `/api/formbuilder-data/${pending}`, acme.users.MANAGER, {
      status: 'SUBMITTED',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error_code).toBe('FORM_FULL');
  });

  it('lets exactly one of two simultaneous last answers in', async () => {
    const capped = await seedForm(acme, { settings: { max_submissions: 1 } });
    const first = await fillAll(capped, acme.users.MEMBER, 'No');
    const second = await fillAll(capped, acme.users.MANAGER, 'No');
    const answers = await Promise.all([
      call('PUT', `/api/formbuilder-data/${first}`, acme.users.MEMBER, { status: 'SUBMITTED' }),
      call('PUT', `/api/formbuilder-data/${second}`, acme.users.MANAGER, { status: 'SUBMITTED' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('routes beside /formbuilder-data/{id}', () => {
  it('serves the fixed paths, lookups and deletes', async () => {
    const form = await seedForm(acme);
    const id = await fillAll(form, acme.users.MEMBER, 'No');
    expect(
      (await call('GET', '/api/formbuilder-data/approval', acme.users.MEMBER)).json().data,
    ).toMatchObject({ total: 0 });
    expect(
      (await call('GET', '/api/formbuilder-data/approval/count', acme.users.MEMBER)).json().data,
    ).toEqual({ count: 0 });
    const unique = await call(
      'GET',
      `/api/formbuilder-data/unique?formbuilder_details_id=${form.id}&step_id=${form.steps.s1}&field=name&value=asha%20rao`,
      acme.users.MEMBER,
    );
    expect(unique.statusCode, unique.body).toBe(200);
    expect(unique.json().data).toEqual({ unique: false });
    const person = await call(
      'GET',
      `/api/formbuilder-data/${form.id}/user-data/${acme.users.MEMBER.userId}`,
      acme.users.ADMIN,
    );
    expect(person.json().data).toMatchObject({ total_formbuilder_submissions: 1 });
    const lead = await call('POST', `/api/formbuilder-data/entity/${id}`, acme.users.MEMBER, {
      step_id: form.steps.s4,
      values: { name: 'Lead one' },
      complete: true,
    });
    const recordId = lead
      .json()
      .data.steps.find((s: { step_id: string }) => s.step_id === form.steps.s4).entity_data_id;
    const byRecord = await call(
      'GET',
      `/api/formbuilder-data/entity-user/${form.id}/user-data/${recordId}`,
      acme.users.ADMIN,
    );
    expect(byRecord.json().data.data.map((s: { _id: string }) => s._id)).toEqual([id]);
    const noBatch = await call(
      'GET',
      `/api/formbuilder-data/${acme.users.MEMBER.userId}/${randomUUID()}`,
      acme.users.ADMIN,
    );
    expect(noBatch.statusCode).toBe(404);
    const deleted = await call('POST', '/api/formbuilder-data/delete-many', acme.users.ADMIN, {
      ids: [id, randomUUID()],
    });
    expect(deleted.json().data).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/formbuilder-data/${id}`, acme.users.ADMIN)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/formbuilder-data/${id}`, acme.users.ADMIN)).statusCode).toBe(404);
  });
});
