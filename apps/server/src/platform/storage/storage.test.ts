import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from '../http/app-error';

// 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = minimalPdf();
// Small enough that the cap on the link's own max is tested too.
const UPLOAD_LIMIT = 64 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT) });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The path and query of a signed link, for app.inject. */
function local(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe('http://localhost:3000');
  return parsed.pathname + parsed.search;
}

async function uploadUrl(
  key: string,
  contentType = 'application/pdf',
  maxBytes = 1024 * 1024,
): Promise<string> {
  return local(await t.platform.storage.createUploadUrl(key, { contentType, maxBytes }));
}

function put(url: string, body: Buffer | Readable, contentType = 'application/pdf') {
  return t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });
}

function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url, 'http://localhost');
  parsed.searchParams.set(name, value);
  return parsed.pathname + parsed.search;
}

describe('signed upload and download (local storage)', () => {
  it('stores a PDF through the upload link and serves it through the download link', async () => {
    const key = 'companies/c1/documents/contract.pdf';
    const upload = await put(await uploadUrl(key), PDF);
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toEqual({
      success: true,
      data: { key, size: PDF.length, content_type: 'application/pdf' },
    });
    expect(await t.platform.storage.head(key)).toEqual({ size: PDF.length, contentType: 'application/pdf' });

    const url = await t.platform.storage.createDownloadUrl(key, {
      fileName: 'Contrat signé (v2).pdf',
      disposition: 'attachment',
      expiresInSeconds: 600,
    });
    const res = await t.app.inject({ method: 'GET', url: local(url) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(PDF.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Contrat sign_ (v2).pdf"; filename*=UTF-8''Contrat%20sign%C3%A9%20%28v2%29.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(590);
    expect(maxAge).toBeLessThanOrEqual(600);
  });

  it('serves inline without a file name by default, and answers HEAD without a body', async () => {
    const key = 'companies/c1/images/logo.png';
    expect((await put(await uploadUrl(key, 'image/png'), PNG, 'image/png')).statusCode).toBe(200);
    const url = local(await t.platform.storage.createDownloadUrl(key));
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PNG.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('stores a JSON body byte for byte instead of parsing it', async () => {
    const key = 'companies/c1/imports/rows.json';
    const raw = Buffer.from('{ "b": 2,   "a": [1, 2] }\n');
    const upload = await put(await uploadUrl(key, 'application/json'), raw, 'application/json');
    expect(upload.statusCode).toBe(200);
    expect((await t.platform.storage.get(key)).equals(raw)).toBe(true);
  });

  it('accepts a CSV sent with a charset when the link was made for the bare type', async () => {
    const key = 'companies/c1/imports/contacts.csv';
    const csv = Buffer.from('name,email\nZoë,zoe@example.com\n');
    const upload = await put(await uploadUrl(key, 'text/csv'), csv, 'text/csv; charset=utf-8');
    expect(upload.statusCode).toBe(200);
    expect(upload.json().data.content_type).toBe('text/csv');
  });

  it('keeps a signed content type with parameters intact', async () => {
    const key = 'companies/c1/imports/latin.csv';
    const url = await uploadUrl(key, 'text/csv; charset=utf-8');
    const upload = await put(url, Buffer.from('a,b\n1,2\n'), 'text/csv; charset=utf-8');
    expect(upload.statusCode).toBe(200);
    expect((await t.platform.storage.head(key))?.contentType).toBe('text/csv; charset=utf-8');
  });

  it('stores bytes once per link: a second PUT answers 409 and the stored file stays', async () => {
    const key = 'companies/c1/documents/once.pdf';
    const url = await uploadUrl(key);
    expect((await put(url, PDF)).statusCode).toBe(200);
    const second = Buffer.concat([PDF, Buffer.from('% swapped version\n')]);
    const again = await put(url, second);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: expect.stringContaining('already used') });
    // A fresh link for the same key cannot replace it either.
    expect((await put(await uploadUrl(key), second)).statusCode).toBe(409);
    expect((await t.platform.storage.get(key)).equals(PDF)).toBe(true);
  });

  it('lets exactly one of two racing uploads through', async () => {
    const key = 'companies/c1/documents/race.pdf';
    const url = await uploadUrl(key);
    const other = Buffer.concat([PDF, Buffer.from('% other\n')]);
    const answers = await Promise.all([put(url, PDF), put(url, other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const stored = await t.platform.storage.get(key);
    expect(stored.equals(answers[0]!.statusCode === 200 ? PDF : other)).toBe(true);
  });
});

describe('downloads checked against a SHA-256', () => {
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('serves bytes that match the checksum the link was made with', async () => {
    const key = 'companies/c1/documents/checked.pdf';
    await t.platform.storage.put(key, PDF, 'application/pdf');
    const url = await t.platform.storage.createDownloadUrl(key, { sha256: sha256(PDF) });
    expect(new URL(url).searchParams.get('h')).toBe(sha256(PDF));
    const res = await t.app.inject({ method: 'GET', url: local(url) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses (409 in the error envelope) bytes changed after the link was made', async () => {
    const key = 'companies/c1/documents/swapped.pdf';
    await t.platform.storage.put(key, PDF, 'application/pdf');
    const url = await t.platform.storage.createDownloadUrl(key, { sha256: sha256(PDF) });
    const swapped = Buffer.concat([PDF, Buffer.from('% swapped\n')]);
    await t.platform.storage.put(key, swapped, 'application/pdf');
    const res = await t.app.inject({ method: 'GET', url: local(url) });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('changed') });
    expect(res.rawPayload.includes(Buffer.from('% swapped'))).toBe(false);
  });

  it('answers 403 when the checksum of a link is changed', async () => {
    const key = 'companies/c1/documents/checked-2.pdf';
    await t.platform.storage.put(key, PDF, 'application/pdf');
    const url = local(await t.platform.storage.createDownloadUrl(key, { sha256: sha256(PDF) }));
    const res = await t.app.inject({ method: 'GET', url: withParam(url, 'h', 'f'.repeat(64)) });
    expect(res.statusCode).toBe(403);
  });
});

describe('rejected links', () => {
  const key = 'companies/c1/documents/guarded.pdf';

  it.each([
    [
      'a tampered signature',
      (url: string) => url.replace(/sig=([A-Za-z0-9_-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
    ],
    ['a changed max', (url: string) => withParam(url, 'max', String(10 * 1024 * 1024))],
    ['a changed content type', (url: string) => withParam(url, 'ct', 'image/png')],
    [
      'a changed expiry',
      (url: string) => withParam(url, 'exp', String(Math.floor(Date.now() / 1000) + 999_999)),
    ],
    ['another key', (url: string) => url.replace('guarded.pdf', 'other.pdf')],
    ['no signature', (url: string) => url.replace(/&?sig=[^&]*/, '')],
  ])('answers 403 to an upload link with %s', async (_label, tamper) => {
    const res = await put(tamper(await uploadUrl(key)), PDF);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Invalid or expired link' });
    expect(await t.platform.storage.head(key)).toBeNull();
  });

  it('answers 403 when a download link is used to upload', async () => {
    const url = local(await t.platform.storage.createDownloadUrl(key));
    const res = await put(url, PDF);
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 when an upload link is used to download', async () => {
    const res = await t.app.inject({ method: 'GET', url: await uploadUrl(key) });
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 to a download link whose file name was changed', async () => {
    const url = local(await t.platform.storage.createDownloadUrl(key, { fileName: 'a.pdf' }));
    const res = await t.app.inject({ method: 'GET', url: withParam(url, 'fn', 'b.exe') });
    expect(res.statusCode).toBe(403);
  });

  it('answers 410 to an expired upload or download link', async () => {
    const upload = await uploadUrl(key);
    const download = local(await t.platform.storage.createDownloadUrl(key));
    const later = Date.now() + 2 * 60 * 60 * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const res = await put(upload, PDF);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ success: false, message: 'This link has expired' });
    expect((await t.app.inject({ method: 'GET', url: download })).statusCode).toBe(410);
  });
});

describe('upload checks', () => {
  // Decision: a Content-Type other than the signed one is 415 (the body is never read).
  it('answers 415 when the request Content-Type differs from the signed one', async () => {
    const key = 'companies/c1/documents/wrong-header.pdf';
    const res = await put(await uploadUrl(key), PDF, 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      'Content-Type must be application/pdf, the type this upload link was made for',
    );
    expect(await t.platform.storage.head(key)).toBeNull();
  });

  it('answers 415 when the Content-Type header is missing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: await uploadUrl('companies/c1/documents/no-header.pdf'),
      payload: PDF,
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 415 with a clear message when PNG bytes are declared as a PDF', async () => {
    const key = 'companies/c1/documents/fake.pdf';
    const res = await put(await uploadUrl(key), PNG);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: false,
      message: 'The file is a image/png, not the declared application/pdf',
    });
    expect(await t.platform.storage.head(key)).toBeNull();
  });

  it('answers 413 and stores nothing when the body is over the link max', async () => {
    const key = 'companies/c1/documents/too-big.pdf';
    const body = Buffer.concat([PDF, Buffer.alloc(2048, 0x20)]);
    const res = await put(await uploadUrl(key, 'application/pdf', 1024), body);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'The file is larger than the 1 KB allowed' });
    expect(await t.platform.storage.head(key)).toBeNull();
  });

  it('answers 413 to a streamed body without Content-Length once it passes the link max', async () => {
    const key = 'companies/c1/documents/streamed.pdf';
    const chunks = (function* () {
      yield PDF;
      for (let i = 0; i < 100; i++) yield Buffer.alloc(512, 0x20);
    })();
    const res = await put(await uploadUrl(key, 'application/pdf', 4096), Readable.from(chunks));
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(await t.platform.storage.head(key)).toBeNull();
  });

  it('over a real socket, answers 413 early and closes instead of reading the whole upload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const key = 'companies/c1/documents/socket.pdf';
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const total = 2000; // 128 MB if it were all read
    let sent = 0;
    const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      void uploadUrl(key, 'application/pdf', 1000).then((path) => {
        const req = http.request(
          { host: '127.0.0.1', port, method: 'PUT', path, headers: { 'content-type': 'application/pdf' } },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode, body }));
          },
        );
        // The server closing mid-upload is the expected outcome, not a failure.
        req.on('error', () => undefined);
        const write = (): void => {
          while (sent < total) {
            sent++;
            if (!req.write(sent === 1 ? PDF : chunk)) {
              req.once('drain', write);
              return;
            }
          }
          req.end();
        };
        write();
      }, reject);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      message: 'The file is larger than the 1000 bytes allowed',
    });
    expect(sent).toBeLessThan(total / 2);
    expect(await t.platform.storage.head(key)).toBeNull();
  });

  it('caps the link max at UPLOAD_LIMIT_BYTES', async () => {
    const key = 'companies/c1/documents/over-server-limit.pdf';
    const body = Buffer.concat([PDF, Buffer.alloc(UPLOAD_LIMIT, 0x20)]);
    const res = await put(await uploadUrl(key, 'application/pdf', 10 * UPLOAD_LIMIT), body);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than the 64 KB allowed');
    expect(await t.platform.storage.head(key)).toBeNull();
  });

  it('answers 400 to an empty body', async () => {
    const key = 'companies/c1/documents/empty.pdf';
    const res = await put(await uploadUrl(key), Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'File is empty' });
    expect(await t.platform.storage.head(key)).toBeNull();
  });
});

