import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { DEFAULT_PERMISSIONS, hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { isoMinuteIn } from '../../../test/zoned-time';
import {
  SEED_PASSWORD,
  seedCompany,
  seedMember,
  seedUser,
  signInAs,
  type SeededCompany,
  type SeededUser,
} from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { users } from '../auth/schema';
import { companies, companyUsers } from '../company/schema';
import { companyInvitations } from './schema';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

// Rate-limited routes: each call comes from its own address.
let ipSeq = 0;
const nextIp = (): string => {
  ipSeq += 1;
  return `10.1.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: SeededUser | string, payload?: unknown) => {
  const token = typeof who === 'string' ? who : who?.token;
  return t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
};

let emailSeq = 0;
const freshEmail = (prefix = 'invitee'): string => {
  emailSeq += 1;
  return `${prefix}${emailSeq}-${Date.now().toString(36)}@example.com`;
};

async function lastMail(to: string, kind?: string) {
  const rows = await t.platform.database.db
    .select()
    .from(emailLogs)
    .where(sql`${to} = ANY(${emailLogs.to})`)
    .orderBy(desc(emailLogs.createdAt));
  return rows.find((r) => !kind || r.kind === kind);
}

async function inviteTokenFor(email: string): Promise<string> {
  const mail = await lastMail(email, 'company-users.invite');
  const token = /inviteUser\?token=([A-Za-z0-9_%-]+)/.exec(mail?.html ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail for ${email}`);
  return decodeURIComponent(token);
}

