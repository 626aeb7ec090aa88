import { desc, eq, sql } from 'drizzle-orm';
import { generate as generateTotp, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { emailLogs } from '../../platform/mail/schema';
import { createWorkspace } from '../company/service';
import { users } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// Sign-in routes are rate-limited per IP: each call comes from its own address unless a test
// is about the limit itself.
let ipSeq = 0;
const nextIp = (): string => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};
const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, token?: string, ip = nextIp()) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    remoteAddress: ip,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
const post = (url: string, payload: unknown, token?: string, ip?: string) =>
  send('POST', url, payload, token, ip);
const patch = (url: string, payload: unknown, token?: string) => send('PATCH', url, payload, token);

/** The newest mail to an address, as the Outbox keeps it. */
async function lastMail(to: string, kind?: string) {
  const rows = await t.platform.database.db
    .select()
    .from(emailLogs)
    .where(sql`${to} = ANY(${emailLogs.to})`)
    .orderBy(desc(emailLogs.createdAt));
  return rows.find((r) => !kind || r.kind === kind);
}

async function codeFor(to: string, kind: string): Promise<string> {
  const mail = await lastMail(to, kind);
  const code = /(\d{6})$/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no ${kind} mail for ${to}`);
  return code;
}

let seq = 0;
function person(prefix = 'user') {
  seq += 1;
  return {
    first_name: 'Asha',
    last_name: 'Rao',
    email: `${prefix}${seq}@Example.com`,
    password: 'S3cure-pass',
  };
}

/** Signs up, verifies by code, signs in: a ready session. */
async function signedIn(kind: 'signup' | 'companySignup' = 'signup') {
  const who = person();
  const body = kind === 'companySignup' ? { ...who, company_name: 'Sunrise Realty' } : who;
  expect((await post(`/api/${kind}`, body)).statusCode).toBe(200);
  const email = who.email.toLowerCase();
  const code = await codeFor(email, 'auth.verify-email');
  expect((await post('/api/email/verify', { email, code })).statusCode).toBe(200);
  const res = await post('/api/signin', { email, password: who.password });
  expect(res.statusCode).toBe(200);
  return { email, password: who.password, ...res.json().data };
}

describe('sign-up and verification', () => {
  it('creates an unverified account with an INDIVIDUAL workspace and mails a code and a link', async () => {
    const who = person();
    const res = await post('/api/signup', who);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status_code: 'ACCOUNT_NOT_VERIFIED', email: who.email.toLowerCase() });
    const mail = await lastMail(who.email.toLowerCase(), 'auth.verify-email');
    expect(mail?.subject).toMatch(/\d{6}/);
    expect(mail?.html).toContain('/verify?email=');
  });

  it('refuses sign-in until the email is verified', async () => {
    const who = person();
    await post('/api/signup', who);
    const res = await post('/api/signin', { email: who.email, password: who.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error_code: 'EMAIL_NOT_VERIFIED' });
  });

  it('verifies with the code, once', async () => {
    const who = person();
    await post('/api/signup', who);
    const email = who.email.toLowerCase();
    const code = await codeFor(email, 'auth.verify-email');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post('/api/email/verify', { email, code: wrong });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.details[0].key).toBe('code');
    expect((await post('/api/email/verify', { email, code })).statusCode).toBe(200);
    expect((await post('/api/signin', { email, password: who.password })).statusCode).toBe(200);
  });

  it('locks a code after five wrong tries', async () => {
    const who = person();
    await post('/api/signup', who);
    const email = who.email.toLowerCase();
    const code = await codeFor(email, 'auth.verify-email');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/email/verify', { email, code: wrong })).statusCode).toBe(422);
    expect((await post('/api/email/verify', { email, code })).statusCode).toBe(429);
    // A new code works again.
    await post('/api/resend/verify', { email });
    const fresh = await codeFor(email, 'auth.verify-email');
    expect((await post('/api/email/verify', { email, code: fresh })).statusCode).toBe(200);
  });

  it('verifies with the mailed link, once', async () => {
    const who = person();
    await post('/api/signup', who);
    const mail = await lastMail(who.email.toLowerCase(), 'auth.verify-email');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1];
    expect((await post(`/api/user/verifyEmail/${token}`, {})).statusCode).toBe(200);
    expect((await post(`/api/user/verifyEmail/${token}`, {})).statusCode).toBe(410);
  });

  it('answers a sign-up with a registered email exactly like a new one, and warns the owner', async () => {
    const session = await signedIn();
    const res = await post('/api/signup', { ...person(), email: session.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status_code).toBe('ACCOUNT_NOT_VERIFIED');
    expect((await lastMail(session.email))?.kind).toBe('auth.signup-existing');
    const [{ n }] = (await t.platform.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, session.email))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('creates a BUSINESS workspace with the user as OWNER on company sign-up', async () => {
    const session = await signedIn('companySignup');
    expect(session.user_details.current_workspace).toMatchObject({
      plan_type: 'BUSINESS',
      user_type: 'OWNER',
      company_name: 'Sunrise Realty',
    });
  });

  it.each([
    ['missing fields', {}, ['first_name', 'last_name', 'email', 'password']],
    ['bad email', { ...person(), email: 'not-an-email' }, ['email']],
    ['weak password', { ...person(), password: 'short' }, ['password']],
    ['wrong types', { ...person(), first_name: 42 }, ['first_name']],
  ])('rejects %s with 422 keyed by field', async (_name, body, keys) => {
    const res = await post('/api/signup', body);
    expect(res.statusCode).toBe(422);
    const got = res.json().errors.details.map((d: { key: string }) => d.key);
    for (const key of keys) expect(got).toContain(key);
  });

  it('needs a company name for a company sign-up', async () => {
    const res = await post('/api/companySignup', person());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0].key).toBe('company_name');
  });
});

describe('sign-in and tokens', () => {
  it('answers tokens and user details', async () => {
    const session = await signedIn();
    expect(session.mf2a).toBe(false);
    expect(session.access_token).toMatch(/^ey/);
    expect(session.refresh_token).toMatch(/^rt_/);
    expect(new Date(session.access_token_expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(session.user_details).toMatchObject({
      email: session.email,
      user_type: 'OWNER',
      is_contact: false,
    });
    expect(session.user_details.current_workspace.plan_type).toBe('INDIVIDUAL');
  });

  it('does not tell a wrong password from an unknown email', async () => {
    const session = await signedIn();
    const wrong = await post('/api/signin', { email: session.email, password: 'Wrong-pass1' });
    const unknown = await post('/api/signin', { email: 'nobody@example.com', password: 'Wrong-pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('locks the address out of the account after five wrong passwords from it', async () => {
    const session = await signedIn();
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/signin', { email: session.email, password: 'Wrong-pass1' }, undefined, ip);
      expect(res.statusCode).toBe(401);
    }
    const locked = await post(
      '/api/signin',
      { email: session.email, password: session.password },
      undefined,
      ip,
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Try again in 15 minutes/);
    // Another address still signs in.
    expect((await post('/api/signin', { email: session.email, password: session.password })).statusCode).toBe(
      200,
    );
  });

  it('rotates both tokens, and a replayed refresh token ends the session', async () => {
    const session = await signedIn();
    const first = await post('/api/revoke-token', { token: session.refresh_token });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().data;
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect(rotated.access_token).toMatch(/^ey/);

    const replay = await post('/api/revoke-token', { token: session.refresh_token });
    expect(replay.statusCode).toBe(401);
    // The whole family is revoked: the newest token is dead too.
    expect((await post('/api/revoke-token', { token: rotated.refresh_token })).statusCode).toBe(401);
  });

  it('signs out', async () => {
    const session = await signedIn();
    expect((await post('/api/signout', { token: session.refresh_token })).statusCode).toBe(200);
    expect((await post('/api/revoke-token', { token: session.refresh_token })).statusCode).toBe(401);
  });

  it('rejects unknown and malformed refresh tokens', async () => {
    expect((await post('/api/revoke-token', { token: 'rt_nope' })).statusCode).toBe(401);
    expect((await post('/api/revoke-token', {})).statusCode).toBe(422);
  });

  it('tells whether an email has an account', async () => {
    const session = await signedIn();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/checkUser/${encodeURIComponent(session.email)}`,
    });
    expect(res.json().data).toEqual({ exists: true, is_verified: true });
    const none = await t.app.inject({ method: 'GET', url: '/api/checkUser/nobody%40example.com' });
    expect(none.json().data).toEqual({ exists: false, is_verified: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/checkUser/not-an-email' })).statusCode).toBe(422);
  });

  it('serves the profile to a valid access token only', async () => {
    const session = await signedIn();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(session.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('per-IP limits', () => {
  it('limits sign-in attempts from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      codes.push(
        (
          await post(
            '/api/signin',
            { email: `x${i}@example.com`, password: 'Whatever-1' },
            undefined,
            '10.9.9.9',
          )
        ).statusCode,
      );
    }
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('passwords', () => {
  it('resets a forgotten password with the mailed code and ends every session', async () => {
    const session = await signedIn();
    expect((await patch('/api/forgot-password', { email: session.email })).statusCode).toBe(200);
    const code = await codeFor(session.email, 'auth.password-reset');
    const res = await patch('/api/verify/forgot-password', {
      email: session.email,
      code,
      password: 'New-pass-42',
    });
    expect(res.statusCode).toBe(200);
    expect((await post('/api/revoke-token', { token: session.refresh_token })).statusCode).toBe(401);
    expect((await post('/api/signin', { email: session.email, password: session.password })).statusCode).toBe(
      401,
    );
    expect((await post('/api/signin', { email: session.email, password: 'New-pass-42' })).statusCode).toBe(
      200,
    );
    // The code worked once.
    const again = await patch('/api/verify/forgot-password', {
      email: session.email,
      code,
      password: 'Other-pass-42',
    });
    expect(again.statusCode).toBe(422);
  });

  it('answers forgot-password alike for unknown emails', async () => {
    const res = await patch('/api/forgot-password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(await lastMail('ghost@example.com')).toBeUndefined();
  });

  it('changes the password only with the current one', async () => {
    const session = await signedIn();
    const wrong = await patch(
      '/api/password/update',
      { current_password: 'Nope-1234', new_password: 'Next-pass-1' },
      session.access_token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.details[0].key).toBe('current_password');
    const right = await patch(
      '/api/password/update',
      { current_password: session.password, new_password: 'Next-pass-1' },
      session.access_token,
    );
    expect(right.statusCode).toBe(200);
    // This session goes on.
    expect((await post('/api/revoke-token', { token: session.refresh_token })).statusCode).toBe(200);
    expect((await post('/api/signin', { email: session.email, password: 'Next-pass-1' })).statusCode).toBe(
      200,
    );
    expect((await patch('/api/password/update', {}, undefined)).statusCode).toBe(401);
  });
});

describe('second factor', () => {
  it('signs in with a mailed code', async () => {
    const session = await signedIn();
    await t.platform.database.db
      .update(users)
      .set({ mf2aMethod: 'EMAIL' })
      .where(eq(users.email, session.email));
    const first = await post('/api/signin', { email: session.email, password: session.password });
    expect(first.json().data).toMatchObject({ mf2a: true, mf2a_method: 'EMAIL' });
    expect(first.json().data.access_token).toBeUndefined();
    const code = await codeFor(session.email, 'auth.mf2a-code');
    const res = await post('/api/mf2a/verifyOTP', { user_id: first.json().data.user_id, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.access_token).toMatch(/^ey/);
    // The challenge is spent.
    expect((await post('/api/mf2a/verifyOTP', { user_id: first.json().data.user_id, code })).statusCode).toBe(
      401,
    );
  });

  it('signs in with an authenticator code', async () => {
    const session = await signedIn();
    const secret = generateSecret();
    await t.platform.database.db
      .update(users)
      .set({ mf2aMethod: 'TOTP', totpSecret: secret })
      .where(eq(users.email, session.email));
    const first = (await post('/api/signin', { email: session.email, password: session.password })).json()
      .data;
    expect(first.mf2a_method).toBe('TOTP');
    const wrong = await post('/api/mf2a/verifyOTP', { user_id: first.user_id, code: '000000' });
    expect([401, 422]).toContain(wrong.statusCode);
    const code = await generateTotp({ secret });
    const res = await post('/api/mf2a/verifyOTP', { user_id: first.user_id, code });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a second step without a first one', async () => {
    const session = await signedIn();
    const res = await post('/api/mf2a/verifyOTP', { user_id: session.user_details._id, code: '123456' });
    expect(res.statusCode).toBe(401);
    expect((await post('/api/mf2a/verifyOTP', { user_id: 'x', code: '1' })).statusCode).toBe(422);
  });
});

describe('workspaces', () => {
  it('lists the workspaces and switches between them with new tokens', async () => {
    const session = await signedIn();
    const userId = session.user_details._id as string;
    const { companyId } = await t.platform.database.db.transaction((tx) =>
      createWorkspace(tx, { name: 'Second Co', planType: 'BUSINESS', ownerId: userId }),
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/getUserWorkspaceList',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((w: { plan_type: string }) => w.plan_type)).toEqual([
      'INDIVIDUAL',
      'BUSINESS',
    ]);

    const switched = await post(
      `/api/switchWorkspace/${companyId}`,
      { refresh_token: session.refresh_token },
      session.access_token,
    );
    expect(switched.statusCode).toBe(200);
    const next = switched.json().data;
    expect(next.user_details.current_workspace.company_id).toBe(companyId);
    expect(next.access_token).not.toBe(session.access_token);
    // The old session ended with the switch.
    expect((await post('/api/revoke-token', { token: session.refresh_token })).statusCode).toBe(401);
    // The next sign-in lands in the workspace used last.
    const again = (await post('/api/signin', { email: session.email, password: session.password })).json()
      .data;
    expect(again.user_details.current_workspace.company_id).toBe(companyId);
  });

  it("answers 404 for another user's workspace and 422 for a malformed id", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const res = await post(
      `/api/switchWorkspace/${theirs.user_details.current_workspace.company_id}`,
      {},
      mine.access_token,
    );
    expect(res.statusCode).toBe(404);
    expect((await post('/api/switchWorkspace/not-a-uuid', {}, mine.access_token)).statusCode).toBe(422);
    expect(
      (await post(`/api/switchWorkspace/${theirs.user_details.current_workspace.company_id}`, {})).statusCode,
    ).toBe(401);
  });
});
