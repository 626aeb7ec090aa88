import { and, asc, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { TNewDocumentStatus } from '@esigns/contracts/document-status';
import {
  ZDocumentSettings,
  type TConfigurableDocument,
  type TDocumentSettings,
  type TDocumentSettingsInput,
  type TRecipient,
} from '@esigns/contracts/documents';
import type { TFileInfo } from '@esigns/contracts/files';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { likePattern } from '../roles';
import { assertOwnRef } from './document-files';
import { expirySettingsOfNewDocument } from './hooks';
import { documentFilesOf } from './files-provider';
import {
  assertCanEdit,
  assertCanSee,
  assertNotSent,
  findCompanyDocument,
  findConfigurable,
  presentConfigurable,
  requireSlug,
  type Tx,
} from './lookups';
import { companyDocuments, configurableDocuments, employeeDocuments } from './schema';
import { publicRecipients, type ConfigurableRow } from './serializers';

/**
 * New documents start with the user's expiry and reminder defaults over the company's (the
 * workspace owner's): the reminders module's rule, registered at start-up (`hooks.ts`).
 */
export async function defaultDocumentSettings(
  platform: Platform,
  access: Pick<AccessContext, 'userId' | 'companyId'>,
): Promise<TDocumentSettings> {
  return ZDocumentSettings.parse(await expirySettingsOfNewDocument(platform, access));
}

/**
 * Stores a configurable document on its own company document (every configurable document has
 * one, so that the editor's `/company-documents/{id}/configure/...` is never ambiguous), and for
 * a one-off document its DRAFT employee document.
 */
export async function insertConfigurable(
  tx: Tx,
  access: Pick<AccessContext, 'userId' | 'companyId'>,
  input: Pick<
    ConfigurableRow,
    'name' | 'isTemplate' | 'file' | 'pages' | 'fields' | 'documentUsers' | 'settings'
  > & {
    files?: ConfigurableRow['file'][];
    companyDocumentId?: string;
    sharedWith?: string[];
  },
): Promise<ConfigurableRow> {
  let companyDocumentId = input.companyDocumentId;
  if (!companyDocumentId) {
    const [companyDoc] = await tx
      .insert(companyDocuments)
      .values({
        companyId: access.companyId,
        name: input.name,
        files: input.files ?? [input.file],
        file: input.file,
        createdBy: access.userId,
      })
      .returning({ id: companyDocuments.id });
    companyDocumentId = companyDoc!.id;
  }
  const [row] = await tx
    .insert(configurableDocuments)
    .values({
      companyId: access.companyId,
      companyDocumentId,
      name: input.name,
      isTemplate: input.isTemplate,
      file: input.file,
      pages: input.pages,
      fields: input.fields,
      documentUsers: input.documentUsers,
      settings: input.settings,
      ownerId: access.userId,
      sharedWith: input.sharedWith ?? [],
    })
    .returning();
  if (!input.isTemplate) {
    await tx.insert(employeeDocuments).values({
      companyId: access.companyId,
      name: input.name,
      status: 'DRAFT' satisfies TNewDocumentStatus,
      configurableDocumentId: row!.id,
      companyDocumentId,
      file: input.file,
      pages: input.pages,
      fields: input.fields,
      settings: input.settings,
      senderId: access.userId,
    });
  }
  return row!;
}

/**
 * `POST /document-templates`: the converted files (in order) merged into one PDF, a company
 * document, its configurable document and, when not a template, its DRAFT.
 */
export async function createFromFiles(
  platform: Platform,
  access: AccessContext,
  input: { name: string; file_ref_ids: string[]; is_template: boolean },
): Promise<TConfigurableDocument> {
  requireSlug(access, input.is_template ? 'templates:create' : 'documents:create');
  for (const ref of input.file_ref_ids) assertOwnRef(access.companyId, ref, 'documents');
  const files = documentFilesOf(platform);
  const infos: TFileInfo[] = [];
  for (const ref of input.file_ref_ids) infos.push(await files.info(access.companyId, ref));
  const file =
    infos.length === 1
      ? infos[0]!
      : await files.merge(access.companyId, input.file_ref_ids, `${input.name}.pdf`);
  const settings = await defaultDocumentSettings(platform, access);
  const row = await platform.database.db.transaction((tx) =>
    insertConfigurable(tx, access, {
      name: input.name,
      isTemplate: input.is_template,
      files: infos,
      file,
      pages: file.pages,
      fields: [],
      documentUsers: [],
      settings,
    }),
  );
  return presentConfigurable(platform, row);
}

/**
 * `POST /document-templates/{company_document_id}/configure` and `POST /configurable-documents`:
 * the configurable document of a company document, created on first use.
 */
export async function configureCompanyDocument(
  platform: Platform,
  access: AccessContext,
  companyDocumentId: string,
  isTemplate: boolean | undefined,
): Promise<TConfigurableDocument> {
  const db = platform.database.db;
  const companyDoc = await findCompanyDocument(db, access.companyId, companyDocumentId);
  const [existing] = await db
    .select()
    .from(configurableDocuments)
    .where(
      and(
        eq(configurableDocuments.companyId, access.companyId),
        eq(configurableDocuments.companyDocumentId, companyDoc.id),
        isNull(configurableDocuments.deletedAt),
      ),
    )
    .orderBy(asc(configurableDocuments.createdAt))
    .limit(1);
  if (existing) {
    assertCanSee(access, existing);
    return presentConfigurable(platform, existing);
  }
  requireSlug(access, isTemplate ? 'templates:create' : 'documents:create');
  const settings = await defaultDocumentSettings(platform, access);
  const row = await db.transaction((tx) =>
    insertConfigurable(tx, access, {
      name: companyDoc.name,
      isTemplate: isTemplate ?? false,
      file: companyDoc.file,
      pages: companyDoc.file.pages,
      fields: [],
      documentUsers: [],
      settings,
      companyDocumentId: companyDoc.id,
    }),
  );
  return presentConfigurable(platform, row);
}

export async function getConfigurable(
  platform: Platform,
  access: AccessContext,
  id: string,
  withUrl: boolean,
): Promise<TConfigurableDocument> {
  const row = await findConfigurable(platform.database.db, access.companyId, id);
  assertCanSee(access, row);
  return presentConfigurable(platform, row, { withUrl });
}

export type ConfigurableListQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  is_template?: boolean | undefined;
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
};

