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

/**
 * The sizes a picture is read at, in turn, as a share of its own: ZXing misses some codes at one
 * size and reads them at another (a QR code drawn at 360 px with a fraction of a pixel per module:
 * 15 of 150 record addresses unread at full size, 2 of 150 after a second try at half size).
 */
export const PHOTO_SCALES = [1, 0.5] as const;

const unreadable = (error: unknown) =>
  error instanceof NotFoundException ||
  error instanceof ChecksumException ||
  error instanceof FormatException;

/** The code in a picture (a photo of a label), or null when none can be read at any of `PHOTO_SCALES`. */
export async function scanImage(file: Blob): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    // Rejects for a file that is not a picture.
    await image.decode();
    const codeReader = reader(true);
    for (const scale of PHOTO_SCALES) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
      canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('No canvas to read the picture on');
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      try {
        return codeReader.decodeFromCanvas(canvas).getText();
      } catch (error) {
        // No code found, or one too damaged to read at this size: the next size, else nothing.
        if (!unreadable(error)) throw error;
      }
    }
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
