import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts';
import { seedContactCaller, type ContactCaller } from '../../../test/contact-caller';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { formSubmissions } from './schema';
import { createTemplate, seedContactType, seedForm, type SeededForm } from './send-test-utils';

/*
 * The contact area's forms, filled and approved by signed-in contacts through the fill routes:
 * `GET /formBuilders/code/{code}`, the `/formbuilder-data*` saves, submit and reads, and the
 * approval queue and decision. Contact X and Y are tenants, Z has no type (one form was sent to
 * them; they approve the tenants' answers of another), W is another company's contact.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let x: ContactCaller;
let y: ContactCaller;
let z: ContactCaller;
let w: ContactCaller;
let tenantsForm: SeededForm;
let approvalForm: SeededForm;
let staffForm: SeededForm;
let sentToZ: SeededForm;
let draftForm: SeededForm;
let tenantTypeId: string;
let foreignForm: SeededForm;

type Headers = Record<string, string>;
const staff = (company: SeededCompany): Headers => ({ authorization: `Bearer ${company.users.OWNER.token}` });

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers,
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t);
  other = await seedCompany(t);
  tenantTypeId = await seedContactType(t, acme, 'Tenants');
  x = await seedContactCaller(t, acme.companyId, { contactTypeId: tenantTypeId });
  y = await seedContactCaller(t, acme.companyId, { contactTypeId: tenantTypeId });
  z = await seedContactCaller(t, acme.companyId);
  w = await seedContactCaller(t, other.companyId);
  const template = await createTemplate(t, acme.users.OWNER);
  const ofTenants = { ownerType: 'CONTACTS' as const, settings: { contact_type_id: tenantTypeId } };
  tenantsForm = await seedForm(t, acme, template, ofTenants);
  approvalForm = await seedForm(t, acme, template, {
    ...ofTenants,
    settings: {
      contact_type_id: tenantTypeId,
      approval_levels: [{ approvers: [{ kind: 'CONTACT', contact_id: z.contactId }] }],
    },
  });
  staffForm = await seedForm(t, acme, template, { ownerType: 'COMPANY_USERS' });
  sentToZ = await seedForm(t, acme, template);
  draftForm = await seedForm(t, acme, template, { ...ofTenants, status: 'DRAFT' });
  foreignForm = await seedForm(t, other, await createTemplate(t, other.users.OWNER));
  // A send to Z: their DRAFT, as the send job writes it.
  await t.platform.database.db.insert(formSubmissions).values({
    companyId: acme.companyId,
    formBuilderId: sentToZ.id,
    formVersion: 1,
    status: 'DRAFT',
    fillerKind: 'CONTACT',
    fillerId: z.contactId,
    fillerEmail: z.email,
    fillerName: 'Zed',
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** `POST formbuilder-data/template` on the form's first step, as `who`. */
const startStep = (who: ContactCaller, form: SeededForm, values: Record<string, unknown>, complete = false) =>
  call('POST', '/api/formbuilder-data/template', who.headers, {
    formbuilder_details_id: form.id,
    step_id: form.steps[0]!.id,
    values,
    complete,
  });

/** Fills the form's first step and submits, as `who`; answers the submission. */
async function fillAndSubmit(form: SeededForm, who: ContactCaller) {
  const save = await startStep(who, form, { full_name: 'Ann Tenant', amount: 1200 }, true);
  expect(save.statusCode, save.body).toBe(200);
  const id = save.json().data._id as string;
  const submit = await call('PUT', `/api/formbuilder-data/${id}`, who.headers, { status: 'SUBMITTED' });
  expect(submit.statusCode, submit.body).toBe(200);
  return submit.json().data as { _id: string; status: string; filler: { kind: string; id: string } };
}

describe('a contact opening a form by its code', () => {
  it("reads their type's forms and the forms sent to them, with the steps' fields, and no other", async () => {
    const res = await call('GET', `/api/formBuilders/code/${tenantsForm.code.toUpperCase()}`, x.headers);
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().data;
    expect(form._id).toBe(tenantsForm.id);
    expect(form.steps[0].template.fields.map((f: { key: string }) => f.key)).toContain('full_name');
    const approval = await call('GET', `/api/formBuilders/code/${approvalForm.code}`, x.headers);
    expect(approval.json().data.settings.approval_levels).toEqual([]);
    expect((await call('GET', `/api/formBuilders/code/${sentToZ.code}`, z.headers)).statusCode).toBe(200);

    for (const [who, code] of [
      [x, staffForm.code],
      [x, draftForm.code],
      [x, sentToZ.code],
      [x, foreignForm.code],
      [z, tenantsForm.code],
      [w, tenantsForm.code],
      [x, 'no-such-form'],
    ] as const) {
      const refused = await call('GET', `/api/formBuilders/code/${code}`, who.headers);
      expect(refused.statusCode, `${code}: ${refused.body}`).toBe(404);
    }
    // Staff read the whole definition as before.
    const asStaff = await call('GET', `/api/formBuilders/code/${approvalForm.code}`, staff(acme));
    expect(asStaff.json().data.settings.approval_levels).toHaveLength(1);
  });
});

