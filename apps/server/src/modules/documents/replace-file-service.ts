import { eq } from 'drizzle-orm';
import type { TConfigurableDocument, TField } from '@esigns/contracts/documents';
import type { TFileInfo, TPageSize } from '@esigns/contracts/files';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { syncDraft } from './configurable-service';
import { assertOwnRef } from './document-files';
import { documentFilesOf } from './files-provider';
import { assertCanEdit, assertNotSent, findConfigurable, presentConfigurable } from './lookups';
import { companyDocuments, configurableDocuments } from './schema';
import { assertTemplateNameFree } from './templates-service';

export type ReplaceFileResult = {
  document: TConfigurableDocument;
  /** Fields that no longer fit (their page is gone, or the page is now smaller than their box). */
  removed_field_keys: string[];
  all_document_fields_removed: boolean;
};

/** Whether a field still sits inside its page of the new file. */
function fits(field: TField, pages: TPageSize[]): boolean {
  const page = pages[field.page - 1];
  return !!page && field.x + field.width <= page.width + 0.01 && field.y + field.height <= page.height + 0.01;
}

/**
 * `POST /documents/update-uploaded-data`: the uploaded files of a document or template not yet
 * sent are replaced (new files, another order, one removed): the converted PDFs given (in order)
 * are merged into its new file, the company document's list of uploaded files becomes them, and
 * the fields that still fit their page stay; the others are removed and named. The name changes
 * too when given (409 when another template has it). Editing rights as for the layout; a sent one-off is 409.
 */
export async function updateUploadedData(
  platform: Platform,
  access: AccessContext,
  input: { configurable_document_id: string; file_ref_ids: string[]; name?: string | undefined },
): Promise<ReplaceFileResult> {
  const db = platform.database.db;
  const row = await findConfigurable(db, access.companyId, input.configurable_document_id);
  assertCanEdit(access, row);
  await assertNotSent(db, row);
  if (input.name !== undefined && row.isTemplate) {
    await assertTemplateNameFree(db, access.companyId, input.name, row.id);
  }
  for (const ref of input.file_ref_ids) assertOwnRef(access.companyId, ref, 'documents');
  const files = documentFilesOf(platform);
  const infos: TFileInfo[] = [];
  for (const ref of input.file_ref_ids) infos.push(await files.info(access.companyId, ref));
  const name = input.name ?? row.name;
  const merged =
    infos.length === 1 ? infos[0]! : await files.merge(access.companyId, input.file_ref_ids, `${name}.pdf`);
  const { url: _url, ...file } = merged;
  const stored = infos.map(({ url: _u, ...info }) => info);
  const kept = row.fields.filter((f) => fits(f, file.pages));
  const removed = row.fields.filter((f) => !kept.includes(f)).map((f) => f.key);
  const updated = await db.transaction(async (tx) => {
    await tx
      .update(companyDocuments)
      .set({ name, files: stored, file, updatedAt: new Date() })
      .where(eq(companyDocuments.id, row.companyDocumentId));
    const [next] = await tx
      .update(configurableDocuments)
      .set({ name, file, pages: file.pages, fields: kept, updatedAt: new Date() })
      .where(eq(configurableDocuments.id, row.id))
      .returning();
    if (!row.isTemplate) {
      await syncDraft(tx, row.companyId, row.id, { name, file, pages: file.pages, fields: kept });
    }
    return next!;
  });
  return {
    document: await presentConfigurable(platform, updated),
    removed_field_keys: removed,
    all_document_fields_removed: row.fields.length > 0 && kept.length === 0,
  };
}
