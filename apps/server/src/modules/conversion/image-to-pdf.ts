import { degrees, PDFDocument, type PDFImage } from 'pdf-lib';
import { AppError } from '../../platform/http/app-error';
import type { ConversionLimits } from './settings';

/** The largest page an image gets, in points (A4): larger images are scaled down to fit. */
const A4_SHORT = 595.28;
const A4_LONG = 841.89;

/**
 * A one-page PDF showing a PNG or JPEG: one image pixel per point, scaled down (never up) to fit
 * an A4 page in the image's orientation, and turned upright when a JPEG's EXIF says the camera
 * was held sideways. Refuses damaged images and images with too many pixels (422).
 */
export async function imageToPdf(
  bytes: Buffer,
  kind: 'png' | 'jpeg',
  fileName: string,
  limits: Pick<ConversionLimits, 'maxPngPixels' | 'maxJpegPixels'>,
): Promise<Uint8Array> {
  const size = kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size) throw damaged(fileName);
  const maxPixels = kind === 'png' ? limits.maxPngPixels : limits.maxJpegPixels;
  if (size.width * size.height > maxPixels) {
    throw new AppError('VALIDATION_FAILED', {
      message: `${fileName} is ${size.width} x ${size.height} pixels: at most ${Math.round(maxPixels / 1_000_000)} megapixels are accepted`,
    });
  }
  const doc = await PDFDocument.create();
  let image: PDFImage;
  try {
    // pdf-lib reads JPEGs through a DataView of the whole ArrayBuffer, ignoring the view's
    // offset: give it bytes that start at offset 0 (a pooled Buffer does not).
    const own = new Uint8Array(bytes);
    image = kind === 'png' ? await doc.embedPng(own) : await doc.embedJpg(own);
  } catch (err) {
    throw damaged(fileName, err);
  }
  const turn = kind === 'jpeg' ? exifTurn(bytes) : 0;
  const sideways = turn === 90 || turn === 270;
  const shownWidth = sideways ? image.height : image.width;
  const shownHeight = sideways ? image.width : image.height;
  const [boxWidth, boxHeight] = shownWidth > shownHeight ? [A4_LONG, A4_SHORT] : [A4_SHORT, A4_LONG];
  const scale = Math.min(1, boxWidth / shownWidth, boxHeight / shownHeight);
  const pageWidth = shownWidth * scale;
  const pageHeight = shownHeight * scale;
  const w = image.width * scale;
  const h = image.height * scale;
  const page = doc.addPage([pageWidth, pageHeight]);
  // drawImage turns counter-clockwise around (x, y); each origin puts the turned image on the page.
  switch (turn) {
    case 90:
      page.drawImage(image, { x: 0, y: pageHeight, width: w, height: h, rotate: degrees(-90) });
      break;
    case 180:
      page.drawImage(image, { x: pageWidth, y: pageHeight, width: w, height: h, rotate: degrees(180) });
      break;
    case 270:
      page.drawImage(image, { x: pageWidth, y: 0, width: w, height: h, rotate: degrees(90) });
      break;
    default:
      page.drawImage(image, { x: 0, y: 0, width: w, height: h });
  }
  return doc.save();
}

type Size = { width: number; height: number };

function pngSize(bytes: Buffer): Size | undefined {
  // Signature (8) + IHDR length (4) + "IHDR" (4) + width (4) + height (4).
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// Start-of-frame markers (baseline, progressive, lossless...); C4, C8 and CC are other segments.
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer): Size | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (SOF_MARKERS.has(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    if (marker === 0xda) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

/**
 * The clockwise turn that shows a JPEG upright, from its EXIF orientation (1 upright, 3 upside
 * down, 6 turned right, 8 turned left; the mirrored variants 2/4/5/7 are treated as their turn).
 */
export function exifTurn(bytes: Buffer): 0 | 90 | 180 | 270 {
  const orientation = exifOrientation(bytes);
  switch (orientation) {
    case 3:
    case 4:
      return 180;
    case 5:
    case 6:
      return 90;
    case 7:
    case 8:
      return 270;
    default:
      return 0;
  }
}

function exifOrientation(bytes: Buffer): number | undefined {
  let offset = 2;
  while (offset + 4 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === 0xe1 && bytes.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') {
      return readOrientation(bytes.subarray(offset + 10, offset + 2 + length));
    }
    offset += 2 + length;
  }
  return undefined;
}

function readOrientation(tiff: Buffer): number | undefined {
  if (tiff.length < 8) return undefined;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number): number => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number): number => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return undefined;
}

function damaged(fileName: string, cause?: unknown): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: `${fileName} is a damaged image and cannot be read`,
    ...(cause === undefined ? {} : { cause }),
  });
}
