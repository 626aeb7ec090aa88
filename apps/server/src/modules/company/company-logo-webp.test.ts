import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { bearer, signUpAndSignIn, type TestSession } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { makeWebp } from '../../platform/storage/webp-fixtures';

/*
 * A WebP company logo is stored as a PNG: PDFs (exports, documents) and several mail clients draw
 * only PNG and JPEG. A WebP too large or broken is refused with a 422 keyed `logo`.
 */

let t: TestApp;
let owner: TestSession;

const dataUrl = (bytes: Buffer) => `data:image/webp;base64,${bytes.toString('base64')}`;
const upload = (logo: string) =>
  t.app.inject({ method: 'POST', url: '/api/company/logo', headers: bearer(owner), payload: { logo } });

/** The stored logo's bytes, through the public redirect and the signed storage URL. */
async function storedLogo(): Promise<{ bytes: Buffer; type: string | undefined; location: string }> {
  const redirect = await t.app.inject({ method: 'GET', url: `/api/company-logo/${owner.companyId}` });
  expect(redirect.statusCode, redirect.body).toBe(302);
  const location = String(redirect.headers.location);
  const file = await t.app.inject({ method: 'GET', url: location.replace(/^https?:\/\/[^/]+/, '') });
  expect(file.statusCode, file.body).toBe(200);
  return { bytes: file.rawPayload, type: file.headers['content-type']?.toString(), location };
}

/** A small WebP whose header (VP8X) declares a 4100 x 4100 canvas: refused before decoding. */
async function hugeCanvas(): Promise<Buffer> {
  const webp = await makeWebp(16, 16, { rgba: [1, 2, 3, 100] });
  webp.writeUIntLE(4099, 24, 3);
  webp.writeUIntLE(4099, 27, 3);
  return webp;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpAndSignIn(t, { company: 'Webp Logos' });
});
afterAll(async () => {
  await t.close();
});

describe('WebP company logos', () => {
  it('stores a WebP logo as a PNG that a PDF can draw', async () => {
    const res = await upload(dataUrl(await makeWebp(64, 32, { rgba: [200, 40, 40, 180] })));
    expect(res.statusCode, res.body).toBe(200);
    const logo = await storedLogo();
    expect(logo.location).toMatch(/logo-[^/?]+\.png/);
    expect(logo.type).toBe('image/png');
    expect(logo.bytes.subarray(0, 4).toString('hex')).toBe('89504e47');
    const image = await (await PDFDocument.create()).embedPng(logo.bytes);
    expect([image.width, image.height]).toEqual([64, 32]);
  });

  it.each([
    ['larger than 4096 x 4096 pixels', hugeCanvas, 'The logo is too large: at most 4096 x 4096 pixels'],
    [
      'cut off',
      async () => (await makeWebp(16, 16)).subarray(0, 32),
      'The logo could not be read as a WebP image',
    ],
  ])('refuses a WebP %s with a 422 on logo', async (_, make, message) => {
    const res = await upload(dataUrl(await make()));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message, errors: { details: [{ key: 'logo', message }] } });
  });
});