/** `GET /configurable-documents`: the company's configurable documents, newest change first. */
export async function listConfigurable(
  platform: Platform,
  access: AccessContext,
  query: ConfigurableListQuery,
): Promise<{ rows: TConfigurableDocument[]; total: number }> {
  const db = platform.database.db;
  const filters: SQL[] = [
    eq(configurableDocuments.companyId, access.companyId),
    isNull(configurableDocuments.deletedAt),
  ];
  if (query.search) filters.push(ilike(configurableDocuments.name, likePattern(query.search)));
  if (query.is_template !== undefined) filters.push(eq(configurableDocuments.isTemplate, query.is_template));
  if (query.status) filters.push(eq(configurableDocuments.status, query.status));
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(configurableDocuments).where(where);
  const rows = await db
    .select()
    .from(configurableDocuments)
    .where(where)
    .orderBy(desc(configurableDocuments.updatedAt), asc(configurableDocuments.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const out: TConfigurableDocument[] = [];
  for (const row of rows) out.push(await presentConfigurable(platform, row));
  return { rows: out, total: Number(total?.n ?? 0) };
}

/** Settings given in part over the stored ones. */
export function mergeSettings(
  current: TDocumentSettings,
  patch: Partial<TDocumentSettingsInput>,
): TDocumentSettings {
  return ZDocumentSettings.parse({ ...current, ...patch });
}

/**
 * `PATCH /configurable-documents/{id}` and `PUT /document-templates/{id}`: name and settings
 * (given in part). A one-off document already sent cannot change (409).
 */
export async function updateConfigurable(
  platform: Platform,
  access: AccessContext,
  id: string,
  input: { name?: string | undefined; settings?: Partial<TDocumentSettingsInput> | undefined },
  options: { assertTemplateNameFree?: (name: string, row: ConfigurableRow) => Promise<void> } = {},
): Promise<TConfigurableDocument> {
  const db = platform.database.db;
  const row = await findConfigurable(db, access.companyId, id);
  assertCanEdit(access, row);
  await assertNotSent(db, row);
  if (input.name !== undefined && row.isTemplate && options.assertTemplateNameFree) {
    await options.assertTemplateNameFree(input.name, row);
  }
  const settings = input.settings ? mergeSettings(row.settings, input.settings) : row.settings;
  const name = input.name ?? row.name;
  const updated = await db.transaction(async (tx) => {
    const [next] = await tx
      .update(configurableDocuments)
      .set({ name, settings, updatedAt: new Date() })
      .where(eq(configurableDocuments.id, row.id))
      .returning();
    if (!row.isTemplate) await syncDraft(tx, row.companyId, row.id, { name, settings });
    return next!;
  });
  return presentConfigurable(platform, updated);
}

/** Mirrors a one-off's layout on its DRAFT (lists show the draft's name); a sent one is left alone. */
export async function syncDraft(
  tx: Tx,
  companyId: string,
  configurableId: string,
  values: Partial<Pick<ConfigurableRow, 'name' | 'settings' | 'fields' | 'file' | 'pages'>>,
): Promise<void> {
  await tx
    .update(employeeDocuments)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(employeeDocuments.companyId, companyId),
        eq(employeeDocuments.configurableDocumentId, configurableId),
        eq(employeeDocuments.status, 'DRAFT'),
      ),
    );
}

