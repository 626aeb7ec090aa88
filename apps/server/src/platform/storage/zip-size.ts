import yauzl from 'yauzl';

/** The most an uploaded spreadsheet (XLSX) may unpack to before it is refused as a zip bomb. */
export const MAX_XLSX_UNPACKED_BYTES = 200 * 1024 * 1024;

/**
 * The total uncompressed size a zip-based file (XLSX, DOCX) declares in its central directory,
 * read without inflating anything: the cheap check before a reader opens it (bytes, or a file on
 * disk, of which only the directory is read). Rejects when the bytes are no readable zip.
 */
export async function declaredUnpackedSize(bytes: Buffer | { path: string }): Promise<number> {
  const options = { lazyEntries: true, autoClose: false };
  const zip = Buffer.isBuffer(bytes)
    ? await yauzl.fromBufferPromise(bytes, options)
    : await yauzl.openPromise(bytes.path, options);
  try {
    let total = 0;
    for await (const entry of zip.eachEntry()) total += entry.uncompressedSize;
    return total;
  } finally {
    zip.close();
  }
}
