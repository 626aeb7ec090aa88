import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { assertContentMatches, canonicalMediaType, sniffContentType } from './sniff';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
// JFIF header: the JPEG signature is FF D8 FF.
const JPEG = Buffer.concat([
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  ]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
// Office 97-2003 (DOC/XLS) files start with the Compound File Binary signature.
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const CSV = Buffer.from('name,email,amount\nZoë Martin,zoe@example.com,12.50\n"Smith, J",j@example.com,3\n');
const BINARY = Buffer.from([0x00, 0x13, 0x37, 0xfe, 0x81, 0x00, 0x42, 0x99, 0xc3, 0x28, 0x00, 0x01]);

const CONTENT_TYPES_XML =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const DOCUMENT_XML =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/></w:body></w:document>';

/** A stored (uncompressed) zip archive written by hand: local headers, central directory, end record. */
function zip(entries: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const fileName = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // version made by
    entry.writeUInt16LE(20, 6); // version needed
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    central.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const FULL_DOCX = zip({ '[Content_Types].xml': CONTENT_TYPES_XML, 'word/document.xml': DOCUMENT_XML });
const BARE_DOCX = zip({ 'word/document.xml': DOCUMENT_XML });
const PLAIN_ZIP = zip({ 'notes.txt': 'hello' });

async function rejection(bytes: Buffer, declared: string, allowed?: string[]): Promise<AppError> {
  try {
    await assertContentMatches(bytes, declared, allowed);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error(`expected ${declared} to be rejected`);
}

describe('sniffContentType', () => {
  it.each([
    ['a PDF', PDF, 'application/pdf'],
    ['a PNG', PNG, 'image/png'],
    ['a JPEG', JPEG, 'image/jpeg'],
    ['a DOCX with [Content_Types].xml', FULL_DOCX, DOCX],
    ['a zip holding word/document.xml only', BARE_DOCX, 'application/zip'],
    ['a DOC/XLS container', CFB, 'application/x-cfb'],
    ['CSV text', CSV, 'text/plain'],
    ['JSON', Buffer.from('{"a":[1,2,{"b":null}]}'), 'application/json'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
      'image/svg+xml',
    ],
    [
      'an SVG with an XML prolog',
      Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    ],
    ['unknown binary data', BINARY, undefined],
  ])('recognises %s', async (_label, bytes, expected) => {
    expect(await sniffContentType(bytes)).toBe(expected);
  });
});

describe('assertContentMatches', () => {
  it.each([
    ['a PDF as application/pdf', PDF, 'application/pdf'],
    ['a PNG as image/png', PNG, 'image/png'],
    ['a JPEG as image/jpeg', JPEG, 'image/jpeg'],
    ['a JPEG as image/jpg', JPEG, 'image/jpg'],
    ['a JPEG as IMAGE/JPEG with parameters', JPEG, 'IMAGE/JPEG; q=1'],
    ['a DOCX as DOCX', FULL_DOCX, DOCX],
    ['a zip holding word/document.xml as DOCX', BARE_DOCX, DOCX],
    ['a DOCX as application/zip', FULL_DOCX, 'application/zip'],
    ['a CFB file as application/msword', CFB, 'application/msword'],
    ['a CFB file as application/vnd.ms-excel', CFB, 'application/vnd.ms-excel'],
    ['CSV text as text/csv', CSV, 'text/csv'],
    ['CSV text as text/csv; charset=utf-8', CSV, 'text/csv; charset=utf-8'],
    ['text as text/plain', Buffer.from('hello\n'), 'text/plain'],
    ['JSON as application/json', Buffer.from('{"a":1}'), 'application/json'],
    ['an SVG as image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['anything as application/octet-stream', BINARY, 'application/octet-stream'],
  ])('accepts %s', async (_label, bytes, declared) => {
    await expect(assertContentMatches(bytes, declared)).resolves.toBeUndefined();
  });

  it('names the real type when PNG bytes are declared as a PDF', async () => {
    const err = await rejection(PNG, 'application/pdf');
    expect(err.status).toBe(415);
    expect(err.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(err.message).toBe('The file is a image/png, not the declared application/pdf');
  });

  it.each([
    [
      'a binary blob as text/csv',
      BINARY,
      'text/csv',
      'The file is binary data, not the declared text/csv (text must be UTF-8)',
    ],
    ['a PDF as text/plain', PDF, 'text/plain', 'The file is a application/pdf, not the declared text/plain'],
    [
      'UTF-8 text with a NUL byte as text/csv',
      Buffer.from('a,b\n1,\u0000\n'),
      'text/csv',
      'The file is binary data, not the declared text/csv (text must be UTF-8)',
    ],
    [
      'Latin-1 bytes as text/csv',
      Buffer.from('caf\xe9\n', 'latin1'),
      'text/csv',
      'The file is binary data, not the declared text/csv (text must be UTF-8)',
    ],
    ['a plain zip as DOCX', PLAIN_ZIP, DOCX, `The file is a application/zip, not the declared ${DOCX}`],
    ['a DOCX as XLSX', FULL_DOCX, XLSX, `The file is a ${DOCX}, not the declared ${XLSX}`],
    [
      'a zip holding word/document.xml as XLSX',
      BARE_DOCX,
      XLSX,
      `The file is a application/zip, not the declared ${XLSX}`,
    ],
    [
      'a CFB file as a PDF',
      CFB,
      'application/pdf',
      'The file is a application/x-cfb, not the declared application/pdf',
    ],
    [
      'a PNG as application/zip',
      PNG,
      'application/zip',
      'The file is a image/png, not the declared application/zip',
    ],
    [
      'unknown binary data as a PDF',
      BINARY,
      'application/pdf',
      'The file is not a valid application/pdf: its format was not recognised',
    ],
    ['CSV text as a PDF', CSV, 'application/pdf', 'The file is text, not the declared application/pdf'],
    [
      'plain text as image/svg+xml',
      Buffer.from('hello'),
      'image/svg+xml',
      'The file is text, not the declared image/svg+xml',
    ],
  ])('rejects %s with 415', async (_label, bytes, declared, message) => {
    const err = await rejection(bytes, declared);
    expect(err.status).toBe(415);
    expect(err.message).toBe(message);
  });

  it('rejects an empty file with 400', async () => {
    const err = await rejection(Buffer.alloc(0), 'application/pdf');
    expect(err.status).toBe(400);
    expect(err.message).toBe('File is empty');
  });

  it('rejects a declared type outside the allowed list, with aliases folded', async () => {
    const err = await rejection(PNG, 'image/png', ['application/pdf', 'image/jpeg']);
    expect(err.status).toBe(415);
    expect(err.message).toBe(
      'Files of type image/png are not accepted here (allowed: application/pdf, image/jpeg)',
    );
    await expect(
      assertContentMatches(JPEG, 'image/jpg', ['application/pdf', 'image/jpeg']),
    ).resolves.toBeUndefined();
  });
});

describe('canonicalMediaType', () => {
  it.each([
    ['image/jpg', 'image/jpeg'],
    ['Image/JPEG', 'image/jpeg'],
    ['text/csv; charset=utf-8', 'text/csv'],
    ['application/x-zip-compressed', 'application/zip'],
  ])('maps %s to %s', (input, expected) => {
    expect(canonicalMediaType(input)).toBe(expected);
  });
});
