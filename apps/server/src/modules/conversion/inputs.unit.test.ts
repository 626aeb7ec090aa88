import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { FIELD_FONTS } from '@esigns/contracts/documents';
import { ZFontInfo } from '@esigns/contracts/files';
import { detectInputKind } from './detect-input';
import {
  assertCompanyFileRef,
  assertCompanyQuery,
  cleanFileName,
  newDocumentKey,
  pdfNameOf,
} from './file-refs';
import { getFonts } from './fonts';
import { exifTurn, imageToPdf } from './image-to-pdf';
import { inspectPdf } from './pdf-ops';
import { DEFAULT_LIMITS } from './settings';
import {
  JPEG_40X20,
  makeDocx,
  makePdf,
  makePng,
  makePngHeaderOnly,
  makeRtf,
  makeZip,
  makeZipBombDocx,
  withExifOrientation,
} from './test-files';
import { assertSafeZip } from './zip-guard';

const COMPANY = '0b0e7f3e-4a4c-4d7e-9a43-6f0b2a4c1d11';
const OTHER = '7d4c1a2b-1111-4c3d-8e9f-123456789abc';

describe('detectInputKind', () => {
  it.each([
    ['a PDF', () => makePdf(1), 'pdf'],
    ['a DOCX', async () => makeDocx(), 'docx'],
    [
      'a DOCX without [Content_Types].xml',
      async () => makeZip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]),
      'docx',
    ],
    ['an RTF', async () => makeRtf(), 'rtf'],
    ['a PNG', async () => makePng(4, 4), 'png'],
    ['a JPEG', async () => JPEG_40X20, 'jpeg'],
    [
      'a PDF with bytes before its header',
      async () => Buffer.concat([Buffer.from('junk\n'), await makePdf(1)]),
      'pdf',
    ],
  ])('recognises %s by its bytes, whatever its name', async (_label, make, kind) => {
    expect(await detectInputKind(await make(), 'renamed.pdf')).toBe(kind);
  });

  it('recognises an ODT and a DOC', async () => {
    const odt = makeZip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), method: 'store' },
      { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
    ]);
    expect(await detectInputKind(odt, 'a.odt')).toBe('odt');
    expect(await detectInputKind(cfb(['WordDocument', '1Table']), 'a.doc')).toBe('doc');
  });

  it.each([
    ['plain text', Buffer.from('just some words'), /notes\.pdf is plain text/],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), /image\/gif/],
    ['a zip that is no document', makeZip([{ name: 'a.txt', data: Buffer.from('x') }]), /application\/zip/],
    ['an Excel 97 file', cfb(['Workbook']), /not a Word document/],
  ])('refuses %s with 415', async (_label, bytes, message) => {
    await expect(detectInputKind(bytes, 'notes.pdf')).rejects.toMatchObject({
      status: 415,
      message: expect.stringMatching(message),
    });
  });

  it('refuses an empty file with 422 and a password-protected Office file with 422', async () => {
    await expect(detectInputKind(Buffer.alloc(0), 'empty.pdf')).rejects.toMatchObject({
      status: 422,
      message: 'empty.pdf is empty (0 bytes)',
    });
    await expect(
      detectInputKind(cfb(['EncryptedPackage', 'EncryptionInfo']), 'locked.docx'),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('password-protected'),
    });
  });
});

describe('assertSafeZip', () => {
  const limits = DEFAULT_LIMITS.zip;

  it('accepts an ordinary DOCX', async () => {
    await expect(assertSafeZip(makeDocx(['a', 'b']), 'a.docx', limits)).resolves.toBeUndefined();
  });

  it('refuses a part that expands more than 100 times (a zip bomb) before inflating it', async () => {
    await expect(assertSafeZip(await makeZipBombDocx(20), 'bomb.docx', limits)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^bomb\.docx cannot be converted safely: one part expands \d+ times/),
    });
  });

  it('refuses a total uncompressed size over the cap', async () => {
    const small = { ...limits, maxUncompressedBytes: 4 * 1024 * 1024 };
    await expect(assertSafeZip(await makeZipBombDocx(5), 'big.docx', small)).rejects.toMatchObject({
      status: 422,
      message: 'big.docx cannot be converted safely: it expands to more than 4 MB when opened',
    });
  });

  it('refuses an archive whose parts inflate to more than they declare', async () => {
    const data = Buffer.alloc(64 * 1024, 0x41);
    const lying = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data, declaredSize: 100 },
    ]);
    await expect(assertSafeZip(lying, 'liar.docx', limits)).rejects.toMatchObject({
      status: 422,
      message: 'liar.docx is damaged and cannot be opened',
    });
  });

  it('refuses too many entries, encrypted entries and damaged archives', async () => {
    const many = makeZip(
      Array.from({ length: 30 }, (_, i) => ({
        name: `p${i}.xml`,
        data: Buffer.from('x'),
        method: 'store' as const,
      })),
    );
    await expect(assertSafeZip(many, 'many.docx', { ...limits, maxEntries: 20 })).rejects.toMatchObject({
      status: 422,
      message: 'many.docx cannot be converted safely: it holds 30 parts (at most 20)',
    });
    const encrypted = makeDocx();
    // General-purpose flag bit 0 (encrypted) in the central record of the first entry.
    encrypted.writeUInt16LE(1, encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    await expect(assertSafeZip(encrypted, 'locked.docx', limits)).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('password-protected'),
    });
    const truncated = makeDocx().subarray(0, 100);
    await expect(assertSafeZip(truncated, 'cut.docx', limits)).rejects.toMatchObject({ status: 422 });
  });
});

