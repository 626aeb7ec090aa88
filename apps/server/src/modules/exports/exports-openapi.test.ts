import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/** The export calls are documented at /api/docs (their schemas convert to OpenAPI). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 300_000);
afterAll(async () => {
  await t.close();
});

it('documents every export call', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, { summary?: string }>>;
  for (const [path, method] of [
    ['/api/export/entities-data/{id}', 'post'],
    ['/api/export/entities-data/pdf/{id}', 'post'],
    ['/api/export/all-entities-data', 'post'],
    ['/api/entity-views/export-pdf', 'post'],
    ['/api/exports', 'get'],
    ['/api/exports/{id}', 'get'],
    ['/api/exports/{id}/download', 'get'],
  ] as const) {
    expect(paths[path]?.[method]?.summary, path).toBeTruthy();
  }
}, 300_000);
