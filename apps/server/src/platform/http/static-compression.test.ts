import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/* The web build's precompressed copies (scripts/build.mjs writes .br and .gz beside each asset). */

let t: TestApp;
let dist: string;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const DRAWN = `<form><h2>Create your account</h2>${'<p>.</p>'.repeat(300)}</form>`;
const SHELL = `<!doctype html><html lang="en"><head></head><div id="root"></div>${' '.repeat(2000)}</html>`;

function writeWithCopies(file: string, text: string): void {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'esigns-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithCopies(path.join(dist, 'index.html'), SHELL);
  // A drawn page: assembled by the server (spa-shell.ts), so compressed by it, once.
  writeFileSync(
    path.join(dist, 'static-pages.json'),
    JSON.stringify({ pages: [{ path: '/signup', variesWith: [], markup: DRAWN }] }),
  );
  writeWithCopies(path.join(dist, 'assets', 'app-1234.js'), SCRIPT);
  t = await buildTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static files are sent precompressed', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts br, cached for good', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toContain('accept-encoding');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends the gzip copy when br is not accepted, and the file itself when nothing is', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses the app shell of every client route too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('compresses a page drawn by the build (assembled by the server), and not for a client without br or gzip', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/signup',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain(`<div data-static-page="/signup">${DRAWN}</div>`);
    expect(br.rawPayload.length).toBeLessThan(html.length / 4);
    const plain = await t.app.inject({ method: 'GET', url: '/signup' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });
});

describe('the API docs are sent compressed', () => {
  it('compresses the OpenAPI description for a browser that accepts br or gzip, and not otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const description = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as {
      openapi: string;
      paths: object;
    };
    expect(description.openapi).toBe('3.0.3');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(description).length / 5);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(description);

    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(description);
  });

  it('opens with the operations collapsed and the models hidden', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"docExpansion":"none"');
    expect(res.body).toContain('"defaultModelsExpandDepth":-1');
  });
});