describe('imageToPdf', () => {
  it('makes one page of the image size, in points', async () => {
    const pdf = await imageToPdf(makePng(300, 200), 'png', 'a.png', DEFAULT_LIMITS);
    expect((await inspectPdf(pdf, 'a.pdf', 500)).pages).toEqual([{ width: 300, height: 200 }]);
  });

  it('scales a large image down to fit A4 in its own orientation', async () => {
    const portrait = await imageToPdf(makePng(1000, 2000), 'png', 'p.png', DEFAULT_LIMITS);
    expect((await inspectPdf(portrait, 'p.pdf', 500)).pages).toEqual([{ width: 420.95, height: 841.89 }]);
    const landscape = await imageToPdf(makePng(2000, 1000), 'png', 'l.png', DEFAULT_LIMITS);
    expect((await inspectPdf(landscape, 'l.pdf', 500)).pages).toEqual([{ width: 841.89, height: 420.95 }]);
  });

  it('turns a JPEG upright from its EXIF orientation', async () => {
    expect(exifTurn(JPEG_40X20)).toBe(0);
    expect(exifTurn(withExifOrientation(JPEG_40X20, 6))).toBe(90);
    expect(exifTurn(withExifOrientation(JPEG_40X20, 3))).toBe(180);
    expect(exifTurn(withExifOrientation(JPEG_40X20, 8))).toBe(270);
    const pdf = await imageToPdf(withExifOrientation(JPEG_40X20, 6), 'jpeg', 'phone.jpg', DEFAULT_LIMITS);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPage(0).getRotation().angle).toBe(0);
    expect((await inspectPdf(pdf, 'a.pdf', 500)).pages).toEqual([{ width: 20, height: 40 }]);
  });

  it('refuses damaged images and images with too many pixels with 422', async () => {
    const png = makePng(10, 10);
    const damaged = Buffer.concat([png.subarray(0, 40), Buffer.alloc(20)]);
    await expect(imageToPdf(damaged, 'png', 'bad.png', DEFAULT_LIMITS)).rejects.toMatchObject({
      status: 422,
      message: 'bad.png is a damaged image and cannot be read',
    });
    await expect(
      imageToPdf(makePngHeaderOnly(20_000, 20_000), 'png', 'huge.png', DEFAULT_LIMITS),
    ).rejects.toMatchObject({ status: 422, message: expect.stringContaining('20000 x 20000 pixels') });
    await expect(
      imageToPdf(JPEG_40X20.subarray(0, 30), 'jpeg', 'cut.jpg', DEFAULT_LIMITS),
    ).rejects.toMatchObject({
      status: 422,
    });
  });
});

describe('file references', () => {
  it('accepts keys under the company folder only; anything else is 404', () => {
    const key = newDocumentKey(COMPANY);
    expect(key).toMatch(new RegExp(`^companies/${COMPANY}/documents/[0-9a-f-]{36}\\.pdf$`));
    expect(() => assertCompanyFileRef(COMPANY, key)).not.toThrow();
    for (const bad of [
      newDocumentKey(OTHER),
      `companies/${COMPANY}/../${OTHER}/documents/x.pdf`,
      `companies/${COMPANY}`,
      `companies/${COMPANY}//x.pdf`,
      '/etc/passwd',
      '',
    ]) {
      expect(() => assertCompanyFileRef(COMPANY, bad)).toThrow(expect.objectContaining({ status: 404 }));
    }
  });

  it('checks the company_id query in its v1 and v4 forms', () => {
    expect(() => assertCompanyQuery(COMPANY, undefined)).not.toThrow();
    expect(() => assertCompanyQuery(COMPANY, COMPANY)).not.toThrow();
    expect(() => assertCompanyQuery(COMPANY, `prod/${COMPANY}`)).not.toThrow();
    expect(() => assertCompanyQuery(COMPANY, OTHER)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertCompanyQuery(COMPANY, `prod/${OTHER}`)).toThrow(
      expect.objectContaining({ status: 403 }),
    );
  });

  it('names files as people see them', () => {
    expect(pdfNameOf('Contract v2.docx')).toBe('Contract v2.pdf');
    expect(pdfNameOf('scan.PDF')).toBe('scan.pdf');
    expect(pdfNameOf('README')).toBe('README.pdf');
    expect(cleanFileName('C:\\Users\\me\\offer.rtf')).toBe('offer.rtf');
    expect(cleanFileName('../../x\u0000y.pdf')).toBe('xy.pdf');
    expect(cleanFileName('')).toBe('document');
  });
});

describe('getFonts', () => {
  it('lists every field font with its label and scripts', () => {
    const fonts = getFonts();
    expect(fonts.map((f) => f.family)).toEqual([...FIELD_FONTS]);
    for (const font of fonts) expect(ZFontInfo.parse(font)).toEqual(font);
    expect(fonts.find((f) => f.family === 'NotoSansDevanagari')?.scripts).toContain('Deva');
  });
});

/**
 * A Compound File Binary (Office 97-2003) container's first bytes with a directory naming the
 * given streams: enough for type detection, not a real document.
 */
function cfb(streams: string[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  const directory = Buffer.alloc(128 * (streams.length + 1));
  ['Root Entry', ...streams].forEach((name, i) => {
    const encoded = Buffer.from(name, 'utf16le');
    encoded.copy(directory, i * 128);
    directory.writeUInt16LE(encoded.length + 2, i * 128 + 64);
  });
  return Buffer.concat([header, directory, zlib.deflateSync(Buffer.alloc(0))]);
}
