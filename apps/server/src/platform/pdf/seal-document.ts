import { createHash } from 'node:crypto';
import type { TField } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import { appendCertificateInto, type CompletionCertificate } from './certificate';
import { certificatesOfFetchedToken } from './cms';
import { ImageCache } from './images';
import { loadPdf } from './load-pdf';
import { renderedFrame } from './page-geometry';
import { PdfText } from './pdf-text';
import type { PdfSigner } from './pdf-signer';
import { addLongTermValidation } from './long-term';
import { signDocument } from './sign-pdf';
import type { Timestamper } from './timestamp';
import { stampFieldsInto, type FieldValues } from './stamp-fields';

export type SealInput = {
  /** The document as sent (unsigned PDF). */
  original: Uint8Array;
  fields: TField[];
  values: FieldValues;
  /** `document.original_sha256` and `document.page_count` are filled in from `original`. */
  certificate: CompletionCertificate;
  signer: PdfSigner;
  /** Defaults to now. */
  signingTime?: Date;
  reason?: string;
  /** RFC 3161 timestamps: the signature's (B-T), then the DSS and a document timestamp (B-LT, B-LTA); without: B-B. */
  timestamper?: Timestamper;
};

export type SealedDocument = {
  bytes: Buffer;
  /** SHA-256 (hex) of `bytes`: what the verification page looks documents up by. */
  sha256: string;
  size: number;
  page_count: number;
  /** Rendered page sizes of the sealed file: the document's pages, then the certificate's. */
  pages: TPageSize[];
  certificate_pages: number;
};

/**
 * Builds the completed document in one pass: stamps the values (flattened), appends the
 * certificate of completion, applies the PAdES signature. The same inputs and `signingTime` give
 * byte-identical output (fonts are subset and tagged deterministically, pdf-lib's ids are seeded,
 * metadata dates are the signing time, RSA PKCS#1 v1.5 signatures are deterministic); only the
 * signing time, which defaults to now, varies between runs. Errors: 415 for an unreadable
 * original, 422 for a field on a missing page or a bad image value.
 */
export async function sealDocument(input: SealInput): Promise<SealedDocument> {
  const doc = await loadPdf(input.original);
  const originalPages = doc.getPageCount();
  const tools = { text: new PdfText(doc), images: new ImageCache(doc) };
  await stampFieldsInto(doc, input.fields, input.values, tools);
  const certificate: CompletionCertificate = {
    ...input.certificate,
    document: {
      ...input.certificate.document,
      original_sha256: createHash('sha256').update(input.original).digest('hex'),
      page_count: input.certificate.document.page_count ?? originalPages,
    },
  };
  const certificatePages = await appendCertificateInto(doc, certificate, tools);
  const pages = doc.getPages().map((page) => {
    const frame = renderedFrame(page);
    return { width: round(frame.width), height: round(frame.height) };
  });
  // The signature's token, kept to hand its certificates to the DSS (they were read when it came).
  let signatureToken: Buffer | null = null;
  const timestamper = input.timestamper;
  const signed = await signDocument(doc, input.signer, {
    ...(input.signingTime ? { signingTime: input.signingTime } : {}),
    ...(input.reason ? { reason: input.reason } : {}),
    ...(timestamper
      ? {
          timestamper: {
            reserve: timestamper.reserve,
            stamp: async (data: Buffer) => (signatureToken = await timestamper.stamp(data)),
          },
        }
      : {}),
  });
  // With a timestamp authority: B-T, then the DSS and a document timestamp (B-LT, B-LTA). The
  // DSS's certificates are the signer's chain and the token's (the ones the signature embeds),
  // else `addLongTermValidation` reads them from the signature.
  const tokenCertificates = signatureToken ? certificatesOfFetchedToken(signatureToken) : null;
  const bytes = timestamper
    ? await addLongTermValidation(signed, {
        timestamper,
        ...(tokenCertificates
          ? { certificates: uniqueCertificates([...input.signer.certificates, ...tokenCertificates]) }
          : {}),
      })
    : signed;
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    page_count: pages.length,
    pages,
    certificate_pages: certificatePages,
  };
}

function uniqueCertificates(certificates: Buffer[]): Buffer[] {
  return certificates.filter((der, i) => certificates.findIndex((other) => other.equals(der)) === i);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
