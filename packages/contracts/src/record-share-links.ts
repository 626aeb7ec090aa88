import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { ZPublicLink } from './entity-actions';

/*
 * Revocable public record links (`record_share_links`): what `POST /entities-data/public-link` answers,
 * the list of a record's links and revoking one. The link itself and what it shows are in
 * `entity-actions` (`ZPublicLinkRequest`, `ZPublicRecordView`).
 */

export const RECORD_SHARE_LINK_STATUSES = ['ACTIVE', 'REVOKED', 'EXPIRED'] as const;
export type TRecordShareLinkStatus = (typeof RECORD_SHARE_LINK_STATUSES)[number];

/** `POST /entities-data/public-link`: the link (its secret is shown once, here) and its id. */
export const ZRecordShareLinkCreated = ZPublicLink.extend({ _id: z.string() });
export type TRecordShareLinkCreated = z.infer<typeof ZRecordShareLinkCreated>;

const ZLinkUser = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** One link of a record, without its secret. */
export const ZRecordShareLink = z
  .object({
    _id: z.string(),
    entity_data_id: z.string(),
    entity_id: z.string(),
    /** `name` is null once the template has left the entity (the link then shows nothing: 404). */
    template: z.object({ _id: z.string(), name: z.string().nullable() }),
    /** Null once that user was deleted (a link whose creator is gone no longer opens). */
    created_by: ZLinkUser.nullable(),
    created_at: z.string(),
    expires_at: z.string(),
    revoked_at: z.string().nullable(),
    revoked_by: ZLinkUser.nullable(),
    /** The last time the link was opened (updated at most once a minute). */
    last_used_at: z.string().nullable(),
    /** REVOKED wins over EXPIRED. */
    status: z.enum(RECORD_SHARE_LINK_STATUSES),
  })
  .meta({ id: 'RecordShareLink' });
export type TRecordShareLink = z.infer<typeof ZRecordShareLink>;

/** `GET /entities-data/public-links`: a record's links, newest first, paged. */
export const ZRecordShareLinksQuery = ZPageQuery.extend({ entity_data_id: z.uuid('Use a record id') });
export type TRecordShareLinksQuery = z.output<typeof ZRecordShareLinksQuery>;

/** `POST /entities-data/public-link/{id}/revoke`. */
export const ZRecordShareLinkParams = z.object({ id: z.uuid('Use a link id') });
