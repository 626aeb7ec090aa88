import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIcon } from '@esigns/contracts/icons';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { isKnownIcon, svgOf } from './icon-set';

let t: TestApp;
let acme: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Icons' });
});
afterAll(async () => {
  await t.close();
});

const getIcons = (query = '', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/icons/getAllIcons${query}`,
    headers: { ...acme.users.MEMBER.headers, ...headers },
  });

describe('GET /icons/getAllIcons', () => {
  it('answers the whole Tabler set, FILL and OUTLINE, with SVG content', async () => {
    const res = await getIcons();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const icons: TIcon[] = res.json().data;
    expect(icons.length).toBeGreaterThan(6000);
    const outline = icons.filter((i) => i.type === 'OUTLINE');
    const fill = icons.filter((i) => i.type === 'FILL');
    expect(outline.length).toBeGreaterThan(5000);
    expect(fill.length).toBeGreaterThan(1000);
    const home = icons.find((i) => i._id === 'home')!;
    expect(home).toMatchObject({ name: 'home', type: 'OUTLINE' });
    expect(home.content).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*stroke="currentColor"/);
    expect(home.content).toContain('<path d="M5 12l-2 0l9 -9l9 9l-2 0"/>');
    expect(home.content.endsWith('</svg>')).toBe(true);
    expect(icons.find((i) => i._id === 'home-filled')).toMatchObject({ name: 'home', type: 'FILL' });
    expect(new Set(icons.map((i) => i._id)).size).toBe(icons.length);
    // Name order.
    const names = icons.map((i) => i.name);
    expect(names).toEqual([...names].sort());
  });

  it('filters by type and by a case-insensitive substring of the name', async () => {
    const fill: TIcon[] = (await getIcons('?type=fill')).json().data;
    expect(fill.every((i) => i.type === 'FILL')).toBe(true);
    const found: TIcon[] = (await getIcons('?search=HoMe&type=OUTLINE')).json().data;
    expect(found.length).toBeGreaterThan(3);
    expect(found.every((i) => i.type === 'OUTLINE' && i.name.includes('home'))).toBe(true);
    expect(found.map((i) => i._id)).toContain('home-2');
    expect((await getIcons('?search=zzzz-nothing')).json().data).toEqual([]);
    // Regex characters are plain text.
    expect((await getIcons('?search=.*')).json().data).toEqual([]);
  });

  it('answers 422 for an unknown type', async () => {
    const res = await getIcons('?type=SHADED');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0].key).toBe('querystring.type');
  });

  it('gzips for clients that take it and answers 304 for a current ETag', async () => {
    const plain = await getIcons('?type=OUTLINE');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(plain.headers['cache-control']).toBe('private, max-age=86400');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const zipped = await getIcons('?type=OUTLINE', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(etag);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);

    const again = await getIcons('?type=OUTLINE', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another list has another ETag.
    expect((await getIcons('?type=FILL', { 'if-none-match': etag })).statusCode).toBe(200);
    const search = await getIcons('?search=home');
    expect(search.headers.etag).not.toBe(etag);
    expect(
      (await getIcons('?search=home', { 'if-none-match': search.headers.etag as string })).statusCode,
    ).toBe(304);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/icons/getAllIcons' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the icon set', () => {
  it('knows icons by stored name', async () => {
    expect(await isKnownIcon('layout-dashboard')).toBe(true);
    expect(await isKnownIcon('home-filled')).toBe(true);
    expect(await isKnownIcon('no-such-icon')).toBe(false);
  });

  it('escapes attribute values and skips odd names', () => {
    const svg = svgOf(
      [
        ['path', { d: 'M0 0"/><script>', 'on load': 'x' }],
        ['scr ipt', { d: '1' }],
      ],
      'FILL',
    );
    expect(svg).toContain('<path d="M0 0&quot;/&gt;&lt;script&gt;"/>');
    expect(svg).not.toContain('on load');
    expect(svg).not.toContain('scr ipt');
  });
});
