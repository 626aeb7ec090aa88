import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TRecipient } from '@esigns/contracts/documents';
import { queryBuilder } from '../../platform/db/query-builder';
import type { Reader } from './lookups';
import { configurableDocuments, documentUsers, employeeDocuments } from './schema';
import type { DocumentUserRow } from './serializers';

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

/**
 * The company's ACTIVE document templates (not in the bin) with their roles, by name: the picker
 * of another module's editor (automation pipelines). At most `limit`.
 */
export async function activeTemplateChoices(
  db: Reader,
  companyId: string,
  limit = 500,
): Promise<{ id: string; name: string; roles: { key: string; name: string }[] }[]> {
  const rows = await db
    .select({
      id: configurableDocuments.id,
      name: configurableDocuments.name,
      documentUsers: configurableDocuments.documentUsers,
    })
    .from(configurableDocuments)
    .where(
      and(
        eq(configurableDocuments.companyId, companyId),
        eq(configurableDocuments.isTemplate, true),
        eq(configurableDocuments.status, 'ACTIVE'),
        isNull(configurableDocuments.deletedAt),
      ),
    )
    .orderBy(asc(configurableDocuments.name), asc(configurableDocuments.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    roles: r.documentUsers.map((u) => ({ key: u.key, name: u.role_name || u.key })),
  }));
}

/** A sent document's recipient as the document lists show it. */
export type ListParty = Pick<
  DocumentUserRow,
  'id' | 'email' | 'firstName' | 'lastName' | 'userId' | 'userType' | 'type' | 'status' | 'signingOrder'
> & { documentId: string };

/** The recipients of these sent documents, in signing order (then as added), in one query. */
export async function listPartiesOf(db: Reader, documentIds: readonly string[]): Promise<ListParty[]> {
  if (documentIds.length === 0) return [];
  return db
    .select({
      id: documentUsers.id,
      documentId: documentUsers.employeeDocumentId,
      email: documentUsers.email,
      firstName: documentUsers.firstName,
      lastName: documentUsers.lastName,
      userId: documentUsers.userId,
      userType: documentUsers.userType,
      type: documentUsers.type,
      status: documentUsers.status,
      signingOrder: documentUsers.signingOrder,
    })
    .from(documentUsers)
    .where(inArray(documentUsers.employeeDocumentId, [...documentIds]))
    .orderBy(asc(documentUsers.signingOrder), asc(documentUsers.createdAt));
}

/** The recipients' layouts of these templates or one-off layouts (drafts show them), by id, in one query. */
export async function layoutRecipientsOf(
  db: Reader,
  configurableIds: readonly string[],
): Promise<Map<string, TRecipient[]>> {
  if (configurableIds.length === 0) return new Map();
  const rows = await db
    .select({ id: configurableDocuments.id, documentUsers: configurableDocuments.documentUsers })
    .from(configurableDocuments)
    .where(inArray(configurableDocuments.id, [...configurableIds]));
  return new Map(rows.map((r) => [r.id, r.documentUsers]));
}

/**
 * Two columns for a list read as one raw statement over `employee_documents <alias>`: `parties`,
 * a sent document's recipients as JSON arrays (id, email, first and last name, user id, user type,
 * type, status, signing order) in signing order, and `layout`, a draft's layout recipients.
 * Correlated subqueries, so a page stays one statement; the tables stay behind this module's face.
 */
export const listPartiesColumnsText = (alias: string): string => `case when ${alias}.status <> 'DRAFT' then (
    select json_agg(json_build_array(du.id, du.email, du.first_name, du.last_name, du.user_id, du.user_type, du.type,
      du.status, du.signing_order) order by du.signing_order, du.created_at)
    from document_users du where du.employee_document_id = ${alias}.id) end as parties,
  case when ${alias}.status = 'DRAFT' then (
    select cd.document_users from configurable_documents cd where cd.id = ${alias}.configurable_document_id) end as layout`;

/** A completed document in which a person signed or approved (`completedDocumentsOfRecipient`). */
export type RecipientCompletedDocument = {
  id: string;
  name: string;
  configurableDocumentId: string | null;
  completedAt: Date | null;
  documentUserId: string;
};

/**
 * The company's COMPLETED documents made from template `configurableDocumentId` in which `email`
 * signed or approved, newest first (at most `limit`): what a person already signed from it.
 */
export async function completedDocumentsOfRecipient(
  db: Reader,
  companyId: string,
  input: { email: string; configurableDocumentId: string; limit: number },
): Promise<RecipientCompletedDocument[]> {
  return db
    .select({
      id: employeeDocuments.id,
      name: employeeDocuments.name,
      configurableDocumentId: employeeDocuments.configurableDocumentId,
      completedAt: employeeDocuments.completedAt,
      documentUserId: documentUsers.id,
    })
    .from(employeeDocuments)
    .innerJoin(documentUsers, eq(documentUsers.employeeDocumentId, employeeDocuments.id))
    .where(
      and(
        eq(employeeDocuments.companyId, companyId),
        eq(employeeDocuments.configurableDocumentId, input.configurableDocumentId),
        eq(employeeDocuments.status, 'COMPLETED'),
        eq(documentUsers.email, input.email.trim().toLowerCase()),
        inArray(documentUsers.status, ['SIGNED', 'APPROVED']),
      ),
    )
    .orderBy(desc(employeeDocuments.completedAt))
    .limit(input.limit);
}
