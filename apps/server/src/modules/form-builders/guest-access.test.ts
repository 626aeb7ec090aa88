import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFormBuilder } from '@esigns/contracts/form-builders';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { formTestClient, insertSubmitted, keysOf, lastPasscode } from './form-builders-test-utils';
import { formGuests, formPasscodes } from './schema';

let t: TestApp;
let acme: SeededCompany;
let api: ReturnType<typeof formTestClient>;

beforeAll(async () => {
  t = await buildTestApp();
  api = formTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
});
afterAll(async () => {
  await t.close();
});

const secureForm = (extra: Record<string, unknown> = {}) =>
  api.createForm(acme.users.ADMIN, { status: 'ACTIVE', settings: { secure_access: true }, ...extra });
const email = () => `guest-${randomUUID().slice(0, 8)}@example.com`;
const sendCode = (form: TFormBuilder, to: string, ip?: string) =>
  api.call(
    'POST',
    '/api/formBuilders/sent-otp',
    undefined,
    { formbuilder_details_id: form._id, email: to },
    ip,
  );
const verify = (form: TFormBuilder, to: string, code: string) =>
  api.call('POST', '/api/formBuilders/verify', undefined, {
    formbuilder_details_id: form._id,
    email: to,
    code,
  });
const sessionHeaders = (form: TFormBuilder, session: { contact: { _id: string }; passcode: string }) => ({
  userid: session.contact._id,
  passcode: session.passcode,
  formbuilderid: form._id,
});
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the public form', () => {
  it("shows an ACTIVE form by id or code, without the company's other data", async () => {
    const form = await secureForm({ description: 'Tell us about your visit' });
    for (const key of [form._id, form.code, form.code.toUpperCase()]) {
      const res = await api.call('GET', `/api/formBuilders/${key}/public`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        _id: form._id,
        code: form.code,
        name: form.name,
        description: 'Tell us about your visit',
        secure_access: true,
        availability: 'OPEN',
        total_submissions_count: 0,
        company: { name: 'Acme Realty', logo_url: null },
        auth_user: null,
      });
      expect(res.json().data.company_id).toBeUndefined();
      expect(res.json().data.settings).toBeUndefined();
    }
  });

  it('hides DRAFT and unknown forms (404)', async () => {
    const draft = await api.createForm(acme.users.ADMIN, {});
    for (const key of [draft._id, draft.code, randomUUID(), 'no-such-code']) {
      expect((await api.call('GET', `/api/formBuilders/${key}/public`)).statusCode).toBe(404);
    }
  });

  it.each([
    ['INACTIVE', { status: 'INACTIVE' }, 0],
    ['NOT_YET_OPEN', { settings: { opens_at: '2999-01-01T00:00:00Z' } }, 0],
    ['CLOSED', { settings: { closes_at: '2000-01-01T00:00:00Z' } }, 0],
    ['FULL', { settings: { max_submissions: 2 } }, 2],
    ['OPEN', { settings: { max_submissions: 2 } }, 1],
  ] as const)('is %s, and guest sessions follow', async (availability, extra, submitted) => {
    const form = await api.createForm(acme.users.ADMIN, { status: 'ACTIVE', ...extra });
    for (let i = 0; i < submitted; i += 1) await insertSubmitted(t, form);
    const res = await api.call('GET', `/api/formBuilders/${form._id}/public`);
    expect(res.json().data.availability).toBe(availability);
    expect(res.json().data.total_submissions_count).toBe(submitted);
    const session = await api.call('POST', '/api/formbuilder-url/create', undefined, {
      formbuilder_details_id: form._id,
    });
    expect(session.statusCode).toBe(availability === 'OPEN' ? 200 : 409);
    if (availability !== 'OPEN') expect(session.json().error_code).toBe(availability);
  });
});

