import { PassThrough, type Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  EXPORT_DIRECT_MAX_ROWS,
  EXPORT_PDF_MAX_ROWS,
  type TExportFormat,
  type TExportJob,
} from '@esigns/contracts/data-exports';
import type { TZone } from '@esigns/contracts/dates';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findCompanyById } from '../company';
import { brandingOf } from '../company-users';
import type { AccessContext } from '../permissions';
import type { PdfBranding } from './pdf';
import { writePdf } from './pdf';
import { dataExports, type ExportKind } from './schema';
import { countPlan, type ExportPlan } from './sources';
import { writeWorkbook } from './xlsx';

/*
 * An export asked over HTTP: counted first; small ones are the answer (xlsx streamed as written,
 * PDF built then sent), big ones (or `background`) a job (jobs.ts) whose row is the answer (202).
 */

export type ExportRow = typeof dataExports.$inferSelect;

export const EXPORT_JOB = 'exports.run';
export type TExportRunJob = { export_id: string };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

export const extensionOf = (format: TExportFormat) => (format === 'PDF' ? 'pdf' : 'xlsx');

/** A file name from a name people gave (an entity, a company, a view): no path or control characters. */
export function fileNameOf(base: string, format: TExportFormat): string {
  const clean =
    base
      .replace(/\p{Cc}/gu, '')
      .replace(/[/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150) || 'Export';
  return `${clean}.${extensionOf(format)}`;
}

export function toExportJob(row: ExportRow): TExportJob {
  const live =
    row.status === 'DONE' && row.storageKey !== null && (!row.expiresAt || row.expiresAt > new Date());
  return {
    _id: row.id,
    kind: row.kind,
    format: row.format,
    status: row.status,
    file_name: row.fileName,
    total: row.total,
    processed: row.processed,
    download_url: live ? `/api/exports/${row.id}/download` : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** The company's name, colour and logo for a PDF (no logo when it cannot be read). */
export async function pdfBranding(platform: Platform, companyId: string): Promise<PdfBranding> {
  const company = await findCompanyById(platform.database.db, companyId);
  const settings = (company?.settings ?? {}) as Record<string, unknown>;
  const branding = brandingOf(settings);
  const logoKey = typeof settings.logo_key === 'string' ? settings.logo_key : null;
  let logo: Uint8Array | null = null;
  if (logoKey) {
    try {
      logo = await platform.storage.get(logoKey);
    } catch (err) {
      platform.log.warn({ err, logoKey }, 'export PDF: the company logo could not be read');
    }
  }
  return { companyName: company?.name ?? '', color: branding.primary_color, logo };
}

export type ExportAsk = {
  kind: ExportKind;
  format: TExportFormat;
  /** What the job replays (the route's body and path values, and the zone). */
  request: Record<string, unknown>;
  background: boolean;
};

export type ExportAnswer =
  | { direct: true; fileName: string; contentType: string; body: Readable | Uint8Array }
  | { direct: false; job: TExportJob };

/**
 * Runs `plan` directly when small, else queues it as a job. A PDF over EXPORT_PDF_MAX_ROWS is a
 * 422 (nothing queued).
 */
export async function answerExport(
  platform: Platform,
  access: AccessContext,
  plan: ExportPlan,
  ask: ExportAsk,
  zone: TZone,
): Promise<ExportAnswer> {
  const db = platform.database.db;
  const fileName = fileNameOf(plan.baseName, ask.format);
  const cap = ask.format === 'PDF' ? EXPORT_PDF_MAX_ROWS : EXPORT_DIRECT_MAX_ROWS;
  const counted = await countPlan(plan, cap);
  if (ask.format === 'PDF' && counted.capped) {
    throw new AppError('VALIDATION_FAILED', {
      message: `A PDF holds at most ${EXPORT_PDF_MAX_ROWS} records: narrow the filters or export to Excel`,
      details: [
        {
          key: 'filters',
          path: ['filters'],
          message: `At most ${EXPORT_PDF_MAX_ROWS} records in a PDF`,
        },
      ],
    });
  }
  if (ask.background || counted.capped) {
    const job = await queueExport(platform, access, ask, fileName, counted.capped ? null : counted.total);
    return { direct: false, job };
  }
  if (ask.format === 'PDF') {
    const branding = await pdfBranding(platform, access.companyId);
    const { bytes } = await writePdf(db, plan.sheets, {
      title: plan.baseName,
      zone,
      branding,
      total: counted.total,
    });
    return { direct: true, fileName, contentType: PDF_TYPE, body: bytes };
  }
  const out = new PassThrough();
  writeWorkbook(db, out, plan.sheets, zone).catch((err: unknown) => {
    platform.log.error({ err }, 'a direct export failed while streaming');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { direct: true, fileName, contentType: XLSX_TYPE, body: out };
}

/** The job's row and the job, in one transaction. */
async function queueExport(
  platform: Platform,
  access: AccessContext,
  ask: ExportAsk,
  fileName: string,
  total: number | null,
): Promise<TExportJob> {
  const row = await platform.database.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(dataExports)
      .values({
        companyId: access.companyId,
        userId: access.userId,
        kind: ask.kind,
        format: ask.format,
        fileName,
        request: ask.request,
        total,
      })
      .returning();
    await platform.jobs.send<TExportRunJob>(EXPORT_JOB, { export_id: created!.id }, { tx });
    return created!;
  });
  platform.jobs.wake(EXPORT_JOB);
  return toExportJob(row);
}

/** Who may see an export: the user who asked, or the company's OWNER and ADMIN. */
const visibleTo = (access: AccessContext) =>
  access.userType === 'OWNER' || access.userType === 'ADMIN'
    ? eq(dataExports.companyId, access.companyId)
    : and(eq(dataExports.companyId, access.companyId), eq(dataExports.userId, access.userId));

/** The export, or 404 (unknown, another company's, or another user's for MANAGER and MEMBER). */
export async function findExport(db: Db, access: AccessContext, id: string): Promise<ExportRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', { message: 'Export not found' });
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), visibleTo(access)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Export not found' });
  return row;
}

/** `GET /exports`: the caller's exports (every one of the company for OWNER/ADMIN with `all`), newest first. */
export async function listExports(
  db: Db,
  access: AccessContext,
  query: { page: number; limit: number; all: boolean },
): Promise<{ rows: ExportRow[]; total: number }> {
  const where = query.all
    ? visibleTo(access)
    : and(eq(dataExports.companyId, access.companyId), eq(dataExports.userId, access.userId));
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(dataExports)
      .where(where)
      .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(dataExports)
      .where(where),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** The stored file of a DONE export still kept; 410 when it expired, 409 while it is not ready. */
export async function openExportFile(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<{ fileName: string; contentType: string; stream: Readable }> {
  const row = await findExport(platform.database.db, access, id);
  if (row.status !== 'DONE') throw new AppError('CONFLICT', { message: 'The export is not finished yet' });
  if (!row.storageKey || (row.expiresAt && row.expiresAt <= new Date()))
    throw new AppError('GONE', { message: 'The export has expired: export again' });
  return {
    fileName: row.fileName,
    contentType: row.format === 'PDF' ? PDF_TYPE : XLSX_TYPE,
    stream: await platform.storage.getStream(row.storageKey),
  };
}
