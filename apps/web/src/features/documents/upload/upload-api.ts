import type { TConfigurableDocument } from '@esigns/contracts/documents';
import type { TFileInfo } from '@esigns/contracts/files';
import { api } from '../../../shared/api/api-client';

/** `POST /document-templates/file-upload`: where to PUT the bytes of one file. */
export type TUploadTicket = { upload_url: string; file_ref_id: string; expires_at: string };

/** `POST /document-templates/file-upload/status`: converted once the bytes are there. */
export type TUploadStatus = { status: 'PENDING' | 'UPLOADED'; fileInfos?: TFileInfo[] };

export type TCreateDocumentRequest = { name: string; file_ref_ids: string[]; is_template: boolean };

export async function requestUploadTicket(
  body: { file_name: string; content_type: string; size: number },
  signal?: AbortSignal,
): Promise<TUploadTicket> {
  return (await api.post<TUploadTicket>('/document-templates/file-upload', body, { signal })).data;
}

export async function fetchUploadStatus(fileRefId: string, signal?: AbortSignal): Promise<TUploadStatus> {
  return (
    await api.post<TUploadStatus>(
      '/document-templates/file-upload/status',
      { file_ref_id: fileRefId },
      { signal },
    )
  ).data;
}

/** Merges the converted files (in order) into a new document or template. */
export async function createDocument(body: TCreateDocumentRequest): Promise<TConfigurableDocument> {
  return (await api.post<TConfigurableDocument>('/document-templates', body)).data;
}

/**
 * Where the field editor of a new document or template is. A one-off document made from one image
 * (a scanned ID card, a photo: converted to a one-page PDF at upload) opens at `configure/image`,
 * the same editor.
 */
export function editorPathOf(
  document: Pick<TConfigurableDocument, '_id' | 'company_document_id' | 'is_template'>,
  options: { fromImage?: boolean } = {},
) {
  const companyDocumentId = encodeURIComponent(document.company_document_id);
  if (document.is_template) {
    return `/company-documents/${companyDocumentId}/configure/template/${encodeURIComponent(document._id)}`;
  }
  return `/company-documents/${companyDocumentId}/configure/${options.fromImage ? 'image' : 'document'}`;
}
