import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ZFileInfosReply, ZFontInfo, ZPageEdit, type TFileInfo } from '@esigns/contracts/files';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { AppError } from '../../platform/http/app-error';
import { authOf, requireAuth } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import { enableMultipart, readMultipart } from '../../platform/http/file-upload';
import { accessOf, loadAccess } from '../permissions';
import { assertCompanyQuery, cleanFileName } from './file-refs';
import {
  getConversionService,
  type ConversionDeps,
  type ConversionService,
  type ConversionSource,
} from './service';

/** The three generations of the document service's paths; all serve the same calls. */
export const SERVICE_PREFIXES = ['/rest/esignature', '/rest/esignaturev4', '/rest/esignaturev5'] as const;

const TAGS = ['document-service'];
const SECURITY = [{ bearer: [] }];
const MAX_REFS_PER_READ = 100;
/** Largest page side a PDF allows (200 inches). */
const MAX_PAGE_SIDE = 14_400;

const ZCompanyQuery = z.object({
  company_id: z
    .string()
    .optional()
    .describe("The caller's company: `<uuid>`, or `prod/<uuid>` (v4). Another company's id gives 403."),
});

const ZFileRef = z.string().min(1).max(512).describe('A `file_ref_id` (storage key) of the caller’s company');

const ZConvertJson = z.object({
  file_ref_ids: z.array(ZFileRef).min(1),
  names: z.array(z.string().max(255)).optional().describe('Original file names, in the same order'),
});

const ZMergeBody = z.object({
  file_ref_ids: z.array(ZFileRef).min(1),
  name: z.string().max(200).optional().describe('Name of the merged file (default: the first file’s)'),
});
const ZFilesBody = z.object({ file_ref_ids: z.array(ZFileRef).min(1).max(MAX_REFS_PER_READ) });
const ZAddPageBody = z.object({
  file_ref_id: ZFileRef,
  after_page: z.number().int().min(0).describe('Insert after this page; 0 puts the new page first'),
  width: z.number().positive().max(MAX_PAGE_SIDE).optional().describe('Points; default: the neighbour page'),
  height: z.number().positive().max(MAX_PAGE_SIDE).optional().describe('Points; default: the neighbour page'),
});
const ZEditBody = z.object({ file_ref_id: ZFileRef, edits: z.array(ZPageEdit).min(1).max(1000) });
const ZDuplicateBody = z.object({ file_ref_id: ZFileRef });
const ZRetrieveQuery = ZCompanyQuery.extend({
  fileName: ZFileRef.describe('The `file_ref_id` of the file'),
});

const ZReply = ZSuccess(ZFileInfosReply);
const ZFontsReply = ZSuccess(ZFileInfosReply.extend({ fonts: z.array(ZFontInfo) }));
const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
const FILE_ERRORS = { ...ERRORS, 413: ZErrorBody, 415: ZErrorBody, 503: ZErrorBody };

const LIMITS_TEXT =
  'Limits: 50 MB per file, 20 files per call, 500 pages per document. Every answer is a NEW immutable PDF ' +
  'at `companies/{company_id}/documents/{uuid}.pdf`; `url` is a signed download link valid for one hour.';

/**
 * The document service's HTTP face at the root (`/rest/esignature`, `/rest/esignaturev4`,
 * `/rest/esignaturev5`), in its own plugin scope (multipart parsing stays here). Mounted in the
 * API process by default and by `converter.ts` on its own.
 */
export async function registerConversionRoutes(app: FastifyInstance, deps: ConversionDeps): Promise<void> {
  const service = getConversionService(deps);
  app.addHook('onClose', async () => service.close());
  await app.register(async (scope) => {
    await enableMultipart(scope, {
      fileSize: service.limits.maxFileBytes,
      files: service.limits.maxFilesPerCall,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: service.limits.maxFilesPerCall + 20,
    });
    // A refused upload is answered before its body is read: close the connection rather than
    // make the client send the rest for nothing.
    scope.addHook('onSend', async (request, reply) => {
      if (reply.statusCode >= 400 && !request.raw.complete) void reply.header('connection', 'close');
    });
    for (const prefix of SERVICE_PREFIXES) registerVersion(scope, deps, service, prefix);
  });
}