async function invite(by: SeededUser, email: string, userType: UserType = 'MEMBER', extra: object = {}) {
  const res = await call('POST', '/api/user/inviteUser', by, { email, user_type: userType, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return { row: res.json().data, token: await inviteTokenFor(email) };
}

const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] =>
  res.json().errors?.details.map((d) => d.key) ?? [];

const may = (userType: UserType, slug: PermissionSlug): boolean =>
  hasPermission({ planType: 'BUSINESS', userType, permissions: DEFAULT_PERMISSIONS[userType] }, slug);

describe('invitations', () => {
  it("writes the invitation's expiry in the company's date format and zone, the zone named", async () => {
    const company = await seedCompany(t, { name: 'Zoned Invites' });
    const saved = await call('POST', '/api/application-settings', company.users.OWNER, {
      date: 'YYYY-MM-DD',
      time: 'HH:mm',
      time_zone: 'Asia/Kolkata',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const email = freshEmail();
    const res = await call('POST', '/api/user/inviteUser', company.users.ADMIN, {
      email,
      user_type: 'MEMBER',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.platform.database.db
      .select({ expiresAt: companyInvitations.expiresAt })
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, company.companyId), eq(companyInvitations.email, email)));
    if (!row) throw new Error('no invitation row');
    // Built with Intl alone: the owner's YYYY-MM-DD HH:mm in Kolkata (the invitee is not a member yet).
    const kolkata = isoMinuteIn(row.expiresAt, 'Asia/Kolkata');
    const mail = await lastMail(email, 'company-users.invite');
    expect(mail?.html).toContain(`valid until ${kolkata} (Asia/Kolkata, UTC+05:30)`);
    expect(mail?.html).not.toContain(' UTC and');
  });

  it('mails a branded invitation with the accept link, and a new user joins through it', async () => {
    await t.platform.database.db
      .update(companies)
      .set({ settings: { branding: { primary_color: '#123ABC' } } })
      .where(eq(companies.id, acme.companyId));
    const email = freshEmail();
    const res = await call('POST', '/api/user/inviteUser', acme.users.OWNER, {
      email: email.toUpperCase(),
      user_type: 'MANAGER',
      first_name: 'Meera',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email, status: 'INVITED', user_type: 'MANAGER', user_id: null });

    const mail = await lastMail(email, 'company-users.invite');
    expect(mail?.subject).toContain('Acme Realty');
    expect(mail?.html).toContain('http://localhost:3000/inviteUser?token=');
    expect(mail?.companyId).toBe(acme.companyId);
    expect(mail?.html).toContain('#123ABC');
    const token = await inviteTokenFor(email);

    const preview = await call('GET', `/api/getInviteUser?token=${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      company_name: 'Acme Realty',
      email,
      user_type: 'MANAGER',
      first_name: 'Meera',
      user_exists: false,
    });

    const missing = await call('POST', '/api/inviteUserSignup', undefined, { token });
    expect(missing.statusCode).toBe(422);
    expect(keysOf(missing)).toEqual(['first_name', 'last_name', 'password']);

    const accepted = await call('POST', '/api/inviteUserSignup', undefined, {
      token,
      first_name: 'Meera',
      last_name: 'Shah',
      password: SEED_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json().data;
    expect(session.status_code).toBe('NEW_USER');
    expect(session.access_token).toMatch(/^ey/);
    expect(session.user_details.current_workspace).toMatchObject({
      company_id: acme.companyId,
      user_type: 'MANAGER',
    });
    // Created verified: the password signs in straight away.
    const signin = await call('POST', '/api/signin', undefined, { email, password: SEED_PASSWORD });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().data.user_details.current_workspace.company_id).toBe(acme.companyId);

    // The link works once.
    const again = await call('POST', '/api/inviteUserSignup', undefined, {
      token,
      first_name: 'X',
      last_name: 'Y',
      password: SEED_PASSWORD,
    });
    expect(again.statusCode).toBe(410);
    expect((await call('GET', `/api/getInviteUser?token=${token}`)).statusCode).toBe(410);
  });

  it('refuses a common password, or one containing the email name, when a new user accepts', async () => {
    const email = freshEmail('kavitha');
    const { token } = await invite(acme.users.ADMIN, email);
    const accept = (password: string) =>
      call('POST', '/api/inviteUserSignup', undefined, {
        token,
        first_name: 'Kavitha',
        last_name: 'Iyer',
        password,
      });
    for (const [password, message] of [
      ['password123', 'This password is too common'],
      [`${email.split('@')[0]!.toUpperCase()}-9`, 'The password must not contain your email name'],
    ] as const) {
      const res = await accept(password);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.details).toEqual([{ key: 'password', message, path: ['password'] }]);
    }
    // Refusals leave the link usable.
    expect((await accept(SEED_PASSWORD)).statusCode).toBe(200);
  });

  it('lets an existing account join with its own Bearer only', async () => {
    const existing = await seedUser(t, 'existing');
    const elsewhere = await seedCompany(t);
    await t.platform.database.db
      .insert(companyUsers)
      .values({ companyId: elsewhere.companyId, userId: existing.userId, userType: 'MEMBER' });
    const own = await signInAs(t, existing, elsewhere.companyId, 'MEMBER');
    const { token } = await invite(acme.users.ADMIN, existing.email, 'ADMIN');

    const preview = await call('GET', `/api/getInviteUser?token=${token}`);
    expect(preview.json().data.user_exists).toBe(true);
    const anonymous = await call('POST', '/api/inviteUserSignup', undefined, {
      token,
      first_name: 'Evil',
      last_name: 'Twin',
      password: 'An0ther-pass',
    });
    expect(anonymous.statusCode).toBe(409);
    const wrongAccount = await call('POST', '/api/inviteUserSignup', acme.users.MEMBER, { token });
    expect(wrongAccount.statusCode).toBe(403);
    const badToken = await call('POST', '/api/inviteUserSignup', 'not-a-jwt', { token });
    expect(badToken.statusCode).toBe(401);

    const res = await call('POST', '/api/inviteUserSignup', own, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status_code).toBe('EXISTED_USER_LOGIN_SUCCESS');
    expect(res.json().data.user_details.current_workspace).toMatchObject({
      company_id: acme.companyId,
      user_type: 'ADMIN',
    });
    expect(res.json().data.user_details.workspaces).toHaveLength(2);
  });

  it('answers 410 for an expired invitation, and a resend gives a new working link', async () => {
    const email = freshEmail();
    const { row, token } = await invite(acme.users.OWNER, email);
    await t.platform.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(companyInvitations.id, row._id));
    const expired = await call('GET', `/api/getInviteUser?token=${token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
    const signup = await call('POST', '/api/inviteUserSignup', undefined, {
      token,
      first_name: 'A',
      last_name: 'B',
      password: SEED_PASSWORD,
    });
    expect(signup.statusCode).toBe(410);

    const listed = await call(
      'GET',
      `/api/user/companyUsers?status=INVITED&search=${email}`,
      acme.users.OWNER,
    );
    expect(listed.json().data.data[0]).toMatchObject({ _id: row._id, is_expired: true });

    const resent = await call('POST', '/api/resend/inviteMail', acme.users.ADMIN, { invitation_id: row._id });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.is_expired).toBe(false);
    const fresh = await inviteTokenFor(email);
    expect(fresh).not.toBe(token);
    expect((await call('GET', `/api/getInviteUser?token=${token}`)).statusCode).toBe(410);
    expect((await call('GET', `/api/getInviteUser?token=${fresh}`)).statusCode).toBe(200);

    const byEmail = await call('POST', '/api/resend/inviteMail', acme.users.OWNER, { email });
    expect(byEmail.statusCode).toBe(200);
    expect((await call('GET', `/api/getInviteUser?token=${fresh}`)).statusCode).toBe(410);
  });

  it('refreshes a pending invitation when the email is invited again', async () => {
    const email = freshEmail();
    const first = await invite(acme.users.OWNER, email, 'MEMBER');
    const second = await invite(acme.users.OWNER, email, 'MANAGER');
    expect(second.row._id).toBe(first.row._id);
    expect(second.row.user_type).toBe('MANAGER');
    expect((await call('GET', `/api/getInviteUser?token=${first.token}`)).statusCode).toBe(410);
    const preview = await call('GET', `/api/getInviteUser?token=${second.token}`);
    expect(preview.json().data.user_type).toBe('MANAGER');
  });

  it('refuses to invite a member (409), and an ADMIN may not invite an OWNER (403)', async () => {
    const member = await call('POST', '/api/user/inviteUser', acme.users.OWNER, {
      email: acme.users.MEMBER.email,
      user_type: 'MEMBER',
    });
    expect(member.statusCode).toBe(409);
    const owner = await call('POST', '/api/user/inviteUser', acme.users.ADMIN, {
      email: freshEmail(),
      user_type: 'OWNER',
    });
    expect(owner.statusCode).toBe(403);
    const byOwner = await call('POST', '/api/user/inviteUser', acme.users.OWNER, {
      email: freshEmail(),
      user_type: 'OWNER',
    });
    expect(byOwner.statusCode).toBe(200);
  });

  it('checks the role of an invitation: same company, same user type', async () => {
    const role = await call('POST', '/api/createRole', acme.users.OWNER, {
      name: 'Field agents',
      user_type: 'MEMBER',
    });
    const roleId = role.json().data._id;
    const otherRole = await call('POST', '/api/createRole', other.users.OWNER, {
      name: 'Elsewhere',
      user_type: 'MEMBER',
    });
    const wrongType = await call('POST', '/api/user/inviteUser', acme.users.OWNER, {
      email: freshEmail(),
      user_type: 'MANAGER',
      role_id: roleId,
    });
    expect(wrongType.statusCode).toBe(422);
    expect(keysOf(wrongType)).toEqual(['role_id']);
    const foreign = await call('POST', '/api/user/inviteUser', acme.users.OWNER, {
      email: freshEmail(),
      user_type: 'MEMBER',
      role_id: otherRole.json().data._id,
    });
    expect(foreign.statusCode).toBe(422);
    expect(keysOf(foreign)).toEqual(['role_id']);

    const email = freshEmail();
    const { token } = await invite(acme.users.OWNER, email, 'MEMBER', { role_id: roleId });
    const accepted = await call('POST', '/api/inviteUserSignup', undefined, {
      token,
      first_name: 'Rita',
      last_name: 'Roy',
      password: SEED_PASSWORD,
    });
    expect(accepted.json().data.user_details.activeRole).toEqual({
      role_id: roleId,
      userType_name: 'MEMBER',
    });
  });

  it('withdraws an invitation with DELETE, after which its link answers 410', async () => {
    const email = freshEmail();
    const { row, token } = await invite(acme.users.OWNER, email);
    const res = await call('DELETE', `/api/user/companyUsers/${row._id}`, acme.users.ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: row._id, status: 'REVOKED' });
    expect((await call('GET', `/api/getInviteUser?token=${token}`)).statusCode).toBe(410);
    expect(
      (await call('POST', '/api/resend/inviteMail', acme.users.OWNER, { invitation_id: row._id })).statusCode,
    ).toBe(404);
  });

  it.each([
    ['no token', ''],
    ['short token', '?token=abc'],
  ])('GET /getInviteUser with %s: 422', async (_name, query) => {
    const res = await call('GET', `/api/getInviteUser${query}`);
    expect(res.statusCode).toBe(422);
  });

  it('answers 410 for an unknown token', async () => {
    expect((await call('GET', '/api/getInviteUser?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(
      410,
    );
  });
});

describe('adding users directly', () => {
  it('creates an unverified account whose mailed code sets the password', async () => {
    const email = freshEmail('added');
    const res = await call('POST', '/api/user/companyUsers', acme.users.ADMIN, {
      email,
      first_name: 'Anil',
      last_name: 'Kumar',
      user_type: 'MEMBER',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      email,
      status: 'ACTIVE',
      user_type: 'MEMBER',
      first_name: 'Anil',
    });
    const [user] = await t.platform.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerifiedAt).toBeNull();

    const mail = await lastMail(email, 'company-users.set-password');
    const code = /(\d{6})$/.exec(mail?.subject ?? '')?.[1];
    expect(code).toBeDefined();
    const reset = await call('PATCH', '/api/verify/forgot-password', undefined, {
      email,
      code,
      password: 'Brand-new-1',
    });
    expect(reset.statusCode).toBe(200);
    const signin = await call('POST', '/api/signin', undefined, { email, password: 'Brand-new-1' });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().data.user_details.current_workspace.company_id).toBe(acme.companyId);
  });

  it('adds an existing account at once and tells it by mail', async () => {
    const existing = await seedUser(t, 'joiner');
    const res = await call('POST', '/api/user/companyUsers', acme.users.OWNER, {
      email: existing.email,
      user_type: 'MANAGER',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      user_id: existing.userId,
      user_type: 'MANAGER',
      status: 'ACTIVE',
    });
    expect((await lastMail(existing.email))?.kind).toBe('company-users.added');
    const again = await call('POST', '/api/user/companyUsers', acme.users.OWNER, {
      email: existing.email,
      user_type: 'MANAGER',
    });
    expect(again.statusCode).toBe(409);
  });

  it('needs names for a new account', async () => {
    const res = await call('POST', '/api/user/companyUsers', acme.users.OWNER, {
      email: freshEmail(),
      user_type: 'MEMBER',
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['first_name', 'last_name']);
  });

  it('withdraws a pending invitation of the added email', async () => {
    const email = freshEmail();
    const { token } = await invite(acme.users.OWNER, email);
    await call('POST', '/api/user/companyUsers', acme.users.OWNER, {
      email,
      first_name: 'P',
      last_name: 'Q',
      user_type: 'MEMBER',
    });
    expect((await call('GET', `/api/getInviteUser?token=${token}`)).statusCode).toBe(410);
  });
});

describe('the user list', () => {
  let company: SeededCompany;
  beforeAll(async () => {
    company = await seedCompany(t, { name: 'List Co' });
    await invite(company.users.OWNER, 'pending.person@example.com', 'MANAGER');
    const gone = await seedMember(t, company.companyId, 'MEMBER', 'gone');
    await call('DELETE', `/api/user/companyUsers/${gone.userId}`, company.users.OWNER);
  });

  it('pages members and pending invitations, newest first', async () => {
    const res = await call('GET', '/api/user/companyUsers?page=1&limit=3', company.users.ADMIN);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 5, page: 1, total_pages: 2 });
    expect(page.data).toHaveLength(3);
    expect(page.data[0]).toMatchObject({ email: 'pending.person@example.com', status: 'INVITED' });
    const next = await call('GET', '/api/user/companyUsers?page=2&limit=3', company.users.ADMIN);
    expect(next.json().data.data).toHaveLength(2);
  });

  it.each([
    ['status=DELETED', 1, ['DELETED']],
    ['status=INVITED', 1, ['INVITED']],
    ['status=ACTIVE', 4, ['ACTIVE']],
    ['status=ALL', 6, ['ACTIVE', 'DELETED', 'INVITED']],
    ['user_type=MANAGER', 2, ['ACTIVE', 'INVITED']],
    ['search=PENDING.PERSON', 1, ['INVITED']],
    ['search=%25', 0, []],
    ['page=abc&limit=xyz', 5, ['ACTIVE', 'INVITED']],
  ])('filters with %s', async (query, total, statuses) => {
    const res = await call('GET', `/api/user/companyUsers?${query}`, company.users.MANAGER);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(total);
    const all = await call('GET', `/api/user/companyUsers?${query}&limit=50`, company.users.MANAGER);
    const got = [...new Set(all.json().data.data.map((r: { status: string }) => r.status))].sort();
    expect(got).toEqual(statuses);
  });

  it.each([
    ['status=GONE', 'querystring.status'],
    ['user_type=BOSS', 'querystring.user_type'],
  ])('rejects %s with 422', async (query, key) => {
    const res = await call('GET', `/api/user/companyUsers?${query}`, company.users.OWNER);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual([key]);
  });

  it('lists every active member for pickers, only for the own company', async () => {
    const res = await call('GET', `/api/getAllCompanyUsers/${company.companyId}`, company.users.MANAGER);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(4);
    expect(res.json().data.every((r: { status: string }) => r.status === 'ACTIVE')).toBe(true);
    expect(
      (await call('GET', `/api/getAllCompanyUsers/${other.companyId}`, company.users.OWNER)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/getAllCompanyUsers/not-a-uuid', company.users.OWNER)).statusCode).toBe(
      404,
    );
  });
});

describe('changing and removing users', () => {
  it('changes the user type and role of a member', async () => {
    const target = await seedMember(t, acme.companyId, 'MEMBER');
    const role = await call('POST', '/api/createRole', acme.users.OWNER, {
      name: 'Leads desk',
      user_type: 'MANAGER',
    });
    const roleId = role.json().data._id;
    const res = await call('PUT', '/api/user/companyUsers', acme.users.ADMIN, {
      user_id: target.userId,
      user_type: 'MANAGER',
      role_id: roleId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ user_type: 'MANAGER', role_id: roleId, role_name: 'Leads desk' });
    // Effective at once: a MANAGER may list company users, a MEMBER may not.
    expect((await call('GET', '/api/user/companyUsers', target)).statusCode).toBe(200);

    const back = await call('PUT', '/api/user/companyUsers', acme.users.ADMIN, {
      user_id: res.json().data._id,
      user_type: 'MEMBER',
    });
    expect(back.json().data).toMatchObject({ user_type: 'MEMBER', role_id: null });
    expect((await call('GET', '/api/user/companyUsers', target)).statusCode).toBe(403);
  });

  it('applies the per-row rules: an ADMIN cannot change an OWNER nor make one', async () => {
    const target = await seedMember(t, acme.companyId, 'MEMBER');
    const onOwner = await call('PUT', '/api/user/companyUsers', acme.users.ADMIN, {
      user_id: acme.users.OWNER.userId,
      user_type: 'MEMBER',
    });
    expect(onOwner.statusCode).toBe(403);
    const promote = await call('PUT', '/api/user/companyUsers', acme.users.ADMIN, {
      user_id: target.userId,
      user_type: 'OWNER',
    });
    expect(promote.statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/user/companyUsers/${acme.users.OWNER.userId}`, acme.users.ADMIN))
        .statusCode,
    ).toBe(403);
  });

  it('never demotes or removes the last owner', async () => {
    const company = await seedCompany(t);
    const owner = company.users.OWNER;
    const demote = await call('PUT', '/api/user/companyUsers', owner, {
      user_id: owner.userId,
      user_type: 'ADMIN',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/at least one owner/);

    const second = await seedMember(t, company.companyId, 'OWNER', 'coowner');
    const ok = await call('PUT', '/api/user/companyUsers', second, {
      user_id: owner.userId,
      user_type: 'ADMIN',
    });
    expect(ok.statusCode).toBe(200);
    const last = await call('DELETE', `/api/user/companyUsers/${second.userId}`, company.users.ADMIN);
    expect(last.statusCode).toBe(403);
    const self = await call('DELETE', `/api/user/companyUsers/${second.userId}`, second);
    expect(self.statusCode).toBe(409);
  });

  it('soft-deletes a member: sessions in the company end at once', async () => {
    const target = await seedMember(t, acme.companyId, 'MANAGER');
    const res = await call('DELETE', `/api/user/companyUsers/${target.userId}`, acme.users.ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('DELETED');
    expect((await call('GET', '/api/permissions', target)).statusCode).toBe(401);
    const refresh = await call('POST', '/api/revoke-token', undefined, { token: target.refreshToken });
    expect(refresh.statusCode).toBe(401);
    // Twice is harmless; the row stays, as DELETED.
    expect(
      (await call('DELETE', `/api/user/companyUsers/${target.userId}`, acme.users.ADMIN)).statusCode,
    ).toBe(200);
    const [row] = await t.platform.database.db
      .select({ status: companyUsers.status })
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, acme.companyId), eq(companyUsers.userId, target.userId)));
    expect(row?.status).toBe('DELETED');
    // Can be brought back by an invitation.
    const { token } = await invite(acme.users.OWNER, target.email, 'MEMBER');
    const back = await call('POST', '/api/inviteUserSignup', target.token, { token });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.user_details.current_workspace.user_type).toBe('MEMBER');
  });

  it('erases a membership for good; the account stays', async () => {
    const target = await seedMember(t, acme.companyId, 'MEMBER');
    const soft = await call('DELETE', `/api/user/companyUsers/${target.userId}`, acme.users.OWNER);
    const res = await call(
      'DELETE',
      `/api/user/companyUsers/permanentDelete/${soft.json().data._id}`,
      acme.users.ADMIN,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ERASED');
    const rows = await t.platform.database.db
      .select()
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, acme.companyId), eq(companyUsers.userId, target.userId)));
    expect(rows).toEqual([]);
    expect(await t.platform.database.db.select().from(users).where(eq(users.id, target.userId))).toHaveLength(
      1,
    );
    expect(
      (await call('DELETE', `/api/user/companyUsers/permanentDelete/${target.userId}`, acme.users.ADMIN))
        .statusCode,
    ).toBe(404);
  });

  it('erases an invitation', async () => {
    const { row, token } = await invite(acme.users.OWNER, freshEmail());
    const res = await call('DELETE', `/api/user/companyUsers/permanentDelete/${row._id}`, acme.users.OWNER);
    expect(res.json().data).toEqual({ _id: row._id, status: 'ERASED' });
    expect((await call('GET', `/api/getInviteUser?token=${token}`)).statusCode).toBe(410);
  });

  it.each([
    ['missing fields', {}, ['user_id']],
    ['malformed user id', { user_id: 'abc', user_type: 'MEMBER' }, ['user_id']],
    ['nothing to change', { user_id: '00000000-0000-4000-8000-000000000000' }, ['user_type']],
    [
      'unknown user type',
      { user_id: '00000000-0000-4000-8000-000000000000', user_type: 'BOSS' },
      ['user_type'],
    ],
    ['malformed role', { user_id: '00000000-0000-4000-8000-000000000000', role_id: 'x' }, ['role_id']],
  ])('PUT rejects %s with 422', async (_name, body, keys) => {
    const res = await call('PUT', '/api/user/companyUsers', acme.users.OWNER, body);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });
});

describe('GET /userList/{email}', () => {
  it('lists only the workspaces the caller administers too', async () => {
    const shared = await seedUser(t, 'shared');
    const third = await seedCompany(t, { name: 'Third' });
    for (const companyId of [acme.companyId, other.companyId, third.companyId]) {
      await t.platform.database.db
        .insert(companyUsers)
        .values({ companyId, userId: shared.userId, userType: 'MEMBER' });
    }
    // Acme's OWNER also belongs to Other as MEMBER (no company-users:view there) and to Third as ADMIN.
    await t.platform.database.db.insert(companyUsers).values([
      { companyId: other.companyId, userId: acme.users.OWNER.userId, userType: 'MEMBER' },
      { companyId: third.companyId, userId: acme.users.OWNER.userId, userType: 'ADMIN' },
    ]);
    const res = await call('GET', `/api/userList/${shared.email.toUpperCase()}`, acme.users.OWNER);
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .data.map((w: { company_name: string }) => w.company_name)
      .sort();
    expect(names).toEqual(['Acme Realty', 'Third']);

    const outsider = await call('GET', `/api/userList/${shared.email}`, (await seedCompany(t)).users.OWNER);
    expect(outsider.json().data).toEqual([]);
    const unknown = await call('GET', '/api/userList/nobody@example.com', acme.users.OWNER);
    expect(unknown.json().data).toEqual([]);
    const own = await call('GET', `/api/userList/${acme.users.OWNER.email}`, acme.users.OWNER);
    expect(own.json().data).toHaveLength(3);
    expect((await call('GET', `/api/userList/${shared.email}`, acme.users.MEMBER)).statusCode).toBe(403);
    const bad = await call('GET', '/api/userList/not-an-email', acme.users.OWNER);
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['params.email']);
  });
});

describe('permissions of each user type', () => {
  let company: SeededCompany;
  beforeAll(async () => {
    company = await seedCompany(t, { name: 'Matrix Co' });
  });

  type Case = [
    route: string,
    slug: PermissionSlug,
    run: (who: SeededUser) => Promise<{ statusCode: number }>,
  ];
  const cases: Case[] = [
    [
      'POST /user/inviteUser',
      'company-users:invite',
      (who) => call('POST', '/api/user/inviteUser', who, { email: freshEmail(), user_type: 'MEMBER' }),
    ],
    [
      'POST /resend/inviteMail',
      'company-users:invite',
      async (who) => {
        const { row } = await invite(company.users.OWNER, freshEmail());
        return call('POST', '/api/resend/inviteMail', who, { invitation_id: row._id });
      },
    ],
    [
      'POST /user/companyUsers',
      'company-users:add',
      (who) =>
        call('POST', '/api/user/companyUsers', who, {
          email: freshEmail(),
          first_name: 'N',
          last_name: 'M',
          user_type: 'MEMBER',
        }),
    ],
    [
      'PUT /user/companyUsers',
      'company-users:update',
      async (who) => {
        const target = await seedMember(t, company.companyId, 'MEMBER');
        return call('PUT', '/api/user/companyUsers', who, { user_id: target.userId, user_type: 'MEMBER' });
      },
    ],
    [
      'DELETE /user/companyUsers/{id}',
      'company-users:delete',
      async (who) => {
        const target = await seedMember(t, company.companyId, 'MEMBER');
        return call('DELETE', `/api/user/companyUsers/${target.userId}`, who);
      },
    ],
    [
      'DELETE /user/companyUsers/permanentDelete/{id}',
      'company-users:permanent-delete',
      async (who) => {
        const target = await seedMember(t, company.companyId, 'MEMBER');
        return call('DELETE', `/api/user/companyUsers/permanentDelete/${target.userId}`, who);
      },
    ],
    ['GET /user/companyUsers', 'company-users:view', (who) => call('GET', '/api/user/companyUsers', who)],
  ];

  it.each(cases.flatMap(([route, slug, run]) => USER_TYPES.map((type) => [route, type, slug, run] as const)))(
    '%s as %s',
    async (_route, userType, slug, run) => {
      const res = await run(company.users[userType]);
      expect(res.statusCode).toBe(may(userType, slug) ? 200 : 403);
    },
  );

  it('nobody manages users in an INDIVIDUAL workspace (no team features)', async () => {
    const solo = await seedCompany(t, { planType: 'INDIVIDUAL' });
    const res = await call('POST', '/api/user/inviteUser', solo.users.OWNER, {
      email: freshEmail(),
      user_type: 'MEMBER',
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/user/companyUsers')).statusCode).toBe(401);
    expect((await call('POST', '/api/user/inviteUser', undefined, {})).statusCode).toBe(401);
  });
});

describe("another company's ids", () => {
  it('answer 404 on every route that takes one', async () => {
    const foreignMember = other.users.MEMBER;
    const { row: foreignInvite } = await invite(other.users.OWNER, freshEmail());
    const who = acme.users.OWNER;
    const responses = await Promise.all([
      call('PUT', '/api/user/companyUsers', who, { user_id: foreignMember.userId, user_type: 'MANAGER' }),
      call('DELETE', `/api/user/companyUsers/${foreignMember.userId}`, who),
      call('DELETE', `/api/user/companyUsers/permanentDelete/${foreignMember.userId}`, who),
      call('DELETE', `/api/user/companyUsers/${foreignInvite._id}`, who),
      call('DELETE', `/api/user/companyUsers/permanentDelete/${foreignInvite._id}`, who),
      call('POST', '/api/resend/inviteMail', who, { invitation_id: foreignInvite._id }),
      call('GET', `/api/getAllCompanyUsers/${other.companyId}`, who),
      call('DELETE', '/api/user/companyUsers/not-a-uuid', who),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    // Nothing changed over there.
    const [row] = await t.platform.database.db
      .select({ status: companyUsers.status, userType: companyUsers.userType })
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, other.companyId), eq(companyUsers.userId, foreignMember.userId)));
    expect(row).toEqual({ status: 'ACTIVE', userType: 'MEMBER' });
  });
});

describe('bad input', () => {
  it.each([
    ['POST /user/inviteUser', 'POST', '/api/user/inviteUser', {}, ['email', 'user_type']],
    [
      'POST /user/inviteUser',
      'POST',
      '/api/user/inviteUser',
      { email: 'nope', user_type: 'MEMBER' },
      ['email'],
    ],
    [
      'POST /user/inviteUser',
      'POST',
      '/api/user/inviteUser',
      { email: 'a@b.co', user_type: 'KING' },
      ['user_type'],
    ],
    [
      'POST /user/inviteUser',
      'POST',
      '/api/user/inviteUser',
      { email: 'a@b.co', user_type: 'MEMBER', role_id: 42 },
      ['role_id'],
    ],
    ['POST /resend/inviteMail', 'POST', '/api/resend/inviteMail', {}, ['invitation_id']],
    ['POST /resend/inviteMail', 'POST', '/api/resend/inviteMail', { invitation_id: 'x' }, ['invitation_id']],
    ['POST /user/companyUsers', 'POST', '/api/user/companyUsers', { email: 7 }, ['email', 'user_type']],
    [
      'POST /user/companyUsers',
      'POST',
      '/api/user/companyUsers',
      { email: 'a@b.co', user_type: 'MEMBER', first_name: '' },
      ['first_name'],
    ],
    ['POST /inviteUserSignup', 'POST', '/api/inviteUserSignup', {}, ['token']],
    [
      'POST /inviteUserSignup',
      'POST',
      '/api/inviteUserSignup',
      { token: 'x'.repeat(20), password: 'short' },
      ['password'],
    ],
  ] as const)('%s %j -> 422 on %j', async (_name, method, url, body, keys) => {
    const res = await call(method, url, acme.users.OWNER, body);
    expect(res.statusCode).toBe(422);
    expect([...new Set(keysOf(res))]).toEqual(keys);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/inviteUser',
      headers: { authorization: `Bearer ${acme.users.OWNER.token}`, 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
  });
});
