import { randomUUID } from 'node:crypto';
import type { TFileInfo, TPageEdit, TPageSize } from '@esigns/contracts/files';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';

/**
 * What the documents module needs of the document service (converter): every call yields a NEW
 * immutable PDF under `companies/{company_id}/documents/{uuid}.pdf` and answers its `TFileInfo`.
 * `createDocumentFiles` binds it to the converter's in-process functions.
 */
export interface DocumentFiles {
  /** Metadata of a converted PDF held in storage; 404 when it does not exist. */
  info(companyId: string, fileRefId: string): Promise<TFileInfo>;
  /** Converts a raw upload (`companies/{cid}/uploads/...`) to a PDF. */
  convertStored(
    companyId: string,
    rawKey: string,
    file: { name: string; contentType: string },
  ): Promise<TFileInfo>;
  /** Converts files received in a request (multipart) to PDFs, one per file. */
  convertBuffers(
    companyId: string,
    files: { name: string; contentType: string; data: Buffer }[],
  ): Promise<TFileInfo[]>;
  merge(companyId: string, fileRefIds: string[], name?: string): Promise<TFileInfo>;
  addPage(companyId: string, fileRefId: string, afterPage: number, size?: TPageSize): Promise<TFileInfo>;
  edit(companyId: string, fileRefId: string, edits: TPageEdit[]): Promise<TFileInfo>;
  duplicate(companyId: string, fileRefId: string): Promise<TFileInfo>;
}

const REF = /^companies\/([0-9a-f-]{36})\/(documents|uploads)\/[A-Za-z0-9_.-]+$/;

/** The storage folder of a company's converted PDFs. */
export const documentsPrefix = (companyId: string): string => `companies/${companyId}/documents/`;
export const uploadsPrefix = (companyId: string): string => `companies/${companyId}/uploads/`;

/**
 * A `file_ref_id` a client gave must be a key of the caller's company in the given folder;
 * anything else (another company's key, a path trick, a made-up key) is 404, like an unknown id.
 */
export function assertOwnRef(companyId: string, ref: string, folder: 'documents' | 'uploads'): void {
  const match = REF.exec(ref);
  if (!match || match[1] !== companyId || match[2] !== folder || ref.includes('..')) {
    throw notFound('File');
  }
}

/**
 * A byte-for-byte copy of a PDF under a new key of the company (a sent document's own file):
 * same metadata, new `file_ref_id`. Straight through storage: the bytes are known to be a PDF.
 */
export async function copyPdf(platform: Platform, companyId: string, file: TFileInfo): Promise<TFileInfo> {
  return pdfCopier(platform, companyId)(file);
}

/**
 * `copyPdf` for many sends of the same files (a workflow chunk sends one template to 50
 * contacts): each source PDF is read from storage once, then written once per copy.
 */
export function pdfCopier(platform: Platform, companyId: string): (file: TFileInfo) => Promise<TFileInfo> {
  const sources = new Map<string, Promise<Buffer>>();
  return async (file) => {
    assertOwnRef(companyId, file.file_ref_id, 'documents');
    let read = sources.get(file.file_ref_id);
    if (!read) {
      read = platform.storage.get(file.file_ref_id);
      sources.set(file.file_ref_id, read);
    }
    let bytes: Buffer;
    try {
      bytes = await read;
    } catch (err) {
      throw new AppError('NOT_FOUND', { message: 'The document file is missing', cause: err });
    }
    const key = `${documentsPrefix(companyId)}${randomUUID()}.pdf`;
    await platform.storage.put(key, bytes, 'application/pdf');
    const { url: _url, ...rest } = file;
    return { ...rest, file_ref_id: key };
  };
}
