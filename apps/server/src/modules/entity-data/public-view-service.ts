import { and, eq } from 'drizzle-orm';
import type { TPublicLink, TPublicLinkRequest, TPublicRecordView } from '@esigns/contracts/entity-actions';
import { hasPermission } from '@esigns/contracts/permissions';
import { isUuid } from '../entities/definition';
import { keyedHash, safeEqual } from '../../platform/auth/one-time-secrets';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { companies } from '../company/schema';
import { loadEntityDefinition } from '../entities/definition';
import { loadAccess, type AccessContext } from '../permissions/access';
import { printableText } from './printable-values';
import { entityData } from './schema';
import { findCompanyRecord, linkedTitles, withComputedValues } from './service';

/*
 * Public record links (the public screen `/view/{entityDataId}/{entityId}/{templateId}`): a signed,
 * expiring token lets anyone with the link read one template of one record, as text. Nothing is
 * stored: the token is `<expiry>.<creator>.<HMAC>` over the record, entity, template, expiry and
 * creator. A link stops working when it expires, when the record is deleted or the template leaves
 * the entity, and when its creator leaves the workspace or loses `entity-data:export`.
 */

export const PUBLIC_LINK_PERMISSION = 'entity-data:export' as const;

type LinkTarget = { recordId: string; entityId: string; templateId: string };

const signature = (platform: Platform, target: LinkTarget, expiry: number, creatorId: string): string =>
  keyedHash(
    `public-record|${target.recordId}|${target.entityId}|${target.templateId}|${expiry}|${creatorId}`,
    platform.config.secrets.storageSecret,
  );

/** `POST /entities-data/public-link`: a link to one template of a record the caller sees. */
export async function createPublicLink(
  platform: Platform,
  access: AccessContext,
  body: TPublicLinkRequest,
): Promise<TPublicLink> {
  const db = platform.database.db;
  const record = await findCompanyRecord(db, access.companyId, body.entity_data_id);
  const def = await loadEntityDefinition(db, access.companyId, record.entityId);
  const template = body.template_id ? def.byId.get(body.template_id) : def.primary;
  if (!template || template.isRepeatable) {
    const message = 'Choose a (non-repeatable) template of the record’s entity';
    throw validationError([{ key: 'template_id', path: ['template_id'], message }], message);
  }
  const expiry = Math.floor(Date.now() / 1000) + body.expires_in_days * 86_400;
  const target = { recordId: record.id, entityId: def.row.id, templateId: template.id };
  const token = `${expiry}.${access.userId}.${signature(platform, target, expiry, access.userId)}`;
  const path = `/view/${record.id}/${def.row.id}/${template.id}?token=${encodeURIComponent(token)}`;
  return {
    url: `${platform.config.publicUrl}${path}`,
    path,
    token,
    expires_at: new Date(expiry * 1000).toISOString(),
  };
}

/** The link's expiry and creator when `token` was signed for `target`, else 404 (410 once expired). */
function checkToken(platform: Platform, target: LinkTarget, token: string) {
  const [expiryText = '', creatorId = '', sig = ''] = token.split('.');
  const expiry = Number(expiryText);
  if (!Number.isInteger(expiry) || !isUuid(creatorId) || !sig) throw notFound('Record');
  if (!safeEqual(sig, signature(platform, target, expiry, creatorId))) throw notFound('Record');
  if (expiry * 1000 <= Date.now()) throw new AppError('GONE', { message: 'This link has expired' });
  return { expiry, creatorId };
}

/** `GET /oa_entitydata/{id}`: what a valid public link shows. */
export async function readPublicRecord(
  platform: Platform,
  target: LinkTarget,
  token: string,
): Promise<TPublicRecordView> {
  const db = platform.database.db;
  const { expiry, creatorId } = checkToken(platform, target, token);
  const [row] = await db
    .select({ companyId: entityData.companyId, companyName: companies.name })
    .from(entityData)
    .innerJoin(companies, eq(companies.id, entityData.companyId))
    .where(and(eq(entityData.id, target.recordId), eq(entityData.entityId, target.entityId)))
    .limit(1);
  if (!row) throw notFound('Record');
  const creator = await loadAccess(db, { userId: creatorId, companyId: row.companyId }).catch(() => null);
  if (!creator || !hasPermission(creator, PUBLIC_LINK_PERMISSION)) throw notFound('Record');
  const record = await findCompanyRecord(db, row.companyId, target.recordId);
  const def = await loadEntityDefinition(db, row.companyId, target.entityId);
  const template = def.byId.get(target.templateId);
  if (!template || template.isRepeatable) throw notFound('Record');
  const [computed] = await withComputedValues(db, def, [record]);
  const options = { dateFormat: 'DD MMM YYYY', linkedTitles: await linkedTitles(db, def, [record]) };
  const values = computed!.values[template.id] ?? {};
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
    expires_at: new Date(expiry * 1000).toISOString(),
  };
}
