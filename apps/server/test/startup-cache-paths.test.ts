import { STARTUP_CACHE_PATHS } from '@esigns/contracts/startup-cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAndSignIn, type TestSession } from './accounts';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpAndSignIn(t);
});
afterAll(() => t.close());

describe('the lists the web app caches at start-up', () => {
  it.each(STARTUP_CACHE_PATHS)('GET /api%s is served and answers a new company', async (path) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${path}`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
  });
});
