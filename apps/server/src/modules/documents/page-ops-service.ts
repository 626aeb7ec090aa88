import { eq } from 'drizzle-orm';
import type { TConfigurableDocument } from '@esigns/contracts/documents';
import type { TFileInfo, TPageEdit } from '@esigns/contracts/files';
import { validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { insertConfigurable, syncDraft } from './configurable-service';
import { assertOwnRef } from './document-files';
import { documentFilesOf } from './files-provider';
import {
  assertCanEdit,
  assertCanSee,
  assertNotSent,
  findConfigurable,
  presentConfigurable,
  requireSlug,
} from './lookups';
import { moveFieldsForNewPage, moveFieldsForPageEdits } from './page-ops';
import { configurableDocuments } from './schema';
import type { ConfigurableRow } from './serializers';

export type PageOpResult = { document: TConfigurableDocument; all_document_fields_removed: boolean };

/** The layout `id` the caller may edit and that is not sent (404 / 403 / 409 otherwise). */
export async function editable(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<ConfigurableRow> {
  const row = await findConfigurable(platform.database.db, access.companyId, id);
  assertCanEdit(access, row);
  await assertNotSent(platform.database.db, row);
  return row;
}

/** Stores the new PDF and the moved fields on the layout (and its DRAFT), in one transaction. */
export async function storeFile(
  platform: Platform,
  row: ConfigurableRow,
  file: TFileInfo,
  fields: ConfigurableRow['fields'],
): Promise<ConfigurableRow> {
  const { url: _url, ...stored } = file;
  return platform.database.db.transaction(async (tx) => {
    const [next] = await tx
      .update(configurableDocuments)
      .set({ file: stored, pages: stored.pages, fields, updatedAt: new Date() })
      .where(eq(configurableDocuments.id, row.id))
      .returning();
    if (!row.isTemplate) {
      await syncDraft(tx, row.companyId, row.id, { file: stored, pages: stored.pages, fields });
    }
    return next!;
  });
}

/** `POST /documents/addNewPage`: a blank page after `after_page` (0: first), the size of its neighbour. */
export async function addNewPage(
  platform: Platform,
  access: AccessContext,
  input: { configurable_document_id: string; after_page: number },
): Promise<PageOpResult> {
  const row = await editable(platform, access, input.configurable_document_id);
  if (input.after_page > row.pages.length) {
    throw validationError([
      { key: 'after_page', message: `Use a page number from 0 to ${row.pages.length}`, path: ['after_page'] },
    ]);
  }
  const file = await documentFilesOf(platform).addPage(
    access.companyId,
    row.file.file_ref_id,
    input.after_page,
  );
  const next = await storeFile(platform, row, file, moveFieldsForNewPage(row.fields, input.after_page));
  return { document: await presentConfigurable(platform, next), all_document_fields_removed: false };
}

/**
 * `POST /documents/editFile`: rotate, delete and reorder pages. Fields follow their pages, turn
 * with rotated ones, and are removed with deleted ones (`all_document_fields_removed` is then
 * true, as the document service's contract names it).
 */
export async function editFile(
  platform: Platform,
  access: AccessContext,
  input: { configurable_document_id: string; edits: TPageEdit[] },
): Promise<PageOpResult> {
  const row = await editable(platform, access, input.configurable_document_id);
  // Checks the edits against the layout before the converter does any work.
  const moved = moveFieldsForPageEdits(row.fields, row.pages, input.edits);
  const file = await documentFilesOf(platform).edit(access.companyId, row.file.file_ref_id, input.edits);
  const next = await storeFile(platform, row, file, moved.fields);
  return {
    document: await presentConfigurable(platform, next),
    all_document_fields_removed: moved.removed > 0,
  };
}

/** `POST /documents/attachFiles`: converted files appended after the last page; fields stay. */
export async function attachFiles(
  platform: Platform,
  access: AccessContext,
  input: { configurable_document_id: string; file_ref_ids: string[] },
): Promise<PageOpResult> {
  const row = await editable(platform, access, input.configurable_document_id);
  for (const ref of input.file_ref_ids) assertOwnRef(access.companyId, ref, 'documents');
  const files = documentFilesOf(platform);
  for (const ref of input.file_ref_ids) await files.info(access.companyId, ref);
  const merged = await files.merge(
    access.companyId,
    [row.file.file_ref_id, ...input.file_ref_ids],
    row.file.name,
  );
  const next = await storeFile(platform, row, merged, row.fields);
  return { document: await presentConfigurable(platform, next), all_document_fields_removed: false };
}

/**
 * `POST /documents/duplicateFile/{configurable_document_id}`: a new one-off document (with its
 * DRAFT) on a copy of the PDF, with the same fields, recipients and settings.
 */
export async function duplicateFile(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TConfigurableDocument> {
  const row = await findConfigurable(platform.database.db, access.companyId, id);
  assertCanSee(access, row);
  requireSlug(access, 'documents:create');
  const copy = await documentFilesOf(platform).duplicate(access.companyId, row.file.file_ref_id);
  const { url: _url, ...file } = copy;
  const created = await platform.database.db.transaction((tx) =>
    insertConfigurable(tx, access, {
      name: `${row.name} (copy)`,
      isTemplate: false,
      file,
      pages: file.pages,
      fields: row.fields,
      documentUsers: row.documentUsers,
      settings: row.settings,
    }),
  );
  return presentConfigurable(platform, created);
}
