import { MAX_BASE64_FILE_BYTES, MAX_BASE64_TOTAL_BYTES, type TBase64File } from '@esigns/contracts/uploads';
import { AppError, validationError } from '../../platform/http/app-error';
import type { FilePath, IncomingFile } from './file-uploads';

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);

/**
 * A base64 file (`data:<type>;base64,...` or bare base64 with `content_type`) as bytes. The text
 * must be base64 (standard or URL-safe alphabet, whitespace ignored): anything else, or a data URL
 * that is not base64, is 422 at `path`; a decoded file over 10 MB is 413. The declared type is
 * the data URL's, else `content_type`, else none (the content decides).
 */
export function decodeBase64File(input: TBase64File, path: FilePath): IncomingFile {
  const key = path.join('.');
  const bad = (message: string) => validationError([{ key, message, path }], message);
  let declared = input.content_type ?? '';
  let payload = input.file;
  const dataUrl = DATA_URL.exec(input.file.trim());
  if (dataUrl) {
    if (!/;base64$/i.test(dataUrl[2] ?? '')) throw bad('The data URL must be base64-encoded (";base64,")');
    declared = dataUrl[1] || declared;
    payload = dataUrl[3] ?? '';
  }
  const text = payload.replace(/\s+/g, '');
  if (text.length === 0) throw bad('The file is empty');
  if (text.length % 4 === 1 || !BASE64.test(text)) throw bad('The file is not valid base64');
  // 3 bytes per 4 characters: refuse before decoding what cannot fit.
  if (Math.floor((text.length * 3) / 4) - 2 > MAX_BASE64_FILE_BYTES) throw tooLarge(key);
  const data = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (data.length > MAX_BASE64_FILE_BYTES) throw tooLarge(key);
  return { name: input.file_name ?? '', contentType: declared, data };
}

function tooLarge(key: string): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    message: `${key === 'file' ? 'The file' : `File ${key}`} is larger than the ${mb(MAX_BASE64_FILE_BYTES)} MB allowed for base64 uploads`,
  });
}

/** Several base64 files: each decoded as above, and together at most 20 MB (413). */
export function decodeBase64Files(inputs: TBase64File[]): IncomingFile[] {
  const files = inputs.map((input, i) => decodeBase64File(input, ['files', i, 'file']));
  const total = files.reduce((sum, f) => sum + f.data.length, 0);
  if (total > MAX_BASE64_TOTAL_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      message: `The files together are larger than the ${mb(MAX_BASE64_TOTAL_BYTES)} MB allowed in one call`,
    });
  }
  return files;
}
