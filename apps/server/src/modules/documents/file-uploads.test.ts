import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { setPermission } from '../document-lists/test-seed';
import { keysOf, makePdf } from './test-helpers';

/** The upload limit of this file's app: small, so that the 413 cases stay cheap. */
const LIMIT = 2 * 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  Buffer.alloc(64),
]);

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let pdf: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_LIMIT_BYTES: String(LIMIT) });
  acme = await seedCompany(t, { name: 'Acme Uploads' });
  other = await seedCompany(t, { name: 'Other Uploads' });
  pdf = await makePdf(1);
});
afterAll(async () => {
  await t.close();
});

type Part = { field?: string; name: string; type: string; data: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----esigns${Date.now()}`;
  const body = parts.map((p) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...body, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const send = (method: 'PUT' | 'POST', url: string, who: SeededUser, parts: Part[], extra = {}) => {
  const body = multipart(parts);
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { authorization: `Bearer ${who.token}`, ...body.headers, ...extra },
  });
};
const json = (url: string, who: SeededUser, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${who.token}` } });

/** The bytes behind a signed download address (local storage, served by the API). */
async function download(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('PUT /upload/file-upload-s3', () => {
  it('stores files as they are, under the company, with a working download address', async () => {
    const res = await send('PUT', '/api/upload/file-upload-s3', acme.users.MEMBER, [
      { name: 'photo.png', type: 'image/png', data: PNG },
      { name: 'contract.pdf', type: 'application/octet-stream', data: pdf },
    ]);
    expect(res.statusCode).toBe(200);
    const files = res.json().data.files;
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({
      name: 'photo.png',
      mime_type: 'image/png',
      size: PNG.length,
      kind: 'FILE',
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });
    expect(files[1]).toMatchObject({ name: 'contract.pdf', mime_type: 'application/pdf' });
    expect(files[0].file_ref_id).toMatch(
      new RegExp(`^companies/${acme.companyId}/files/[0-9a-f-]{36}\\.png$`),
    );
    expect(await download(files[0].url)).toEqual(PNG);
  });

  it('refuses a type that does not match the content, HTML and an unknown binary with 415', async () => {
    const mismatch = await send('PUT', '/api/upload/file-upload-s3', acme.users.MEMBER, [
      { name: 'photo.png', type: 'image/png', data: pdf },
    ]);
    expect(mismatch.statusCode).toBe(415);
    const html = await send('PUT', '/api/upload/file-upload-s3', acme.users.MEMBER, [
      { name: 'x.html', type: 'text/html', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(html.statusCode).toBe(415);
    const svg = await send('PUT', '/api/upload/file-upload-s3', acme.users.MEMBER, [
      { name: 'x.svg', type: 'application/octet-stream', data: Buffer.from('<svg onload="alert(1)"></svg>') },
    ]);
    expect(svg.statusCode).toBe(415);
    const blob = await send('PUT', '/api/upload/file-upload-s3', acme.users.MEMBER, [
      { name: 'x.bin', type: 'application/octet-stream', data: Buffer.from([0, 1, 2, 3, 250, 251, 252]) },
    ]);
    expect(blob.statusCode).toBe(415);
  });

  it('refuses a damaged PDF and an empty file with 422 on the file, storing nothing of the call', async () => {
    const damaged = await send('PUT', '/api/upload/file-upload-s3', acme.users.MEMBER, [
      { name: 'good.png', type: 'image/png', data: PNG },
      { name: 'bad.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7\n1 0 obj garbage') },
    ]);
    expect(damaged.statusCode).toBe(422);
    expect(keysOf(damaged)).toEqual(['files.1']);
    const empty = await send('PUT', '/api/upload/file-upload-s3', acme.users.MEMBER, [
      { name: 'empty.pdf', type: 'application/pdf', data: Buffer.alloc(0) },
    ]);
    expect(empty.statusCode).toBe(422);
    expect(keysOf(empty)).toEqual(['file']);
  });

  it('answers 413 for a file over the limit and for a body declared too large', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LIMIT)]);
    const res = await send('PUT', '/api/upload/file-upload-s3', acme.users.MEMBER, [
      { name: 'big.png', type: 'image/png', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    const declared = await send(
      'PUT',
      '/api/upload/file-upload-s3',
      acme.users.MEMBER,
      [{ name: 'a.png', type: 'image/png', data: PNG }],
      { 'content-length': String(20 * LIMIT) },
    );
    expect(declared.statusCode).toBe(413);
  });

  it('answers 415 for a body that is not multipart, 422 without a file, 401 signed out', async () => {
    const notMultipart = await json('/api/upload/file-upload-s3', acme.users.MEMBER, {});
    expect(notMultipart.statusCode).toBe(404); // PUT only
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/upload/file-upload-s3',
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${acme.users.MEMBER.token}` },
    });
    expect(put.statusCode).toBe(415);
    const none = await send('PUT', '/api/upload/file-upload-s3', acme.users.MEMBER, []);
    expect(none.statusCode).toBe(422);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/upload/file-upload-s3' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 403 to a member who may put files nowhere', async () => {
    const company = await seedCompany(t, { name: 'Read Only' });
    for (const slug of [
      'documents:create',
      'entity-data:create',
      'entity-data:update',
      'form-builders:fill',
    ] as const) {
      await setPermission(t, company.companyId, 'MEMBER', slug, false);
    }
    const res = await send('PUT', '/api/upload/file-upload-s3', company.users.MEMBER, [
      { name: 'photo.png', type: 'image/png', data: PNG },
    ]);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /VideoUpload', () => {
  it('stores a video recognised by its content', async () => {
    const res = await send('POST', '/api/VideoUpload', acme.users.MEMBER, [
      { name: 'intro.mp4', type: 'video/mp4', data: MP4 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'intro.mp4', mime_type: 'video/mp4', kind: 'VIDEO' });
  });

  it('refuses a file that is no video (415) and a video over the limit (413)', async () => {
    const notVideo = await send('POST', '/api/VideoUpload', acme.users.MEMBER, [
      { name: 'intro.mp4', type: 'application/octet-stream', data: pdf },
    ]);
    expect(notVideo.statusCode).toBe(415);
    const big = await send('POST', '/api/VideoUpload', acme.users.MEMBER, [
      { name: 'long.mp4', type: 'video/mp4', data: Buffer.concat([MP4, Buffer.alloc(LIMIT)]) },
    ]);
    expect(big.statusCode).toBe(413);
  });
});

describe('PUT /upload/company-logo-upload-s3', () => {
  it("saves the logo of the caller's company (served by /company-logo/{id})", async () => {
    const res = await send('PUT', '/api/upload/company-logo-upload-s3', acme.users.OWNER, [
      { name: 'logo.png', type: 'image/png', data: PNG },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await download(res.json().data.logo_url)).toEqual(PNG);
    const logo = await t.app.inject({ method: 'GET', url: `/api/company-logo/${acme.companyId}` });
    expect(logo.statusCode).toBe(302);
    const none = await t.app.inject({ method: 'GET', url: `/api/company-logo/${other.companyId}` });
    expect(none.statusCode).toBe(404);
  });

  it('refuses a PDF (415), a logo over 1 MB (413), and a member without branding rights (403)', async () => {
    const wrong = await send('PUT', '/api/upload/company-logo-upload-s3', acme.users.OWNER, [
      { name: 'logo.pdf', type: 'application/pdf', data: pdf },
    ]);
    expect(wrong.statusCode).toBe(415);
    const big = await send('PUT', '/api/upload/company-logo-upload-s3', acme.users.OWNER, [
      { name: 'logo.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(413);
    const member = await send('PUT', '/api/upload/company-logo-upload-s3', acme.users.MEMBER, [
      { name: 'logo.png', type: 'image/png', data: PNG },
    ]);
    expect(member.statusCode).toBe(403);
  });
});

describe('base64 uploads', () => {
  it('stores one file from a data URL and from bare base64', async () => {
    const res = await json('/api/upload/base64SingleFileUpload', acme.users.MEMBER, {
      file: `data:image/png;base64,${PNG.toString('base64')}`,
      file_name: 'signature.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'signature.png',
      mime_type: 'image/png',
      size: PNG.length,
    });
    const bare = await json('/api/upload/base64SingleFileUpload', acme.users.MEMBER, {
      file: pdf.toString('base64'),
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data).toMatchObject({ name: 'file.pdf', mime_type: 'application/pdf' });
  });

  it('answers 422 for text that is not base64 or a missing file, 415 for a lying data URL', async () => {
    const notBase64 = await json('/api/upload/base64SingleFileUpload', acme.users.MEMBER, {
      file: 'not base64!',
    });
    expect(notBase64.statusCode).toBe(422);
    expect(keysOf(notBase64)).toEqual(['file']);
    const missing = await json('/api/upload/base64SingleFileUpload', acme.users.MEMBER, {});
    expect(missing.statusCode).toBe(422);
    expect(keysOf(missing)).toEqual(['file']);
    const lying = await json('/api/upload/base64SingleFileUpload', acme.users.MEMBER, {
      file: `data:image/png;base64,${pdf.toString('base64')}`,
    });
    expect(lying.statusCode).toBe(415);
  });

  it('stores several files, or none when one is bad (keyed files.{i}.file)', async () => {
    const res = await json('/api/base64MultiFileUpload', acme.users.MEMBER, {
      files: [
        { file: PNG.toString('base64'), content_type: 'image/png', file_name: 'a.png' },
        { file: `data:application/pdf;base64,${pdf.toString('base64')}`, file_name: 'b.pdf' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.files.map((f: { name: string }) => f.name)).toEqual(['a.png', 'b.pdf']);
    const bad = await json('/api/base64MultiFileUpload', acme.users.MEMBER, {
      files: [{ file: PNG.toString('base64') }, { file: '@@@' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['files.1.file']);
    const none = await json('/api/base64MultiFileUpload', acme.users.MEMBER, { files: [] });
    expect(keysOf(none)).toEqual(['files']);
  });

  it('answers 413 for a decoded file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x41).toString('base64');
    const res = await json('/api/upload/base64SingleFileUpload', acme.users.MEMBER, { file: big });
    expect(res.statusCode).toBe(413);
  });
});

describe('POST /files-data', () => {
  it("describes uploads again with fresh addresses; another company's or unknown references are 404", async () => {
    const uploaded = await json('/api/upload/base64SingleFileUpload', acme.users.MEMBER, {
      file: PNG.toString('base64'),
      file_name: 'scan.png',
    });
    const ref = uploaded.json().data.file_ref_id as string;
    const res = await json('/api/files-data', acme.users.MEMBER, {
      file_ref_ids: [ref],
      disposition: 'attachment',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.files).toEqual([expect.objectContaining({ file_ref_id: ref, name: 'scan.png' })]);
    expect(await download(res.json().data.files[0].url)).toEqual(PNG);

    const foreign = await json('/api/files-data', other.users.OWNER, { file_ref_ids: [ref] });
    expect(foreign.statusCode).toBe(404);
    const unknown = await json('/api/files-data', acme.users.MEMBER, {
      file_ref_ids: [ref.replace(/[0-9a-f]{8}-/, '00000000-')],
    });
    expect(unknown.statusCode).toBe(404);
    const trick = await json('/api/files-data', acme.users.MEMBER, {
      file_ref_ids: [`companies/${acme.companyId}/files/../logo.png`],
    });
    expect(trick.statusCode).toBe(404);
    const empty = await json('/api/files-data', acme.users.MEMBER, { file_ref_ids: [] });
    expect(keysOf(empty)).toEqual(['file_ref_ids']);
  });
});