describe('keys', () => {
  it.each([
    '../x',
    'a/../../x',
    '/etc/passwd',
    'a//b',
    'a/./b',
    'a b',
    'a\\b',
    'x'.repeat(513),
    'y'.repeat(201),
    '',
    'a/b.meta.json',
  ])('rejects the key %j with 400', async (key) => {
    const failure = t.platform.storage.createUploadUrl(key, { contentType: 'application/pdf', maxBytes: 10 });
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ status: 400 });
    await expect(t.platform.storage.put(key, PDF, 'application/pdf')).rejects.toMatchObject({ status: 400 });
    await expect(t.platform.storage.head(key)).rejects.toMatchObject({ status: 400 });
  });

  it('accepts a 512-character key', async () => {
    const key = `${'a'.repeat(200)}/${'b'.repeat(200)}/${'c'.repeat(110)}`;
    expect(key).toHaveLength(512);
    const upload = await put(await uploadUrl(key), PDF);
    expect(upload.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: local(await t.platform.storage.createDownloadUrl(key)),
    });
    expect(res.statusCode).toBe(200);
  });

  it.each(['/api/storage/..%2F..%2Fsecrets.json', '/api/storage/a/..%2F..%2F..%2Fsecrets.json'])(
    'answers 400 to the traversal path %s',
    async (path) => {
      const exp = Math.floor(Date.now() / 1000) + 60;
      const res = await t.app.inject({ method: 'GET', url: `${path}?op=get&exp=${exp}&sig=x` });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    },
  );

  it('answers 404 in the error envelope for a missing file', async () => {
    const url = local(
      await t.platform.storage.createDownloadUrl('companies/c1/documents/never-uploaded.pdf'),
    );
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: false, message: 'File not found' });
  });

  it('deletes a file and its type', async () => {
    const key = 'companies/c1/documents/deleted.pdf';
    await t.platform.storage.put(key, PDF, 'application/pdf');
    await t.platform.storage.delete(key);
    expect(await t.platform.storage.head(key)).toBeNull();
    await expect(t.platform.storage.get(key)).rejects.toMatchObject({ status: 404 });
    await t.platform.storage.delete(key);
  });

  it('reads the first bytes of a file', async () => {
    const key = 'companies/c1/documents/head.pdf';
    await t.platform.storage.put(key, PDF, 'application/pdf');
    expect((await t.platform.storage.getHead(key, 8)).toString()).toBe('%PDF-1.4');
    expect((await t.platform.storage.getHead(key, 1_000_000)).equals(PDF)).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents both routes under the storage tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<string, Record<string, { tags?: string[]; description?: string }>>;
    };
    const path = Object.keys(doc.paths).find((p) => p.startsWith('/api/storage/'));
    expect(path).toBeDefined();
    const item = doc.paths[path!]!;
    expect(item.put?.tags).toEqual(['storage']);
    expect(item.get?.tags).toEqual(['storage']);
    expect(item.put?.description).toContain('HMAC-SHA256');
  });
});

describe('with S3 configured', () => {
  let s3: TestApp;
  beforeAll(async () => {
    s3 = await buildTestApp({
      S3_BUCKET: 'esigns-test',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await s3.close();
  });

  it('uses S3 presigned links and registers no local storage routes', async () => {
    expect(s3.platform.storage.kind).toBe('s3');
    const url = await s3.platform.storage.createUploadUrl('a/b.pdf', {
      contentType: 'application/pdf',
      maxBytes: 10,
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:9\/esigns-test\/a\/b\.pdf\?.*X-Amz-Signature=/);
    const res = await s3.app.inject({ method: 'PUT', url: '/api/storage/a/b.pdf', payload: PDF });
    expect(res.statusCode).toBe(404);
    expect(res.json().error_code).toBe('ROUTE_NOT_FOUND');
  });
});

/** A valid one-page PDF with a correct cross-reference table. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
