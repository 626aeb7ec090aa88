import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { clientIp } from './client-ip';
import { ok } from './envelope';

/** A route that answers the address the app records for the caller. */
function withIpRoute(app: TestApp['app']): void {
  app.get('/api/test/ip', async (request) => ok({ ip: clientIp(request) }));
}

const ipOf = async (t: TestApp, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
  const res = await t.app.inject({ method: 'GET', url: '/api/test/ip', headers, remoteAddress });
  return (res.json() as { data: { ip: string } }).data.ip;
};

/** A signing-link request with a malformed recipient id: a failure counted against the caller's address. */
const badSigningLink = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/e-signs/${randomUUID()}`,
    headers: { userid: 'not-a-recipient', password: 'wrong', ...headers },
    remoteAddress: '127.0.0.1',
  });

describe('client IP without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5' }, { extend: withIpRoute });
  });
  afterAll(async () => {
    await t.close();
  });

  it('records the socket peer, whatever X-Forwarded-For says', async () => {
    expect(await ipOf(t, { 'x-forwarded-for': '203.0.113.9' }, '192.0.2.10')).toBe('192.0.2.10');
    expect(await ipOf(t, {}, '::ffff:192.0.2.11')).toBe('192.0.2.11');
  });

  it('counts unauthenticated callers in the global limit, a new X-Forwarded-For resetting nothing', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/no/such/route',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        remoteAddress: '192.0.2.20',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});

describe('the global rate limit of routes behind sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts callers without a token (401) too', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        remoteAddress: '192.0.2.40',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('client IP of the signing-link failure limiter without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps blocking an address that rotates X-Forwarded-For', async () => {
    for (let i = 0; i < 20; i += 1) {
      const res = await badSigningLink(t, { 'x-forwarded-for': `198.51.100.${i}` });
      expect(res.statusCode, res.body).toBe(401);
    }
    const blocked = await badSigningLink(t, { 'x-forwarded-for': '198.51.100.200' });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('client IP with TRUST_PROXY=127.0.0.1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '5' }, { extend: withIpRoute });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the forwarded address from the trusted proxy only', async () => {
    expect(await ipOf(t, { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    // Two hops: the client wrote the first, the trusted proxy appended the real one.
    expect(await ipOf(t, { 'x-forwarded-for': '1.2.3.4, 203.0.113.10' })).toBe('203.0.113.10');
    // Another peer is not trusted: its header is ignored.
    expect(await ipOf(t, { 'x-forwarded-for': '203.0.113.9' }, '192.0.2.30')).toBe('192.0.2.30');
  });

  it('limits each forwarded client on its own', async () => {
    const statusFrom = async (ip: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/no/such/route',
          headers: { 'x-forwarded-for': ip },
          remoteAddress: '127.0.0.1',
        })
      ).statusCode;
    for (let i = 0; i < 5; i += 1) expect(await statusFrom('198.51.100.1')).toBe(404);
    expect(await statusFrom('198.51.100.1')).toBe(429);
    expect(await statusFrom('198.51.100.2')).toBe(404);
  });
});
