import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { runRateLimitFirst } from './rate-limit-first';

/** Two routes sharing one hook list, as `const auth = requirePermission(...)` routes do. */
async function appWithSharedHooks(routeFactor = 1) {
  const app = Fastify();
  const first = runRateLimitFirst(app, routeFactor);
  await app.register(fastifyRateLimit, { global: false });
  first.afterPlugin();
  const calls: string[] = [];
  const shared = [
    async (request: { url: string }) => {
      calls.push(request.url);
    },
  ];
  app.get(
    '/a',
    { onRequest: shared, config: { rateLimit: { max: 2, timeWindow: '1 minute' } } },
    async () => 'a',
  );
  app.get(
    '/b',
    { onRequest: shared, config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async () => 'b',
  );
  app.get('/c', { onRequest: shared }, async () => 'c');
  await app.ready();
  return { app, calls };
}

describe('rate limits of routes sharing one hook list', () => {
  it('each route counts against its own limit only', async () => {
    const { app } = await appWithSharedHooks();
    const status = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;
    expect([await status('/a'), await status('/a'), await status('/a')]).toEqual([200, 200, 429]);
    // /b has its own limit of 5, untouched by /a's calls.
    const b = [];
    for (let i = 0; i < 6; i++) b.push(await status('/b'));
    expect(b).toEqual([200, 200, 200, 200, 200, 429]);
    // A route without a limit is never limited.
    for (let i = 0; i < 8; i++) expect(await status('/c')).toBe(200);
    await app.close();
  });

  it('the shared hook still runs once per request on every route', async () => {
    const { app, calls } = await appWithSharedHooks();
    await app.inject({ method: 'GET', url: '/a' });
    await app.inject({ method: 'GET', url: '/c' });
    expect(calls).toEqual(['/a', '/c']);
    await app.close();
  });

  it("multiplies each route's own limit by the factor (RATE_LIMIT_ROUTE_FACTOR)", async () => {
    const { app } = await appWithSharedHooks(3);
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await app.inject({ method: 'GET', url: '/a' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    await app.close();
  });
});
