import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('reports every dependency as healthy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.status).toBe('ok');
    expect(body.data.checks.db.ok).toBe(true);
    expect(body.data.checks.queue.ok).toBe(true);
    expect(body.data.checks.storage.ok).toBe(true);
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});
