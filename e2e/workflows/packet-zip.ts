import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yauzl from 'yauzl';

// Reading what the staff downloaded: the packet's ZIP entry by entry, and a sealed PDF checked by
// poppler's pdfsig (installed with the suite's system packages) as any reader would.

/** Every entry of the ZIP at `file`: name -> bytes. */
export async function zipEntries(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  try {
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      entries.set(entry.fileName, Buffer.concat(chunks));
    }
  } finally {
    zip.close();
  }
  return entries;
}

const run = promisify(execFile);

/** What `pdfsig` says of a PDF's signatures (its whole report). */
export async function pdfSignatureReport(pdf: Buffer): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'esigns-e2e-pdf-')), 'sealed.pdf');
  writeFileSync(file, pdf);
  const { stdout } = await run('pdfsig', [file]);
  return stdout;
}
