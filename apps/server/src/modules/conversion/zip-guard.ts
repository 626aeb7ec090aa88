import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../platform/http/app-error';
import type { ConversionLimits } from './settings';

/**
 * Refuses a zip-based document (DOCX, ODT) that would blow up when opened, BEFORE LibreOffice
 * sees it (422): too many entries, a total uncompressed size over the cap, an entry compressed
 * suspiciously well, an encrypted entry, or a central directory that lies about its sizes. The
 * central directory is checked first (cheap); then every entry is inflated and counted, so a
 * zip that declares small sizes but inflates to more is caught too (yauzl also checks each
 * entry against its declared size). Nothing inflated is kept.
 */
export async function assertSafeZip(
  bytes: Buffer,
  fileName: string,
  limits: ConversionLimits['zip'],
): Promise<void> {
  const zip = await openZip(bytes, fileName);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw refused(fileName, `it holds ${zip.entryCount} parts (at most ${limits.maxEntries})`);
    }
    const entries: Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted()) {
        throw new AppError('VALIDATION_FAILED', {
          message: `${fileName} is password-protected: remove the password and upload it again`,
        });
      }
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes) throw tooBig(fileName, limits);
      if (
        entry.uncompressedSize > limits.ratioFloorBytes &&
        entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
      ) {
        throw refused(
          fileName,
          `one part expands ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times (at most ${limits.maxRatio})`,
        );
      }
      entries.push(entry);
    }
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      inflated += await countInflated(zip, entry, limits.maxUncompressedBytes - inflated, fileName, limits);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw damaged(fileName, err);
  } finally {
    zip.close();
  }
}

/** Entry names from the central directory; empty when the bytes are no readable zip. */
export async function listZipEntryNames(bytes: Buffer): Promise<string[]> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: false,
    });
  } catch {
    return [];
  }
  const names: string[] = [];
  try {
    // Zip-based formats name their main part early; a huge directory is not worth walking.
    for await (const entry of zip.eachEntry()) {
      names.push(entry.fileName);
      if (names.length >= 10_000) break;
    }
  } catch {
    // A damaged directory: what was read so far.
  } finally {
    zip.close();
  }
  return names;
}

async function openZip(bytes: Buffer, fileName: string): Promise<ZipFile> {
  try {
    return await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (err) {
    throw damaged(fileName, err);
  }
}

async function countInflated(
  zip: ZipFile,
  entry: Entry,
  budget: number,
  fileName: string,
  limits: ConversionLimits['zip'],
): Promise<number> {
  const stream = await zip.openReadStreamPromise(entry);
  let count = 0;
  try {
    for await (const chunk of stream) {
      count += (chunk as Buffer).length;
      if (count > budget) throw tooBig(fileName, limits);
    }
  } finally {
    stream.destroy();
  }
  return count;
}

function tooBig(fileName: string, limits: ConversionLimits['zip']): AppError {
  return refused(
    fileName,
    `it expands to more than ${Math.round(limits.maxUncompressedBytes / (1024 * 1024))} MB when opened`,
  );
}

function refused(fileName: string, why: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: `${fileName} cannot be converted safely: ${why}`,
  });
}

function damaged(fileName: string, cause: unknown): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: `${fileName} is damaged and cannot be opened`,
    cause,
  });
}
