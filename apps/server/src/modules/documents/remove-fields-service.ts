import type { TFileInfo } from '@esigns/contracts/files';
import type { TRemoveFieldsMode, TRemoveFieldsResult } from '@esigns/contracts/remove-fields';
import { AppError, notFound, unlessAppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { assertOwnRef } from './document-files';
import { filesData, filesPrefix } from './file-uploads';
import { documentFilesOf } from './files-provider';
import { presentConfigurable } from './lookups';
import { editable, storeFile } from './page-ops-service';
import { stripFormFields } from './remove-fields-pdf';
import { requireAny } from './route-schemas';
import { withUrl } from './uploads-service';

/*
 * `POST /documents/files/remove-fields`: a PDF without its own form fields, as a NEW file (files are
 * immutable). The source is a file of the caller's company (a converted PDF of the upload flow, or
 * a general upload) or the file of a layout the caller may edit, which then takes the new file
 * (fields and pages unchanged: the PDF's pages are the same). A one-off already sent is 409.
 */

type Source = { key: string; name: string; inputKey: string };

async function readSource(platform: Platform, key: string): Promise<Buffer> {
  try {
    return await platform.storage.get(key);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound('File');
    throw err;
  }
}

/** A `file_ref_id` of the caller's company: a converted PDF (`documents/`) or a general upload (`files/`). */
async function fileSource(platform: Platform, access: AccessContext, ref: string): Promise<Source> {
  requireAny(access, ['documents:create', 'templates:create']);
  if (ref.startsWith(filesPrefix(access.companyId))) {
    const [upload] = await filesData(platform, access, [ref], 'inline');
    return { key: ref, name: upload!.name, inputKey: 'file_ref_id' };
  }
  assertOwnRef(access.companyId, ref, 'documents');
  if (!(await platform.storage.head(ref))) throw notFound('File');
  // A stored object that is no readable PDF has no info (404): its bytes are refused below with 422.
  const info = await unlessAppError(documentFilesOf(platform).info(access.companyId, ref));
  return { key: ref, name: info?.original_name || info?.name || 'document.pdf', inputKey: 'file_ref_id' };
}

export async function removeFields(
  platform: Platform,
  access: AccessContext,
  input: {
    file_ref_id?: string | undefined;
    configurable_document_id?: string | undefined;
    mode: TRemoveFieldsMode;
  },
): Promise<TRemoveFieldsResult> {
  const layout = input.configurable_document_id
    ? await editable(platform, access, input.configurable_document_id)
    : null;
  const source: Source = layout
    ? {
        key: layout.file.file_ref_id,
        name: layout.file.original_name || layout.file.name,
        inputKey: 'configurable_document_id',
      }
    : await fileSource(platform, access, input.file_ref_id ?? '');
  const bytes = await readSource(platform, source.key);
  const stripped = await stripFormFields(bytes, input.mode, source.inputKey);
  const [stored] = await documentFilesOf(platform).convertBuffers(access.companyId, [
    { name: source.name, contentType: 'application/pdf', data: stripped.bytes },
  ]);
  const file: TFileInfo = stored!;
  const document = layout
    ? await presentConfigurable(platform, await storeFile(platform, layout, file, layout.fields))
    : null;
  return {
    file: await withUrl(platform, file),
    page_count: file.page_count,
    mode: input.mode,
    fields_removed: stripped.fields,
    widgets_removed: stripped.widgets,
    document,
  };
}
