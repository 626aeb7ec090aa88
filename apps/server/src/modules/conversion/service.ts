import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TFileInfo, TFontInfo, TPageEdit, TPageSize } from '@esigns/contracts/files';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { DownloadUrlOptions } from '../../platform/storage/storage';
import { detectInputKind, OFFICE_KINDS, type InputKind } from './detect-input';
import { assertCompanyFileRef, baseNameOfKey, cleanFileName, newDocumentKey, pdfNameOf } from './file-refs';
import { getFonts } from './fonts';
import { imageToPdf } from './image-to-pdf';
import { LibreOfficeConverter, type OfficeFormat } from './libreoffice';
import {
  addBlankPage,
  assertPageCount,
  buildEditedPdf,
  inspectPdf,
  mergePdfs,
  planPageEdits,
  type EditedPage,
  type InspectedPdf,
} from './pdf-ops';
import { documentFiles } from './schema';
import { loadConversionSettings, type ConversionLimits, type ConversionSettings } from './settings';
import { assertSafeZip } from './zip-guard';

/** What the document service needs of the platform (the separate converter builds only these). */
export type ConversionDeps = Pick<Platform, 'config' | 'log' | 'database' | 'storage'>;

/** Who asked, recorded as the file's creator. */
export type ConversionActor = { userId?: string | null };

/** A file received in a request. */
export type ConvertBuffer = { name: string; contentType?: string; data: Buffer };

/** A file to convert that is read when needed (a temporary file, a storage object). */
export type ConversionSource = { name: string; size: number; read: () => Promise<Buffer> };

/** `edit`'s answer with, for each new page, where it came from (to move fields with their pages). */
export type EditResult = { file: TFileInfo; pages: EditedPage[] };

/**
 * The document service, callable in-process (the main API) and behind the `/rest/esignature...`
 * routes. Every function is scoped by `companyId`: a `file_ref_id` outside
 * `companies/{companyId}/` or missing is 404. Every change yields a NEW immutable PDF at
 * `companies/{companyId}/documents/{uuid}.pdf` and answers its `TFileInfo` (no `url`: add one
 * with `withUrl`). Errors are `AppError`s with 4xx statuses for every bad input.
 */
export type ConversionService = {
  readonly limits: ConversionLimits;
  /** Where temporary files go (`CONVERTER_WORK_DIR`). */
  readonly workDir: string;
  /** PDFs of uploaded bytes (PDF kept as is; DOCX/DOC/ODT/RTF via LibreOffice; PNG/JPG). */
  convertBuffers(companyId: string, files: ConvertBuffer[], actor?: ConversionActor): Promise<TFileInfo[]>;
  /** The PDF of one raw upload already in storage (e.g. `companies/{cid}/uploads/...`). */
  convertStored(
    companyId: string,
    rawKey: string,
    file: { name: string; contentType?: string },
    actor?: ConversionActor,
  ): Promise<TFileInfo>;
  /** Several raw uploads at once: all are checked before any is converted. */
  convertStoredMany(
    companyId: string,
    files: { fileRefId: string; name?: string }[],
    actor?: ConversionActor,
  ): Promise<TFileInfo[]>;
  /** Files read on demand: all are checked before any is converted; none is kept on failure. */
  convertSources(
    companyId: string,
    sources: ConversionSource[],
    actor?: ConversionActor,
  ): Promise<TFileInfo[]>;
  /** One PDF of every page of the files, in order; named `name` or like the first file. */
  merge(companyId: string, fileRefIds: string[], name?: string, actor?: ConversionActor): Promise<TFileInfo>;
  /** A blank page after page `afterPage` (0: first), sized `size` or like its neighbour. */
  addPage(
    companyId: string,
    fileRefId: string,
    afterPage: number,
    size?: Partial<TPageSize>,
    actor?: ConversionActor,
  ): Promise<TFileInfo>;
  /** Rotate / delete / reorder pages, in order (see `planPageEdits`). */
  edit(companyId: string, fileRefId: string, edits: TPageEdit[], actor?: ConversionActor): Promise<TFileInfo>;
  /** `edit` that also says where each new page came from. */
  editWithPlan(
    companyId: string,
    fileRefId: string,
    edits: TPageEdit[],
    actor?: ConversionActor,
  ): Promise<EditResult>;
  /** A byte-for-byte copy under a new `file_ref_id`. */
  duplicate(companyId: string, fileRefId: string, actor?: ConversionActor): Promise<TFileInfo>;
  /** What is known of a PDF of the company. */
  info(companyId: string, fileRefId: string): Promise<TFileInfo>;
  /** `info` of several, in the order given. */
  infos(companyId: string, fileRefIds: string[]): Promise<TFileInfo[]>;
  /** The PDF's bytes. */
  readPdf(companyId: string, fileRefId: string): Promise<Buffer>;
  /** The info with a fresh signed download `url` (inline, offered as its `name`). */
  withUrl(info: TFileInfo, options?: DownloadUrlOptions): Promise<TFileInfo>;
  /** The fonts a field's text may use. */
  getFonts(): TFontInfo[];
  /** Conversions running and waiting in LibreOffice. */
  load(): { running: number; waiting: number };
  /** Stops LibreOffice conversions and removes their profiles. */
  close(): Promise<void>;
};

