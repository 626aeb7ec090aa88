import { z } from 'zod';
import { ZId } from './ids';
import { ZFieldRef, ZFilterGroup, ZSorts } from './nocode-filters';

/*
 * Exports (spec 3 §7 "Exports"; ../shared/DOMAIN-PLATFORM.md "Data in and out"): an entity's
 * records, every entity of the company, or an entity view, as xlsx or PDF.
 *
 *   POST /export/entities-data/{entity_id}?tz=<IANA zone>   xlsx named after the entity
 *   POST /export/entities-data/pdf/{entity_id}?tz=...       PDF table (company branding)
 *   POST /export/all-entities-data?tz=...                   xlsx named after the company, a sheet per entity
 *   POST /entity-views/export-pdf?tz=...                    PDF of an entity view
 *
 * Rows are read by keyset pages (never all at once) and written as they come: a small export is
 * the answer itself (a download); one over EXPORT_DIRECT_MAX_ROWS records (or any export asked
 * with `background: true`) becomes a durable job: the call answers 202 with the job, progress
 * arrives as the socket event `export.progress` (and `GET /exports/{id}`), and when done the file
 * is stored, downloadable at `GET /exports/{id}/download` for EXPORT_KEEP_DAYS days and mailed
 * as a link to the caller. Dates and times are written in `tz` (default UTC; an unknown zone is
 * a 422), cells typed for Excel: numbers and currency as numbers with a number format, percent
 * as a fraction with a percent format, dates as dates, yes/no as TRUE/FALSE, multi-values joined
 * with ", ", linked records by their title.
 */

/** Records above which an export runs as a job (202) instead of answering the file. */
export const EXPORT_DIRECT_MAX_ROWS = 20_000;
/** Records a PDF may hold (beyond: 422, export to Excel instead). */
export const EXPORT_PDF_MAX_ROWS = 5_000;
/** Days a finished export's file stays downloadable. */
export const EXPORT_KEEP_DAYS = 7;

export const EXPORT_FORMATS = ['XLSX', 'PDF'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type TExportStatus = (typeof EXPORT_STATUSES)[number];

/** `?tz=` of every export call: an IANA time zone (the browser's). */
export const ZExportQuery = z.object({
  tz: z
    .string()
    .trim()
    .max(64)
    .optional()
    .refine((tz) => {
      if (!tz) return true;
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone'),
});

/**
 * Body of `POST /export/entities-data[/pdf]/{entity_id}`: which records (as the grid asks them)
 * and which columns (default: the fields of the entity's templates in order, then created/updated).
 */
export const ZEntityExportRequest = z.object({
  filters: ZFilterGroup.nullable().optional(),
  filter_id: ZId('Invalid filter').nullable().optional(),
  search: z.string().trim().max(200).optional(),
  apply_global_filters: z.boolean().default(false),
  sort: ZSorts.optional(),
  columns: z.array(ZFieldRef).max(500).optional(),
  /** Only these records (the grid's selection). */
  ids: z.array(ZId('Invalid record id')).max(10_000).optional(),
  /** Run as a job even when small. */
  background: z.boolean().default(false),
});
export type TEntityExportRequest = z.input<typeof ZEntityExportRequest>;

/** Body of `POST /export/all-entities-data`: every entity the caller may read, or these. */
export const ZAllEntitiesExportRequest = z.object({
  entity_ids: z.array(ZId('Invalid entity id')).max(500).optional(),
  background: z.boolean().default(false),
});

/** Body of `POST /entity-views/export-pdf`. */
export const ZEntityViewExportRequest = z.object({
  entity_view_id: ZId('Choose an entity view'),
  /** Extra conditions on top of the view's own (what the viewer typed in the filter bar). */
  filters: ZFilterGroup.nullable().optional(),
  search: z.string().trim().max(200).optional(),
  background: z.boolean().default(false),
});

/** An export job (202 answer, `GET /exports/{id}`, `GET /exports`, the `export.progress` event). */
export const ZExportJob = z.object({
  _id: z.string(),
  kind: z.enum(['ENTITY', 'ALL_ENTITIES', 'ENTITY_VIEW']),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** The file's name when downloaded (`Leads.xlsx`). */
  file_name: z.string(),
  /** Records to write (known once counted) and written so far. */
  total: z.number().int().nullable(),
  processed: z.number().int(),
  /** Set when DONE, until the file expires. */
  download_url: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type TExportJob = z.infer<typeof ZExportJob>;

/** Socket event to the requesting user's room while a job runs and when it ends. */
export const EXPORT_PROGRESS_EVENT = 'export.progress';
