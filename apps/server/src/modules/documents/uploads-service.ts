import { randomUUID } from 'node:crypto';
import type { TFileInfo } from '@esigns/contracts/files';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { DEFAULT_UPLOAD_URL_SECONDS } from '../../platform/storage/storage';
import type { AccessContext } from '../permissions';
import { assertOwnRef, uploadsPrefix } from './document-files';
import { documentFilesOf } from './files-provider';

/**
 * What the server remembers of a direct upload, beside the raw object: the declared name and
 * type, and once converted the PDF's `TFileInfo` (so that asking again converts nothing).
 */
type UploadTicket = {
  file_name: string;
  content_type: string;
  size: number;
  created_by: string;
  converted: TFileInfo | null;
};

const ticketKey = (rawKey: string): string => `${rawKey}.upload.json`;

/**
 * `POST /document-templates/file-upload`: a presigned address the browser PUTs the raw file to
 * (`companies/{cid}/uploads/{uuid}`), valid 15 minutes, refusing other types and larger bodies.
 */
export async function createTemplateUpload(
  platform: Platform,
  access: Pick<AccessContext, 'companyId' | 'userId'>,
  input: { file_name: string; content_type: string; size: number },
): Promise<{ upload_url: string; file_ref_id: string; expires_at: string }> {
  const key = `${uploadsPrefix(access.companyId)}${randomUUID()}`;
  const ticket: UploadTicket = { ...input, created_by: access.userId, converted: null };
  await platform.storage.put(ticketKey(key), Buffer.from(JSON.stringify(ticket)), 'application/json');
  const uploadUrl = await platform.storage.createUploadUrl(key, {
    contentType: input.content_type,
    maxBytes: input.size,
    expiresInSeconds: DEFAULT_UPLOAD_URL_SECONDS,
  });
  return {
    upload_url: uploadUrl,
    file_ref_id: key,
    expires_at: new Date(Date.now() + DEFAULT_UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/**
 * `POST /document-templates/file-upload/status`: PENDING until the bytes are there; then the
 * upload is converted to PDF (once) and answered as `fileInfos` with signed URLs. Unknown or
 * another company's references are 404.
 */
export async function templateUploadStatus(
  platform: Platform,
  access: Pick<AccessContext, 'companyId'>,
  fileRefId: string,
): Promise<{ status: 'PENDING' | 'UPLOADED'; fileInfos?: TFileInfo[] }> {
  assertOwnRef(access.companyId, fileRefId, 'uploads');
  if (fileRefId.endsWith('.upload.json')) throw notFound('File');
  const { storage } = platform;
  if (!(await storage.head(ticketKey(fileRefId)))) throw notFound('File');
  const ticket = JSON.parse((await storage.get(ticketKey(fileRefId))).toString('utf8')) as UploadTicket;
  let converted = ticket.converted;
  if (!converted) {
    if (!(await storage.head(fileRefId))) return { status: 'PENDING' };
    converted = await documentFilesOf(platform).convertStored(access.companyId, fileRefId, {
      name: ticket.file_name,
      contentType: ticket.content_type,
    });
    const next: UploadTicket = { ...ticket, converted };
    await storage.put(ticketKey(fileRefId), Buffer.from(JSON.stringify(next)), 'application/json');
  }
  return { status: 'UPLOADED', fileInfos: [await withUrl(platform, converted)] };
}

/**
 * A file info with a fresh signed download address, checked against the SHA-256 the server took
 * when it stored the PDF (only server-made infos come here: never one sent by a client).
 */
export async function withUrl(platform: Platform, file: TFileInfo): Promise<TFileInfo> {
  return {
    ...file,
    url: await platform.storage.createDownloadUrl(file.file_ref_id, {
      fileName: file.name,
      disposition: 'inline',
      sha256: file.sha256,
    }),
  };
}

/** `POST /attachments`: files received in the request, converted, for `attachFiles`. */
export async function convertAttachments(
  platform: Platform,
  access: AccessContext,
  files: { name: string; contentType: string; data: Buffer }[],
): Promise<TFileInfo[]> {
  const converted = await documentFilesOf(platform).convertBuffers(access.companyId, files);
  return Promise.all(converted.map((f) => withUrl(platform, f)));
}
