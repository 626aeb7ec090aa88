import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TFormFieldOf } from '@esigns/contracts/nocode-fields';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import {
  fileTypeOfName,
  RECORD_FILE_TYPES,
  recordFileProblem,
  type TRecordFileStatus,
  type TRecordFileUploadRequest,
  type TRecordFileUploadTicket,
} from '@esigns/contracts/record-extras';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, unlessAppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { assertContentMatches, canonicalMediaType, sniffContentType } from '../../platform/storage/sniff';
import { DEFAULT_UPLOAD_URL_SECONDS, sha256OfObject } from '../../platform/storage/storage';
import { loadEntityDefinition, type EntityDefinition, type EntityTemplateDef } from '../entities';
import type { AccessContext } from '../permissions';
import { assertWithinPlan } from '../subscriptions';
import { entityDataFiles } from './schema';

/*
 * Files of FILE and IMAGE fields (spec 3 §7): the browser asks for an upload address, PUTs the
 * bytes straight to storage, then confirms; the server checks the stored bytes (size, type by
 * content, the field's rules) before the file may be a record value. A file reference is its
 * storage key `companies/{company}/entity-data/{file id}/{slug}`, so the id inside it finds the
 * row by primary key and the prefix says whose it is.
 */

export type RecordFileRow = typeof entityDataFiles.$inferSelect;
type FileField = TFormFieldOf<'FILE' | 'IMAGE'>;

const FILE_KEY =
  /^companies\/([0-9a-f-]{36})\/entity-data\/([0-9a-f-]{36})\/([A-Za-z0-9][A-Za-z0-9._-]{0,119})$/;
const MB = 1024 * 1024;
/** Formats whose check needs the whole file (a zip's directory is at its end). */
const ZIP_BASED = /(openxmlformats|opendocument|application\/zip)/;

/** The company and file id of a reference, or null when it is not a record file's key. */
export function parseFileRef(ref: string): { companyId: string; fileId: string } | null {
  const match = FILE_KEY.exec(ref);
  return match ? { companyId: match[1]!, fileId: match[2]! } : null;
}

/** A file name as a storage key segment: letters, digits, `.`, `_`, `-`; never empty. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(-120);
  return /^[A-Za-z0-9]/.test(slug) ? slug : 'file';
}

/** The FILE or IMAGE field `fieldKey` names in a template: a field, or `<table>.<column>`. */
export function fileFieldOf(template: EntityTemplateDef, fieldKey: string): FileField | null {
  const [key, column] = fieldKey.split('.');
  const field = template.fields.find((f) => f.key === key);
  const target =
    column === undefined
      ? field
      : field?.type === 'DATA_TABLE'
        ? field.columns.find((c) => c.key === column)
        : undefined;
  return target && (target.type === 'FILE' || target.type === 'IMAGE') ? target : null;
}

const fieldError = (key: string, message: string) =>
  validationError([{ key, path: [key], message }], message);

