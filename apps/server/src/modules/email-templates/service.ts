import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { TEmailTemplate, TEmailTemplateType } from '@esigns/contracts/email';
import type { TPageQuery } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import { escapeLike, type Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { entitySummaries, loadEntityDefinition } from '../entities';
import { emailTemplates } from './schema';

/*
 * Reading email templates. Another company's id answers 404 like an unknown one.
 */

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

export function toEmailTemplate(row: EmailTemplateRow, entityName: string | null): TEmailTemplate {
  return {
    _id: row.id,
    type: row.type,
    name: row.name,
    entity_id: row.entityId,
    entity_name: entityName,
    subject: row.subject,
    body_html: row.bodyHtml,
    header_footer_id: row.headerFooterId,
    header_html: row.headerHtml,
    footer_html: row.footerHtml,
    is_default: row.isDefault,
    merge_fields: row.mergeFields,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Rows as the API answers them, with their entities' names (one query). */
export async function withEntityNames(
  db: Db,
  companyId: string,
  rows: readonly EmailTemplateRow[],
): Promise<TEmailTemplate[]> {
  const names = await entitySummaries(
    db,
    companyId,
    rows.flatMap((row) => (row.entityId ? [row.entityId] : [])),
  );
  return rows.map((row) =>
    toEmailTemplate(row, row.entityId ? (names.get(row.entityId)?.name ?? null) : null),
  );
}

/** The company's template, or 404 (of the given type when one is named). */
export async function findTemplate(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
  type?: TEmailTemplateType,
): Promise<EmailTemplateRow> {
  if (!isUuid(id)) throw notFound('Email template');
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.id, id),
        eq(emailTemplates.companyId, companyId),
        type ? eq(emailTemplates.type, type) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw notFound(type === 'HEADER_FOOTER' ? 'Header and footer template' : 'Email template');
  return row;
}

export type TemplateListQuery = TPageQuery & {
  type?: TEmailTemplateType | undefined;
  entity_id?: string | undefined;
  search?: string | undefined;
};

/** `GET email-template/list`: the company's templates, newest change first. */
export async function listTemplates(
  db: Db,
  companyId: string,
  query: TemplateListQuery,
): Promise<{ rows: TEmailTemplate[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    eq(emailTemplates.companyId, companyId),
    query.type ? eq(emailTemplates.type, query.type) : undefined,
    query.entity_id ? eq(emailTemplates.entityId, query.entity_id) : undefined,
    query.search ? ilike(emailTemplates.name, `%${escapeLike(query.search)}%`) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(emailTemplates)
      .where(where)
      .orderBy(desc(emailTemplates.updatedAt), desc(emailTemplates.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailTemplates)
      .where(where),
  ]);
  return { rows: await withEntityNames(db, companyId, rows), total: count?.n ?? 0 };
}

/** `GET entity-email-template/getAll/{entity_id}`: the entity's templates by name (404 for another company's entity). */
export async function entityTemplates(
  db: Db,
  companyId: string,
  entityId: string,
): Promise<TEmailTemplate[]> {
  const def = await loadEntityDefinition(db, companyId, entityId);
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.entityId, def.row.id)))
    .orderBy(sql`lower(${emailTemplates.name})`, emailTemplates.id);
  return rows.map((row) => toEmailTemplate(row, def.row.name));
}
