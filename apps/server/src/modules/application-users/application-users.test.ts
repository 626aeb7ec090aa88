import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs } from '../../platform/mail/schema';
import { callsOf, detailKeys } from '../../../test/inject-calls';
import { nextIp } from '../../../test/accounts';
import {
  acceptInvitation,
  contactSignin,
  createTestContact,
  grantAccess,
  lastContactLink,
  signedInContact,
  type ContactSession,
} from '../../../test/contact-session';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { authCodes } from '../auth/schema';

let t: TestApp;
let company: SeededCompany;
let other: SeededCompany;
const call = callsOf(() => t.app);
const owner = () => company.users.OWNER;

beforeAll(async () => {
  t = await buildTestApp();
  company = await seedCompany(t);
  other = await seedCompany(t);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
const describeLink = (token: string) => post('/api/application/user-email-verify', { token });
const verify = (payload: object) => post('/api/application/user-verify', payload);
const mailsTo = async (email: string, kind: string) =>
  t.platform.database.db
    .select({ html: emailLogs.html })
    .from(emailLogs)
    .where(and(sql`${email} = ANY(${emailLogs.to})`, eq(emailLogs.kind, kind)));

describe('staff: a contact portal access', () => {
  it('gives access: a login without a usable password, an absolute invitation link, INVITED', async () => {
    const { contactId, email } = await createTestContact(t, owner());
    const before = await call('GET', `/api/contacts/${contactId}/portal-access`, owner());
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ status: 'NONE', email, invited_at: null });

    const granted = await call('POST', `/api/contacts/${contactId}/portal-access`, owner(), {});
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toMatchObject({ status: 'INVITED', account_data_id: null });
    const [mail] = await mailsTo(email, 'application-users.invite');
    expect(mail?.html).toMatch(/http:\/\/localhost:3000\/ap\/signin\?company=[^&"]+&(amp;)?invitation=/);

    // Nobody signs in with the login before the invitation is accepted.
    const res = await contactSignin(t, { email, password: 'anything-at-all-1', company_slug: 'x' });
    expect(res.statusCode).toBe(401);
    const info = await describeLink(await lastContactLink(t, email));
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ purpose: 'INVITATION', email, has_password: false });
    expect(info.json().data.company._id).toBe(company.companyId);
  });

  it("answers 404 for another company's contact and for ids that are not contacts", async () => {
    const { contactId } = await createTestContact(t, other.users.OWNER);
    for (const id of [contactId, randomUUID(), 'not-an-id']) {
      expect((await call('GET', `/api/contacts/${id}/portal-access`, owner())).statusCode).toBe(404);
      expect((await call('POST', `/api/contacts/${id}/portal-access`, owner(), {})).statusCode).toBe(404);
      expect((await call('DELETE', `/api/contacts/${id}/portal-access`, owner())).statusCode).toBe(404);
    }
  });

  it('refuses an account record that is not a record of the company (422 on account_data_id)', async () => {
    const { contactId } = await createTestContact(t, owner());
    for (const account_data_id of ['nope', randomUUID(), 42]) {
      const res = await call('POST', `/api/contacts/${contactId}/portal-access`, owner(), {
        account_data_id,
      });
      expect(res.statusCode).toBe(422);
      expect(detailKeys(res)).toEqual(['account_data_id']);
    }
  });

  it('refuses a staff member of the same company (409) and ACTIVE access (409)', async () => {
    const member = company.users.MEMBER;
    const { contactId } = await createTestContact(t, owner(), { email: member.email });
    expect((await call('POST', `/api/contacts/${contactId}/portal-access`, owner(), {})).statusCode).toBe(
      409,
    );

    const contact = await signedInContact(t, owner());
    const again = await call('POST', `/api/contacts/${contact.contactId}/portal-access`, owner(), {});
    expect(again.statusCode).toBe(409);
  });

  it('changes the account record of access given before, ACTIVE included; never given or foreign: 404', async () => {
    const entity = await call('POST', '/api/entities/create', owner(), {
      name: `Accounts ${randomUUID().slice(0, 6)}`,
      entity_type: 'BUSINESS',
      fields: [{ key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT' }],
    });
    expect(entity.statusCode, entity.body).toBe(200);
    const { _id: entityId, primary_template_id: tpl } = entity.json().data;
    const record = await call('POST', '/api/entities-data', owner(), {
      entity_id: entityId,
      values: { [tpl]: { name: 'Sharma Holdings' } },
    });
    const recordId = record.json().data._id as string;

    const contact = await signedInContact(t, owner());
    const url = `/api/contacts/${contact.contactId}/portal-access`;
    const changed = await call('PATCH', url, owner(), { account_data_id: recordId });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ status: 'ACTIVE', account_data_id: recordId });
    expect((await call('GET', url, owner())).json().data.account_data_id).toBe(recordId);
    const cleared = await call('PATCH', url, owner(), { account_data_id: null });
    expect(cleared.json().data).toMatchObject({ status: 'ACTIVE', account_data_id: null });

    for (const body of [{ account_data_id: 'nope' }, { account_data_id: randomUUID() }, {}]) {
      const bad = await call('PATCH', url, owner(), body);
      expect(bad.statusCode).toBe(422);
      expect(detailKeys(bad)).toEqual(['account_data_id']);
    }
    const { contactId: never } = await createTestContact(t, owner());
    expect(
      (await call('PATCH', `/api/contacts/${never}/portal-access`, owner(), { account_data_id: null }))
        .statusCode,
    ).toBe(404);
    const foreign = await call('PATCH', url, other.users.OWNER, { account_data_id: null });
    expect(foreign.statusCode).toBe(404);
    // A contact's own token is refused on this staff route.
    expect((await call('PATCH', url, contact, { account_data_id: null })).statusCode).toBe(403);
  });

  it('needs a signed-in staff member', async () => {
    const { contactId } = await createTestContact(t, owner());
    expect((await call('POST', `/api/contacts/${contactId}/portal-access`, undefined, {})).statusCode).toBe(
      401,
    );
  });

  it('inviting again kills the previous link; the new one works', async () => {
    const { contactId, email } = await createTestContact(t, owner());
    await grantAccess(t, owner(), contactId);
    const first = await lastContactLink(t, email);
    await grantAccess(t, owner(), contactId);
    const second = await lastContactLink(t, email);
    expect(second).not.toBe(first);
    expect((await describeLink(first)).statusCode).toBe(410);
    expect((await describeLink(second)).statusCode).toBe(200);
  });
});