/** `POST /templates-data/file-upload-url`: a PENDING file and the presigned address to PUT it to. */
export async function createFileUpload(
  platform: Platform,
  access: AccessContext,
  input: TRecordFileUploadRequest,
): Promise<TRecordFileUploadTicket> {
  const db = platform.database.db;
  const def = await loadEntityDefinition(db, access.companyId, input.entity_id);
  const template = def.byId.get(input.template_id);
  if (!template) throw fieldError('template_id', 'Not a template of this entity');
  const field = fileFieldOf(template, input.field_key);
  if (!field) throw fieldError('field_key', 'Not a FILE or IMAGE field of this template');
  const problem = recordFileProblem(field, { name: input.file_name, ...input });
  if (problem) throw fieldError(problem.key, problem.message);
  if (input.size > platform.config.uploadLimitBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The file is larger than this server accepts' });
  }
  // The plan's storage (402 past it): the file's declared size counts from its upload ticket.
  await assertWithinPlan(db, access.companyId, 'storageBytes', input.size);
  const id = randomUUID();
  const slug = slugOf(input.file_name);
  const key = `companies/${access.companyId}/entity-data/${id}/${slug}`;
  await db.insert(entityDataFiles).values({
    id,
    companyId: access.companyId,
    entityId: def.row.id,
    templateId: template.id,
    fieldKey: input.field_key,
    storageKey: key,
    name: input.file_name,
    mimeType: canonicalMediaType(input.mime_type),
    size: input.size,
    createdBy: access.userId,
  });
  const uploadUrl = await platform.storage.createUploadUrl(key, {
    contentType: input.mime_type,
    maxBytes: input.size,
    expiresInSeconds: DEFAULT_UPLOAD_URL_SECONDS,
  });
  return {
    upload_url: uploadUrl,
    file_ref_id: key,
    slug,
    key,
    expires_at: new Date(Date.now() + DEFAULT_UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/** The company's file a reference names (any status), or 404. */
export async function findFile(db: Db, companyId: string, ref: string): Promise<RecordFileRow> {
  const parsed = parseFileRef(ref);
  if (!parsed || parsed.companyId !== companyId) throw notFound('File');
  const [row] = await db
    .select()
    .from(entityDataFiles)
    .where(and(eq(entityDataFiles.id, parsed.fileId), eq(entityDataFiles.companyId, companyId)))
    .limit(1);
  if (!row || row.storageKey !== ref) throw notFound('File');
  return row;
}

export const toFileRef = (row: RecordFileRow): TFileRef => ({
  file_ref_id: row.storageKey,
  name: row.name,
  size: row.size,
  mime_type: row.mimeType,
});

/**
 * The field a stored file was uploaded for, as the entity defines it now (null: gone). Only a
 * missing entity means "gone": a failing database is rethrown (a logged 500), never taken for a
 * deleted field, which would delete the upload.
 */
export async function fieldOfFile(db: Db, row: RecordFileRow): Promise<FileField | null> {
  if (!row.entityId) return null;
  const def = await unlessAppError(loadEntityDefinition(db, row.companyId, row.entityId));
  const template = def?.byId.get(row.templateId);
  return template ? fileFieldOf(template, row.fieldKey) : null;
}

/**
 * The type the stored bytes really are: the declared one (or, for octet-stream, the one the name
 * says) checked against the content; else, for a vague declaration, the sniffed one.
 */
async function verifiedType(platform: Platform, row: RecordFileRow): Promise<string> {
  const { storage } = platform;
  const octet = row.mimeType === 'application/octet-stream';
  const claimed = octet ? fileTypeOfName(row.name) : row.mimeType;
  const head = await storage.getHead(row.storageKey, 4100);
  if (claimed) {
    const bytes = ZIP_BASED.test(claimed) ? await storage.get(row.storageKey) : head;
    await assertContentMatches(bytes, claimed, RECORD_FILE_TYPES);
    return claimed;
  }
  const sniffed = await sniffContentType(head);
  if (!sniffed || !(RECORD_FILE_TYPES as readonly string[]).includes(sniffed)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `${row.name} is a ${sniffed ?? 'file of an unknown format'}, which cannot be attached`,
    });
  }
  return sniffed;
}

/**
 * `POST /templates-data/file-upload-status`: PENDING until the bytes are stored; then the size
 * and content are checked against the declaration and the field (a refused file is deleted:
 * 413 too large, 415 not what it claims or not allowed, 422 not the declared size) and the file
 * becomes UPLOADED. Asking again answers the same reference.
 */
export async function confirmFileUpload(
  platform: Platform,
  access: AccessContext,
  ref: string,
): Promise<TRecordFileStatus> {
  const db = platform.database.db;
  const row = await findFile(db, access.companyId, ref);
  if (row.status === 'UPLOADED') return { status: 'UPLOADED', ...toFileRef(row) };
  const info = await platform.storage.head(row.storageKey);
  if (!info) return { status: 'PENDING', ...toFileRef(row) };
  const refuse = async (error: AppError): Promise<never> => {
    await platform.storage.delete(row.storageKey);
    await db.delete(entityDataFiles).where(eq(entityDataFiles.id, row.id));
    throw error;
  };
  const field = await fieldOfFile(db, row);
  if (!field) return refuse(fieldError('file_ref_id', 'The field this file was for no longer exists'));
  if (info.size > field.max_size_mb * MB) {
    return refuse(
      new AppError('PAYLOAD_TOO_LARGE', { message: `${row.name} is larger than ${field.max_size_mb} MB` }),
    );
  }
  if (info.size !== row.size) {
    return refuse(fieldError('file_ref_id', `${row.name} is not the size that was announced`));
  }
  let type: string;
  try {
    type = await verifiedType(platform, row);
  } catch (err) {
    return refuse(
      err instanceof AppError ? err : new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Unreadable file' }),
    );
  }
  const problem = recordFileProblem(field, { name: row.name, mime_type: type, size: info.size });
  if (problem) return refuse(new AppError('UNSUPPORTED_MEDIA_TYPE', { message: problem.message }));
  // What every download is checked against: bytes changed after this point are never served.
  const sha256 = await sha256OfObject(platform.storage, row.storageKey);
  const [updated] = await db
    .update(entityDataFiles)
    .set({ status: 'UPLOADED', mimeType: type, sha256 })
    .where(and(eq(entityDataFiles.id, row.id), eq(entityDataFiles.status, 'PENDING')))
    .returning();
  // Confirmed meanwhile by a concurrent call: answer what it stored.
  return { status: 'UPLOADED', ...toFileRef(updated ?? (await findFile(db, access.companyId, ref))) };
}

/** Where a file of a record file field's value sits: its path and reference. */
type FileUse = { ref: TFileRef; path: (string | number)[]; templateId: string; fieldKey: string };

const asFiles = (value: unknown): TFileRef[] =>
  Array.isArray(value)
    ? value.filter((f): f is TFileRef => typeof f === 'object' && f !== null && 'file_ref_id' in f)
    : [];

/** The file values of one template's values: fields, and cells of data table file columns. */
function fileUses(template: EntityTemplateDef, values: Record<string, unknown>, prefix: (string | number)[]) {
  const uses: FileUse[] = [];
  const push = (value: unknown, path: (string | number)[], fieldKey: string) =>
    asFiles(value).forEach((ref, index) =>
      uses.push({ ref, path: [...path, index], templateId: template.id, fieldKey }),
    );
  for (const field of template.fields) {
    const value = values[field.key];
    if (field.type === 'FILE' || field.type === 'IMAGE') push(value, [...prefix, field.key], field.key);
    if (field.type !== 'DATA_TABLE' || !Array.isArray(value)) continue;
    const columns = field.columns.filter((c) => c.type === 'FILE' || c.type === 'IMAGE');
    value.forEach((row: unknown, index) => {
      if (typeof row !== 'object' || row === null) return;
      for (const column of columns) {
        push(
          (row as Record<string, unknown>)[column.key],
          [...prefix, field.key, index, column.key],
          `${field.key}.${column.key}`,
        );
      }
    });
  }
  return uses;
}

/**
 * A file value of a record that this module did not issue, vouched for by the caller (true: keep
 * it): form-submissions accepts the files a form's filler uploaded for the step that writes the
 * record. `fieldKey` is `table.column` for a data table's cell.
 */
export type ForeignFileCheck = (ref: TFileRef, place: { templateId: string; fieldKey: string }) => boolean;

/**
 * The file values of records that may not be saved: each must be a file UPLOADED for that field
 * of this entity in this company, as confirmed (type and size), or one `accept` vouches for.
 * Details are keyed by the file's path (`<prefix>.<template_id>.<key>.<index>`, table cells
 * `...<table>.<row>.<column>.<index>`). One query for all the records.
 */
export async function checkFileRefs(
  db: Db,
  def: EntityDefinition,
  records: { values: Record<string, Record<string, unknown>>; prefix: (string | number)[] }[],
  accept?: ForeignFileCheck,
): Promise<TValidationDetail[]> {
  const uses = records
    .flatMap(({ values, prefix }) =>
      def.templates.flatMap((template) =>
        values[template.id] ? fileUses(template, values[template.id]!, [...prefix, template.id]) : [],
      ),
    )
    .filter((use) => !accept?.(use.ref, { templateId: use.templateId, fieldKey: use.fieldKey }));
  if (uses.length === 0) return [];
  const companyId = def.row.companyId;
  const ids = [
    ...new Set(
      uses.flatMap(({ ref }) => {
        const parsed = parseFileRef(ref.file_ref_id);
        return parsed?.companyId === companyId ? [parsed.fileId] : [];
      }),
    ),
  ];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(entityDataFiles)
          .where(and(eq(entityDataFiles.companyId, companyId), inArray(entityDataFiles.id, ids)));
  const byKey = new Map(rows.map((row) => [row.storageKey, row]));
  const problems: TValidationDetail[] = [];
  for (const use of uses) {
    const row = byKey.get(use.ref.file_ref_id);
    const message = !row
      ? `Upload ${use.ref.name} first`
      : row.status !== 'UPLOADED'
        ? `The upload of ${row.name} is not finished`
        : row.entityId !== def.row.id || row.templateId !== use.templateId || row.fieldKey !== use.fieldKey
          ? `${row.name} was uploaded for another field`
          : row.mimeType !== use.ref.mime_type || row.size !== use.ref.size
            ? `${row.name}: the type or size does not match the upload`
            : null;
    if (message) problems.push({ key: use.path.join('.'), path: use.path, message });
  }
  return problems;
}
