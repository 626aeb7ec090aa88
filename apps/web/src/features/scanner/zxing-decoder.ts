import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser';
import {
  BarcodeFormat,
  ChecksumException,
  DecodeHintType,
  FormatException,
  NotFoundException,
} from '@zxing/library';

/*
 * The barcode reader (ZXing), in its own chunk: only the scanner loads it (`import()`), when the
 * camera starts or a photo is read. QR codes and the common 1D and 2D codes.
 */

const FORMATS = [
  BarcodeFormat.QR_CODE,
  BarcodeFormat.CODE_128,
  BarcodeFormat.CODE_39,
  BarcodeFormat.CODE_93,
  BarcodeFormat.EAN_13,
  BarcodeFormat.EAN_8,
  BarcodeFormat.UPC_A,
  BarcodeFormat.UPC_E,
  BarcodeFormat.ITF,
  BarcodeFormat.CODABAR,
  BarcodeFormat.DATA_MATRIX,
  BarcodeFormat.PDF_417,
];

function reader(tryHarder: boolean): BrowserMultiFormatReader {
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, FORMATS]]);
  if (tryHarder) hints.set(DecodeHintType.TRY_HARDER, true);
  return new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 150 });
}

export type StopScanning = () => void;

/** Reads codes from the camera stream shown in `video` until stopped; `onCode` for each read. */
export async function scanStream(
  stream: MediaStream,
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<StopScanning> {
  const controls: IScannerControls = await reader(false).decodeFromStream(stream, video, (result) => {
    if (result) onCode(result.getText());
  });
  return () => controls.stop();
}

/** The code in a picture (a photo of a label), or null when none can be read. */
export async function scanImage(file: Blob): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    const result = await reader(true).decodeFromImageUrl(url);
    return result.getText();
  } catch (error) {
    // No code found, or one too damaged to read: nothing readable in the picture.
    const unreadable =
      error instanceof NotFoundException ||
      error instanceof ChecksumException ||
      error instanceof FormatException;
    if (unreadable) return null;
    throw error;
  } finally {
    URL.revokeObjectURL(url);
  }
}
