import { desc, sql } from 'drizzle-orm';
import { generate as generateTotp } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { emailLogs } from '../../platform/mail/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipSeq = 0;
const post = (url: string, payload: unknown, token?: string) => {
  ipSeq += 1;
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: `10.20.${ipSeq >> 8}.${ipSeq & 255}`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
};

let seq = 0;
async function signedIn(kind: 'signup' | 'companySignup' = 'signup') {
  seq += 1;
  const email = `mf${seq}@example.com`;
  const password = 'S3cure-pass';
  const body = { first_name: 'Ravi', last_name: 'Iyer', email, password, company_name: 'Harbour Homes' };
  await post(`/api/${kind}`, body);
  const [mail] = await t.platform.database.db
    .select()
    .from(emailLogs)
    .where(sql`${email} = ANY(${emailLogs.to})`)
    .orderBy(desc(emailLogs.createdAt));
  const code = /(\d{6})$/.exec(mail!.subject)![1];
  await post('/api/email/verify', { email, code });
  const session = (await post('/api/signin', { email, password })).json().data;
  return { email, password, ...session };
}

describe('authenticator enrolment', () => {
  it('enrols, signs in with the app or a recovery code, and turns off', async () => {
    const s = await signedIn();
    const setup = await post('/api/mf2a/totp/setup', {}, s.access_token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_data_url } = setup.json().data;
    expect(otpauth_url).toContain('otpauth://totp/');
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);

    expect((await post('/api/mf2a/totp/enable', { code: '000000' }, s.access_token)).statusCode).toBe(422);
    const enabled = await post(
      '/api/mf2a/totp/enable',
      { code: await generateTotp({ secret }) },
      s.access_token,
    );
    expect(enabled.statusCode).toBe(200);
    const recovery: string[] = enabled.json().data.recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);

    const challenge = (await post('/api/signin', { email: s.email, password: s.password })).json().data;
    expect(challenge).toMatchObject({ mf2a: true, mf2a_method: 'TOTP' });
    const withApp = await post('/api/mf2a/verifyOTP', {
      user_id: challenge.user_id,
      code: await generateTotp({ secret }),
    });
    expect(withApp.statusCode).toBe(200);

    // A recovery code works once.
    const again = (await post('/api/signin', { email: s.email, password: s.password })).json().data;
    expect(
      (await post('/api/mf2a/verifyOTP', { user_id: again.user_id, code: recovery[0] })).statusCode,
    ).toBe(200);
    const third = (await post('/api/signin', { email: s.email, password: s.password })).json().data;
    expect(
      (await post('/api/mf2a/verifyOTP', { user_id: third.user_id, code: recovery[0] })).statusCode,
    ).toBe(422);

    const token = withApp.json().data.access_token;
    expect((await post('/api/mf2a/disable', { current_password: 'Wrong-1234' }, token)).statusCode).toBe(422);
    expect((await post('/api/mf2a/disable', { current_password: s.password }, token)).statusCode).toBe(200);
    expect((await post('/api/signin', { email: s.email, password: s.password })).json().data.mf2a).toBe(
      false,
    );
  });

  it('refuses to confirm before set-up, and without a session', async () => {
    const s = await signedIn();
    expect((await post('/api/mf2a/totp/enable', { code: '123456' }, s.access_token)).statusCode).toBe(409);
    expect((await post('/api/mf2a/totp/setup', {})).statusCode).toBe(401);
    expect((await post('/api/mf2a/totp/enable', { code: 'abc' }, s.access_token)).statusCode).toBe(422);
  });

  it('switches to mailed codes with the password and replaces recovery codes', async () => {
    const s = await signedIn();
    const res = await post('/api/mf2a/email/enable', { current_password: s.password }, s.access_token);
    expect(res.statusCode).toBe(200);
    const fresh = await post('/api/mf2a/recovery-codes', { current_password: s.password }, s.access_token);
    expect(fresh.json().data.recovery_codes).not.toEqual(res.json().data.recovery_codes);
    const challenge = (await post('/api/signin', { email: s.email, password: s.password })).json().data;
    expect(challenge.mf2a_method).toBe('EMAIL');
    // The replaced codes no longer work.
    const old = res.json().data.recovery_codes[0];
    expect((await post('/api/mf2a/verifyOTP', { user_id: challenge.user_id, code: old })).statusCode).toBe(
      422,
    );
  });
});

describe('employee sign-in', () => {
  it("opens the session in the company of the sign-in page, and refuses other companies' pages", async () => {
    const owner = await signedIn('companySignup');
    const slug = owner.user_details.current_workspace.company_slug;
    const res = await post('/api/employee/signin', {
      email: owner.email,
      password: owner.password,
      company_slug: slug,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_details.current_workspace.company_slug).toBe(slug);

    const stranger = await signedIn();
    const refused = await post('/api/employee/signin', {
      email: stranger.email,
      password: stranger.password,
      company_slug: slug,
    });
    expect(refused.statusCode).toBe(401);
    expect(
      (await post('/api/employee/signin', { email: owner.email, password: owner.password })).statusCode,
    ).toBe(422);
  });
});