/** `PATCH /configurable-documents/{id}/status`: ACTIVE or INACTIVE (inactive templates cannot be sent). */
export async function setConfigurableStatus(
  platform: Platform,
  access: AccessContext,
  id: string,
  status: 'ACTIVE' | 'INACTIVE',
): Promise<TConfigurableDocument> {
  const db = platform.database.db;
  const row = await findConfigurable(db, access.companyId, id);
  assertCanSee(access, row);
  const [updated] = await db
    .update(configurableDocuments)
    .set({ status, updatedAt: new Date() })
    .where(eq(configurableDocuments.id, row.id))
    .returning();
  return presentConfigurable(platform, updated!);
}

/** `PUT /configurable-documents/updateViewData/{id}`: the editor's own state (zoom, page...). */
export async function updateViewData(
  platform: Platform,
  access: AccessContext,
  id: string,
  viewData: Record<string, unknown>,
): Promise<{ _id: string; view_data: Record<string, unknown> }> {
  const db = platform.database.db;
  const row = await findConfigurable(db, access.companyId, id);
  assertCanSee(access, row);
  if (row.ownerId !== access.userId) requireSlug(access, 'configurable-documents:update');
  await db.update(configurableDocuments).set({ viewData }).where(eq(configurableDocuments.id, row.id));
  return { _id: row.id, view_data: viewData };
}

/** `GET /configurable-documents/users/{id}`: its recipients (or roles), without passwords. */
export async function configurableUsers(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TRecipient[]> {
  const row = await findConfigurable(platform.database.db, access.companyId, id);
  assertCanSee(access, row);
  return publicRecipients(row.documentUsers);
}

export type ExpirationSettings = {
  _id: string;
  expire_after_days: number | null;
  reminder_every_days: number | null;
  warn_before_expiry_days: number;
  /** When a document sent now would expire (null: never). */
  expires_at_if_sent_now: string | null;
};

/** `GET /configurable-documents/{id}/expiration-settings`. */
export async function expirationSettings(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<ExpirationSettings> {
  const row = await findConfigurable(platform.database.db, access.companyId, id);
  assertCanSee(access, row);
  const days = row.settings.expire_after_days;
  return {
    _id: row.id,
    expire_after_days: days,
    reminder_every_days: row.settings.reminder_every_days,
    warn_before_expiry_days: row.settings.warn_before_expiry_days,
    expires_at_if_sent_now: days ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
  };
}

/** 404 unless the company document exists in the company (for routes naming both ids). */
export async function assertCompanyDocumentOf(
  platform: Platform,
  companyId: string,
  companyDocumentId: string,
  row: ConfigurableRow,
): Promise<void> {
  const doc = await findCompanyDocument(platform.database.db, companyId, companyDocumentId);
  if (doc.id !== row.companyDocumentId) throw notFound('Document');
}
