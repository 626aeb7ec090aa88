import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AppError, notFound } from '../../platform/http/app-error';
import { assertValidKey } from '../../platform/storage/storage';

/** The storage folder of a company's files: every key the company may read starts with it. */
export function companyPrefix(companyId: string): string {
  return `companies/${companyId}/`;
}

/** A new key for a PDF the document service writes: `companies/{company_id}/documents/{uuid}.pdf`. */
export function newDocumentKey(companyId: string): string {
  return `${companyPrefix(companyId)}documents/${randomUUID()}.pdf`;
}

/**
 * A `file_ref_id` given by a client must be a valid storage key under `companies/{company_id}/`
 * of the caller's company; anything else (another company's key, a path trick, garbage) is the
 * same 404 as a key that does not exist, so that nobody learns which keys exist elsewhere.
 */
export function assertCompanyFileRef(companyId: string, fileRefId: string): void {
  if (typeof fileRefId !== 'string' || !fileRefId.startsWith(companyPrefix(companyId)))
    throw notFound('File');
  try {
    assertValidKey(fileRefId);
  } catch {
    throw notFound('File');
  }
}

/**
 * The company named by a `company_id` query: `<uuid>`, or `prod/<uuid>` (v4's fixed segment).
 * Absent is fine (the token's company applies); a different company is 403.
 */
export function assertCompanyQuery(companyId: string, query: string | undefined): void {
  if (query === undefined || query === '') return;
  const named = query.startsWith('prod/') ? query.slice('prod/'.length) : query;
  if (named.toLowerCase() !== companyId.toLowerCase()) {
    throw new AppError('FORBIDDEN', {
      message: 'company_id does not match the workspace you are signed in to',
    });
  }
}

const MAX_NAME_LENGTH = 200;

/**
 * A file name as people see it: the last path segment of what was uploaded, without control
 * characters, at most 200 characters; `document` when nothing is left.
 */
export function cleanFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = last
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
  return clean === '' || clean === '.' || clean === '..' ? 'document' : clean;
}

/** `Contract v2.docx` -> `Contract v2.pdf`; a name without extension gets `.pdf` added. */
export function pdfNameOf(name: string): string {
  const clean = cleanFileName(name);
  const ext = path.extname(clean);
  const base = ext.length > 1 && ext.length <= 6 ? clean.slice(0, -ext.length) : clean;
  return `${base.trim() || 'document'}.pdf`;
}

/** The file name part of a key (`.../0b7c...pdf` -> `0b7c...pdf`). */
export function baseNameOfKey(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}
