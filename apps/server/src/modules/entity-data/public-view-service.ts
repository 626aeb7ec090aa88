import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TPublicLinkRequest, TPublicRecordView } from '@esigns/contracts/entity-actions';
import type { TRecordShareLinkCreated } from '@esigns/contracts/record-share-links';
import { hasPermission } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import { keyedHash, randomToken, safeEqual } from '../../platform/auth/one-time-secrets';
import { AppError, notFound, unlessAppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findCompanyById } from '../company';
import { loadEntityDefinition } from '../entities';
import { loadAccess, type AccessContext } from '../permissions';
import { printableText } from './printable-values';
import { entityData } from './schema';
import { findCompanyRecord, linkedTitles, withComputedValues } from './service';
import { recordShareLinks } from './share-links/schema';

/*
 * Public record links (the public screen `/view/{entityDataId}/{entityId}/{templateId}?token=`): anyone
 * with the link reads one template of one record, as text. Each link is a `record_share_links` row
 * and its token is `<link id>.<secret>` (256 random bits; the row keeps only their SHA-256), so a
 * link can be listed and revoked (`share-links-service.ts`). A link stops working when it is
 * revoked or expires (410), when the record is deleted or the template leaves the entity, and when
 * its creator leaves the workspace or loses `entity-data:export` (404).
 *
 * Links made before the table existed are stateless: `<expiry>.<creator>.<HMAC>` over the record,
 * entity, template, expiry and creator. They keep working until they expire (at most 365 days
 * after they were made) under the same creator rules, but are not listed and cannot be revoked one
 * by one (README "oa_entitydata").
 */

export const PUBLIC_LINK_PERMISSION = 'entity-data:export' as const;

type LinkTarget = { recordId: string; entityId: string; templateId: string };
type Grant = { expiresAt: Date; creatorId: string; linkId: string | null };

/** SHA-256 is enough here: the secret is 256 random bits, nothing to guess offline. */
export const hashLinkSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('base64url');

/** `POST /entities-data/public-link`: a link to one template of a record the caller sees. */
export async function createPublicLink(
  platform: Platform,
  access: AccessContext,
  body: TPublicLinkRequest,
): Promise<TRecordShareLinkCreated> {
  const db = platform.database.db;
  const record = await findCompanyRecord(db, access.companyId, body.entity_data_id);
  const def = await loadEntityDefinition(db, access.companyId, record.entityId);
  const template = body.template_id ? def.byId.get(body.template_id) : def.primary;
  if (!template || template.isRepeatable) {
    const message = 'Choose a (non-repeatable) template of the record’s entity';
    throw validationError([{ key: 'template_id', path: ['template_id'], message }], message);
  }
  const expiresAt = new Date((Math.floor(Date.now() / 1000) + body.expires_in_days * 86_400) * 1000);
  const secret = randomToken();
  const [link] = await db
    .insert(recordShareLinks)
    .values({
      companyId: access.companyId,
      entityId: def.row.id,
      entityDataId: record.id,
      templateId: template.id,
      createdBy: access.userId,
      tokenHash: hashLinkSecret(secret),
      expiresAt,
    })
    .returning({ id: recordShareLinks.id });
  const token = `${link!.id}.${secret}`;
  const path = `/view/${record.id}/${def.row.id}/${template.id}?token=${encodeURIComponent(token)}`;
  return {
    _id: link!.id,
    url: `${platform.config.publicUrl}${path}`,
    path,
    token,
    expires_at: expiresAt.toISOString(),
  };
}

const expired = () => new AppError('GONE', { message: 'This link has expired', errorCode: 'LINK_EXPIRED' });

/** A stored link: its row must match `target` and the secret; 410 once revoked or expired. */
async function checkStoredLink(platform: Platform, target: LinkTarget, linkId: string, secret: string) {
  const [link] = await platform.database.db
    .select({
      entityDataId: recordShareLinks.entityDataId,
      entityId: recordShareLinks.entityId,
      templateId: recordShareLinks.templateId,
      tokenHash: recordShareLinks.tokenHash,
      createdBy: recordShareLinks.createdBy,
      expiresAt: recordShareLinks.expiresAt,
      revokedAt: recordShareLinks.revokedAt,
    })
    .from(recordShareLinks)
    .where(eq(recordShareLinks.id, linkId))
    .limit(1);
  if (!link || !safeEqual(hashLinkSecret(secret), link.tokenHash)) throw notFound('Record');
  const matches =
    link.entityDataId === target.recordId &&
    link.entityId === target.entityId &&
    link.templateId === target.templateId;
  if (!matches || !link.createdBy) throw notFound('Record');
  if (link.revokedAt) {
    throw new AppError('GONE', {
      message: 'This link was revoked by the workspace',
      errorCode: 'LINK_REVOKED',
    });
  }
  if (link.expiresAt.getTime() <= Date.now()) throw expired();
  return { expiresAt: link.expiresAt, creatorId: link.createdBy, linkId };
}

