import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { preparedPerHandle } from '../../platform/db/prepared';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findPeople, userIdsByEmails } from '../auth';
import type { AccessContext } from '../permissions';
import { FINISHED_STATUSES } from './recipients';
import { companyDocuments, configurableDocuments, documentUsers, employeeDocuments } from './schema';
import {
  toConfigurableDocument,
  type ConfigurableRow,
  type DocumentUserRow,
  type EmployeeRow,
  type PersonRef,
} from './serializers';

/** A transaction handle of the product's Drizzle database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Reader = Pick<Db, 'select'>;

/** Kept for importers not yet moved to `@esigns/contracts/ids`. */

export async function findConfigurable(
  db: Reader,
  companyId: string,
  id: string,
  options: { includeDeleted?: boolean; forUpdate?: boolean } = {},
): Promise<ConfigurableRow> {
  if (!isUuid(id)) throw notFound('Document');
  const where = and(
    eq(configurableDocuments.id, id),
    eq(configurableDocuments.companyId, companyId),
    options.includeDeleted ? undefined : isNull(configurableDocuments.deletedAt),
  );
  const query = db.select().from(configurableDocuments).where(where).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Document');
  return row;
}

export async function findCompanyDocument(
  db: Reader,
  companyId: string,
  id: string,
): Promise<typeof companyDocuments.$inferSelect> {
  if (!isUuid(id)) throw notFound('Document');
  const [row] = await db
    .select()
    .from(companyDocuments)
    .where(and(eq(companyDocuments.id, id), eq(companyDocuments.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Document');
  return row;
}

export async function findEmployeeDocument(
  db: Reader,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<EmployeeRow> {
  if (!isUuid(id)) throw notFound('Document');
  const query = db
    .select()
    .from(employeeDocuments)
    .where(and(eq(employeeDocuments.id, id), eq(employeeDocuments.companyId, companyId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Document');
  return row;
}

/** The fields of documents of a company (as laid out when sent, with their prefilled values), by document id. */
export async function fieldsOfDocuments(
  db: Reader,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, EmployeeRow['fields']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: employeeDocuments.id, fields: employeeDocuments.fields })
    .from(employeeDocuments)
    .where(and(eq(employeeDocuments.companyId, companyId), inArray(employeeDocuments.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.fields]));
}

/** A document by id (within `companyId` when given); undefined when there is none (jobs, links). */
export async function employeeDocumentOf(
  db: Reader,
  id: string,
  companyId?: string,
): Promise<EmployeeRow | undefined> {
  const [row] = await db
    .select()
    .from(employeeDocuments)
    .where(
      and(
        eq(employeeDocuments.id, id),
        companyId === undefined ? undefined : eq(employeeDocuments.companyId, companyId),
      ),
    )
    .limit(1);
  return row;
}

/** A document's recipients in signing order (then in the order they were given). */
export async function recipientsOf(db: Reader, employeeDocumentId: string): Promise<DocumentUserRow[]> {
  return db
    .select()
    .from(documentUsers)
    .where(eq(documentUsers.employeeDocumentId, employeeDocumentId))
    .orderBy(asc(documentUsers.signingOrder), asc(documentUsers.createdAt));
}

/** One recipient of a document; undefined when the id is not one of its recipients. */
export async function recipientOf(
  db: Reader,
  employeeDocumentId: string,
  documentUserId: string,
): Promise<DocumentUserRow | undefined> {
  const [row] = await db
    .select()
    .from(documentUsers)
    .where(
      and(eq(documentUsers.id, documentUserId), eq(documentUsers.employeeDocumentId, employeeDocumentId)),
    )
    .limit(1);
  return row;
}

/**
 * A recipient (by id, or by email as stored: lower-cased) and its document, in one read: the
 * first statement of every signer request, built once per handle (`preparedPerHandle`).
 */
export async function recipientWithDocument(
  db: Reader,
  employeeDocumentId: string,
  who: { id: string } | { email: string },
): Promise<{ document: EmployeeRow; recipient: DocumentUserRow } | undefined> {
  const [row] =
    'id' in who
      ? await recipientByIdQuery(db).execute({ document: employeeDocumentId, who: who.id })
      : await recipientByEmailQuery(db).execute({ document: employeeDocumentId, who: who.email });
  return row;
}

const recipientQuery = (db: Reader, by: 'id' | 'email') =>
  db
    .select({ document: employeeDocuments, recipient: documentUsers })
    .from(documentUsers)
    .innerJoin(employeeDocuments, eq(employeeDocuments.id, documentUsers.employeeDocumentId))
    .where(
      and(
        eq(documentUsers.employeeDocumentId, sql.placeholder('document')),
        eq(by === 'id' ? documentUsers.id : documentUsers.email, sql.placeholder('who')),
      ),
    )
    .limit(1)
    .prepare(`recipient_with_document_by_${by}`);
const recipientByIdQuery = preparedPerHandle((db: Reader) => recipientQuery(db, 'id'));
const recipientByEmailQuery = preparedPerHandle((db: Reader) => recipientQuery(db, 'email'));

/**
 * SQL text (`FINISHED_STATUSES` of the document's recipients): a JSON array of the ids of the
 * recipients of the document `documentIdExpr` who have finished, for a statement of another module
 * that reads them with its own rows (signing's e-sign record).
 */
export const finishedRecipientIdsText = (documentIdExpr: string): string =>
  `(select coalesce(json_agg(du.id), '[]'::json) from document_users du
    where du.employee_document_id = ${documentIdExpr}
      and du.status in (${FINISHED_STATUSES.map((s) => `'${s}'`).join(', ')}))`;

/** The DRAFT (or, once sent, the sent) document of a one-off configurable document. */
export async function findOneOffEmployeeDocument(
  db: Reader,
  companyId: string,
  configurableId: string,
): Promise<EmployeeRow | undefined> {
  const [row] = await db
    .select()
    .from(employeeDocuments)
    .where(
      and(
        eq(employeeDocuments.companyId, companyId),
        eq(employeeDocuments.configurableDocumentId, configurableId),
      ),
    )
    .limit(1);
  return row;
}

export async function peopleByIds(db: Reader, ids: string[]): Promise<Map<string, PersonRef>> {
  const people = await findPeople(db, ids);
  return new Map(
    [...people].map(([id, p]) => [
      id,
      { _id: id, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email } satisfies PersonRef,
    ]),
  );
}

/** The ids of the users with these (lower-cased) emails, by email: recipients are linked to their account. */
export async function userIdsByEmail(db: Reader, emails: readonly string[]): Promise<Map<string, string>> {
  return userIdsByEmails(db, emails);
}

export async function personOf(db: Reader, id: string): Promise<PersonRef> {
  return (await peopleByIds(db, [id])).get(id) ?? { _id: id, name: '', email: '' };
}

/**
 * `TConfigurableDocument` of a row, with its owner and (for one-off documents) its DRAFT or sent
 * document; `withUrl` adds a fresh signed download address of its PDF.
 */
export async function presentConfigurable(
  platform: Platform,
  row: ConfigurableRow,
  options: { withUrl?: boolean; db?: Reader } = {},
) {
  const db = options.db ?? platform.database.db;
  const owner = await personOf(db, row.ownerId);
  const employee = row.isTemplate ? undefined : await findOneOffEmployeeDocument(db, row.companyId, row.id);
  const file = options.withUrl
    ? {
        ...row.file,
        url: await platform.storage.createDownloadUrl(row.file.file_ref_id, {
          fileName: row.file.name,
          disposition: 'inline',
        }),
      }
    : undefined;
  return toConfigurableDocument(row, {
    owner,
    employeeDocumentId: employee?.id ?? null,
    publicUrl: platform.config.publicUrl,
    ...(file ? { file } : {}),
  });
}

export const forbidden = (slug: PermissionSlug): AppError =>
  new AppError('FORBIDDEN', { message: `You do not have permission to do this (${slug})` });

export function requireSlug(access: AccessContext, slug: PermissionSlug): void {
  if (!hasPermission(access, slug)) throw forbidden(slug);
}

/** Whether the caller sees a template: its owner, someone it is shared with, or `templates:view`. */
export function canSeeTemplate(access: AccessContext, row: ConfigurableRow): boolean {
  if (row.ownerId === access.userId || row.sharedWith.includes(access.userId)) return true;
  if (access.planType === 'INDIVIDUAL') return false;
  return hasPermission(access, 'templates:view');
}

/**
 * Who may change a configurable document's layout, file or settings:
 * - a template: its owner (with `templates:create`), or anyone who sees it and has `templates:update`;
 * - a one-off document: its owner (with `documents:create`), or, in a BUSINESS workspace, someone it
 *   is shared with or who has `documents:manage-all`, holding `documents:update`.
 * Anything else is 403 (the document exists: the caller already saw it in a list).
 */
export function assertCanEdit(access: AccessContext, row: ConfigurableRow): void {
  const isOwner = row.ownerId === access.userId;
  if (row.isTemplate) {
    if (isOwner && hasPermission(access, 'templates:create')) return;
    if (!canSeeTemplate(access, row)) throw notFound('Document');
    requireSlug(access, 'templates:update');
    return;
  }
  if (isOwner && hasPermission(access, 'documents:create')) return;
  if (!canSeeOneOff(access, row)) throw notFound('Document');
  requireSlug(access, 'documents:update');
}

/** Whether the caller sees a one-off (not yet sent) document's layout. */
export function canSeeOneOff(access: AccessContext, row: ConfigurableRow): boolean {
  if (row.ownerId === access.userId || row.sharedWith.includes(access.userId)) return true;
  if (access.planType === 'INDIVIDUAL') return false;
  return (
    access.userType === 'OWNER' ||
    hasPermission(access, 'documents:view-all') ||
    hasPermission(access, 'documents:manage-all')
  );
}

/** 404 unless the caller may see this configurable document (template or one-off). */
export function assertCanSee(access: AccessContext, row: ConfigurableRow): void {
  const visible = row.isTemplate ? canSeeTemplate(access, row) : canSeeOneOff(access, row);
  if (!visible) throw notFound('Document');
}

/** 409 when a one-off document has been sent: its layout is then the sent document's business. */
export async function assertNotSent(db: Reader, row: ConfigurableRow): Promise<void> {
  if (row.isTemplate) return;
  const doc = await findOneOffEmployeeDocument(db, row.companyId, row.id);
  if (doc && doc.status !== 'DRAFT') {
    throw new AppError('CONFLICT', { message: 'This document has already been sent and cannot be edited' });
  }
}
