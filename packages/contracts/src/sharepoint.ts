import { z } from 'zod';

/*
 * SharePoint (`/configuration/share_point`): a company connects its own Microsoft Entra ID app
 * (tenant id, client id, client secret; client-credentials flow), picks a site and one of its
 * document libraries, and every sealed document (the sealed PDF and its audit trail) and every
 * finished workflow packet (the packet ZIP) is copied there by durable jobs, once per copy.
 *
 * Calls (under /api):
 *   GET    /sharepoint/connection                 the connection (never the secret) or null
 *   PUT    /sharepoint/connection                 tenant_id, client_id, client_secret: checked with Microsoft, then saved
 *   PATCH  /sharepoint/connection                 site_id, drive_id, folder_pattern, copy_documents, copy_workflows, enabled
 *   DELETE /sharepoint/connection                 with its copy log
 *   POST   /sharepoint/connection/test            a token and (when chosen) the library, now
 *   GET    /sharepoint/sites?search=              sites the app may see (the picker)
 *   GET    /sharepoint/sites/{site_id}/drives     the site's document libraries
 *   GET    /sharepoint/copies?status=&kind=&page=&limit=   the copy log, newest first
 *   POST   /sharepoint/copies/{id}/retry          copy a FAILED one again
 *   POST   /sharepoint/backfill                   copy every sealed document of the company (a durable job)
 */

/** Tries per chain of a copy (the first and the retries). */
export const SHAREPOINT_MAX_TRIES = 8;
/** Default waits before the 2nd..8th try (seconds): 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h. */
export const SHAREPOINT_RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 7200, 14400] as const;
/** Files above this go through an upload session (Graph's limit for one PUT is 4 MB). */
export const SHAREPOINT_SIMPLE_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** Tokens a folder pattern may hold. */
export const SHAREPOINT_PATTERN_TOKENS = ['{year}', '{month}', '{day}', '{document name}', '{kind}'] as const;
export const SHAREPOINT_DEFAULT_PATTERN = '/{year}/{document name}';

export const SHAREPOINT_COPY_STATUSES = ['PENDING', 'COPIED', 'FAILED'] as const;
export type TSharePointCopyStatus = (typeof SHAREPOINT_COPY_STATUSES)[number];
export const SHAREPOINT_COPY_KINDS = ['DOCUMENT', 'WORKFLOW'] as const;
export type TSharePointCopyKind = (typeof SHAREPOINT_COPY_KINDS)[number];

const ZTenant = z
  .string()
  .trim()
  .min(1, 'Enter the directory (tenant) id')
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'A tenant id (a GUID) or a domain such as contoso.onmicrosoft.com');
const ZClientId = z
  .string()
  .trim()
  .regex(
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    'The application (client) id is a GUID',
  );

/** `PUT /sharepoint/connection`: a new secret is needed unless one is stored already. */
export const ZSharePointCredentials = z.object({
  tenant_id: ZTenant,
  client_id: ZClientId,
  client_secret: z.string().trim().min(1, 'Enter the client secret').max(500).optional(),
});
export type TSharePointCredentials = z.infer<typeof ZSharePointCredentials>;

/** What a folder pattern is made of (checked again by the server): `/`-separated segments, known tokens. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > 300) return 'At most 300 characters';
  const tokens = pattern.match(/\{[^}]*\}/g) ?? [];
  const unknown = tokens.find((t) => !(SHAREPOINT_PATTERN_TOKENS as readonly string[]).includes(t));
  if (unknown) return `Unknown token ${unknown} (use ${SHAREPOINT_PATTERN_TOKENS.join(', ')})`;
  if (/[{}]/.test(pattern.replace(/\{[^}]*\}/g, ''))) return 'A brace without its token';
  if (pattern.split('/').some((s) => s.trim() === '..' || s.trim() === '.')) return 'No . or .. folders';
  return null;
}

export const ZSharePointSettings = z.object({
  site_id: z.string().trim().min(1).max(500).optional(),
  drive_id: z.string().trim().min(1).max(500).optional(),
  folder_pattern: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = patternProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  copy_documents: z.boolean().optional(),
  copy_workflows: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type TSharePointSettings = z.infer<typeof ZSharePointSettings>;

export const ZSharePointBackfill = z.object({
  status: z.enum(['RUNNING', 'DONE']),
  queued: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

export const ZSharePointConnection = z.object({
  _id: z.string(),
  tenant_id: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  site_id: z.string().nullable(),
  site_name: z.string().nullable(),
  site_url: z.string().nullable(),
  drive_id: z.string().nullable(),
  drive_name: z.string().nullable(),
  folder_pattern: z.string(),
  copy_documents: z.boolean(),
  copy_workflows: z.boolean(),
  enabled: z.boolean(),
  /** Enabled with a library chosen: completed documents and packets are being copied. */
  is_copying: z.boolean(),
  verified_at: z.string().nullable(),
  backfill: ZSharePointBackfill.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSharePointConnection = z.infer<typeof ZSharePointConnection>;

export const ZSharePointTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  drive_name: z.string().nullable(),
});
export type TSharePointTestResult = z.infer<typeof ZSharePointTestResult>;

export const ZSharePointSite = z.object({ id: z.string(), name: z.string(), web_url: z.string().nullable() });
export type TSharePointSite = z.infer<typeof ZSharePointSite>;
export const ZSharePointDrive = z.object({
  id: z.string(),
  name: z.string(),
  web_url: z.string().nullable(),
});
export type TSharePointDrive = z.infer<typeof ZSharePointDrive>;

export const ZSharePointSiteQuery = z.object({ search: z.string().max(200).optional() });

export const ZSharePointFile = z.object({
  name: z.string(),
  path: z.string(),
  size: z.number().int(),
  web_url: z.string().nullable(),
});
export type TSharePointFile = z.infer<typeof ZSharePointFile>;

export const ZSharePointCopy = z.object({
  _id: z.string(),
  kind: z.enum(SHAREPOINT_COPY_KINDS),
  subject_id: z.string(),
  name: z.string(),
  status: z.enum(SHAREPOINT_COPY_STATUSES),
  tries: z.number().int(),
  last_error: z.string().nullable(),
  next_try_at: z.string().nullable(),
  files: z.array(ZSharePointFile),
  created_at: z.string(),
  copied_at: z.string().nullable(),
});
export type TSharePointCopy = z.infer<typeof ZSharePointCopy>;

export const ZSharePointCopyQuery = z.object({
  status: z.enum(SHAREPOINT_COPY_STATUSES).optional(),
  kind: z.enum(SHAREPOINT_COPY_KINDS).optional(),
});
