import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { LibreOfficeSettings } from './settings';

export type OfficeFormat = 'docx' | 'doc' | 'odt' | 'rtf';

type Slot = { index: number; profileDir: string; child: ChildProcess | undefined };

const STDERR_KEEP = 4000;

/**
 * The user layer every slot's profile starts with. A document may link images by URL or by
 * path (DOCX `r:link`, ODT `xlink:href`, RTF `INCLUDEPICTURE`), and LibreOffice would fetch
 * them while converting: a request to any address the server can reach (SSRF), or a file of the
 * server's disk drawn into the PDF. `BlockUntrustedRefererLinks` stops both (checked against
 * both in the API tests); the unreachable proxy is a second lock on the network; macros never run.
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3'],
  ['/org.openoffice.Inet/Settings', 'ooInetProxyType', '2'],
  ['/org.openoffice.Inet/Settings', 'ooInetNoProxy', ''],
  ...['HTTP', 'HTTPS', 'FTP'].flatMap((scheme) => [
    ['/org.openoffice.Inet/Settings', `ooInet${scheme}ProxyName`, '127.0.0.1'],
    ['/org.openoffice.Inet/Settings', `ooInet${scheme}ProxyPort`, '9'],
  ]),
]
  .map(
    ([at, name, value]) =>
      `<item oor:path="${at}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`,
  )
  .join('\n')}
</oor:items>
`;

/**
 * Word-processor files to PDF with LibreOffice headless (`soffice --convert-to pdf`).
 *
 * - At most `concurrency` conversions run at once; each slot has its own LibreOffice profile
 *   (`-env:UserInstallation`), kept between conversions so that only the first one pays for
 *   creating it. Callers beyond that wait in a queue of at most `queueLimit` (503 beyond).
 * - A conversion running past `timeoutMs` is killed with its whole process group and its slot's
 *   profile is discarded (a killed LibreOffice may leave it locked or half-written).
 * - Each conversion works in its own temporary folder, removed whatever happens.
 * - No `soffice` on the server: 503 with a message saying so.
 */
/** LibreOffice ended by a signal or an error exit without writing the PDF (retried once). */
class SofficeCrashed extends Error {
  constructor(
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
  ) {
    super(`LibreOffice stopped (code ${code}, signal ${signal})`);
  }
}

export class LibreOfficeConverter {
  private readonly slots: Slot[];
  private readonly free: Slot[];
  private readonly waiting: { resolve: (slot: Slot) => void; reject: (err: Error) => void }[] = [];
  /** Made on the first conversion, so that an app that never converts leaves nothing behind. */
  private root: Promise<string> | undefined;
  private isClosed = false;

  constructor(
    private readonly settings: LibreOfficeSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.slots = Array.from({ length: settings.concurrency }, (_, index) => ({
      index,
      profileDir: '',
      child: undefined,
    }));
    this.free = [...this.slots];
  }

