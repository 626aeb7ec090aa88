import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'esigns-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head></head><div id="root"></div></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({ routes: [{ pattern: '^/signin/?$', scripts: ['assets/signin-5678.js'], styles: [] }] }),
  );
  t = await buildTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('one origin: the web app beside the API', () => {
  it.each(['/', '/dashboard', '/documents/all', '/some/unknown/path', '/if/abc/entity'])(
    'serves the app shell for %s (the client router decides)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it("names a first-visit screen's scripts in its page (the build's route-preloads.json)", async () => {
    const signin = await t.app.inject({ method: 'GET', url: '/signin?redirect_url=%2Fdocuments' });
    expect(signin.statusCode).toBe(200);
    expect(signin.headers['content-type']).toContain('text/html');
    expect(signin.headers['cache-control']).toBe('no-cache');
    expect(signin.headers['content-security-policy']).toBeDefined();
    expect(signin.body).toContain('<link rel="modulepreload" crossorigin href="/assets/signin-5678.js">');
    const other = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(other.body).not.toContain('modulepreload');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps API and service paths as JSON 404s', async () => {
    for (const url of ['/api/unknown', '/rest/esignature/unknown', '/socket.io/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().success).toBe(false);
    }
  });

  it('lets no origin frame the embedded mode (until it has its own allow-list)', async () => {
    const embedded = await t.app.inject({ method: 'GET', url: '/if/token/entity' });
    expect(embedded.headers['x-frame-options']).toBe('DENY');
    expect(embedded.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(embedded.headers['content-security-policy']).not.toContain('frame-ancestors *');
    const normal = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(normal.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(normal.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('turns off camera, microphone, location and payment for the pages, signers included', async () => {
    for (const url of ['/dashboard', '/if/token/entity', '/sign/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = res.headers['permissions-policy'];
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
        expect(policy).toContain(`${feature}=()`);
    }
  });

  it('lets the scanner page (only) use the camera of this origin', async () => {
    for (const url of ['/scanner', '/scanner?code=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const policy = res.headers['permissions-policy'];
      expect(policy).toContain('camera=(self)');
      for (const feature of ['microphone', 'geolocation', 'payment'])
        expect(policy).toContain(`${feature}=()`);
    }
    for (const url of ['/scannerx', '/if/token/scanner', '/api/scanner', '/dashboard?next=/scanner']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'] ?? 'camera=()').not.toContain('camera=(self)');
    }
  });
});
