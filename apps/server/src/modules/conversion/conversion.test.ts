import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_FILE_BYTES, ZFileInfosReply, type TFileInfo } from '@esigns/contracts/files';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { userTypePermissions } from '../permissions/schema';
import { documentFiles } from './schema';
import { createConversionService } from './service';
import {
  encryptPdf,
  JPEG_40X20,
  makeDocx,
  makeDocxLinkingImages,
  makePdf,
  makePng,
  makeRtf,
  makeZipBombDocx,
  multipartBody,
} from './test-files';

type Upload = { name: string; type: string; data: Buffer };

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedCompany(t);
  b = await seedCompany(t);
});

afterAll(async () => {
  await t?.close();
});

const owner = (company: SeededCompany) => company.users.OWNER.headers;

async function convert(files: Upload[], headers = owner(a), url = '/rest/esignature/convertFiles') {
  const body = multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

async function convertOk(files: Upload[]): Promise<TFileInfo[]> {
  const res = await convert(files);
  expect(res.statusCode, res.body).toBe(200);
  return ZFileInfosReply.parse(res.json().data).fileInfos;
}

async function post(url: string, payload: object, headers = owner(a)) {
  return t.app.inject({ method: 'POST', url, payload, headers });
}

/** Downloads a file through its signed `url` (the local storage route). */
async function download(url: string | undefined): Promise<Buffer> {
  expect(url).toBeDefined();
  const { pathname, search } = new URL(url!);
  const res = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdf = (name: string, data: Buffer): Upload => ({ name, type: 'application/pdf', data });

describe('authentication and company', () => {
  it.each(['/rest/esignature', '/rest/esignaturev4', '/rest/esignaturev5'])(
    'serves %s/getFonts to a signed-in user and 401 without a token',
    async (prefix) => {
      const res = await t.app.inject({ method: 'GET', url: `${prefix}/getFonts`, headers: owner(a) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.fileInfos).toEqual([]);
      expect(res.json().data.fonts.map((f: { family: string }) => f.family)).toContain('Helvetica');
      const anonymous = await t.app.inject({ method: 'GET', url: `${prefix}/getFonts` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false });
    },
  );

  it('refuses every route without a token (401) before reading the body', async () => {
    for (const path of ['convertFiles', 'mergeFiles', 'files', 'addNewPage', 'edit', 'duplicateFile']) {
      const res = await t.app.inject({ method: 'POST', url: `/rest/esignaturev4/${path}`, payload: {} });
      expect(res.statusCode, path).toBe(401);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/rest/esignature/retrieveUnsignedFile?fileName=x',
    });
    expect(res.statusCode).toBe(401);
  });

  it('accepts company_id of the token (plain or prod/) and refuses another company with 403', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: `/rest/esignaturev4/getFonts?company_id=prod/${a.companyId}`,
      headers: owner(a),
    });
    expect(mine.statusCode).toBe(200);
    const plain = await t.app.inject({
      method: 'GET',
      url: `/rest/esignature/getFonts?company_id=${a.companyId}`,
      headers: owner(a),
    });
    expect(plain.statusCode).toBe(200);
    const other = await convert(
      [pdf('a.pdf', await makePdf(1))],
      owner(a),
      `/rest/esignaturev4/convertFiles?company_id=prod/${b.companyId}`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/company_id/);
  });

  it('documents every call under every prefix in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const prefix of ['/rest/esignature', '/rest/esignaturev4', '/rest/esignaturev5']) {
      for (const call of ['convertFiles', 'mergeFiles', 'files', 'addNewPage', 'edit', 'duplicateFile']) {
        expect(paths).toContain(`${prefix}/${call}`);
      }
      expect(paths).toContain(`${prefix}/retrieveUnsignedFile`);
      expect(paths).toContain(`${prefix}/getFonts`);
    }
  });

  it('needs documents:create to write and documents:view to read', async () => {
    await t.platform.database.db
      .update(userTypePermissions)
      .set({ permissions: ['documents:view'] })
      .where(and(eq(userTypePermissions.companyId, b.companyId), eq(userTypePermissions.userType, 'MEMBER')));
    const member = b.users.MEMBER.headers;
    const write = await convert([pdf('a.pdf', await makePdf(1))], member);
    expect(write.statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: '/rest/esignaturev5/getFonts', headers: member });
    expect(read.statusCode).toBe(200);
  });
});

