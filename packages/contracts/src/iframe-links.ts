import { z } from 'zod';
import { DOCUMENT_LIST_FILTERS, DOCUMENT_STATUSES } from './documents';
import { ZId } from './ids';

/*
 * Iframe links (spec 1 §7-8, 3; DOMAIN-PLATFORM "Iframe links"; apps/server/src/modules/iframe-links/README.md):
 * a signed, expiring, revocable link that embeds one screen of the company (a public form, the rows
 * of an entity view, the creator's documents list) in another site, at `/if/{token}/link`.
 *
 * Staff calls (under /api):
 *   GET    /iframe/get                      the company's links, paged (`iframe-links:view`)
 *   GET    /iframe/getIframeLink?id=        one link (`iframe-links:view`)
 *   POST   /iframe/create                   a new link (`iframe-links:create`)
 *   PUT    /iframe/updateIframeLink         its name and expiry (`iframe-links:update`)
 *   PUT    /iframe/updateIframeDataLink     its kind and target (`iframe-links:update`)
 *   DELETE /iframe/deleteIframeLink/{id}    revoke it; the row stays (`iframe-links:delete`)
 * The link's own screen (no session; the token is the only credential):
 *   GET    /iframe-link/{token}             what the link shows (counts an open)
 *   GET    /iframe-link/{token}/records     ENTITY_VIEW: a page of the view's rows, its columns only
 *   GET    /iframe-link/{token}/documents   DOCUMENT_LIST: a page of the creator's documents
 * Expired or revoked: 410 with `error_code` LINK_EXPIRED / LINK_REVOKED; unknown or forged: 404.
 */

export const IFRAME_LINK_KINDS = ['FORM', 'ENTITY_VIEW', 'DOCUMENT_LIST'] as const;
export type TIframeLinkKind = (typeof IFRAME_LINK_KINDS)[number];
export const IFRAME_LINK_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type TIframeLinkStatus = (typeof IFRAME_LINK_STATUSES)[number];

/** Prefix of a link token (the embedding module resolves `/if/ifl_...` to the link's company). */
export const IFRAME_LINK_TOKEN_PREFIX = 'ifl_';
/** The longest life a link may be given. */
export const IFRAME_LINK_MAX_DAYS = 366;
/** `error_code` of a 410 from the link's own calls. */
export const IFRAME_LINK_GONE_CODES = ['LINK_EXPIRED', 'LINK_REVOKED', 'LINK_UNAVAILABLE'] as const;

const ZName = z
  .string({ error: 'Give a name' })
  .trim()
  .min(1, 'Give a name')
  .max(120, 'At most 120 characters');
const ZExpiresAt = z.iso.datetime({ offset: true, error: 'Use an ISO date and time with a time zone' });
const ZKind = z.enum(IFRAME_LINK_KINDS, { error: `Use one of ${IFRAME_LINK_KINDS.join(', ')}` });
/**
 * FORM: a form's id; ENTITY_VIEW: an entity view's id; DOCUMENT_LIST: one of the documents lists
 * (`all-documents`, `completed`...), default `all-documents`.
 */
const ZTargetId = z
  .string({ error: 'Choose what the link shows' })
  .trim()
  .min(1, 'Choose what the link shows')
  .max(64);

export const ZIframeLinkCreate = z.object({
  name: ZName,
  kind: ZKind,
  target_id: ZTargetId,
  expires_at: ZExpiresAt.describe(
    `When the link stops working: in the future, at most ${IFRAME_LINK_MAX_DAYS} days ahead`,
  ),
});
export type TIframeLinkCreate = z.infer<typeof ZIframeLinkCreate>;

export const ZIframeLinkUpdate = z
  .object({
    id: ZId('Use a link id'),
    name: ZName.optional(),
    expires_at: ZExpiresAt.optional(),
  })
  .refine((v) => v.name !== undefined || v.expires_at !== undefined, {
    message: 'Give a name or an expiry',
    path: ['name'],
  });
export type TIframeLinkUpdate = z.infer<typeof ZIframeLinkUpdate>;

export const ZIframeLinkDataUpdate = z.object({
  id: ZId('Use a link id'),
  kind: ZKind,
  target_id: ZTargetId,
});
export type TIframeLinkDataUpdate = z.infer<typeof ZIframeLinkDataUpdate>;

export const ZIframeLinkListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(IFRAME_LINK_STATUSES, { error: `Use one of ${IFRAME_LINK_STATUSES.join(', ')}` }).optional(),
  kind: ZKind.optional(),
});

export const ZIframeLink = z.object({
  _id: z.string(),
  name: z.string(),
  kind: ZKind,
  target_id: z.string(),
  /** The form's, the view's or the documents list's name (null: the target is gone). */
  target_name: z.string().nullable(),
  status: z.enum(IFRAME_LINK_STATUSES),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  opens: z.number().int(),
  last_opened_at: z.string().nullable(),
  created_by: z.object({ _id: z.string().nullable(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  /** The link's token (`ifl_...`) and its address `${PUBLIC_URL}/if/{token}/link`. */
  token: z.string(),
  url: z.string(),
  /**
   * The staff screen's preview address: `url?preview={marker}`, a marker the server signs for this
   * link (valid 30 minutes) so that the preview is not counted as an open. Not for host pages.
   */
  preview_url: z.string(),
  /** An `<iframe>` element to paste into the host page. */
  snippet: z.string(),
});
export type TIframeLink = z.infer<typeof ZIframeLink>;

export const ZIframeLinkDeleted = z.object({ deleted: z.boolean(), link: ZIframeLink });

/** `GET /iframe-link/{token}`: what the link's screen shows. */
export const ZIframeLinkPublic = z.object({
  name: z.string(),
  kind: ZKind,
  expires_at: z.string(),
  company: z.object({ name: z.string() }),
  /** FORM: the public form's code (the public/anonymous form flow fills it). */
  form: z.object({ _id: z.string(), code: z.string(), name: z.string() }).nullable(),
  /** ENTITY_VIEW: the view's name and its entities. */
  view: z
    .object({ name: z.string(), entities: z.array(z.object({ _id: z.string(), name: z.string() })) })
    .nullable(),
  /** The host origins the company allows to frame it (the frame's events go only to these). */
  allowed_origins: z.array(z.string()),
  /** DOCUMENT_LIST: which list of the creator's documents. */
  documents: z.object({ filter: z.enum(DOCUMENT_LIST_FILTERS) }).nullable(),
});
export type TIframeLinkPublic = z.infer<typeof ZIframeLinkPublic>;

export const ZIframeLinkRecordsQuery = z.object({ entity_id: z.string().max(64).optional() });

/** `GET /iframe-link/{token}/records`: the view's columns and rows of one entity, as text. */
export const ZIframeLinkRecords = z.object({
  entity: z.object({ _id: z.string(), name: z.string() }),
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  data: z.array(z.object({ _id: z.string(), cells: z.array(z.string()) })),
  total: z.number().int(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type TIframeLinkRecords = z.infer<typeof ZIframeLinkRecords>;

/** A document as the link shows it: name, status and dates only. */
export const ZIframeLinkDocument = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  sent_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type TIframeLinkDocument = z.infer<typeof ZIframeLinkDocument>;

/** The `<iframe>` element of a link's address. */
export function iframeSnippet(url: string, title: string): string {
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="640" style="border:0" allow="clipboard-write"></iframe>`;
}
