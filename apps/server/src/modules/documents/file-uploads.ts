import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { UPLOAD_FILE_TYPES, UPLOAD_VIDEO_TYPES, type TUploadedFile } from '@esigns/contracts/uploads';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { assertContentMatches, canonicalMediaType, sniffContentType } from '../../platform/storage/sniff';
import { DEFAULT_DOWNLOAD_URL_SECONDS } from '../../platform/storage/storage';
import type { AccessContext } from '../permissions';

/*
 * General uploads (spec 2 §7 "File upload"): files kept as they are, under
 * `companies/{cid}/files/{uuid}.{ext}`, each with a small sidecar `<key>.info.json` (name, type,
 * size, SHA-256, who and when) so that `/files-data` can describe them again later.
 */

export type UploadKind = TUploadedFile['kind'];
export type IncomingFile = { name: string; contentType: string; data: Buffer };
/** Where a problem with one file is reported (`file`, `files.2.file`). */
export type FilePath = (string | number)[];

type Sidecar = Omit<TUploadedFile, 'file_ref_id' | 'url' | 'url_expires_at'> & { uploaded_by: string };

const ALLOWED: Record<UploadKind, readonly string[]> = {
  FILE: UPLOAD_FILE_TYPES,
  VIDEO: UPLOAD_VIDEO_TYPES,
};

/** Containers that say little by themselves: the file name tells which Office format they hold. */
const BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv',
};

const EXTENSION: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
  'image/heic': 'heic',
  'application/rtf': 'rtf',
  'text/plain': 'txt',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/3gpp': '3gp',
  ...Object.fromEntries(Object.entries(BY_EXTENSION).map(([ext, type]) => [type, ext])),
};

const FILE_KEY = /^companies\/([0-9a-f-]{36})\/files\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export const filesPrefix = (companyId: string): string => `companies/${companyId}/files/`;
const sidecarKey = (key: string): string => `${key}.info.json`;

const extensionOf = (name: string): string => /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The type a file really is, among `kind`'s types: the declared type must match the content
 * (415 otherwise); a file declared as `application/octet-stream` (or not at all) is taken for
 * what its content is, Office containers named by their extension. Empty files are 422 at `path`.
 */
export async function resolveFileType(file: IncomingFile, kind: UploadKind, path: FilePath): Promise<string> {
  if (file.data.length === 0) {
    throw validationError([{ key: path.join('.'), message: 'The file is empty (0 bytes)', path }]);
  }
  const allowed = ALLOWED[kind];
  const declared = canonicalMediaType(file.contentType || 'application/octet-stream');
  if (declared !== 'application/octet-stream') {
    await assertContentMatches(file.data, declared, allowed);
    return declared;
  }
  const sniffed = await sniffContentType(file.data);
  const named = BY_EXTENSION[extensionOf(file.name)];
  if ((sniffed === 'application/x-cfb' || sniffed === 'application/zip') && named) {
    await assertContentMatches(file.data, named, allowed);
    return named;
  }
  if (sniffed && allowed.includes(sniffed)) return sniffed;
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
    message:
      kind === 'VIDEO'
        ? `${file.name} is not a video this server accepts (MP4, WebM, QuickTime, Matroska, 3GP)`
        : `${file.name} is a ${sniffed ?? 'file of an unknown format'}: upload a PDF, an image, an Office or OpenDocument file, RTF, CSV or text`,
  });
}

/** A PDF must open: a damaged one is 422 (a password-protected one is fine: it is only kept). */
async function assertReadable(file: IncomingFile, type: string, path: FilePath): Promise<void> {
  if (type !== 'application/pdf') return;
  try {
    const doc = await PDFDocument.load(file.data, { ignoreEncryption: true, updateMetadata: false });
    doc.getPageCount();
  } catch {
    throw validationError([
      { key: path.join('.'), message: `${file.name} is damaged: the PDF cannot be read`, path },
    ]);
  }
}

/** A file name safe to show and to put in `Content-Disposition`: no path, no control characters. */
export function cleanName(name: string | undefined, type: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return base || `file.${EXTENSION[type] ?? 'bin'}`;
}

/** Every file checked (type, content, readability) before any is stored: one bad file stores nothing. */
export async function checkFiles(
  files: IncomingFile[],
  kind: UploadKind,
  pathOf: (index: number) => FilePath,
): Promise<{ file: IncomingFile; type: string }[]> {
  const checked: { file: IncomingFile; type: string }[] = [];
  for (const [index, file] of files.entries()) {
    const type = await resolveFileType(file, kind, pathOf(index));
    await assertReadable(file, type, pathOf(index));
    checked.push({ file, type });
  }
  return checked;
}

/** Stores checked files of the caller's company and answers them with fresh download addresses. */
export async function storeFiles(
  platform: Platform,
  access: AccessContext,
  checked: { file: IncomingFile; type: string }[],
  kind: UploadKind,
): Promise<TUploadedFile[]> {
  const out: TUploadedFile[] = [];
  for (const { file, type } of checked) {
    const key = `${filesPrefix(access.companyId)}${randomUUID()}.${EXTENSION[type] ?? 'bin'}`;
    const sidecar: Sidecar = {
      name: cleanName(file.name, type),
      mime_type: type,
      size: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      kind,
      created_at: new Date().toISOString(),
      uploaded_by: access.userId,
    };
    await platform.storage.put(key, file.data, type);
    await platform.storage.put(sidecarKey(key), Buffer.from(JSON.stringify(sidecar)), 'application/json');
    out.push(await present(platform, key, sidecar, 'inline'));
  }
  return out;
}

async function present(
  platform: Platform,
  key: string,
  sidecar: Sidecar,
  disposition: 'inline' | 'attachment',
): Promise<TUploadedFile> {
  const { uploaded_by: _by, ...info } = sidecar;
  return {
    file_ref_id: key,
    ...info,
    url: await platform.storage.createDownloadUrl(key, { fileName: sidecar.name, disposition }),
    url_expires_at: new Date(Date.now() + DEFAULT_DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/**
 * `POST /files-data`: what the uploads are, with fresh download addresses. A reference that is
 * not a general upload of the caller's company, or that does not exist, is 404 (which one is not told).
 */
export async function filesData(
  platform: Platform,
  access: AccessContext,
  refs: string[],
  disposition: 'inline' | 'attachment',
): Promise<TUploadedFile[]> {
  const out: TUploadedFile[] = [];
  for (const ref of [...new Set(refs)]) {
    const match = FILE_KEY.exec(ref);
    if (!match || match[1] !== access.companyId) throw notFound('File');
    if (!(await platform.storage.head(sidecarKey(ref)))) throw notFound('File');
    const sidecar = JSON.parse((await platform.storage.get(sidecarKey(ref))).toString('utf8')) as Sidecar;
    out.push(await present(platform, ref, sidecar, disposition));
  }
  return out;
}
