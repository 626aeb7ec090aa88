import { PDFArray, PDFDict, PDFName, type PDFDocument } from 'pdf-lib';
import type { TRemoveFieldsMode } from '@esigns/contracts/remove-fields';
import { validationError } from '../../platform/http/app-error';
import { OBJECTS_PER_TICK, loadPdf, looksLikePdf } from '../../platform/pdf/load-pdf';
import { removeFormFields } from '../../platform/pdf/stamp-fields';

/*
 * The PDF side of `POST /documents/files/remove-fields`: a PDF's own form fields taken off. With
 * `flatten` what each field shows is drawn into its page first (the sealing code's
 * `removeFormFields`: pdf-lib's flatten, or the widgets dropped when it cannot); with `remove` the
 * widgets go and nothing is drawn. Either way no widget and no `/AcroForm` is left. Anything that
 * is not a PDF, or a PDF that cannot be read or written, is 422 on `key`: never a 500.
 */

export type StrippedPdf = { bytes: Buffer; fields: number; widgets: number };

const isWidget = (annot: unknown): boolean =>
  annot instanceof PDFDict && annot.get(PDFName.of('Subtype'))?.toString() === '/Widget';

/** Widget annotations on every page. */
function countWidgets(doc: PDFDocument): number {
  let widgets = 0;
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (let i = 0; annots && i < annots.size(); i++) if (isWidget(annots.lookup(i))) widgets++;
  }
  return widgets;
}

/** Takes every widget off the pages (and dangling references to deleted ones), then the form. */
function dropWidgets(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annot = annots.lookup(i);
      if (annot === undefined || isWidget(annot)) annots.remove(i);
    }
  }
  doc.catalog.delete(PDFName.of('AcroForm'));
}

function fieldCount(doc: PDFDocument): number {
  try {
    return doc.getForm().getFields().length;
  } catch {
    return 0;
  }
}

/** `bytes` without form fields; 422 on `key` when they are not a readable PDF. */
export async function stripFormFields(
  bytes: Buffer,
  mode: TRemoveFieldsMode,
  key: string,
): Promise<StrippedPdf> {
  const refuse = (message: string) => validationError([{ key, path: [key], message }], message);
  if (!looksLikePdf(bytes)) throw refuse('The file is not a PDF');
  let doc: PDFDocument;
  try {
    doc = await loadPdf(bytes);
  } catch (err) {
    throw refuse(err instanceof Error ? `${err.message} (the PDF may be damaged)` : 'The PDF is damaged');
  }
  try {
    const fields = fieldCount(doc);
    const widgets = countWidgets(doc);
    if (mode === 'flatten') removeFormFields(doc);
    dropWidgets(doc);
    const out = await doc.save({ objectsPerTick: OBJECTS_PER_TICK });
    return { bytes: Buffer.from(out.buffer, out.byteOffset, out.byteLength), fields, widgets };
  } catch {
    throw refuse('The PDF is damaged: its form fields could not be removed');
  }
}
