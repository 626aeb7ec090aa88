import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts';
import { signedInContact, type ContactSession } from '../../../test/contact-session';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import {
  caller,
  createTemplate,
  seedContactType,
  seedForm,
  seedSubmission,
  waitForBatch,
  type SeededForm,
} from './send-test-utils';

/* The contact area's forms: GET /application-user/formbuilders, for a signed-in contact only. */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let x: ContactSession;
let y: ContactSession;
let sentToX: SeededForm;
let sentToY: SeededForm;
let tenantsForm: SeededForm;
let draftForm: SeededForm;
let foreignForm: SeededForm;

const staffOf = (company: SeededCompany) => ({
  headers: { authorization: `Bearer ${company.users.OWNER.token}` },
});

async function sendTo(form: SeededForm, contactId: string) {
  const res = await caller(t)('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
    formbuilder_details_id: form.id,
    contact_ids: [contactId],
  });
  expect(res.statusCode, res.body).toBe(202);
  await waitForBatch(t, acme.users.OWNER, form.id, res.json().data.batch_id);
}

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t);
  other = await seedCompany(t);
  const tenantsId = await seedContactType(t, acme, 'Tenants');
  x = await signedInContact(t, staffOf(acme), { fields: { contact_type_id: tenantsId } });
  y = await signedInContact(t, staffOf(acme));
  const template = await createTemplate(t, acme.users.OWNER);
  sentToX = await seedForm(t, acme, template);
  sentToY = await seedForm(t, acme, template, { settings: { one_per_person: true } });
  tenantsForm = await seedForm(t, acme, template, {
    ownerType: 'CONTACTS',
    settings: { contact_type_id: tenantsId },
  });
  draftForm = await seedForm(t, acme, template, {
    ownerType: 'CONTACTS',
    status: 'DRAFT',
    settings: { contact_type_id: tenantsId },
  });
  foreignForm = await seedForm(t, other, await createTemplate(t, other.users.OWNER));
  await sendTo(sentToX, x.contactId);
  await sendTo(sentToY, y.contactId);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });

type Form = { _id: string; availability: string; allows_many: boolean; submissions: { _id: string }[] };
const formsOf = (res: { json: () => { data: { data: Form[] } } }) => res.json().data.data;

describe('contact area forms', () => {
  it("lists the forms sent to the contact and their type's forms, with their own submissions only", async () => {
    // A submission of X's form by someone else, and one by X's email (a guest's answer).
    const strangers = await seedSubmission(t, acme, sentToX, { email: 'someone.else@example.com' });
    const byEmail = await seedSubmission(t, acme, sentToX, { email: x.email.toUpperCase() });
    await seedSubmission(t, other, foreignForm, { email: x.email });

    const res = await get('/api/application-user/formbuilders', x.headers);
    expect(res.statusCode, res.body).toBe(200);
    const forms = formsOf(res);
    expect(forms.map((f) => f._id).sort()).toEqual([sentToX.id, tenantsForm.id].sort());
    expect(res.json().data).toMatchObject({ total: 2, page: 1 });
    const sent = forms.find((f) => f._id === sentToX.id)!;
    expect(sent).toMatchObject({ availability: 'OPEN', allows_many: true });
    expect(sent.submissions).toHaveLength(2);
    expect(sent.submissions.map((s) => s._id)).toContain(byEmail);
    expect(sent.submissions.map((s) => s._id)).not.toContain(strangers);
    expect(forms.find((f) => f._id === tenantsForm.id)!.submissions).toEqual([]);
    expect(forms.map((f) => f._id)).not.toContain(draftForm.id);

    // Y: only the form sent to them; never X's submissions, nor the tenants' form.
    const ofY = formsOf(await get('/api/application-user/formbuilders', y.headers));
    expect(ofY.map((f) => f._id)).toEqual([sentToY.id]);
    expect(ofY[0]).toMatchObject({ allows_many: false });
    expect(ofY[0]!.submissions).toHaveLength(1);

    // Search and paging.
    const found = formsOf(
      await get(`/api/application-user/formbuilders?search=${encodeURIComponent(sentToX.code)}`, x.headers),
    );
    expect(found.map((f) => f._id)).toEqual([sentToX.id]);
    const paged = await get('/api/application-user/formbuilders?limit=1&page=2', x.headers);
    expect(paged.json().data).toMatchObject({ total: 2, page: 2, total_pages: 2 });
    expect(formsOf(paged)).toHaveLength(1);
  });

  it('answers 422 to a bad search, 401 without a token and 403 to a staff token', async () => {
    const long = await get(`/api/application-user/formbuilders?search=${'a'.repeat(101)}`, x.headers);
    expect(long.statusCode).toBe(422);
    expect(long.json().success).toBe(false);
    expect((await get('/api/application-user/formbuilders', {})).statusCode).toBe(401);
    expect((await get('/api/application-user/formbuilders', staffOf(acme).headers)).statusCode).toBe(403);
  });
});