describe('anonymous sessions', () => {
  it('gives an anonymous guest to a form without secure access, proved by its headers', async () => {
    const form = await api.createForm(acme.users.ADMIN, { status: 'ACTIVE' });
    const res = await api.call('POST', '/api/formbuilder-url/create', undefined, {
      formbuilder_details_id: form._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data;
    expect(session).toMatchObject({
      contact: { email: null, kind: 'ANONYMOUS' },
      secure_access: false,
      formbuilder_details_id: form._id,
    });
    const me = await api.call('GET', `/api/formBuilders/${form.code}/public`, sessionHeaders(form, session));
    expect(me.json().data.auth_user).toEqual({ _id: session.contact._id, email: null, kind: 'ANONYMOUS' });
    const asAnonymous = await api.call('GET', `/api/formBuilders/${form._id}/public`, {
      anonymoususerid: session.contact._id,
      passcode: session.passcode,
    });
    expect(asAnonymous.json().data.auth_user._id).toBe(session.contact._id);

    const [row] = await t.platform.database.db
      .select()
      .from(formGuests)
      .where(eq(formGuests.id, session.contact._id));
    expect(row!.secretHash).not.toContain(session.passcode);
  });

  it('refuses forms that need a confirmed email or signed-in staff (409)', async () => {
    const secure = await secureForm();
    const staff = await api.createForm(acme.users.ADMIN, { status: 'ACTIVE', owner_type: 'COMPANY_USERS' });
    for (const [form, code] of [
      [secure, 'SECURE_ACCESS'],
      [staff, 'COMPANY_USERS'],
    ] as const) {
      const res = await api.call('POST', '/api/formbuilder-url/create', undefined, {
        formbuilder_details_id: form._id,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error_code).toBe(code);
    }
    const bad = await api.call('POST', '/api/formbuilder-url/create', undefined, {
      formbuilder_details_id: 'x',
    });
    expect(keysOf(bad)).toEqual(['formbuilder_details_id']);
  });

  it('answers a session at once from sent-otp on a form without secure access', async () => {
    const form = await api.createForm(acme.users.ADMIN, { status: 'ACTIVE' });
    const to = email();
    const res = await sendCode(form, to.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      contact: { email: to, kind: 'ANONYMOUS' },
      secure_access: false,
    });
    expect(typeof res.json().data.passcode).toBe('string');
  });
});

describe('passcodes', () => {
  it('mails a code and turns it into a guest session once', async () => {
    const form = await secureForm();
    const to = email();
    const sent = await sendCode(form, to);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      secure_access: true,
      formbuilder_details_id: form._id,
      contact: { email: to },
    });
    expect(sent.json().data.passcode).toBeUndefined();
    const code = await lastPasscode(t, to);
    const [stored] = await t.platform.database.db
      .select()
      .from(formPasscodes)
      .where(eq(formPasscodes.email, to));
    expect(stored!.codeHash).not.toContain(code);

    const res = await verify(form, to, code);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data;
    expect(session).toMatchObject({
      contact: { email: to, kind: 'GUEST' },
      secure_access: true,
      formbuilder_details_id: form._id,
    });
    const me = await api.call('GET', `/api/formBuilders/${form._id}/public`, sessionHeaders(form, session));
    expect(me.json().data.auth_user).toEqual({ _id: session.contact._id, email: to, kind: 'GUEST' });

    const again = await verify(form, to, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe('PASSCODE_USED');

    // The same email keeps its guest identity; the older session stops working.
    await sendCode(form, to);
    const second = (await verify(form, to, await lastPasscode(t, to))).json().data;
    expect(second.contact._id).toBe(session.contact._id);
    const old = await api.call('GET', `/api/formBuilders/${form._id}/public`, sessionHeaders(form, session));
    expect(old.statusCode).toBe(401);
  });

  it('counts wrong tries: 422 with tries left, then locked at the fifth', async () => {
    const form = await secureForm();
    const to = email();
    await sendCode(form, to);
    const code = await lastPasscode(t, to);
    for (let left = 4; left >= 1; left -= 1) {
      const res = await verify(form, to, wrongCode(code));
      expect(res.statusCode).toBe(422);
      expect(keysOf(res)).toEqual(['code']);
      expect(res.json().message).toBe(`Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await verify(form, to, wrongCode(code));
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().error_code).toBe('PASSCODE_LOCKED');
    expect((await verify(form, to, code)).statusCode).toBe(409);
    // A new code works again.
    await sendCode(form, to);
    expect((await verify(form, to, await lastPasscode(t, to))).statusCode).toBe(200);
  });

  it('refuses an expired code (410), a code never asked for (422) and bad input (422)', async () => {
    const form = await secureForm();
    const to = email();
    await sendCode(form, to);
    const code = await lastPasscode(t, to);
    await t.platform.database.db
      .update(formPasscodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(formPasscodes.email, to));
    const expired = await verify(form, to, code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error_code).toBe('PASSCODE_EXPIRED');
    expect(keysOf(await verify(form, email(), '123456'))).toEqual(['code']);

    for (const [body, keys] of [
      [{ formbuilder_details_id: form._id, email: 'nope', code: '123456' }, ['email']],
      [{ formbuilder_details_id: form._id, email: to, code: '12345' }, ['code']],
      [{ formbuilder_details_id: form._id, email: to, code: 'abcdef' }, ['code']],
      [{ formbuilder_details_id: 'x', email: to, code: '123456' }, ['formbuilder_details_id']],
      [{}, ['formbuilder_details_id', 'email', 'code']],
    ] as const) {
      const res = await api.call('POST', '/api/formBuilders/verify', undefined, body);
      expect(res.statusCode).toBe(422);
      expect(keysOf(res)).toEqual(keys);
    }
  });

  it('limits codes per email (5 an hour) and per client address (20 an hour)', async () => {
    const form = await secureForm();
    const to = email();
    for (let i = 0; i < 5; i += 1) expect((await sendCode(form, to, '10.0.0.1')).statusCode).toBe(200);
    expect((await sendCode(form, to, '10.0.0.2')).statusCode).toBe(429);

    const busy = await secureForm();
    for (let i = 0; i < 20; i += 1) expect((await sendCode(busy, email(), '10.0.0.3')).statusCode).toBe(200);
    expect((await sendCode(busy, email(), '10.0.0.3')).statusCode).toBe(429);
    expect((await sendCode(busy, email(), '10.0.0.4')).statusCode).toBe(200);
  });

  it('mails contacts of a contact-type form only, answering the same to anyone', async () => {
    const type = await api.call('POST', '/api/contact-types', acme.users.ADMIN, {
      name: `Tenant ${randomUUID()}`,
    });
    const form = await api.createForm(acme.users.ADMIN, {
      status: 'ACTIVE',
      owner_type: 'CONTACTS',
      settings: { contact_type_id: type.json().data._id },
    });
    const contact = email();
    const created = await api.call('POST', '/api/contacts', acme.users.ADMIN, {
      email: contact,
      first_name: 'Tara',
      last_name: 'Tenant',
      contact_type_id: type.json().data._id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const stranger = email();
    const strangerAnswer = await sendCode(form, stranger);
    expect(strangerAnswer.statusCode).toBe(200);
    expect(strangerAnswer.json().data.secure_access).toBe(true);
    await expect(lastPasscode(t, stranger)).rejects.toThrow();
    expect((await verify(form, stranger, '000000')).statusCode).toBe(422);

    await sendCode(form, contact);
    const session = (await verify(form, contact, await lastPasscode(t, contact))).json().data;
    expect(session.contact.kind).toBe('GUEST');
    const [guest] = await t.platform.database.db
      .select()
      .from(formGuests)
      .where(eq(formGuests.id, session.contact._id));
    expect(guest!.contactId).toBe(created.json().data._id);
  });

  it('gives no code for forms that are closed or filled by staff (409), unknown forms 404', async () => {
    const closed = await secureForm({ status: 'INACTIVE' });
    expect((await sendCode(closed, email())).json().error_code).toBe('INACTIVE');
    const staff = await secureForm({ owner_type: 'COMPANY_USERS' });
    expect((await sendCode(staff, email())).statusCode).toBe(409);
    const draft = await api.createForm(acme.users.ADMIN, { settings: { secure_access: true } });
    expect((await sendCode(draft, email())).statusCode).toBe(404);
  });
});

describe('guest headers', () => {
  it('refuses a session used for another form, a wrong secret and an expired one (401)', async () => {
    const form = await api.createForm(acme.users.ADMIN, { status: 'ACTIVE' });
    const otherForm = await api.createForm(acme.users.ADMIN, { status: 'ACTIVE' });
    const session = (
      await api.call('POST', '/api/formbuilder-url/create', undefined, { formbuilder_details_id: form._id })
    ).json().data;
    const headers = sessionHeaders(form, session);
    const cases: Record<string, string>[] = [
      headers,
      { ...headers, formbuilderid: otherForm._id },
      { ...headers, passcode: `${session.passcode}x` },
      { ...headers, userid: randomUUID() },
      { ...headers, userid: 'not-an-id' },
      { userid: session.contact._id },
    ];
    const urls = [
      `/api/formBuilders/${otherForm._id}/public`,
      ...Array(cases.length - 1).fill(`/api/formBuilders/${form._id}/public`),
    ];
    for (const [i, h] of cases.entries()) {
      const res = await api.call('GET', urls[i]!, h);
      expect(res.statusCode, `case ${i}`).toBe(401);
    }
    await t.platform.database.db
      .update(formGuests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(formGuests.id, session.contact._id));
    expect((await api.call('GET', `/api/formBuilders/${form._id}/public`, headers)).statusCode).toBe(401);
  });
});