describe('convertFiles', () => {
  it('keeps a PDF byte for byte and describes it, with a working download url', async () => {
    const source = await makePdf(3, [400, 600]);
    const [info] = await convertOk([pdf('Offer letter.pdf', source)]);
    expect(info).toMatchObject({
      name: 'Offer letter.pdf',
      original_name: 'Offer letter.pdf',
      mime_type: 'application/pdf',
      size: source.length,
      page_count: 3,
      sha256: sha256(source),
    });
    expect(info!.pages).toEqual(Array(3).fill({ width: 400, height: 600 }));
    expect(info!.file_ref_id).toMatch(new RegExp(`^companies/${a.companyId}/documents/[0-9a-f-]{36}\\.pdf$`));
    expect((await download(info!.url)).equals(source)).toBe(true);
    // The parts were received into a temporary folder, removed once answered.
    expect((await readdir(os.tmpdir())).filter((n) => n.startsWith('esigns-upload-'))).toEqual([]);
    const [row] = await t.platform.database.db
      .select()
      .from(documentFiles)
      .where(eq(documentFiles.fileRefId, info!.file_ref_id));
    expect(row).toMatchObject({ companyId: a.companyId, createdBy: a.users.OWNER.userId, pageCount: 3 });
  });

  it('makes one page per image (PNG and JPG), sized to the image', async () => {
    const infos = await convertOk([
      { name: 'scan.png', type: 'image/png', data: makePng(300, 200) },
      { name: 'photo.jpg', type: 'image/jpeg', data: JPEG_40X20 },
    ]);
    expect(infos.map((i) => [i.name, i.page_count, i.pages])).toEqual([
      ['scan.pdf', 1, [{ width: 300, height: 200 }]],
      ['photo.pdf', 1, [{ width: 40, height: 20 }]],
    ]);
    const doc = await PDFDocument.load(await download(infos[1]!.url));
    expect(doc.getPageCount()).toBe(1);
  });

  it('converts DOCX and RTF with LibreOffice, one page per page of the document', async () => {
    const infos = await convertOk([
      {
        name: 'Contract.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        data: makeDocx(['First page', 'Second page']),
      },
      { name: 'Note.rtf', type: 'application/rtf', data: makeRtf(['Only page']) },
    ]);
    expect(infos.map((i) => [i.name, i.original_name, i.page_count])).toEqual([
      ['Contract.pdf', 'Contract.docx', 2],
      ['Note.pdf', 'Note.rtf', 1],
    ]);
    const bytes = await download(infos[0]!.url);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(bytes)).toBe(infos[0]!.sha256);
  });

  it('converts a DOCX renamed .pdf as the DOCX it is (the bytes decide)', async () => {
    const [info] = await convertOk([pdf('renamed.pdf', makeDocx(['Word inside']))]);
    expect(info).toMatchObject({ name: 'renamed.pdf', original_name: 'renamed.pdf', page_count: 1 });
    const doc = await PDFDocument.load(await download(info!.url));
    expect(doc.getPageCount()).toBe(1);
  });

  it('never fetches images a document links by address or by path on the server', async () => {
    const requests: string[] = [];
    const probe = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end(makePng(8, 8));
    });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'esigns-linked-'));
    try {
      const secret = path.join(dir, 'secret.png');
      await writeFile(secret, makePng(16, 16));
      const docx = makeDocxLinkingImages([`http://127.0.0.1:${port}/probe.png`, pathToFileURL(secret).href]);
      const [info] = await convertOk([{ name: 'linked.docx', type: 'application/octet-stream', data: docx }]);
      expect(requests).toEqual([]);
      const doc = await PDFDocument.load(await download(info!.url));
      const images = doc.context
        .enumerateIndirectObjects()
        .filter(
          ([, obj]) =>
            obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
        );
      expect(images).toEqual([]);
    } finally {
      probe.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('converts raw uploads already in storage (JSON file_ref_ids), 404 for another company', async () => {
    const key = `companies/${a.companyId}/uploads/raw-1.pdf`;
    await t.platform.storage.put(key, await makePdf(2), 'application/pdf');
    const res = await post('/rest/esignaturev4/convertFiles', { file_ref_ids: [key], names: ['Lease.pdf'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fileInfos[0]).toMatchObject({ name: 'Lease.pdf', page_count: 2 });
    const theirs = await post('/rest/esignaturev4/convertFiles', { file_ref_ids: [key] }, owner(b));
    expect(theirs.statusCode).toBe(404);
    const missing = await post('/rest/esignaturev4/convertFiles', {
      file_ref_ids: [`companies/${a.companyId}/uploads/none.pdf`],
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await post('/rest/esignaturev4/convertFiles', { file_ref_ids: 'nope' });
    expect(malformed.statusCode).toBe(422);
  });
});

describe('convertFiles refuses bad input with a clear 4xx', () => {
  const countFiles = async () => (await t.platform.database.db.select().from(documentFiles)).length;

  it.each<[string, () => Promise<Upload>, number, RegExp]>([
    ['an empty file', async () => pdf('empty.pdf', Buffer.alloc(0)), 422, /empty\.pdf is empty/],
    [
      'a corrupt PDF',
      async () => pdf('broken.pdf', Buffer.from('%PDF-1.7\nnot really\n%%EOF')),
      422,
      /broken\.pdf is a damaged PDF/,
    ],
    [
      'an encrypted PDF',
      async () => pdf('locked.pdf', await encryptPdf(await makePdf(1))),
      422,
      /^The PDF is password-protected/,
    ],
    [
      'a zip-bomb DOCX',
      async () => ({ name: 'bomb.docx', type: 'application/octet-stream', data: await makeZipBombDocx(30) }),
      422,
      /bomb\.docx cannot be converted safely/,
    ],
    [
      'a PDF of 501 pages',
      async () => pdf('long.pdf', await makePdf(501, [100, 100])),
      422,
      /501 pages: a document may have at most 500/,
    ],
    [
      'a text file',
      async () => ({ name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') }),
      415,
      /notes\.txt is plain text/,
    ],
  ])('%s', async (_label, make, status, message) => {
    const before = await countFiles();
    const res = await convert([await make()]);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
    expect(await countFiles()).toBe(before);
  });

  it('checks every file before converting any: one bad file stores nothing', async () => {
    const before = await countFiles();
    const res = await convert([pdf('good.pdf', await makePdf(1)), pdf('bad.pdf', Buffer.from('%PDF-1.4\n'))]);
    expect(res.statusCode).toBe(422);
    expect(await countFiles()).toBe(before);
  });

  it('refuses a file over 50 MB with 413', async () => {
    const big = Buffer.alloc(MAX_DOCUMENT_FILE_BYTES + 1, 0x20);
    Buffer.from('%PDF-1.7\n').copy(big);
    const res = await convert([pdf('huge.pdf', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('huge.pdf is larger than the 50 MB allowed');
  });

  it('refuses a body that cannot fit the limits from its Content-Length, before reading it', async () => {
    const body = multipartBody([pdf('a.pdf', Buffer.from('%PDF-'))]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/esignature/convertFiles',
      payload: body.payload,
      headers: {
        ...owner(a),
        ...body.headers,
        'content-length': String(21 * MAX_DOCUMENT_FILE_BYTES + 2 ** 20),
      },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses more than 20 files and no file at all with 422', async () => {
    const one = await makePdf(1);
    const res = await convert(Array.from({ length: 21 }, (_, i) => pdf(`f${i}.pdf`, one)));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0].key).toBe('files');
    const none = await convert([]);
    expect(none.statusCode).toBe(422);
  });

  it('applies the limits given to the service (a lower file cap)', async () => {
    const service = createConversionService(t.platform, { limits: { maxFileBytes: 1000 } });
    await expect(
      service.convertBuffers(a.companyId, [{ name: 'x.pdf', data: await makePdf(40) }]),
    ).rejects.toMatchObject({ status: 413, message: 'x.pdf is larger than the 1 KB allowed' });
    await service.close();
  });
});

describe('page operations', () => {
  let first: TFileInfo;
  let second: TFileInfo;

  beforeAll(async () => {
    const infos = await convertOk([
      pdf('one.pdf', await makePdf(2, [300, 400])),
      pdf('two.pdf', await makePdf(1, [500, 500])),
    ]);
    first = infos[0]!;
    second = infos[1]!;
  });

  it('merges files in the order given', async () => {
    const res = await post('/rest/esignaturev4/mergeFiles', {
      file_ref_ids: [second.file_ref_id, first.file_ref_id],
      name: 'Bundle',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [merged] = res.json().data.fileInfos as TFileInfo[];
    expect(merged).toMatchObject({ name: 'Bundle.pdf', original_name: 'Bundle', page_count: 3 });
    expect(merged!.pages).toEqual([
      { width: 500, height: 500 },
      { width: 300, height: 400 },
      { width: 300, height: 400 },
    ]);
    const doc = await PDFDocument.load(await download(merged!.url));
    expect(doc.getPageCount()).toBe(3);
  });

  it('adds a blank page after page k, sized like its neighbour or as asked', async () => {
    const res = await post('/rest/esignaturev4/addNewPage', {
      file_ref_id: first.file_ref_id,
      after_page: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [added] = res.json().data.fileInfos as TFileInfo[];
    expect(added!.file_ref_id).not.toBe(first.file_ref_id);
    expect(added).toMatchObject({ name: 'one.pdf', page_count: 3 });
    const sized = await post('/rest/esignaturev5/addNewPage', {
      file_ref_id: first.file_ref_id,
      after_page: 0,
      width: 612,
      height: 792,
    });
    expect(sized.json().data.fileInfos[0].pages[0]).toEqual({ width: 612, height: 792 });
    const outside = await post('/rest/esignature/addNewPage', {
      file_ref_id: first.file_ref_id,
      after_page: 3,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.details[0].key).toBe('after_page');
  });

  it('rotates, deletes and reorders pages into a new file; the original stays as it was', async () => {
    const merged = (
      await post('/rest/esignature/mergeFiles', { file_ref_ids: [first.file_ref_id, second.file_ref_id] })
    ).json().data.fileInfos[0] as TFileInfo;
    const res = await post('/rest/esignaturev4/edit', {
      file_ref_id: merged.file_ref_id,
      edits: [
        { op: 'rotate', page: 1, degrees: 90 },
        { op: 'delete', page: 2 },
        { op: 'reorder', order: [2, 1] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [edited] = res.json().data.fileInfos as TFileInfo[];
    expect(edited!.pages).toEqual([
      { width: 500, height: 500 },
      { width: 400, height: 300 },
    ]);
    const doc = await PDFDocument.load(await download(edited!.url));
    expect(doc.getPages().map((p) => p.getRotation().angle)).toEqual([0, 90]);
    const original = await post('/rest/esignature/files', { file_ref_ids: [merged.file_ref_id] });
    expect(original.json().data.fileInfos[0].page_count).toBe(3);
  });

  it('refuses to delete the last page and edits of pages that do not exist (422)', async () => {
    const last = await post('/rest/esignaturev5/edit', {
      file_ref_id: second.file_ref_id,
      edits: [{ op: 'delete', page: 1 }],
    });
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toMatch(/last page cannot be deleted/);
    const missing = await post('/rest/esignaturev4/edit', {
      file_ref_id: first.file_ref_id,
      edits: [{ op: 'rotate', page: 9, degrees: 90 }],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.details[0].key).toBe('edits.0.page');
    const badDegrees = await post('/rest/esignaturev4/edit', {
      file_ref_id: first.file_ref_id,
      edits: [{ op: 'rotate', page: 1, degrees: 45 }],
    });
    expect(badDegrees.statusCode).toBe(422);
  });

  it('duplicates a file under a new file_ref_id with the same bytes', async () => {
    const res = await post('/rest/esignaturev4/duplicateFile', { file_ref_id: first.file_ref_id });
    expect(res.statusCode).toBe(200);
    const [copy] = res.json().data.fileInfos as TFileInfo[];
    expect(copy!.file_ref_id).not.toBe(first.file_ref_id);
    expect(copy).toMatchObject({ name: first.name, sha256: first.sha256, page_count: 2 });
  });

  it('describes files with fresh urls (files, retrieveUnsignedFile)', async () => {
    const res = await post('/rest/esignature/files', {
      file_ref_ids: [first.file_ref_id, second.file_ref_id],
    });
    expect(res.statusCode).toBe(200);
    const infos = res.json().data.fileInfos as TFileInfo[];
    expect(infos.map((i) => i.file_ref_id)).toEqual([first.file_ref_id, second.file_ref_id]);
    expect(sha256(await download(infos[1]!.url))).toBe(second.sha256);
    const one = await t.app.inject({
      method: 'GET',
      url: `/rest/esignaturev4/retrieveUnsignedFile?fileName=${encodeURIComponent(first.file_ref_id)}&company_id=prod/${a.companyId}`,
      headers: owner(a),
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.fileInfos[0]).toMatchObject({ file_ref_id: first.file_ref_id, page_count: 2 });
    expect(one.json().data.fileInfos[0].url).toMatch(/^http:\/\/localhost:3000\/api\/storage\//);
  });

  it("answers 404 for another company's file_ref_id on every route", async () => {
    const theirs = owner(b);
    const ref = first.file_ref_id;
    const calls = [
      post('/rest/esignature/files', { file_ref_ids: [ref] }, theirs),
      post('/rest/esignaturev4/mergeFiles', { file_ref_ids: [ref] }, theirs),
      post('/rest/esignaturev4/addNewPage', { file_ref_id: ref, after_page: 0 }, theirs),
      post(
        '/rest/esignaturev4/edit',
        { file_ref_id: ref, edits: [{ op: 'rotate', page: 1, degrees: 90 }] },
        theirs,
      ),
      post('/rest/esignaturev4/duplicateFile', { file_ref_id: ref }, theirs),
      t.app.inject({
        method: 'GET',
        url: `/rest/esignature/retrieveUnsignedFile?fileName=${encodeURIComponent(ref)}`,
        headers: theirs,
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'File not found' });
    }
  });

  it('answers 404 for unknown or malformed file_ref_ids', async () => {
    for (const ref of [
      `companies/${a.companyId}/documents/00000000-0000-4000-8000-000000000000.pdf`,
      `companies/${a.companyId}/../x.pdf`,
      'not-a-key',
    ]) {
      const res = await post('/rest/esignature/duplicateFile', { file_ref_id: ref });
      expect(res.statusCode, ref).toBe(404);
    }
  });
});
