import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { TRecordDocument, TRecordDocumentLink } from '@esigns/contracts/record-extras';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { DEFAULT_DOWNLOAD_URL_SECONDS } from '../../platform/storage/storage';
import { findListedDocument } from '../document-lists';
import {
  checkFiles,
  documentOrigins,
  filesData,
  isCompanyTemplate,
  storeFiles,
  type IncomingFile,
} from '../documents';
import { loadEntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { entityDataDocuments } from './schema';
import { findRecord, type RecordRow } from './service';

/*
 * Documents attached to a record (`/entities/uploadDocuments`, `/entities/getDocuments/...`):
 * plain files kept with the record (uploaded through the general upload checks: type by content,
 * damaged PDFs refused) or links to documents of the e-sign area the caller can see. Files are
 * answered with a signed download address; a linked document opens on its own page, where its
 * own access rules apply.
 */

type DocumentRow = typeof entityDataDocuments.$inferSelect;
type Listed = DocumentRow & {
  documentStatus: string | null;
  /** The document template a linked e-sign document was made from (none for one-off uploads). */
  template: { _id: string; name: string } | null;
};

/** The record of the entity in the caller's company, or 404. */
export async function recordOf(
  db: Db,
  access: AccessContext,
  entityId: string,
  recordId: string,
): Promise<RecordRow> {
  const def = await loadEntityDefinition(db, access.companyId, entityId);
  return findRecord(db, def, recordId);
}

async function present(platform: Platform, row: Listed): Promise<TRecordDocument> {
  const url = row.storageKey
    ? await platform.storage.createDownloadUrl(row.storageKey, {
        fileName: row.name,
        disposition: 'attachment',
        expiresInSeconds: DEFAULT_DOWNLOAD_URL_SECONDS,
      })
    : null;
  return {
    _id: row.id,
    entity_data_id: row.entityDataId,
    kind: row.employeeDocumentId ? 'DOCUMENT' : 'FILE',
    name: row.name,
    mime_type: row.mimeType,
    size: row.size,
    employee_document_id: row.employeeDocumentId,
    document_status: row.documentStatus,
    download_url: url,
    template: row.template,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A record's documents, newest first, with the status of linked e-sign documents and the template
 * they were made from (a layout of `configurable_documents` with `is_template`; a document made
 * from an upload has a one-off layout, or none once that is deleted). `where` narrows the rows.
 */
async function listed(
  db: Db,
  recordId: string,
  options: { ids?: string[]; where?: SQL | undefined } = {},
): Promise<Listed[]> {
  const rows = await db
    .select({
      doc: entityDataDocuments,
      documentStatus: documentOrigins.status,
      layoutId: documentOrigins.layoutId,
      layoutName: documentOrigins.layoutName,
      isTemplate: documentOrigins.layoutIsTemplate,
    })
    .from(entityDataDocuments)
    .leftJoin(documentOrigins, eq(documentOrigins.id, entityDataDocuments.employeeDocumentId))
    .where(and(eq(entityDataDocuments.entityDataId, recordId), options.where))
    .orderBy(desc(entityDataDocuments.createdAt), desc(entityDataDocuments.id));
  return rows
    .map(({ doc, documentStatus, layoutId, layoutName, isTemplate }) => ({
      ...doc,
      documentStatus,
      template: layoutId && layoutName !== null && isTemplate ? { _id: layoutId, name: layoutName } : null,
    }))
    .filter((row) => !options.ids || options.ids.includes(row.id));
}

/** `GET /entities/getDocuments/{entity_id}/{entity_data_id}`: newest first. */
export async function listRecordDocuments(
  platform: Platform,
  access: AccessContext,
  entityId: string,
  recordId: string,
): Promise<TRecordDocument[]> {
  const record = await recordOf(platform.database.db, access, entityId, recordId);
  const rows = await listed(platform.database.db, record.id);
  return Promise.all(rows.map((row) => present(platform, row)));
}

/**
 * `POST /fetchEntityDocumentsNotIncludeTemplates`: stored files and e-sign documents made from an
 * upload (their layout is not a template, or is gone), newest first.
 */
export async function listRecordDocumentsWithoutTemplates(
  platform: Platform,
  access: AccessContext,
  entityId: string,
  recordId: string,
): Promise<TRecordDocument[]> {
  const db = platform.database.db;
  const record = await recordOf(db, access, entityId, recordId);
  const rows = await listed(db, record.id, {
    where: or(isNull(documentOrigins.layoutId), eq(documentOrigins.layoutIsTemplate, false)),
  });
  return Promise.all(rows.map((row) => present(platform, row)));
}

/**
 * `POST /getEmployeeDocumentsByEntityIdAndConfigurableDocumentId`: the record's e-sign documents
 * made from one document template of the caller's company (404 `Template` otherwise; a template
 * deleted to the bin still counts, its documents stay attached), newest first.
 */
export async function listRecordDocumentsOfTemplate(
  platform: Platform,
  access: AccessContext,
  ids: { entity_id: string; entity_data_id: string; configurable_document_id: string },
): Promise<TRecordDocument[]> {
  const db = platform.database.db;
  const record = await recordOf(db, access, ids.entity_id, ids.entity_data_id);
  const templateId = ids.configurable_document_id;
  if (!(await isCompanyTemplate(db, access.companyId, templateId))) throw notFound('Template');
  const rows = await listed(db, record.id, { where: eq(documentOrigins.layoutId, templateId) });
  return Promise.all(rows.map((row) => present(platform, row)));
}

type NewDocument = Omit<typeof entityDataDocuments.$inferInsert, 'companyId' | 'entityDataId' | 'createdBy'>;

async function insertDocuments(
  platform: Platform,
  access: AccessContext,
  record: RecordRow,
  documents: NewDocument[],
): Promise<TRecordDocument[]> {
  const db = platform.database.db;
  if (documents.length === 0) return [];
  const rows = await db
    .insert(entityDataDocuments)
    .values(
      documents.map((doc) => ({
        ...doc,
        companyId: access.companyId,
        entityDataId: record.id,
        createdBy: access.userId,
      })),
    )
    .returning({ id: entityDataDocuments.id });
  const fresh = await listed(db, record.id, { ids: rows.map((row) => row.id) });
  return Promise.all(fresh.map((row) => present(platform, row)));
}

/** Multipart `uploadDocuments`: every file checked before any is stored, then kept with the record. */
export async function attachFiles(
  platform: Platform,
  access: AccessContext,
  record: RecordRow,
  files: IncomingFile[],
): Promise<TRecordDocument[]> {
  const checked = await checkFiles(files, 'FILE', (i) => (files.length === 1 ? ['file'] : ['files', i]));
  const stored = await storeFiles(platform, access, checked, 'FILE');
  return insertDocuments(
    platform,
    access,
    record,
    stored.map((file) => ({
      storageKey: file.file_ref_id,
      name: file.name,
      mimeType: file.mime_type,
      size: file.size,
    })),
  );
}

/**
 * JSON `uploadDocuments`: files already uploaded (`/upload/file-upload-s3`, 404 when not the
 * company's) and/or a document the caller sees (404 otherwise). A document linked twice stays once.
 */
export async function linkDocuments(
  platform: Platform,
  access: AccessContext,
  body: TRecordDocumentLink,
): Promise<TRecordDocument[]> {
  const db = platform.database.db;
  const record = await recordOf(db, access, body.entity_id, body.entity_data_id);
  const files = body.file_ref_ids?.length
    ? await filesData(platform, access, body.file_ref_ids, 'inline')
    : [];
  const documents: NewDocument[] = files.map((file) => ({
    storageKey: file.file_ref_id,
    name: file.name,
    mimeType: file.mime_type,
    size: file.size,
  }));
  let existing: Listed[] = [];
  if (body.employee_document_id) {
    const document = await findListedDocument(db, access, body.employee_document_id, 'documents:view');
    existing = (await listed(db, record.id)).filter((row) => row.employeeDocumentId === document.id);
    if (existing.length === 0) documents.push({ employeeDocumentId: document.id, name: document.name });
  }
  const added = await insertDocuments(platform, access, record, documents);
  return [...added, ...(await Promise.all(existing.map((row) => present(platform, row))))];
}

/** Detaches one document of a record of the caller's company (404 otherwise). */
export async function detachDocument(db: Db, access: AccessContext, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Document');
  const [row] = await db
    .delete(entityDataDocuments)
    .where(and(eq(entityDataDocuments.id, id), eq(entityDataDocuments.companyId, access.companyId)))
    .returning({ id: entityDataDocuments.id });
  if (!row) throw notFound('Document');
}