  /** Conversions running and waiting right now. */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.length - this.free.length, waiting: this.waiting.length };
  }

  /** The PDF of `bytes`, a document of `format`. */
  async convertToPdf(bytes: Buffer, format: OfficeFormat, fileName: string): Promise<Buffer> {
    const slot = await this.acquire();
    try {
      try {
        return await this.run(slot, bytes, format, fileName);
      } catch (err) {
        // LibreOffice that stopped abnormally (a signal, an error exit: a busy machine, a damaged
        // profile) says nothing about the file: once more with a fresh profile before blaming it.
        if (!(err instanceof SofficeCrashed)) throw err;
        this.log.warn(
          { fileName, code: err.code, signal: err.signal },
          'LibreOffice stopped: converting again',
        );
        await rm(slot.profileDir, { recursive: true, force: true }).catch(() => undefined);
        try {
          return await this.run(slot, bytes, format, fileName);
        } catch (again) {
          if (!(again instanceof SofficeCrashed)) throw again;
          throw new AppError('VALIDATION_FAILED', {
            message: `${fileName} could not be converted to PDF: LibreOffice stopped twice while reading it (it may be damaged); save it as PDF and upload that`,
          });
        }
      }
    } finally {
      this.release(slot);
    }
  }

  /** Kills running conversions, refuses new ones, removes the profiles. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const slot of this.slots) if (slot.child) killGroup(slot.child);
    for (const waiter of this.waiting.splice(0))
      waiter.reject(unavailable('The document service is shutting down'));
    const root = await this.root?.catch(() => undefined);
    if (root) await rm(root, { recursive: true, force: true }).catch(() => undefined);
  }

  private acquire(): Promise<Slot> {
    if (this.isClosed) return Promise.reject(unavailable('The document service is shutting down'));
    const slot = this.free.pop();
    if (slot) return Promise.resolve(slot);
    if (this.waiting.length >= this.settings.queueLimit) {
      return Promise.reject(
        new AppError('SERVICE_UNAVAILABLE', {
          message: 'Too many documents are being converted right now: try again in a minute',
        }),
      );
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next.resolve(slot);
    else this.free.push(slot);
  }

  private rootDir(): Promise<string> {
    this.root ??= mkdir(this.settings.workDir, { recursive: true })
      .then(() => mkdtemp(path.join(this.settings.workDir, 'esigns-soffice-')))
      .catch((err: unknown) => {
        // Tried again on the next conversion (the folder may become writable).
        this.root = undefined;
        throw unavailable('The document service cannot write its temporary files', err);
      });
    return this.root;
  }

  private async run(slot: Slot, bytes: Buffer, format: OfficeFormat, fileName: string): Promise<Buffer> {
    const root = await this.rootDir();
    if (slot.profileDir === '') slot.profileDir = path.join(root, `profile-${slot.index}`);
    await ensureProfile(slot.profileDir);
    const workDir = await mkdtemp(path.join(root, 'job-'));
    try {
      const input = path.join(workDir, `document.${format}`);
      await writeFile(input, bytes);
      const outDir = path.join(workDir, 'out');
      const started = Date.now();
      const result = await this.spawnSoffice(slot, [
        `-env:UserInstallation=${pathToFileURL(slot.profileDir).href}`,
        '--headless',
        '--invisible',
        '--nodefault',
        '--nofirststartwizard',
        '--nolockcheck',
        '--nologo',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        input,
      ]);
      if (result.timedOut) {
        // A killed LibreOffice may leave its profile locked or damaged: start the next one afresh.
        await rm(slot.profileDir, { recursive: true, force: true }).catch(() => undefined);
        throw new AppError('VALIDATION_FAILED', {
          message: `${fileName} took too long to convert (over ${Math.round(this.settings.timeoutMs / 1000)} s): simplify it or save it as PDF and upload that`,
        });
      }
      const pdf = await readFile(path.join(outDir, 'document.pdf')).catch(() => undefined);
      if (!pdf || pdf.length === 0) {
        this.log.warn(
          { code: result.code, signal: result.signal, stderr: result.stderr, fileName },
          'LibreOffice produced no PDF',
        );
        if (result.signal !== null || (result.code !== null && result.code !== 0)) {
          throw new SofficeCrashed(result.code, result.signal);
        }
        throw new AppError('VALIDATION_FAILED', {
          message: `${fileName} could not be converted to PDF: it may be damaged or password-protected`,
        });
      }
      this.log.debug({ ms: Date.now() - started, format, bytes: bytes.length }, 'converted with LibreOffice');
      return pdf;
    } finally {
      await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private spawnSoffice(
    slot: Slot,
    args: string[],
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; timedOut: boolean }> {
    return new Promise((resolve, reject) => {
      let child: ChildProcess;
      try {
        // Its own process group, so that a time-out kills soffice.bin and its helpers too.
        child = spawn(this.settings.sofficePath, args, {
          detached: true,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
      } catch (err) {
        reject(missingSoffice(this.settings.sofficePath, err));
        return;
      }
      slot.child = child;
      let stderr = '';
      let timedOut = false;
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        if (stderr.length < STDERR_KEEP) stderr += chunk.slice(0, STDERR_KEEP - stderr.length);
      });
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child);
      }, this.settings.timeoutMs);
      child.once('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        slot.child = undefined;
        if (err.code === 'ENOENT' || err.code === 'EACCES')
          reject(missingSoffice(this.settings.sofficePath, err));
        else
          reject(
            new AppError('SERVICE_UNAVAILABLE', { message: 'LibreOffice could not be started', cause: err }),
          );
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        slot.child = undefined;
        // Helpers LibreOffice left behind in the group (normally none).
        killGroup(child);
        resolve({ code, signal, stderr, timedOut });
      });
    });
  }
}

/** A new profile gets the locked-down settings; LibreOffice keeps them when it fills the rest in. */
async function ensureProfile(profileDir: string): Promise<void> {
  const settings = path.join(profileDir, 'user', 'registrymodifications.xcu');
  const exists = await access(settings).then(
    () => true,
    () => false,
  );
  if (exists) return;
  await mkdir(path.dirname(settings), { recursive: true });
  await writeFile(settings, PROFILE_SETTINGS);
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function missingSoffice(sofficePath: string, cause: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', {
    message: `Word documents (DOCX, DOC, ODT, RTF) cannot be converted on this server: LibreOffice (${sofficePath}) is not installed. Upload a PDF or an image, or ask your administrator to install LibreOffice.`,
    cause,
  });
}

function unavailable(message: string, cause?: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', { message, ...(cause === undefined ? {} : { cause }) });
}
