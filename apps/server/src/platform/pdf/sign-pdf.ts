import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { PDFDocument, SaveOptions } from 'pdf-lib';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding';
import { buildCmsSignature } from './cms';
import { loadPdf, OBJECTS_PER_TICK } from './load-pdf';
import type { PdfSigner } from './pdf-signer';
import type { Timestamper } from './timestamp';

export type SignOptions = {
  /** Defaults to now. Written to `/M` and the document's ModDate; fixes the output for equal inputs. */
  signingTime?: Date;
  /** Defaults to "Sealed by e-Signs". */
  reason?: string;
  /** An RFC 3161 timestamp over the signature value (PAdES B-T); without: B-B. */
  timestamper?: Timestamper;
};

/**
 * How a sealed document is written (bench/seal's floor saves with the same): no object streams
 * (@signpdf finds the signature's placeholder in the bytes, which it could not inside a
 * compressed object stream); no field appearances generated (the only field left is the
 * invisible seal, which must not show up as something to fill in); few yields to the event loop.
 */
export const SEAL_SAVE_OPTIONS: SaveOptions = {
  useObjectStreams: false,
  updateFieldAppearances: false,
  objectsPerTick: OBJECTS_PER_TICK,
};

export const DEFAULT_SEAL_REASON = `Sealed by ${DEFAULT_BRANDING.app_name}`;

/** Our CMS signer in the shape @signpdf/signpdf expects. */
class CmsSigner extends Signer {
  constructor(
    private readonly signer: PdfSigner,
    private readonly timestamper: Timestamper | undefined,
  ) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const timestamper = this.timestamper;
    return buildCmsSignature(
      pdfBuffer,
      this.signer,
      timestamper ? { timestamp: (value) => timestamper.stamp(value) } : {},
    );
  }
}

/**
 * Applies a PAdES baseline-B signature (`ETSI.CAdES.detached`, SHA-256) covering the whole file:
 * the document is rewritten once with an invisible signature field on its last page, then the
 * CMS is computed over every byte but the `/Contents` placeholder. Any later byte change makes
 * the signature invalid in every PDF reader. Unreadable input -> 415.
 */
export async function signPdf(
  pdfBytes: Uint8Array,
  signer: PdfSigner,
  options: SignOptions = {},
): Promise<Buffer> {
  const doc = await loadPdf(pdfBytes);
  return signDocument(doc, signer, options);
}

/** Signs an open document (its last save): what `sealDocument` uses after stamping. */
export async function signDocument(
  doc: PDFDocument,
  signer: PdfSigner,
  options: SignOptions = {},
): Promise<Buffer> {
  const signingTime = options.signingTime ?? new Date();
  // Metadata reflects the seal, deterministically (pdf-lib would otherwise write "now").
  doc.setModificationDate(signingTime);
  doc.setProducer(`${DEFAULT_BRANDING.app_name} (pdf-lib)`);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: doc.getPage(doc.getPageCount() - 1),
    reason: pdfText(options.reason ?? DEFAULT_SEAL_REASON),
    contactInfo: pdfText(signer.contactInfo),
    name: pdfText(signer.name),
    location: pdfText(signer.location),
    signingTime,
    signatureLength: placeholderLength(signer, options.timestamper),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: [0, 0, 0, 0],
    appName: DEFAULT_BRANDING.app_name,
  });
  const written = await doc.save(SEAL_SAVE_OPTIONS);
  const saved = Buffer.from(written.buffer, written.byteOffset, written.byteLength);
  return new SignPdf().sign(saved, new CmsSigner(signer, options.timestamper), signingTime);
}

/**
 * Hex digits reserved for the CMS (two per byte, so always even: an odd length makes @signpdf pad
 * one digit short and shifts every later offset): certificates, ~1.5 KB of structure and
 * signature, and margin; plus the timestamp token's room when timestamped.
 */
function placeholderLength(signer: PdfSigner, timestamper: Timestamper | undefined): number {
  const certificates = signer.certificates.reduce((sum, c) => sum + c.length, 0);
  return 2 * (certificates + 4096 + (timestamper?.reserve ?? 0));
}

/**
 * @signpdf writes these as PDF literal strings without escaping: keep printable ASCII only and
 * drop the characters that would end or escape the string.
 */
function pdfText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[()\\]/g, '')
    .slice(0, 200);
}
