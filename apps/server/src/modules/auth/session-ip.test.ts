import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { refreshTokens } from './schema';

/** Signs in with `headers` from `remoteAddress`; answers the address recorded on the new session. */
async function recordedSigninIp(t: TestApp, headers: Record<string, string>, remoteAddress: string) {
  const account = await signUpAndSignIn(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signin',
    payload: { email: account.email, password: account.password },
    headers,
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  const [row] = await t.platform.database.db
    .select({ ip: refreshTokens.ip })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, account.userId))
    .orderBy(desc(refreshTokens.createdAt))
    .limit(1);
  return row?.ip;
}

describe('the address recorded on a session', () => {
  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('is the socket peer, whatever X-Forwarded-For says', async () => {
      expect(await recordedSigninIp(t, { 'x-forwarded-for': '203.0.113.9' }, '192.0.2.12')).toBe(
        '192.0.2.12',
      );
    });
  });

  describe('with TRUST_PROXY=127.0.0.1', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('is the address the trusted proxy forwarded', async () => {
      expect(await recordedSigninIp(t, { 'x-forwarded-for': '203.0.113.11' }, '127.0.0.1')).toBe(
        '203.0.113.11',
      );
    });
  });
});