describe('contact: invitation and reset links', () => {
  it('accepting needs an acceptable password (422 keyed password), then opens a contact session once', async () => {
    const { contactId, email } = await createTestContact(t, owner());
    await grantAccess(t, owner(), contactId);
    const token = await lastContactLink(t, email);
    expect(detailKeys(await verify({ token }))).toEqual(['password']);
    expect(detailKeys(await verify({ token, password: 'password1' }))).toEqual(['password']);
    expect(detailKeys(await verify({}))).toEqual(['token']);

    const res = await verify({ token, password: 'Quiet-harbour-lantern-58', first_name: 'Robin' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ mf2a: false, globalDateFormat: 'MM-DD-YYYY' });
    expect(data.user_details).toMatchObject({
      is_contact: true,
      user_type: 'CONTACT',
      first_name: 'Robin',
      contact_id: contactId,
    });
    expect(data.activeWorkSpace.company_id).toBe(company.companyId);

    expect((await verify({ token, password: 'Quiet-harbour-lantern-58' })).statusCode).toBe(410);
    const access = await call('GET', `/api/contacts/${contactId}/portal-access`, owner());
    expect(access.json().data.status).toBe('ACTIVE');
    expect(access.json().data.activated_at).not.toBeNull();
    expect(access.json().data.last_signin_at).not.toBeNull();
  });

  it('answers 410 for unknown and expired links', async () => {
    expect((await describeLink('no-such-token')).statusCode).toBe(410);
    expect((await verify({ token: 'no-such-token', password: 'Quiet-harbour-lantern-58' })).statusCode).toBe(
      410,
    );
    const { contactId, email } = await createTestContact(t, owner());
    await grantAccess(t, owner(), contactId);
    const token = await lastContactLink(t, email);
    await t.platform.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${authCodes.purpose} LIKE 'CONTACT_INVITE:%'`);
    expect((await describeLink(token)).statusCode).toBe(410);
    expect((await verify({ token, password: 'Quiet-harbour-lantern-58' })).statusCode).toBe(410);
  });

  it('an email that already has a password accepts on the link alone (a password given: 422)', async () => {
    const staffElsewhere = other.users.MEMBER;
    const { contactId } = await createTestContact(t, owner(), { email: staffElsewhere.email });
    await grantAccess(t, owner(), contactId);
    const token = await lastContactLink(t, staffElsewhere.email);
    expect((await describeLink(token)).json().data.has_password).toBe(true);
    expect(detailKeys(await verify({ token, password: 'Quiet-harbour-lantern-58' }))).toEqual(['password']);
    const res = await verify({ token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_details.email).toBe(staffElsewhere.email);
    // The staff password still signs in to the contact area of this company.
    const signin = await contactSignin(t, {
      email: staffElsewhere.email,
      password: 'S3cure-pass',
      company_slug: res.json().data.user_details.company.slug,
    });
    expect(signin.statusCode).toBe(200);
  });

  it('forgot-or-resend answers alike for every email; ACTIVE gets a reset link, INVITED the invitation again', async () => {
    const contact = await signedInContact(t, owner());
    const unknown = `nobody-${randomUUID().slice(0, 6)}@example.com`;
    const a = await post('/api/application-user/forgot-or-resend', {
      email: unknown,
      company_slug: contact.companySlug,
    });
    const b = await post('/api/application-user/forgot-or-resend', {
      email: contact.email,
      company_slug: contact.companySlug,
    });
    const c = await post('/api/application-user/forgot-or-resend', {
      email: contact.email,
      company_slug: 'no-such-company',
    });
    for (const res of [a, b, c]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(a.json());
    }
    expect(await mailsTo(unknown, 'application-users.reset')).toHaveLength(0);
    expect(await mailsTo(contact.email, 'application-users.reset')).toHaveLength(1);
    expect(
      detailKeys(await post('/api/application-user/forgot-or-resend', { email: 'x', company_slug: '' })),
    ).toEqual(['email', 'company_slug']);

    const token = await lastContactLink(t, contact.email, 'reset');
    expect((await describeLink(token)).json().data.purpose).toBe('PASSWORD_RESET');
    const reset = await verify({ token, password: 'Brand-new-lantern-77' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.user_details.is_contact).toBe(true);
    expect((await verify({ token, password: 'Brand-new-lantern-77' })).statusCode).toBe(410);
    // The reset ended the earlier session and the old password.
    expect((await post('/api/revoke-token', { token: contact.refresh_token })).statusCode).toBe(401);
    const signin = (password: string) =>
      contactSignin(t, { email: contact.email, password, company_slug: contact.companySlug });
    expect((await signin(contact.password)).statusCode).toBe(401);
    expect((await signin('Brand-new-lantern-77')).statusCode).toBe(200);

    const { contactId, email } = await createTestContact(t, owner());
    await grantAccess(t, owner(), contactId);
    const first = await lastContactLink(t, email);
    await post('/api/application-user/forgot-or-resend', { email, company_slug: contact.companySlug });
    expect(await lastContactLink(t, email)).not.toBe(first);
  });
});

describe('contact: sign-in', () => {
  let contact: ContactSession;
  beforeAll(async () => {
    contact = await signedInContact(t, owner());
  });
  const signin = (over: Partial<{ email: string; password: string; company_slug: string }> = {}) =>
    contactSignin(t, {
      email: contact.email,
      password: contact.password,
      company_slug: contact.companySlug,
      ...over,
    });

  it('opens a contact session in the company; refresh rotates it as a contact session', async () => {
    const res = await signin();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.mf2a).toBe(false);
    expect(data.user_details.company.slug).toBe(contact.companySlug);
    const rotated = await post('/api/revoke-token', { token: data.refresh_token });
    expect(rotated.statusCode).toBe(200);
    const profile = await call('GET', '/api/application-user/profile', {
      headers: { authorization: `Bearer ${rotated.json().data.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.contact_id).toBe(contact.contactId);
    // Sign-out ends it.
    expect((await post('/api/signout', { token: rotated.json().data.refresh_token })).statusCode).toBe(200);
    expect((await post('/api/revoke-token', { token: rotated.json().data.refresh_token })).statusCode).toBe(
      401,
    );
  });

  it('answers a wrong password, an unknown company and no access alike (401)', async () => {
    const answers = [
      await signin({ password: 'Wrong-password-99' }),
      await signin({ company_slug: 'no-such-company' }),
      await contactSignin(t, {
        email: owner().email,
        password: 'S3cure-pass',
        company_slug: contact.companySlug,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
    }
    expect(detailKeys(await post('/api/application-user-signin', { email: 'x' }))).toEqual([
      'email',
      'password',
      'company_slug',
    ]);
  });

  it('locks an address out of the email after 5 failures (429)', async () => {
    const ip = nextIp();
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/application-user-signin',
        payload: { email: contact.email, password, company_slug: contact.companySlug },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong-password-99')).statusCode).toBe(401);
    expect((await attempt(contact.password)).statusCode).toBe(429);
    expect((await signin()).statusCode).toBe(200);
  });

  it('with a second factor: the challenge, then /mf2a/verifyOTP opens the contact session', async () => {
    const person = await signedInContact(t, owner());
    const enable = await call('POST', '/api/mf2a/email/enable', person, {
      current_password: person.password,
    });
    expect(enable.statusCode).toBe(200);
    const res = await contactSignin(t, {
      email: person.email,
      password: person.password,
      company_slug: person.companySlug,
    });
    expect(res.json().data).toMatchObject({ mf2a: true, mf2a_method: 'EMAIL', user_id: person.userId });
    const [mail] = await t.platform.database.db
      .select({ subject: emailLogs.subject })
      .from(emailLogs)
      .where(sql`${person.email} = ANY(${emailLogs.to})`)
      .orderBy(sql`${emailLogs.createdAt} DESC`)
      .limit(1);
    const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1];
    const otp = await post('/api/mf2a/verifyOTP', { user_id: person.userId, code });
    expect(otp.statusCode).toBe(200);
    expect(otp.json().data.user_details).toMatchObject({ is_contact: true, contact_id: person.contactId });
    const profile = await call('GET', '/api/application-user/profile', {
      headers: { authorization: `Bearer ${otp.json().data.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.mf2a_enabled).toBe(true);
  });
});

describe('contact: revoked access', () => {
  it('refuses sign-in, refresh (401) and the live access token at its next call (401)', async () => {
    const contact = await signedInContact(t, owner());
    expect((await call('GET', '/api/application-user/profile', contact)).statusCode).toBe(200);
    const revoked = await call('DELETE', `/api/contacts/${contact.contactId}/portal-access`, owner());
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('REVOKED');
    expect((await call('GET', '/api/application-user/profile', contact)).statusCode).toBe(401);
    expect((await post('/api/revoke-token', { token: contact.refresh_token })).statusCode).toBe(401);
    const res = await contactSignin(t, {
      email: contact.email,
      password: contact.password,
      company_slug: contact.companySlug,
    });
    expect(res.statusCode).toBe(401);
    // Given back: invited again, the new link works.
    await grantAccess(t, owner(), contact.contactId);
    const data = await acceptInvitation(t, contact.email, null);
    expect(data.access_token).toBeTruthy();
  });

  it('DELETE of access never given: 404', async () => {
    const { contactId } = await createTestContact(t, owner());
    expect((await call('DELETE', `/api/contacts/${contactId}/portal-access`, owner())).statusCode).toBe(404);
  });
});

describe("contact: the caller's own profile", () => {
  it('changes names and phone; bad input 422 by key; pictures and password admit contact sessions', async () => {
    const contact = await signedInContact(t, owner());
    const res = await call('PATCH', '/api/application-user/profile', contact, {
      first_name: 'Avery',
      phone: '+1 555 0100',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Avery', phone: '+1 555 0100' });
    expect(
      detailKeys(
        await call('PATCH', '/api/application-user/profile', contact, { first_name: '', phone: 'x' }),
      ),
    ).toEqual(['first_name', 'phone']);
    expect((await call('GET', '/api/signature', contact)).statusCode).toBe(200);
    const changed = await call('PATCH', '/api/password/update', contact, {
      current_password: contact.password,
      new_password: 'Another-lantern-harbour-31',
    });
    expect(changed.statusCode).toBe(200);
    // The staff user_details stay staff.
    expect((await call('GET', '/api/user/profile', contact)).statusCode).toBe(403);
  });
});
