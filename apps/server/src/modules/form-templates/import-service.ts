import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  DOCUMENT_ASSET_TYPES,
  TEMPLATE_EXCEL_SAMPLE_ROWS,
  ZTemplateName,
  toTemplateCode,
  type TDocumentAsset,
  type TFormTemplate,
  type TTemplateFromExcelPreview,
} from '@esigns/contracts/form-templates';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import { AppError, validationError } from '../../platform/http/app-error';
import { detailsFromZod } from '../../platform/http/error-handler';
import type { Platform } from '../../platform/platform';
import { sniffContentType } from '../../platform/storage/sniff';
import type { AccessContext } from '../permissions';
import { inferFields } from './infer-fields';
import { freeCodeFor, nextFreeName } from './names';
import { findReadableTemplate } from './service';
import { readSpreadsheetSample } from './spreadsheet-sample';
import { createFormTemplate } from './write-service';

/*
 * Files that become or serve templates: `template/create-from-excel` (a spreadsheet's columns
 * become fields) and `document-assets/` (images and PDFs a template shows, in storage).
 */

const fileError = (message: string): AppError =>
  validationError([{ key: 'file', message, path: ['file'] }], message);

/** The name a spreadsheet gives: its file name without the extension ("Leads 2025.xlsx" -> "Leads 2025"). */
function nameFromFile(fileName: string | undefined): string {
  const base = path
    .basename(fileName ?? '')
    .replace(/\.(xlsx|csv|txt)$/i, '')
    .replace(/[_]+/g, ' ')
    .trim();
  const parsed = ZTemplateName.safeParse(base);
  return parsed.success ? parsed.data : 'Imported template';
}

/**
 * `POST template/create-from-excel`: infers the fields from the first sheet (header row and up to
 * TEMPLATE_EXCEL_SAMPLE_ROWS rows) and creates the template, or with `preview` only answers what
 * it would create. A name given must be free (422); without one the file's name is used, made free.
 */
export async function createTemplateFromExcel(
  platform: Platform,
  access: AccessContext,
  bytes: Buffer,
  options: { name?: string | undefined; fileName?: string | undefined; preview: boolean },
): Promise<TFormTemplate | TTemplateFromExcelPreview> {
  const db = platform.database.db;
  const sample = await readSpreadsheetSample(bytes, TEMPLATE_EXCEL_SAMPLE_ROWS);
  if (sample.header.every((cell) => cell === '')) {
    throw fileError('The first row must name the columns (it is empty)');
  }
  const parsed = ZFormFields.safeParse(inferFields(sample.header, sample.rows));
  if (!parsed.success) throw validationError(detailsFromZod(parsed.error, ['fields']));
  if (parsed.data.length === 0) throw fileError('The sheet has no columns to turn into fields');

  let name: string;
  if (options.name !== undefined) {
    const given = ZTemplateName.safeParse(options.name);
    if (!given.success) throw validationError(detailsFromZod(given.error, ['name']));
    name = given.data;
  } else {
    name = (await nextFreeName(db, access.companyId, nameFromFile(options.fileName))).suggested;
  }
  if (options.preview) {
    const code =
      options.name === undefined ? await freeCodeFor(db, access.companyId, name) : toTemplateCode(name);
    return { name, code, fields: parsed.data, rows_sampled: sample.rows.length };
  }
  return createFormTemplate(db, access, {
    name,
    description: `Created from ${options.fileName ? path.basename(options.fileName) : 'a spreadsheet'}`.slice(
      0,
      1000,
    ),
    fields: parsed.data,
    is_repeatable: false,
    max_entries: null,
    primary_for_user_type: null,
    icon: null,
  });
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** A safe name to show for an uploaded file: its base name, printable, at most 255 characters. */
function displayName(fileName: string | undefined, ext: string): string {
  const base = path
    .basename((fileName ?? '').replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255);
  return base || `asset.${ext}`;
}

/**
 * `POST document-assets/`: stores an image or PDF for a template under the company's prefix and
 * answers its reference and a short-lived link. The bytes decide the type (415 otherwise). With
 * `template_id` the asset belongs to that template of the company (404 when unknown, 403 for a
 * STANDARD one).
 */
export async function saveDocumentAsset(
  platform: Platform,
  access: AccessContext,
  bytes: Buffer,
  options: { fileName?: string | undefined; templateId?: string | undefined },
): Promise<TDocumentAsset> {
  let templateId: string | null = null;
  if (options.templateId) {
    const template = await findReadableTemplate(platform.database.db, access.companyId, options.templateId);
    if (template.companyId === null) {
      throw new AppError('FORBIDDEN', {
        message: `${template.name} is a standard template and cannot be changed`,
      });
    }
    templateId = template.id;
  }
  if (bytes.length === 0) throw fileError('The file is empty');
  const type = await sniffContentType(bytes);
  if (!type || !(DOCUMENT_ASSET_TYPES as readonly string[]).includes(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `Upload a PNG, JPEG, WebP or GIF image or a PDF${type ? ` (this file is ${type})` : ''}`,
    });
  }
  const ext = EXTENSIONS[type]!;
  const key = `companies/${access.companyId}/form-templates/${templateId ?? 'assets'}/${randomUUID()}.${ext}`;
  await platform.storage.put(key, bytes, type);
  const name = displayName(options.fileName, ext);
  const url = await platform.storage.createDownloadUrl(key, { expiresInSeconds: 3600, fileName: name });
  return { file_ref_id: key, name, mime_type: type, size: bytes.length, template_id: templateId, url };
}