const services = new WeakMap<object, ConversionService>();

/**
 * The process's document service for this platform, made on first use with the settings of the
 * environment (`settings.ts`). The routes and the main API share it, so they share one
 * LibreOffice concurrency limit. Closed when the HTTP app closes.
 */
export function getConversionService(deps: ConversionDeps): ConversionService {
  let service = services.get(deps);
  if (!service) {
    service = createConversionService(deps);
    services.set(deps, service);
  }
  return service;
}

/** A document service with explicit settings (tests lower the limits). */
export function createConversionService(
  deps: ConversionDeps,
  overrides: {
    limits?: Partial<ConversionLimits>;
    libreOffice?: Partial<ConversionSettings['libreOffice']>;
  } = {},
): ConversionService {
  const base = loadConversionSettings();
  const limits: ConversionLimits = { ...base.limits, ...overrides.limits };
  const officeSettings = { ...base.libreOffice, ...overrides.libreOffice };
  const office = new LibreOfficeConverter(officeSettings, deps.log);
  const { storage } = deps;
  const db = deps.database.db;

  /** A checked input: its kind, and a PDF's pages (kept as they are, not read twice). */
  type Checked = { kind: InputKind; pages?: TPageSize[] };

  async function store(
    companyId: string,
    bytes: Uint8Array,
    pages: TPageSize[],
    names: { name: string; original_name: string },
    actor: ConversionActor | undefined,
  ): Promise<TFileInfo> {
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const key = newDocumentKey(companyId);
    const info: TFileInfo = {
      file_ref_id: key,
      name: names.name,
      original_name: names.original_name,
      mime_type: 'application/pdf',
      size: data.length,
      page_count: pages.length,
      pages,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
    await storage.put(key, data, 'application/pdf');
    try {
      await db.insert(documentFiles).values({
        companyId,
        fileRefId: key,
        name: info.name,
        originalName: info.original_name,
        size: info.size,
        pageCount: info.page_count,
        pages,
        sha256: info.sha256,
        createdBy: actor?.userId ?? null,
      });
    } catch (err) {
      await storage.delete(key).catch(() => undefined);
      throw err;
    }
    return info;
  }

  async function discard(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await db
      .delete(documentFiles)
      .where(inArray(documentFiles.fileRefId, keys))
      .catch(() => undefined);
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
  }

  async function readObject(companyId: string, fileRefId: string): Promise<Buffer> {
    assertCompanyFileRef(companyId, fileRefId);
    try {
      return await storage.get(fileRefId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound('File');
      throw err;
    }
  }

  async function info(companyId: string, fileRefId: string): Promise<TFileInfo> {
    assertCompanyFileRef(companyId, fileRefId);
    const [row] = await db
      .select()
      .from(documentFiles)
      .where(and(eq(documentFiles.fileRefId, fileRefId), eq(documentFiles.companyId, companyId)))
      .limit(1);
    if (row) return rowToInfo(row);
    // A PDF of the company stored by other code (not through this service): described from its bytes.
    const bytes = await readObject(companyId, fileRefId);
    const name = baseNameOfKey(fileRefId);
    const pdf = await inspectPdf(bytes, name, Number.MAX_SAFE_INTEGER).catch(() => {
      throw notFound('File');
    });
    return {
      file_ref_id: fileRefId,
      name,
      original_name: name,
      mime_type: 'application/pdf',
      size: bytes.length,
      page_count: pdf.pages.length,
      pages: pdf.pages,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  }

  async function loadPdf(
    companyId: string,
    fileRefId: string,
  ): Promise<{ info: TFileInfo; bytes: Buffer; pdf: InspectedPdf }> {
    const current = await info(companyId, fileRefId);
    const bytes = await readObject(companyId, fileRefId);
    const pdf = await inspectPdf(bytes, current.name, Number.MAX_SAFE_INTEGER);
    return { info: current, bytes, pdf };
  }

  function assertFileCount(count: number, key: string): void {
    if (count === 0) throw validationError([{ key, message: 'Add at least one file', path: [key] }]);
    if (count > limits.maxFilesPerCall) {
      throw validationError([
        { key, message: `At most ${limits.maxFilesPerCall} files at once (got ${count})`, path: [key] },
      ]);
    }
  }

  function assertSize(size: number, name: string): void {
    if (size > limits.maxFileBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', {
        message: `${name} is larger than the ${describeBytes(limits.maxFileBytes)} allowed`,
      });
    }
  }

  /** Everything that can be refused without converting: size, type, zip bombs, PDF checks. */
  async function check(source: ConversionSource): Promise<Checked> {
    assertSize(source.size, source.name);
    const bytes = await source.read();
    assertSize(bytes.length, source.name);
    const kind = await detectInputKind(bytes, source.name);
    if (kind === 'pdf') return { kind, pages: (await inspectPdf(bytes, source.name, limits.maxPages)).pages };
    if (kind === 'docx' || kind === 'odt') await assertSafeZip(bytes, source.name, limits.zip);
    return { kind };
  }

  async function convertOne(
    companyId: string,
    source: ConversionSource,
    { kind, pages }: Checked,
    actor: ConversionActor | undefined,
  ): Promise<TFileInfo> {
    const bytes = await source.read();
    const names = { name: pdfNameOf(source.name), original_name: source.name };
    // A PDF is stored byte for byte: it was fully checked already.
    if (kind === 'pdf' && pages) return store(companyId, bytes, pages, names, actor);
    let pdfBytes: Uint8Array;
    if (kind === 'png' || kind === 'jpeg') pdfBytes = await imageToPdf(bytes, kind, source.name, limits);
    else if (OFFICE_KINDS.has(kind))
      pdfBytes = await office.convertToPdf(bytes, kind as OfficeFormat, source.name);
    else throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: `${source.name} cannot be converted` });
    const pdf = await inspectPdf(pdfBytes, source.name, limits.maxPages);
    return store(companyId, pdfBytes, pdf.pages, names, actor);
  }

  async function convertSources(
    companyId: string,
    sources: ConversionSource[],
    actor?: ConversionActor,
  ): Promise<TFileInfo[]> {
    assertFileCount(sources.length, 'files');
    const named = sources.map((s) => ({ ...s, name: cleanFileName(s.name) }));
    const checked: Checked[] = [];
    for (const source of named) checked.push(await check(source));
    // Converted side by side, as many at once as LibreOffice may run (one file read per worker).
    const results = await mapSettled(named, officeSettings.concurrency, (source, i) =>
      convertOne(companyId, source, checked[i]!, actor),
    );
    const failure = results.find((r) => r.status === 'rejected');
    if (failure) {
      await discard(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.file_ref_id] : [])));
      throw failure.reason;
    }
    return results.map((r) => (r as PromiseFulfilledResult<TFileInfo>).value);
  }

  async function convertStoredMany(
    companyId: string,
    files: { fileRefId: string; name?: string }[],
    actor?: ConversionActor,
  ): Promise<TFileInfo[]> {
    assertFileCount(files.length, 'file_ref_ids');
    const sources: ConversionSource[] = [];
    for (const file of files) {
      assertCompanyFileRef(companyId, file.fileRefId);
      const head = await storage.head(file.fileRefId);
      if (!head) throw notFound('File');
      sources.push({
        name: file.name ?? baseNameOfKey(file.fileRefId),
        size: head.size,
        read: () => readObject(companyId, file.fileRefId),
      });
    }
    return convertSources(companyId, sources, actor);
  }

  async function editWithPlan(
    companyId: string,
    fileRefId: string,
    edits: TPageEdit[],
    actor?: ConversionActor,
  ): Promise<EditResult> {
    const { info: current, pdf } = await loadPdf(companyId, fileRefId);
    if (edits.length === 0) {
      throw validationError([{ key: 'edits', message: 'Give at least one page edit', path: ['edits'] }]);
    }
    const plan = planPageEdits(pdf.pages.length, edits);
    const bytes = await buildEditedPdf(pdf.doc, plan);
    const out = await inspectPdf(bytes, current.name, limits.maxPages);
    const file = await store(companyId, bytes, out.pages, current, actor);
    return { file, pages: plan };
  }

  return {
    limits,
    workDir: officeSettings.workDir,
    convertSources,
    convertStoredMany,
    async convertBuffers(companyId, files, actor) {
      return convertSources(
        companyId,
        files.map((f) => ({ name: f.name, size: f.data.length, read: async () => f.data })),
        actor,
      );
    },
    async convertStored(companyId, rawKey, file, actor) {
      const [result] = await convertStoredMany(companyId, [{ fileRefId: rawKey, name: file.name }], actor);
      return result!;
    },
    async merge(companyId, fileRefIds, name, actor) {
      assertFileCount(fileRefIds.length, 'file_ref_ids');
      const infos = await Promise.all(fileRefIds.map((ref) => info(companyId, ref)));
      const totalPages = infos.reduce((sum, i) => sum + i.page_count, 0);
      const label = name === undefined || name.trim() === '' ? infos[0]!.name : cleanFileName(name);
      assertPageCount(totalPages, limits.maxPages, label);
      const totalBytes = infos.reduce((sum, i) => sum + i.size, 0);
      if (totalBytes > limits.maxMergeBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', {
          message: `These files add up to more than the ${describeBytes(limits.maxMergeBytes)} one merge may hold`,
        });
      }
      const sources: InspectedPdf[] = [];
      for (const ref of fileRefIds) sources.push((await loadPdf(companyId, ref)).pdf);
      const bytes = await mergePdfs(sources.map((s) => s.doc));
      const out = await inspectPdf(bytes, label, limits.maxPages);
      return store(companyId, bytes, out.pages, { name: pdfNameOf(label), original_name: label }, actor);
    },
    async addPage(companyId, fileRefId, afterPage, size, actor) {
      const { info: current, pdf } = await loadPdf(companyId, fileRefId);
      const bytes = await addBlankPage(pdf, afterPage, size, limits.maxPages, current.name);
      const out = await inspectPdf(bytes, current.name, limits.maxPages);
      return store(companyId, bytes, out.pages, current, actor);
    },
    async edit(companyId, fileRefId, edits, actor) {
      return (await editWithPlan(companyId, fileRefId, edits, actor)).file;
    },
    editWithPlan,
    async duplicate(companyId, fileRefId, actor) {
      const current = await info(companyId, fileRefId);
      const bytes = await readObject(companyId, fileRefId);
      return store(companyId, bytes, current.pages, current, actor);
    },
    info,
    async infos(companyId, fileRefIds) {
      return Promise.all(fileRefIds.map((ref) => info(companyId, ref)));
    },
    readPdf: readObject,
    async withUrl(file, options) {
      const url = await storage.createDownloadUrl(file.file_ref_id, {
        fileName: file.name,
        disposition: 'inline',
        ...options,
      });
      return { ...file, url };
    },
    getFonts,
    load: () => office.load,
    close: () => office.close(),
  };
}

/** `fn` over every item, at most `limit` at a time, each outcome in the items' order. */
async function mapSettled<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await fn(items[index]!, index) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function rowToInfo(row: typeof documentFiles.$inferSelect): TFileInfo {
  return {
    file_ref_id: row.fileRefId,
    name: row.name,
    original_name: row.originalName,
    mime_type: 'application/pdf',
    size: row.size,
    page_count: row.pageCount,
    pages: row.pages,
    sha256: row.sha256,
  };
}

function describeBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
