import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, lt } from 'drizzle-orm';
import {
  ENTITY_IMPORT_SAMPLE_ROWS,
  IMPORT_JOB_MAX_ROWS,
  IMPORT_UPLOAD_KEEP_DAYS,
  type TExcelHeaders,
  type TStoredUpload,
} from '@esigns/contracts/entity-import';
import type { Db } from '../../platform/db/database';
import { notFound, validationError, type AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { readMultipart } from '../../platform/http/file-upload';
import { sheetRowsOfStream, sheetsOfFile, type SheetRow } from '../../platform/storage/spreadsheet-rows';
import type { EntityDefinition } from '../entities';
import { headerNames, sampleCell } from '../entity-data';
import type { AccessContext } from '../permissions';
import { bestMapping } from './mappings';
import { importUploads } from './schema';

/*
 * Stored uploads: the file in storage (`companies/{company}/imports/{id}.csv|xlsx`), its sheets
 * and their data rows here, kept IMPORT_UPLOAD_KEEP_DAYS days (a sweep removes both).
 */

const DAY = 86_400_000;
export type UploadRow = typeof importUploads.$inferSelect;

export const fileError = (message: string): AppError =>
  validationError([{ key: 'file', message, path: ['file'] }], message);
export const sheetError = (message: string): AppError =>
  validationError([{ key: 'sheet', message, path: ['sheet'] }], message);

export const toStoredUpload = (row: UploadRow): TStoredUpload => ({
  _id: row.id,
  entity_id: row.entityId,
  file_name: row.fileName,
  size: row.size,
  sheets: row.sheets,
  uploaded_by: row.uploadedBy,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

/** Where uploads are received before they are stored (one file per request, removed after it). */
const RECEIVE_DIR = path.join(os.tmpdir(), 'esigns-import-uploads');

/** A multipart upload received into a temporary file, with the text fields around it. */
export type ReceivedUpload = {
  path: string;
  size: number;
  fileName: string | undefined;
  fields: Record<string, string>;
};

/**
 * The multipart `file` streamed into a temporary file (never whole in memory; at most `maxBytes`:
 * 413 above) and the text fields around it; no file: 422 keyed `file`. The caller removes the
 * file (`discardUpload`) whatever happens next.
 */
export async function receiveUpload(request: FastifyRequest, maxBytes: number): Promise<ReceivedUpload> {
  await mkdir(RECEIVE_DIR, { recursive: true });
  const file = path.join(RECEIVE_DIR, `${randomUUID()}.upload`);
  let fileName: string | undefined;
  let received = false;
  try {
    const { fields } = await readMultipart(request, {
      maxBytes,
      field: 'file',
      what: 'spreadsheet',
      onFile: async (part) => {
        // The first file is the upload; others are read past.
        if (received) {
          part.file.resume();
          return;
        }
        await pipeline(part.file, createWriteStream(file));
        received = true;
        fileName = part.filename;
      },
    });
    if (!received) throw fileError('Attach the spreadsheet');
    return { path: file, size: (await stat(file)).size, fileName, fields };
  } catch (err) {
    await discardUpload(file);
    throw err;
  }
}

export const discardUpload = (file: string): Promise<void> => rm(file, { force: true });

/**
 * `POST /import/store-uploaded-file`: the received file read through as streams (every sheet
 * counted), stored (`putFile`: streamed), listed.
 */
export async function storeUpload(
  platform: Platform,
  access: AccessContext,
  def: EntityDefinition,
  file: Pick<ReceivedUpload, 'path' | 'size' | 'fileName'>,
): Promise<UploadRow> {
  const fileName = (file.fileName ?? '').trim().slice(0, 200) || 'import';
  const { kind, sheets } = await sheetsOfFile(
    file.path,
    IMPORT_JOB_MAX_ROWS + 2,
    fileName.replace(/\.[^.]*$/, '') || 'Sheet1',
  );
  if (sheets.every((sheet) => sheet.rows === 0)) throw fileError('The file is empty');
  const tooLong = sheets.find((sheet) => sheet.rows > IMPORT_JOB_MAX_ROWS + 1);
  if (tooLong) {
    throw fileError(
      `${tooLong.name} has more than ${IMPORT_JOB_MAX_ROWS.toLocaleString('en-US')} rows: split it into several files`,
    );
  }
  const id = randomUUID();
  const xlsx = kind === 'xlsx';
  const storageKey = `companies/${def.row.companyId}/imports/${id}.${xlsx ? 'xlsx' : 'csv'}`;
  await platform.storage.putFile(
    storageKey,
    file.path,
    xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
  );
  const [row] = await platform.database.db
    .insert(importUploads)
    .values({
      id,
      companyId: def.row.companyId,
      entityId: def.row.id,
      fileName,
      size: file.size,
      storageKey,
      // The header row is not a data row.
      sheets: sheets.map((sheet) => ({ name: sheet.name, row_count: Math.max(0, sheet.rows - 1) })),
      uploadedBy: access.userId,
      expiresAt: new Date(Date.now() + IMPORT_UPLOAD_KEEP_DAYS * DAY),
    })
    .returning();
  return row!;
}

/** An upload of the company (not expired): 404 otherwise. */
export async function loadUpload(db: Db, companyId: string, id: string): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(importUploads)
    .where(and(eq(importUploads.id, id), eq(importUploads.companyId, companyId)));
  if (!row || row.expiresAt.getTime() < Date.now()) throw notFound('Upload');
  return row;
}

/** `GET /get/import/UploadedFiles/{entity_id}`: newest first. */
export async function listUploads(db: Db, def: EntityDefinition): Promise<TStoredUpload[]> {
  const rows = await db
    .select()
    .from(importUploads)
    .where(eq(importUploads.entityId, def.row.id))
    .orderBy(desc(importUploads.createdAt))
    .limit(100);
  return rows.filter((row) => row.expiresAt.getTime() >= Date.now()).map(toStoredUpload);
}

/** The sheet of the upload by name (default: the first with rows); 422 keyed `sheet` when not there. */
export function chosenSheet(
  upload: UploadRow,
  sheet: string | undefined,
): { name: string; row_count: number } {
  if (sheet === undefined) {
    return upload.sheets.find((s) => s.row_count > 0) ?? upload.sheets[0]!;
  }
  const found = upload.sheets.find((s) => s.name === sheet);
  if (!found) throw sheetError(`The file has no sheet named ${JSON.stringify(sheet.slice(0, 100))}`);
  return found;
}

/**
 * The stored file's rows of one sheet, one at a time, read from storage as a stream (the file is
 * never held: memory stays flat whatever its size). A CSV (stored as `.csv`) is one sheet.
 */
export async function* uploadRows(
  platform: Platform,
  upload: UploadRow,
  sheet: string,
  limit = IMPORT_JOB_MAX_ROWS + 1,
): AsyncGenerator<SheetRow> {
  const csv = upload.storageKey.endsWith('.csv');
  yield* sheetRowsOfStream(() => platform.storage.getStream(upload.storageKey), {
    limit,
    sheet: csv ? undefined : sheet,
  });
}

/** The header row and the first rows of a sheet. */
export async function headerAndSample(
  platform: Platform,
  upload: UploadRow,
  sheet: string,
): Promise<{ headers: string[]; sample: SheetRow[] }> {
  let headers: string[] | null = null;
  const sample: SheetRow[] = [];
  for await (const row of uploadRows(platform, upload, sheet, ENTITY_IMPORT_SAMPLE_ROWS + 1)) {
    if (headers === null) headers = headerNames(row.cells);
    else sample.push(row);
  }
  if (headers === null) throw sheetError('The sheet is empty');
  return { headers, sample };
}

/** `POST /get-excel-headers-app`: one sheet's headers, first rows, row count and mapping. */
export async function storedHeaders(
  platform: Platform,
  def: EntityDefinition,
  upload: UploadRow,
  sheetName: string | undefined,
): Promise<TExcelHeaders & { sheet: string; saved_mapping_id: string | null }> {
  const sheet = chosenSheet(upload, sheetName);
  const { headers, sample } = await headerAndSample(platform, upload, sheet.name);
  const best = await bestMapping(platform.database.db, def, headers);
  return {
    sheet: sheet.name,
    headers,
    sample: sample.map((row) => headers.map((_, index) => sampleCell(row.cells[index]))),
    row_count: sheet.row_count,
    mapping: best.mapping,
    saved_mapping_id: best.savedMappingId,
  };
}

/**
 * The sweep step: uploads past their day are removed (file and row; their jobs stay, with their
 * counts), and the rejected rows of jobs as old.
 */
export async function removeExpiredUploads(platform: Platform, now: Date): Promise<number> {
  const db = platform.database.db;
  const expired = await db
    .select({ id: importUploads.id, key: importUploads.storageKey })
    .from(importUploads)
    .where(lt(importUploads.expiresAt, now))
    .limit(500);
  for (const upload of expired) {
    await platform.storage.delete(upload.key);
    await db.delete(importUploads).where(eq(importUploads.id, upload.id));
  }
  return expired.length;
}