function registerVersion(
  scope: FastifyInstance,
  deps: ConversionDeps,
  service: ConversionService,
  prefix: string,
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const write = access(deps, 'documents:create');
  const read = access(deps, 'documents:view');
  const urls = (files: TFileInfo[]) => Promise.all(files.map((f) => service.withUrl(f)));
  const reply = async (files: TFileInfo[], message?: string) => ok({ fileInfos: await urls(files) }, message);

  r.post(
    `${prefix}/convertFiles`,
    {
      onRequest: write,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Convert files to PDF (one PDF per file)',
        description: [
          'Either `multipart/form-data` with one or more file parts (field `files`), or JSON',
          '`{ file_ref_ids, names? }` naming raw uploads already in storage. Accepted: PDF (kept byte for',
          'byte), DOCX, DOC, ODT, RTF (through LibreOffice), PNG and JPG (one page sized to the image,',
          'at most A4). The type is read from the bytes, not the name: a DOCX named `.pdf` is converted as',
          'the DOCX it is. All files are checked before any is converted. Refused: an empty file (422),',
          'a file over 50 MB (413), an unknown type (415), a damaged or password-protected PDF or',
          'document (422), a DOCX/ODT that would expand past 200 MB or 100x (422), more than 500 pages',
          `(422). Without LibreOffice on the server, word-processor files get 503. ${LIMITS_TEXT}`,
        ].join(' '),
        querystring: ZCompanyQuery,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: ZReply, ...FILE_ERRORS },
      },
    },
    async (request) => {
      const { companyId, userId } = accessOf(request);
      if (request.isMultipart()) {
        const files = await withUploads(request, service, (sources) =>
          service.convertSources(companyId, sources, { userId }),
        );
        return reply(files, 'Files converted');
      }
      const body = ZConvertJson.parse(request.body ?? {});
      const files = await service.convertStoredMany(
        companyId,
        body.file_ref_ids.map((fileRefId, i) => ({ fileRefId, name: body.names?.[i] })),
        { userId },
      );
      return reply(files, 'Files converted');
    },
  );

  r.post(
    `${prefix}/mergeFiles`,
    {
      onRequest: write,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Merge PDFs into one, in the order given',
        description: `The merged file has every page of each file in order (at most 500 in all). ${LIMITS_TEXT}`,
        querystring: ZCompanyQuery,
        body: ZMergeBody,
        response: { 200: ZReply, ...FILE_ERRORS },
      },
    },
    async (request) => {
      const { companyId, userId } = accessOf(request);
      const { file_ref_ids, name } = request.body;
      return reply([await service.merge(companyId, file_ref_ids, name, { userId })], 'Files merged');
    },
  );

  r.post(
    `${prefix}/files`,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Describe files, with fresh download links',
        description: `At most ${MAX_REFS_PER_READ} ids; an unknown id or another company's is 404.`,
        querystring: ZCompanyQuery,
        body: ZFilesBody,
        response: { 200: ZReply, ...ERRORS },
      },
    },
    async (request) => reply(await service.infos(accessOf(request).companyId, request.body.file_ref_ids)),
  );

  r.post(
    `${prefix}/addNewPage`,
    {
      onRequest: write,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Insert a blank page',
        description: `A blank page after page \`after_page\` (0..page count; 0 puts it first), sized \`width\` x \`height\` points or like the page before it (the first page when inserting first), as rendered. ${LIMITS_TEXT}`,
        querystring: ZCompanyQuery,
        body: ZAddPageBody,
        response: { 200: ZReply, ...ERRORS },
      },
    },
    async (request) => {
      const { companyId, userId } = accessOf(request);
      const { file_ref_id, after_page, width, height } = request.body;
      const file = await service.addPage(companyId, file_ref_id, after_page, { width, height }, { userId });
      return reply([file], 'Page added');
    },
  );

  r.post(
    `${prefix}/edit`,
    {
      onRequest: write,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Rotate, delete or reorder pages',
        description: [
          'Edits apply in order, each to the pages as they are at that point (pages are 1-based):',
          '`{op:"rotate", page, degrees}` turns a page clockwise (90, 180, 270, -90);',
          '`{op:"delete", page}` removes it (the last page left cannot be deleted: 422);',
          '`{op:"reorder", order}` lists every page once in the new order. A bad page number gives 422',
          'with `errors.details[].key` `edits.{i}.page` or `edits.{i}.order`. Deleted pages are not kept',
          `anywhere in the new file. ${LIMITS_TEXT}`,
        ].join(' '),
        querystring: ZCompanyQuery,
        body: ZEditBody,
        response: { 200: ZReply, ...ERRORS },
      },
    },
    async (request) => {
      const { companyId, userId } = accessOf(request);
      const { file_ref_id, edits } = request.body;
      return reply([await service.edit(companyId, file_ref_id, edits, { userId })], 'File edited');
    },
  );

  r.post(
    `${prefix}/duplicateFile`,
    {
      onRequest: write,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Copy a file under a new file_ref_id',
        querystring: ZCompanyQuery,
        body: ZDuplicateBody,
        response: { 200: ZReply, ...ERRORS },
      },
    },
    async (request) => {
      const { companyId, userId } = accessOf(request);
      return reply(
        [await service.duplicate(companyId, request.body.file_ref_id, { userId })],
        'File duplicated',
      );
    },
  );

  r.get(
    `${prefix}/retrieveUnsignedFile`,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'One file with a fresh download link',
        description: '`fileName` is the `file_ref_id`. An unknown id or another company’s is 404.',
        querystring: ZRetrieveQuery,
        response: { 200: ZReply, ...ERRORS },
      },
    },
    async (request) => reply([await service.info(accessOf(request).companyId, request.query.fileName)]),
  );

  r.get(
    `${prefix}/getFonts`,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Fonts available for field text',
        description:
          'Each font with its label and the scripts (ISO 15924) it can write; `fileInfos` is empty.',
        querystring: ZCompanyQuery,
        response: { 200: ZFontsReply, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async () => ok({ fileInfos: [], fonts: service.getFonts() }),
  );
}

