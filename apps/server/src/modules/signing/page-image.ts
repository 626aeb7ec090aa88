import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { registerSentDocumentsListener, type SentDocument } from '../documents';

/**
 * The first page of a sent document as a PNG, drawn once by poppler's `pdftoppm` and kept in
 * storage beside the company's files, keyed by the file's SHA-256 (a new version of the file is a
 * new image). The signing view shows it while pdf.js, the file and the fields load (README "First
 * page image").
 */

/** Width of the image in pixels: a phone's page (390 CSS px at 3x) and a desktop's (<= 980 px). */
export const PAGE_IMAGE_WIDTH = 1000;
const RENDER_TIMEOUT_MS = 20_000;
/** Renders at once in this process (each is one pdftoppm); more wait their turn. */
const MAX_RENDERS = 2;
const PDFTOPPM = process.env.PDFTOPPM_PATH ?? 'pdftoppm';

/** Storage key of a file's first-page image. */
export const pageImageKey = (companyId: string, sha256: string) =>
  `companies/${companyId}/page-images/${sha256}-p1-w${PAGE_IMAGE_WIDTH}.png`;

const inflight = new Map<string, Promise<Buffer>>();
/** Images this process knows are stored (warming skips them without asking storage). */
const stored = new Set<string>();
const MAX_REMEMBERED = 10_000;
let running = 0;
const waiting: Array<() => void> = [];

/** The PNG of the document's (as sent) first page: from storage, else drawn now and stored. */
export async function firstPageImage(platform: Platform, document: SentDocument): Promise<Buffer> {
  const key = pageImageKey(document.companyId, document.file.sha256);
  if (stored.has(key) || (await platform.storage.head(key))) {
    remember(key);
    return platform.storage.get(key);
  }
  // Two signers opening at once draw it once.
  let pending = inflight.get(key);
  if (!pending) {
    pending = renderAndStore(platform, document.file.file_ref_id, key)
      .then((png) => {
        remember(key);
        return png;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  return pending;
}

/** How long the address of a stored first-page image given out with a drawn page works. */
const IMAGE_URL_SECONDS = 60 * 60;

/**
 * A time-limited address of the document's first-page image when it is stored already (null when
 * it is still to be drawn: nobody waits for it), for a page the server draws (landing-page.ts).
 */
export async function storedFirstPageImageUrl(
  platform: Platform,
  document: SentDocument,
): Promise<string | null> {
  const key = pageImageKey(document.companyId, document.file.sha256);
  if (!stored.has(key) && !(await platform.storage.head(key))) return null;
  remember(key);
  return platform.storage.createDownloadUrl(key, {
    expiresInSeconds: IMAGE_URL_SECONDS,
    fileName: 'page-1.png',
    disposition: 'inline',
  });
}

/**
 * Called when a recipient who may act is shown the record: the image is drawn now (in the
 * background) unless it is known to be stored, so that it is ready when their browser asks.
 */
export function warmFirstPageImage(platform: Platform, document: SentDocument): void {
  const key = pageImageKey(document.companyId, document.file.sha256);
  if (stored.has(key) || inflight.has(key)) return;
  firstPageImage(platform, document).catch((err: unknown) =>
    platform.log.warn({ err, documentId: document.id }, 'signing: the first page image could not be made'),
  );
}

function remember(key: string): void {
  if (stored.size >= MAX_REMEMBERED) stored.clear();
  stored.add(key);
}

async function renderAndStore(platform: Platform, fileKey: string, key: string): Promise<Buffer> {
  await turn();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'page-image-'));
  try {
    const pdf = path.join(dir, 'in.pdf');
    await writeFile(pdf, await platform.storage.get(fileKey));
    await drawFirstPage(pdf, path.join(dir, 'page'));
    const png = await readFile(path.join(dir, 'page.png'));
    await platform.storage.put(key, png, 'image/png');
    return png;
  } finally {
    await rm(dir, { recursive: true, force: true });
    running--;
    waiting.shift()?.();
  }
}

function turn(): Promise<void> {
  if (running < MAX_RENDERS) {
    running++;
    return Promise.resolve();
  }
  return new Promise((resolve) =>
    waiting.push(() => {
      running++;
      resolve();
    }),
  );
}

function drawFirstPage(pdf: string, outBase: string): Promise<void> {
  const args = ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to-x', String(PAGE_IMAGE_WIDTH)];
  args.push('-scale-to-y', '-1', pdf, outBase);
  return new Promise((resolve, reject) => {
    execFile(PDFTOPPM, args, { timeout: RENDER_TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (err, _out, stderr) => {
      if (!err) return resolve();
      reject(
        new AppError('SERVICE_UNAVAILABLE', {
          message: 'The page image could not be made',
          cause: new Error(`pdftoppm: ${err.message} ${String(stderr).slice(0, 300)}`),
        }),
      );
    });
  });
}

/**
 * Signing's listener of sends (module-hooks.ts): each sent file's first-page image is drawn now, in
 * the background, so that it is ready when the first recipient opens their link (the page the
 * server draws for the link offers it only once it exists: landing-page.ts). Once per file.
 */
export function registerFirstPageImageWarming(): void {
  registerSentDocumentsListener('signing.first-page-image', (platform, sent) => {
    const seen = new Set<string>();
    for (const document of sent) {
      const key = pageImageKey(document.companyId, document.file.sha256);
      if (seen.has(key)) continue;
      seen.add(key);
      warmFirstPageImage(platform, document);
    }
  });
}