const legacySignature = (platform: Platform, target: LinkTarget, expiry: number, creatorId: string): string =>
  keyedHash(
    `public-record|${target.recordId}|${target.entityId}|${target.templateId}|${expiry}|${creatorId}`,
    platform.config.secrets.storageSecret,
  );

/** A stateless link made before `record_share_links`: signed for `target`, else 404 (410 once expired). */
function checkLegacyToken(platform: Platform, target: LinkTarget, parts: string[]): Grant {
  const [expiryText = '', creatorId = '', sig = ''] = parts;
  const expiry = Number(expiryText);
  if (!Number.isInteger(expiry) || !isUuid(creatorId) || !sig) throw notFound('Record');
  if (!safeEqual(sig, legacySignature(platform, target, expiry, creatorId))) throw notFound('Record');
  if (expiry * 1000 <= Date.now()) throw expired();
  return { expiresAt: new Date(expiry * 1000), creatorId, linkId: null };
}

async function checkToken(platform: Platform, target: LinkTarget, token: string): Promise<Grant> {
  const parts = token.split('.');
  if (parts.length === 3) return checkLegacyToken(platform, target, parts);
  const [linkId = '', secret = ''] = parts;
  if (parts.length !== 2 || !isUuid(linkId) || !secret) throw notFound('Record');
  return checkStoredLink(platform, target, linkId, secret);
}

/** `GET /oa_entitydata/{id}`: what a valid public link shows. */
export async function readPublicRecord(
  platform: Platform,
  target: LinkTarget,
  token: string,
): Promise<TPublicRecordView> {
  const db = platform.database.db;
  const { expiresAt, creatorId, linkId } = await checkToken(platform, target, token);
  const [found] = await db
    .select({ companyId: entityData.companyId })
    .from(entityData)
    .where(and(eq(entityData.id, target.recordId), eq(entityData.entityId, target.entityId)))
    .limit(1);
  const company = found && (await findCompanyById(db, found.companyId));
  if (!found || !company) throw notFound('Record');
  const row = { companyId: found.companyId, companyName: company.name };
  // A creator who left the workspace (or whose workspace is inactive) no longer vouches for the link.
  const creator = await unlessAppError(loadAccess(db, { userId: creatorId, companyId: row.companyId }), [
    'UNAUTHORIZED',
  ]);
  if (!creator || !hasPermission(creator, PUBLIC_LINK_PERMISSION)) throw notFound('Record');
  const record = await findCompanyRecord(db, row.companyId, target.recordId);
  const def = await loadEntityDefinition(db, row.companyId, target.entityId);
  const template = def.byId.get(target.templateId);
  if (!template || template.isRepeatable) throw notFound('Record');
  const [computed] = await withComputedValues(db, def, [record]);
  const options = { dateFormat: 'DD MMM YYYY', linkedTitles: await linkedTitles(db, def, [record]) };
  const values = computed!.values[template.id] ?? {};
  if (linkId) await markUsed(platform, linkId);
  return {
    _id: record.id,
    title: record.title,
    company_name: row.companyName,
    entity: { _id: def.row.id, name: def.row.name },
    template: { _id: template.id, name: template.name },
    fields: template.fields
      .filter((f) => f.type !== 'PAY_BUTTON')
      .map((f) => ({
        key: f.key,
        label: f.label,
        type: f.type,
        text: printableText(f, values[f.key], options),
      })),
    updated_at: record.updatedAt.toISOString(),
    expires_at: expiresAt.toISOString(),
  };
}

/** `last_used_at`, written at most once a minute so a busy link does not rewrite its row on every read. */
async function markUsed(platform: Platform, linkId: string): Promise<void> {
  await platform.database.db
    .update(recordShareLinks)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(recordShareLinks.id, linkId),
        or(
          isNull(recordShareLinks.lastUsedAt),
          lt(recordShareLinks.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );
}
