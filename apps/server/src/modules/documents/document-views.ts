import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryBuilder } from '../../platform/db/query-builder';
import type { Reader } from './lookups';
import { configurableDocuments, employeeDocuments } from './schema';

/*
 * What other modules read of documents and templates, without the tables: lookups by id, and a
 * subquery their list queries join (PostgreSQL flattens it into their join: the plan of a direct
 * join).
 */

/**
 * Each e-sign document with its status and the layout it was made from (a template of
 * `configurable_documents`, or its one-off layout; null columns once that is deleted). The
 * records' documents (entity-data) join it to show status and template.
 */
export const documentOrigins = queryBuilder
  .select({
    id: employeeDocuments.id,
    status: employeeDocuments.status,
    layoutId: sql<string | null>`${configurableDocuments.id}`.as('layout_id'),
    layoutName: sql<string | null>`${configurableDocuments.name}`.as('layout_name'),
    layoutIsTemplate: sql<boolean | null>`${configurableDocuments.isTemplate}`.as('layout_is_template'),
  })
  .from(employeeDocuments)
  .leftJoin(configurableDocuments, eq(configurableDocuments.id, employeeDocuments.configurableDocumentId))
  .as('document_origins');

/** Whether `id` is a document template of the company (one in the bin counts too). */
export async function isCompanyTemplate(db: Reader, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: configurableDocuments.id })
    .from(configurableDocuments)
    .where(
      and(
        eq(configurableDocuments.id, id),
        eq(configurableDocuments.companyId, companyId),
        eq(configurableDocuments.isTemplate, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The company's document templates among `ids` that are not in the bin: name and file. */
export async function templateSummariesByIds(
  db: Reader,
  companyId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string; companyDocumentId: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: configurableDocuments.id,
      name: configurableDocuments.name,
      companyDocumentId: configurableDocuments.companyDocumentId,
    })
    .from(configurableDocuments)
    .where(
      and(
        eq(configurableDocuments.companyId, companyId),
        eq(configurableDocuments.isTemplate, true),
        isNull(configurableDocuments.deletedAt),
        inArray(configurableDocuments.id, [...ids]),
      ),
    );
}
