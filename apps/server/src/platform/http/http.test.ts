import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from './app-error';
import { ok } from './envelope';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp(
    { BODY_LIMIT_BYTES: '2048' },
    {
      // Routes that exist only in this test, to drive the shared error handling.
      extend: (app) => {
        const api = app.withTypeProvider<ZodTypeProvider>();
        api.post(
          '/api/test/echo',
          {
            schema: {
              body: z.object({
                email: z.email(),
                age: z.number().int().min(0),
                document_users: z.array(z.object({ email: z.email() })).optional(),
              }),
              querystring: z.object({ mode: z.enum(['a', 'b']).optional() }),
            },
          },
          async (request) => ok(request.body),
        );
        api.get('/api/test/boom', async () => {
          throw new Error('secret database detail');
        });
        api.get('/api/test/conflict', async () => {
          throw new AppError('CONFLICT', { message: 'Already sent', errorCode: 'HOLD_WORKSPACE' });
        });
      },
    },
  );
});

afterAll(async () => {
  await t.close();
});

describe('error envelope', () => {
  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error_code: 'ROUTE_NOT_FOUND' });
  });

  it('answers an unknown non-API path with 404 JSON when no web app is built', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/whatever' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error_code: 'BAD_REQUEST' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', age: 1, pad: 'x'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, error_code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it.each([
    ['wrong types', { email: 'a@b.co', age: 'ten' }, ['age']],
    ['missing fields', {}, ['email', 'age']],
    ['bad email', { email: 'nope', age: 3 }, ['email']],
    [
      'nested path',
      { email: 'a@b.co', age: 3, document_users: [{ email: 'x' }] },
      ['document_users.0.email'],
    ],
  ])('answers %s with 422 and errors.details keyed by field', async (_name, payload, keys) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.success).toBe(false);
    const detailKeys = body.errors.details.map((d: { key: string }) => d.key);
    for (const key of keys) expect(detailKeys).toContain(key);
    for (const detail of body.errors.details) {
      expect(typeof detail.message).toBe('string');
      expect(Array.isArray(detail.path)).toBe(true);
    }
  });

  it('keys query validation errors under querystring', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?mode=zzz',
      payload: { email: 'a@b.co', age: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0].key).toBe('querystring.mode');
  });

  it('passes valid input through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.co', age: 4 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { email: 'a@b.co', age: 4 } });
  });

  it('maps AppError to its status and carries the spec code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Already sent', error_code: 'HOLD_WORKSPACE' });
  });

  it('hides internals of a 500 and gives the request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'abc' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(JSON.stringify(body)).not.toContain('secret database detail');
    expect(body.request_id).toBe(res.headers['x-request-id']);
    expect(body.message).toContain(body.request_id);
  });
});

describe('security and docs', () => {
  it('sends the strict API security headers on JSON answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends HSTS over HTTPS only: X-Forwarded-Proto of an untrusted peer does not count', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when a trusted proxy (TRUST_PROXY) says the request came over HTTPS', async () => {
    const behindProxy = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const https = await behindProxy.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const docs = await behindProxy.app.inject({
        method: 'GET',
        url: '/api/docs/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(docs.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await behindProxy.app.inject({ method: 'GET', url: '/api/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it('sends the page policy on the API docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['permissions-policy']).toContain('microphone=()');
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
    expect(res.headers['permissions-policy']).toContain('payment=()');
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('rate limiting', () => {
  it('answers 429 in the envelope past the limit', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push((await limited.app.inject({ method: 'GET', url: '/api/no-route' })).statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([404, 404, 404]);
      const res = await limited.app.inject({ method: 'GET', url: '/api/no-route' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ success: false, error_code: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });
});
