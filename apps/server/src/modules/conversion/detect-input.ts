import { AppError } from '../../platform/http/app-error';
import { sniffContentType } from '../../platform/storage/sniff';
import { listZipEntryNames } from './zip-guard';

/** The formats the document service converts, by what their bytes are. */
export type InputKind = 'pdf' | 'docx' | 'doc' | 'odt' | 'rtf' | 'png' | 'jpeg';

/** Formats that go through LibreOffice. */
export const OFFICE_KINDS: ReadonlySet<InputKind> = new Set(['docx', 'doc', 'odt', 'rtf']);

export const KIND_LABEL: Record<InputKind, string> = {
  pdf: 'PDF',
  docx: 'Word document (DOCX)',
  doc: 'Word 97-2003 document (DOC)',
  odt: 'OpenDocument text (ODT)',
  rtf: 'Rich Text (RTF)',
  png: 'PNG image',
  jpeg: 'JPEG image',
};

const ACCEPTED = 'PDF, DOCX, DOC, ODT, RTF, PNG or JPG';

const BY_MIME: Record<string, InputKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/rtf': 'rtf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
};

// Stream names of Compound File Binary containers, as UTF-16LE in their directory.
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');
const ENCRYPTED_PACKAGE_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * What a file is, by its bytes alone: the name and declared type are ignored, so a DOCX renamed
 * `.pdf` is converted as the DOCX it is (see README, "Type by content"). Refuses empty files
 * (422), password-protected Office files (422) and anything that is none of the accepted
 * formats (415), naming the file in the message.
 */
export async function detectInputKind(bytes: Buffer, fileName: string): Promise<InputKind> {
  if (bytes.length === 0) {
    throw new AppError('VALIDATION_FAILED', { message: `${fileName} is empty (0 bytes)` });
  }
  const sniffed = await sniffContentType(bytes);
  const known = sniffed === undefined ? undefined : BY_MIME[sniffed];
  if (known) return known;

  if (sniffed === 'application/x-cfb') {
    if (bytes.includes(ENCRYPTED_PACKAGE_STREAM)) throw passwordProtected(fileName);
    if (bytes.includes(WORD_STREAM)) return 'doc';
  }
  // file-type names an OOXML file only when it carries [Content_Types].xml first; the main
  // part tells a Word document from any other zip.
  if (sniffed === 'application/zip' && (await listZipEntryNames(bytes)).includes('word/document.xml')) {
    return 'docx';
  }
  // PDF readers accept a header within the first 1024 bytes (junk before it happens).
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'pdf';

  throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
    message: `${fileName} is ${describeSniffed(sniffed)}: upload a ${ACCEPTED} file`,
  });
}

function describeSniffed(sniffed: string | undefined): string {
  if (sniffed === undefined) return 'not a format we recognise';
  if (sniffed === 'text/plain') return 'plain text';
  if (sniffed === 'application/x-cfb') return 'an Office file that is not a Word document';
  return `a ${sniffed} file`;
}

export function passwordProtected(fileName: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: `${fileName} is password-protected: remove the password and upload it again`,
  });
}
