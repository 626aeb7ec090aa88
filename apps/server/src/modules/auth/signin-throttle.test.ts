import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp, signUpAndSignIn } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { emailLogs } from '../../platform/mail/schema';
import { users } from './schema';
import { ACCOUNT_SLOWDOWN_AFTER, CLIENT_FREE_FAILURES, lockMinutes, slowdownMs } from './signin-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signin = (
  payload: { email: string; password: string; company_slug?: string },
  ip: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: payload.company_slug ? '/api/employee/signin' : '/api/signin',
    payload,
    remoteAddress: ip,
    headers,
  });

/** What a client can tell from an answer. */
const shape = (res: Awaited<ReturnType<typeof signin>>) => {
  const body = res.json() as { message: string; error_code?: string };
  return { status: res.statusCode, message: body.message, error_code: body.error_code };
};

describe('sign-in lockout per account and address', () => {
  it('locks only the failing address out of the account; other addresses still sign in', async () => {
    const owner = await signUpAndSignIn(t);
    const attacker = nextIp();
    for (let i = 0; i < CLIENT_FREE_FAILURES; i++) {
      expect((await signin({ email: owner.email, password: 'Wrong-pass-1' }, attacker)).statusCode).toBe(401);
    }
    expect((await signin({ email: owner.email, password: owner.password }, attacker)).statusCode).toBe(429);
    expect((await signin({ email: owner.email, password: owner.password }, nextIp())).statusCode).toBe(200);
  });

  it('answers unknown emails exactly like known ones, lockout included', async () => {
    const owner = await signUpAndSignIn(t);
    const unknown = `nobody-${Date.now()}@example.com`;
    const ipA = nextIp();
    const ipB = nextIp();
    for (let i = 0; i <= CLIENT_FREE_FAILURES; i++) {
      const known = shape(await signin({ email: owner.email, password: 'Wrong-pass-1' }, ipA));
      const none = shape(await signin({ email: unknown, password: 'Wrong-pass-1' }, ipB));
      expect(none).toEqual(known);
      expect(known.status).toBe(i < CLIENT_FREE_FAILURES ? 401 : 429);
    }
  });

  it('does not let a new X-Forwarded-For escape the lock (no TRUST_PROXY)', async () => {
    const owner = await signUpAndSignIn(t);
    const ip = nextIp();
    for (let i = 0; i < CLIENT_FREE_FAILURES; i++) {
      await signin({ email: owner.email, password: 'Wrong-pass-1' }, ip, {
        'x-forwarded-for': `198.51.100.${i}`,
      });
    }
    const res = await signin({ email: owner.email, password: owner.password }, ip, {
      'x-forwarded-for': '198.51.100.99',
    });
    expect(res.statusCode).toBe(429);
  });

  it('applies the same lock to the employee sign-in (company slug)', async () => {
    const owner = await signUpAndSignIn(t, { company: 'Lockout Realty' });
    const ip = nextIp();
    for (let i = 0; i < CLIENT_FREE_FAILURES; i++) {
      const res = await signin(
        { email: owner.email, password: 'Wrong-pass-1', company_slug: 'lockout-realty' },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    expect((await signin({ email: owner.email, password: owner.password }, ip)).statusCode).toBe(429);
  });

  it('counts wrong second-factor codes like wrong passwords', async () => {
    const owner = await signUpAndSignIn(t);
    await t.platform.database.db
      .update(users)
      .set({ mf2aMethod: 'EMAIL' })
      .where(eq(users.email, owner.email));
    const ip = nextIp();
    const first = await signin({ email: owner.email, password: owner.password }, ip);
    const userId = (first.json() as { data: { user_id: string } }).data.user_id;
    for (let i = 0; i < CLIENT_FREE_FAILURES; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mf2a/verifyOTP',
        payload: { user_id: userId, code: '000000' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(422);
    }
    // A new challenge does not give the address new tries.
    expect((await signin({ email: owner.email, password: owner.password }, ip)).statusCode).toBe(429);
    // The owner elsewhere goes on: password, then the mailed code.
    const elsewhere = nextIp();
    const again = await signin({ email: owner.email, password: owner.password }, elsewhere);
    expect(again.statusCode).toBe(200);
    const [mail] = await t.platform.database.db
      .select()
      .from(emailLogs)
      .where(sql`${owner.email} = ANY(${emailLogs.to}) and ${emailLogs.kind} = 'auth.mf2a-code'`)
      .orderBy(desc(emailLogs.createdAt));
    const code = /(\d{6})$/.exec(mail?.subject ?? '')?.[1];
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/mf2a/verifyOTP',
      payload: { user_id: userId, code },
      remoteAddress: elsewhere,
    });
    expect(done.statusCode).toBe(200);
  });

  it('only slows the account down (never locks it) after many failures from many addresses', async () => {
    const owner = await signUpAndSignIn(t);
    const perIp = CLIENT_FREE_FAILURES;
    for (let n = 0; n < ACCOUNT_SLOWDOWN_AFTER; n += perIp) {
      const ip = nextIp();
      for (let i = 0; i < perIp; i++) await signin({ email: owner.email, password: 'Wrong-pass-1' }, ip);
    }
    const started = Date.now();
    const res = await signin({ email: owner.email, password: owner.password }, nextIp());
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('throttles the current-password checks of a signed-in session like sign-in', async () => {
    const owner = await signUpAndSignIn(t);
    const ip = nextIp();
    const change = (current_password: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/password/update',
        payload: { current_password, new_password: 'Quiet-harbour-lantern-58' },
        headers: { authorization: `Bearer ${owner.access_token}` },
        remoteAddress: ip,
      });
    for (let i = 0; i < CLIENT_FREE_FAILURES; i++)
      expect((await change('Wrong-pass-1')).statusCode).toBe(422);
    expect((await change(owner.password)).statusCode).toBe(429);
    const disable = await t.app.inject({
      method: 'POST',
      url: '/api/mf2a/disable',
      payload: { current_password: owner.password },
      headers: { authorization: `Bearer ${owner.access_token}` },
      remoteAddress: ip,
    });
    expect(disable.statusCode).toBe(429);
  });

  it('unlocks every address once the password is reset', async () => {
    const owner = await signUpAndSignIn(t);
    const ip = nextIp();
    for (let i = 0; i < CLIENT_FREE_FAILURES; i++) {
      await signin({ email: owner.email, password: 'Wrong-pass-1' }, ip);
    }
    await t.app.inject({
      method: 'PATCH',
      url: '/api/forgot-password',
      payload: { email: owner.email },
      remoteAddress: nextIp(),
    });
    const [mail] = await t.platform.database.db
      .select()
      .from(emailLogs)
      .where(sql`${owner.email} = ANY(${emailLogs.to}) and ${emailLogs.kind} = 'auth.password-reset'`)
      .orderBy(desc(emailLogs.createdAt));
    const code = /(\d{6})$/.exec(mail?.subject ?? '')?.[1];
    const password = 'Quiet-harbour-lantern-58';
    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/api/verify/forgot-password',
      payload: { email: owner.email, code, password },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await signin({ email: owner.email, password }, ip)).statusCode).toBe(200);
  });
});

describe('GET /checkUser/{email}', () => {
  it('is limited to 20 calls a minute per address, with the error envelope', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof signin>> | undefined;
    for (let i = 0; i < 21; i++) {
      last = await t.app.inject({
        method: 'GET',
        url: `/api/checkUser/probe${i}%40example.com`,
        remoteAddress: ip,
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(last?.json()).toMatchObject({ success: false, error_code: 'TOO_MANY_REQUESTS' });
  });
});

describe('throttle schedule', () => {
  it('locks an address for 15 minutes at the fifth failure, doubling after, at most a day', () => {
    expect([4, 5, 6, 7].map(lockMinutes)).toEqual([0, 15, 30, 60]);
    expect(lockMinutes(40)).toBe(24 * 60);
  });

  it('slows an account by 1 s after 20 failures, doubling every 10 more, at most 5 s', () => {
    expect([19, 20, 29, 30, 40, 200].map(slowdownMs)).toEqual([0, 1000, 1000, 2000, 4000, 5000]);
  });
});