describe('a contact filling a form', () => {
  it('saves a draft, resumes it, submits as themselves and reads it back; Y never reaches it', async () => {
    const first = await startStep(x, tenantsForm, { full_name: 'Ann' });
    expect(first.statusCode, first.body).toBe(200);
    const draft = first.json().data;
    expect(draft).toMatchObject({
      status: 'DRAFT',
      filler: { kind: 'CONTACT', id: x.contactId, email: x.email },
    });
    expect(draft.filler.name).toMatch(/^Conny Tact/);

    // Starting again resumes the draft; the list of submissions shows it to X only.
    const again = await startStep(x, tenantsForm, { amount: 5 }, true);
    expect(again.json().data._id).toBe(draft._id);
    expect(again.json().data.values[tenantsForm.steps[0]!.id]).toMatchObject({ full_name: 'Ann', amount: 5 });
    const mine = await call(
      'GET',
      `/api/formbuilder-data?formbuilder_details_id=${tenantsForm.id}`,
      x.headers,
    );
    expect(mine.json().data.data.map((s: { _id: string }) => s._id)).toEqual([draft._id]);
    const ofY = await call(
      'GET',
      `/api/formbuilder-data?formbuilder_details_id=${tenantsForm.id}`,
      y.headers,
    );
    expect(ofY.json().data.data).toEqual([]);

    const status = await call('POST', '/api/formbuilder-data/step-status', x.headers, {
      formbuilder_data_id: draft._id,
    });
    expect(status.json().data).toMatchObject({ can_submit: true });
    const accepted = await call('POST', `/api/formbuilder-data/asset/${draft._id}`, x.headers, {
      step_id: tenantsForm.steps[1]!.id,
      accepted: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Y cannot save, submit, read or check the steps of X's submission.
    for (const [method, url, body] of [
      [
        'POST',
        `/api/formbuilder-data/template/${draft._id}`,
        { step_id: tenantsForm.steps[0]!.id, values: {} },
      ],
      ['PUT', `/api/formbuilder-data/${draft._id}`, { status: 'SUBMITTED' }],
      ['GET', `/api/formbuilder-data/${draft._id}`, undefined],
      ['POST', '/api/formbuilder-data/step-status', { formbuilder_data_id: draft._id }],
    ] as const) {
      const res = await call(method, url, y.headers, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // Another company's contact neither.
    expect((await call('GET', `/api/formbuilder-data/${draft._id}`, w.headers)).statusCode).toBe(404);

    const submitted = await call('PUT', `/api/formbuilder-data/${draft._id}`, x.headers, {
      status: 'SUBMITTED',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe('SUBMITTED');
    const read = await call('GET', `/api/formbuilder-data/${draft._id}`, x.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.history.map((e: { type: string }) => e.type)).toContain('SUBMITTED');
    // The history names the contact by their login, as it names members.
    expect(read.json().data.history[0].by).toBe('Contact Tester');
    // Staff see it among the form's answers; the contact area's list shows it under the form.
    expect((await call('GET', `/api/formbuilder-data/${draft._id}`, staff(acme))).statusCode).toBe(200);
    const list = await call('GET', '/api/application-user/formbuilders', x.headers);
    const entry = list.json().data.data.find((f: { _id: string }) => f._id === tenantsForm.id);
    expect(entry.submissions.map((s: { _id: string }) => s._id)).toEqual([draft._id]);
    // Submitted: locked.
    const locked = await call('POST', `/api/formbuilder-data/template/${draft._id}`, x.headers, {
      step_id: tenantsForm.steps[0]!.id,
      values: { full_name: 'Changed' },
    });
    expect(locked.statusCode).toBe(409);
  });

  it('fills the draft sent to them (Z, no contact type) and no other form', async () => {
    const res = await startStep(z, sentToZ, { full_name: 'Zed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.filler).toMatchObject({ kind: 'CONTACT', id: z.contactId });
    const own = await call('GET', `/api/formbuilder-data?formbuilder_details_id=${sentToZ.id}`, z.headers);
    expect(own.json().data.data).toHaveLength(1);
  });

  it('refuses forms not assigned to them (404) and bad bodies (422 by field)', async () => {
    const start = (who: ContactCaller, form: SeededForm) => startStep(who, form, {});
    expect((await start(x, staffForm)).statusCode).toBe(404);
    expect((await start(x, draftForm)).statusCode).toBe(404);
    expect((await start(x, sentToZ)).statusCode).toBe(404);
    expect((await start(x, foreignForm)).statusCode).toBe(404);
    expect((await start(z, tenantsForm)).statusCode).toBe(404);
    expect((await start(w, tenantsForm)).statusCode).toBe(404);

    const step = tenantsForm.steps[0]!.id;
    const attacks: Array<[string, Record<string, unknown>, string]> = [
      [
        'form id not a uuid',
        { formbuilder_details_id: 'x', step_id: step, values: {} },
        'formbuilder_details_id',
      ],
      ['no step', { formbuilder_details_id: tenantsForm.id, values: {} }, 'step_id'],
      [
        'a step of no form',
        { formbuilder_details_id: tenantsForm.id, step_id: draftForm.steps[0]!.id, values: {} },
        'step_id',
      ],
      [
        'a number as text',
        { formbuilder_details_id: tenantsForm.id, step_id: step, values: { amount: 'lots' } },
        'values.amount',
      ],
      [
        'values not an object',
        { formbuilder_details_id: tenantsForm.id, step_id: step, values: [1] },
        'values',
      ],
      [
        'a huge version',
        { formbuilder_details_id: tenantsForm.id, step_id: step, values: {}, version: 1e20 },
        'version',
      ],
    ];
    for (const [name, body, key] of attacks) {
      const res = await call('POST', '/api/formbuilder-data/template', y.headers, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(
        res.json().errors.details.map((e: { key: string }) => e.key),
        name,
      ).toContain(key);
    }
    const badId = await call('PUT', '/api/formbuilder-data/not-an-id', y.headers, { status: 'SUBMITTED' });
    expect(badId.statusCode).toBe(404);
    const badStatus = await call('PUT', `/api/formbuilder-data/${tenantsForm.id}`, y.headers, {
      status: 'APPROVED',
    });
    expect(badStatus.statusCode).toBe(422);
  });

  it("keeps staff-only routes 403 for a contact's token", async () => {
    const [row] = await t.platform.database.db
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .limit(1);
    const id = row!.id;
    for (const [method, url, body] of [
      ['GET', '/api/formBuilders', undefined],
      ['GET', `/api/formBuilders/${tenantsForm.id}`, undefined],
      ['PUT', '/api/formBuilders', { _id: tenantsForm.id }],
      ['DELETE', `/api/formBuilders/${tenantsForm.id}`, undefined],
      ['POST', '/api/formbuilder-data/delete-many', { ids: [id] }],
      ['DELETE', `/api/formbuilder-data/${id}`, undefined],
      ['PATCH', `/api/formbuilder/templates-data/${id}/${tenantsForm.steps[0]!.id}`, { values: {} }],
      [
        'POST',
        '/api/formbuilder-data/send',
        { formbuilder_details_id: tenantsForm.id, contact_ids: [x.contactId] },
      ],
      ['POST', '/api/formBuilders/resendapprovals/', { formbuilder_data_id: id }],
      ['GET', `/api/template-data?formbuilder_details_id=${tenantsForm.id}`, undefined],
    ] as const) {
      const res = await call(method, url, x.headers, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    // Corrections of values are staff's (manage-submissions), even on their own submission.
    const mine = await call(
      'GET',
      `/api/formbuilder-data?formbuilder_details_id=${tenantsForm.id}`,
      x.headers,
    );
    const own = mine.json().data.data[0]._id as string;
    const corrected = await call('PUT', `/api/formbuilder-data/${own}`, x.headers, {
      values: { [tenantsForm.steps[0]!.id]: { full_name: 'Forged' } },
    });
    expect(corrected.statusCode).toBe(403);
  });
});

describe('a contact approving', () => {
  it('lists what waits for them, reads it and decides; others get 404', async () => {
    const submitted = await fillAndSubmit(approvalForm, x);
    expect(submitted.status).toBe('PENDING_APPROVAL');
    const id = submitted._id;

    const queue = await call('GET', '/api/formbuilder-data/approval', z.headers);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.data.map((s: { _id: string }) => s._id)).toEqual([id]);
    expect(queue.json().data.data[0].form_name).toMatch(/^Onboarding/);
    expect((await call('GET', '/api/formbuilder-data/approval/count', z.headers)).json().data.count).toBe(1);
    for (const who of [x, y, w]) {
      expect((await call('GET', '/api/formbuilder-data/approval', who.headers)).json().data.data).toEqual([]);
      expect((await call('GET', '/api/formbuilder-data/approval/count', who.headers)).json().data.count).toBe(
        0,
      );
    }
    // The approver reads the submission; a contact neither filler nor approver gets 404.
    expect((await call('GET', `/api/formbuilder-data/${id}`, z.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/formbuilder-data/${id}`, y.headers)).statusCode).toBe(404);
    // Z reads the form (the entry screen shows its steps) but may not fill it: not of their type.
    expect((await call('GET', `/api/formBuilders/code/${approvalForm.code}`, z.headers)).statusCode).toBe(
      200,
    );
    const fill = await startStep(z, approvalForm, {});
    expect(fill.statusCode).toBe(404);

    const decide = (who: Headers, body: unknown, target = id) =>
      call('POST', `/api/formbuilder-data/${target}/approval`, who, body);
    expect((await decide(x.headers, { decision: 'APPROVED' })).statusCode).toBe(404);
    expect((await decide(y.headers, { decision: 'APPROVED' })).statusCode).toBe(404);
    expect((await decide(w.headers, { decision: 'APPROVED' })).statusCode).toBe(404);
    expect((await decide(staff(other), { decision: 'APPROVED' })).statusCode).toBe(404);
    expect((await decide(z.headers, { decision: 'APPROVED' }, 'not-an-id')).statusCode).toBe(404);
    const bad = await decide(z.headers, { decision: 'MAYBE', comment: 'x'.repeat(2001) });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.details.map((e: { key: string }) => e.key)
        .sort(),
    ).toEqual(['comment', 'decision']);

    const approved = await decide(z.headers, { decision: 'APPROVED', comment: 'Fine by me' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('APPROVED');
    expect((await decide(z.headers, { decision: 'REJECTED' })).statusCode).toBe(404);
    expect((await call('GET', '/api/formbuilder-data/approval/count', z.headers)).json().data.count).toBe(0);
    const history = (await call('GET', `/api/formbuilder-data/${id}`, x.headers)).json().data.history;
    expect(history.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['APPROVAL_APPROVED', 'APPROVED']),
    );
    // Staff approvers' queue works as before.
    expect((await call('GET', '/api/formbuilder-data/approval', staff(acme))).statusCode).toBe(200);
  });

  it('finds an approval asked of the email typed in a field when the email is a contact of theirs', async () => {
    const form = await seedForm(t, acme, await createTemplate(t, acme.users.OWNER), {
      ownerType: 'CONTACTS',
      settings: (steps) => ({
        contact_type_id: tenantTypeId,
        approval_levels: [
          { approvers: [{ kind: 'FIELD_EMAIL', step_id: steps[0]!.id!, field: 'work_email' }] },
        ],
      }),
    });
    const submitOf = async (email: string) => {
      const save = await startStep(x, form, { full_name: 'Ann Tenant', work_email: email }, true);
      expect(save.statusCode, save.body).toBe(200);
      const id = save.json().data._id as string;
      const submit = await call('PUT', `/api/formbuilder-data/${id}`, x.headers, { status: 'SUBMITTED' });
      expect(submit.json().data.status).toBe('PENDING_APPROVAL');
      return id;
    };
    // Typed in capitals: Z's own address all the same.
    const forZ = await submitOf(z.email.toUpperCase());
    const forStranger = await submitOf('someone.else@example.com');
    const queueOf = async (who: ContactCaller) =>
      (await call('GET', '/api/formbuilder-data/approval', who.headers))
        .json()
        .data.data.map((s: { _id: string }) => s._id);
    expect(await queueOf(z)).toEqual([forZ]);
    expect(await queueOf(y)).toEqual([]);
    expect(
      (
        await call('POST', `/api/formbuilder-data/${forStranger}/approval`, z.headers, {
          decision: 'APPROVED',
        })
      ).statusCode,
    ).toBe(404);
    const decided = await call('POST', `/api/formbuilder-data/${forZ}/approval`, z.headers, {
      decision: 'APPROVED',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data.status).toBe('APPROVED');
  });
});