/**
 * onRequest hooks: a valid bearer token, an active membership with `slug` (like
 * `requirePermission`, built from the same parts so that the separate converter needs only the
 * database and storage), then a `company_id` query that names the token's company, if any.
 */
function access(deps: ConversionDeps, slug: PermissionSlug): onRequestAsyncHookHandler[] {
  return [
    requireAuth(deps.config.secrets.jwtSecret),
    async (request) => {
      const access = await loadAccess(deps.database.db, authOf(request));
      if (!hasPermission(access, slug)) {
        throw new AppError('FORBIDDEN', { message: `You do not have permission to do this (${slug})` });
      }
      request.access = access;
      const query = (request.query ?? {}) as Record<string, unknown>;
      const named = query.company_id;
      if (named !== undefined && typeof named !== 'string') {
        throw new AppError('FORBIDDEN', {
          message: 'company_id does not match the workspace you are signed in to',
        });
      }
      assertCompanyQuery(access.companyId, named);
    },
  ];
}

/**
 * Receives the request's file parts into a temporary folder (never more than one file in
 * memory), runs `work` on them, and removes the folder whatever happens.
 */
async function withUploads<T>(
  request: FastifyRequest,
  service: ConversionService,
  work: (sources: ConversionSource[]) => Promise<T>,
): Promise<T> {
  const { limits } = service;
  // A body that cannot fit the limits is refused before any of it is read.
  const declared = Number(request.headers['content-length']);
  if (declared > limits.maxFilesPerCall * limits.maxFileBytes + 1024 * 1024) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      message: `The upload is too large: at most ${limits.maxFilesPerCall} files of 50 MB each`,
    });
  }
  await mkdir(service.workDir, { recursive: true });
  const dir = await mkdtemp(path.join(service.workDir, 'esigns-upload-'));
  try {
    const sources: ConversionSource[] = [];
    // Each file goes straight to disk: never more than one in memory.
    await readMultipart(request, {
      maxBytes: limits.maxFileBytes,
      maxFiles: limits.maxFilesPerCall,
      onFile: async (part) => {
        const name = cleanFileName(part.filename);
        const target = path.join(dir, String(sources.length));
        let size = 0;
        part.file.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        await pipeline(part.file, createWriteStream(target));
        if (part.file.truncated) throw tooLarge(name, limits.maxFileBytes);
        sources.push({ name, size, read: () => readFile(target) });
      },
    });
    return await work(sources);
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

function tooLarge(name: string, maxFileBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    message: `${name} is larger than the ${Math.round(maxFileBytes / (1024 * 1024))} MB allowed`,
  });
}
