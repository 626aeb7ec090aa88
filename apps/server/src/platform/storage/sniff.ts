import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../http/app-error';

// Names browsers and older tools send for the same format.
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-pdf': 'application/pdf',
  'application/x-zip-compressed': 'application/zip',
  'text/xml': 'application/xml',
};

/** Declared types that are checked as text: the bytes must be UTF-8 without NUL bytes. */
const TEXT_TYPES = new Set([
  'text/plain',
  'text/csv',
  'text/tab-separated-values',
  'application/json',
  'application/xml',
  'image/svg+xml',
]);

// Detections of file-type that are text formats themselves (a text file may legitimately be one).
const TEXTUAL_DETECTIONS = new Set(['application/xml', 'text/vtt', 'text/vcard', 'text/calendar']);

// Office 97-2003 files are Compound File Binary containers; file-type cannot tell them apart.
const CFB_TYPES = new Set([
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
]);

// file-type only names an OOXML file when it has [Content_Types].xml; without it the zip must
// still hold the main part of the declared format.
const OOXML_MAIN_PART: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word/document.xml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template': 'word/document.xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xl/workbook.xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template': 'xl/workbook.xml',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'ppt/presentation.xml',
  'application/vnd.openxmlformats-officedocument.presentationml.template': 'ppt/presentation.xml',
};

/** The media type without parameters, lower-cased, with aliases folded (`image/jpg` -> `image/jpeg`). */
export function canonicalMediaType(contentType: string): string {
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return ALIASES[essence] ?? essence;
}

/** Text as uploads mean it: valid UTF-8 (BOM allowed) with no NUL byte. */
export function isText(bytes: Buffer): boolean {
  return isUtf8(bytes) && !bytes.includes(0);
}

/**
 * What the bytes are, by their content: a binary signature (file-type), else for text
 * `image/svg+xml`, `application/json` or `text/plain`; undefined for unrecognised binary data.
 * CSV cannot be told from plain text, so CSV answers `text/plain`.
 */
export async function sniffContentType(bytes: Buffer): Promise<string | undefined> {
  const detected = await detectBinaryType(bytes);
  if (detected !== undefined && !TEXTUAL_DETECTIONS.has(detected)) return detected;
  if (!isText(bytes)) return detected;
  const text = bytes.toString('utf8');
  if (looksLikeSvg(text)) return 'image/svg+xml';
  if (detected !== undefined) return detected;
  if (looksLikeJson(text)) return 'application/json';
  return 'text/plain';
}

/**
 * Throws unless the bytes are what the uploader declared: 400 for an empty file, 415 when the
 * declared type is not in `allowed` or the content is another format. Equivalences: JPEG
 * aliases; OOXML files recognised by their main part; DOC/XLS/PPT as CFB containers; any
 * zip-based format for a declared zip; text types for UTF-8 text that is no binary format.
 * `application/octet-stream` claims nothing and is accepted as it is.
 */
export async function assertContentMatches(
  bytes: Buffer,
  declaredType: string,
  allowed?: readonly string[],
): Promise<void> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', { message: 'File is empty' });
  const declared = canonicalMediaType(declaredType);
  if (allowed && !allowed.some((type) => canonicalMediaType(type) === declared)) {
    throw unsupported(`Files of type ${declared} are not accepted here (allowed: ${allowed.join(', ')})`);
  }
  if (declared === 'application/octet-stream') return;

  const detected = await detectBinaryType(bytes);
  if (TEXT_TYPES.has(declared)) {
    assertTextMatches(bytes, declared, detected);
    return;
  }
  if (detected === undefined) {
    throw unsupported(
      isText(bytes)
        ? `The file is text, not the declared ${declared}`
        : `The file is not a valid ${declared}: its format was not recognised`,
    );
  }
  if (!isBinaryMatch(bytes, declared, detected)) {
    throw unsupported(`The file is a ${detected}, not the declared ${declared}`);
  }
}

function assertTextMatches(bytes: Buffer, declared: string, detected: string | undefined): void {
  // Mostly-ASCII formats such as PDF are valid UTF-8: their signature decides.
  if (detected !== undefined && !TEXTUAL_DETECTIONS.has(detected)) {
    throw unsupported(`The file is a ${detected}, not the declared ${declared}`);
  }
  if (!isText(bytes)) {
    throw unsupported(`The file is binary data, not the declared ${declared} (text must be UTF-8)`);
  }
  if (declared === 'image/svg+xml' && !looksLikeSvg(bytes.toString('utf8'))) {
    throw unsupported('The file is text, not the declared image/svg+xml');
  }
}

function isBinaryMatch(bytes: Buffer, declared: string, detected: string): boolean {
  if (canonicalMediaType(detected) === declared) return true;
  if (detected === 'application/x-cfb') return CFB_TYPES.has(declared);
  const mainPart = OOXML_MAIN_PART[declared];
  if (mainPart !== undefined && detected === 'application/zip')
    return listZipEntries(bytes).includes(mainPart);
  // DOCX, ODT, EPUB... are zips too.
  if (declared === 'application/zip') return bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL_HEADER;
  return false;
}

async function detectBinaryType(bytes: Buffer): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    // A corrupt container is simply not recognised.
    return undefined;
  }
}

function looksLikeSvg(text: string): boolean {
  const head = text.slice(0, 4096).trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}

function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;

/** Entry names from the zip's central directory; empty when the archive is not readable. */
function listZipEntries(bytes: Buffer): string[] {
  if (bytes.length < 22) return [];
  // The end record sits in the last 22 bytes plus a comment of at most 65535 bytes.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= lowest; i--) {
    if (bytes.readUInt32LE(i) === ZIP_END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== ZIP_CENTRAL_HEADER) return names;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > bytes.length) return names;
    names.push(bytes.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function unsupported(message: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', { message });
}
