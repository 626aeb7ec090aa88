import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import type { TRecordFileDownload, TRecordFileDownloadRequest } from '@esigns/contracts/record-extras';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { DEFAULT_DOWNLOAD_URL_SECONDS } from '../../platform/storage/storage';
import { loadEntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { findFile } from './files-service';
import { findEntry } from './repeatable-service';
import { findCompanyRecord } from './service';

/** Types a browser may show in place; anything else is offered as a download. */
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf|video\/(mp4|webm)|text\/plain)$/;

/** The reference of the `index`th file of a record's field (of an entry for repeatable templates). */
async function refOfRecordField(
  platform: Platform,
  access: AccessContext,
  body: TRecordFileDownloadRequest,
): Promise<string> {
  const db = platform.database.db;
  const record = await findCompanyRecord(db, access.companyId, body.entity_data_id ?? '');
  const def = await loadEntityDefinition(db, access.companyId, record.entityId);
  const template = def.byId.get(body.template_id ?? '');
  if (!template) throw notFound('Template');
  let values: Record<string, unknown> | undefined = record.values[template.id];
  if (template.isRepeatable) {
    const entry = body.template_data_id ? await findEntry(db, access.companyId, body.template_data_id) : null;
    if (!entry || entry.entityDataId !== record.id || entry.templateId !== template.id)
      throw notFound('Entry');
    values = entry.values;
  }
  const value = values?.[body.field_key ?? ''];
  const file = Array.isArray(value) ? (value[body.index] as TFileRef | undefined) : undefined;
  if (typeof file?.file_ref_id !== 'string') throw notFound('File');
  return file.file_ref_id;
}

/**
 * `POST /templates-data/file-download-url`: a signed address (one hour) of an uploaded file of
 * the caller's company, named by its reference or by where it sits in a record. Anything else,
 * including a file still PENDING, is 404.
 */
export async function fileDownloadUrl(
  platform: Platform,
  access: AccessContext,
  body: TRecordFileDownloadRequest,
): Promise<TRecordFileDownload> {
  const ref = body.file_ref_id ?? (await refOfRecordField(platform, access, body));
  const row = await findFile(platform.database.db, access.companyId, ref);
  if (row.status !== 'UPLOADED') throw notFound('File');
  const disposition = body.disposition ?? (INLINE.test(row.mimeType) ? 'inline' : 'attachment');
  return {
    download_url: await platform.storage.createDownloadUrl(row.storageKey, {
      fileName: row.name,
      disposition,
      expiresInSeconds: DEFAULT_DOWNLOAD_URL_SECONDS,
      // Files confirmed before checksums were kept have none: served unchecked.
      ...(row.sha256 ? { sha256: row.sha256 } : {}),
    }),
    expires_at: new Date(Date.now() + DEFAULT_DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
