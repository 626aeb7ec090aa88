import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import {
  MAX_BASE64_FILE_BYTES,
  MAX_BASE64_FILES,
  MAX_BASE64_TOTAL_BYTES,
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILES,
  ZBase64File,
  ZFilesDataRequest,
  ZUploadedFile,
} from '@esigns/contracts/uploads';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { saveCompanyLogo } from '../company';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import { decodeBase64File, decodeBase64Files } from './base64-files';
import { checkFiles, filesData, storeFiles, type IncomingFile, type UploadKind } from './file-uploads';
import { enableMultipart } from '../../platform/http/file-upload';
import { readFiles } from './multipart';
import { ERRORS, security } from './route-schemas';

const tags = ['uploads'];
/** Whoever may put a file somewhere: documents, templates, records, forms, the files area. */
const UPLOADERS: PermissionSlug[] = [
  'files:upload',
  'documents:create',
  'templates:create',
  'entity-data:create',
  'entity-data:update',
  'form-builders:fill',
];
const WHO =
  'Needs one of `files:upload`, `documents:create`, `templates:create`, `entity-data:create`, `entity-data:update`, `form-builders:fill`.';
const WHO_OR_VIEW = `${WHO.slice(0, -1)}, or \`files:view\`.`;
const LOGO_MAX_BYTES = 1024 * 1024;
/** Base64 grows 4/3; a little room for the JSON around it. */
const base64Body = (bytes: number): number => Math.ceil((bytes * 4) / 3) + 256 * 1024;

const TYPES_DOC =
  'Accepted by content (the declared type must match it, 415 otherwise; `application/octet-stream` lets the ' +
  'content decide): PDF, PNG, JPEG, GIF, WebP, BMP, TIFF, HEIC, DOCX, DOC, XLSX, XLS, PPTX, PPT, ODT, ODS, ODP, ' +
  'RTF, CSV, plain text. Never HTML, SVG, archives or programs. A damaged PDF is 422; an empty file 422.';
const ANSWER_DOC =
  "Each file answers `file_ref_id` (a key of the caller's company, usable as a file value of records), name, " +
  'type, size, SHA-256 and a signed `url` valid one hour (`/files-data` gives a fresh one).';

/** 413 at once when the declared body cannot fit, before any byte is read. */
function capBody(maxBytes: number): onRequestAsyncHookHandler {
  return async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The upload is larger than this call accepts' });
    }
  };
}

/**
 * The general uploads of spec 2 §7 "File upload": multipart (`/upload/file-upload-s3`,
 * `/VideoUpload`, `/upload/company-logo-upload-s3`), base64 JSON (`/upload/base64SingleFileUpload`,
 * `/base64MultiFileUpload`) and `/files-data`. Every file goes through the storage platform.
 */
export async function registerFileUploadRoutes(api: FastifyInstance, platform: Platform): Promise<void> {
  const fileCap = Math.min(MAX_UPLOAD_FILE_BYTES, platform.config.uploadLimitBytes);
  const videoCap = platform.config.uploadLimitBytes;
  const store = async (
    request: Parameters<typeof accessOf>[0],
    files: IncomingFile[],
    kind: UploadKind,
    pathOf: (i: number) => (string | number)[],
  ) => {
    const checked = await checkFiles(files, kind, pathOf);
    return storeFiles(platform, accessOf(request), checked, kind);
  };

  await api.register(async (scope) => {
    await enableMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.put(
      '/upload/file-upload-s3',
      {
        onRequest: [
          ...requireAnyPermission(platform, UPLOADERS),
          capBody(MAX_UPLOAD_FILES * fileCap + 2 ** 20),
        ],
        schema: {
          tags,
          summary: 'Upload files (kept as they are)',
          description:
            `multipart/form-data, files in \`file\` (or any field; one or more, at most ${MAX_UPLOAD_FILES}, 50 MB each: ` +
            `413 above). ${TYPES_DOC} Every file is checked before any is stored. ${ANSWER_DOC} ${WHO}`,
          security,
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(z.object({ files: z.array(ZUploadedFile) })), ...ERRORS },
        },
      },
      async (request) => {
        const files = await readFiles(request, { maxFiles: MAX_UPLOAD_FILES, maxBytes: fileCap });
        const pathOf = (i: number) => (files.length === 1 ? ['file'] : ['files', i]);
        return ok({ files: await store(request, files, 'FILE', pathOf) }, 'Uploaded');
      },
    );

    r.post(
      '/VideoUpload',
      {
        onRequest: [...requireAnyPermission(platform, UPLOADERS), capBody(videoCap + 2 ** 20)],
        schema: {
          tags,
          summary: 'Upload a video',
          description:
            'multipart/form-data, field `file`: one MP4, WebM, QuickTime (MOV), Matroska (MKV) or 3GP video, recognised ' +
            `by its content (415 otherwise), up to the server's upload limit (\`UPLOAD_LIMIT_BYTES\`, 50 MB by default; ` +
            `413 above). Kept as it is (no transcoding). ${ANSWER_DOC} ${WHO}`,
          security,
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(ZUploadedFile), ...ERRORS },
        },
      },
      async (request) => {
        const [video] = await readFiles(request, { field: 'file', maxFiles: 1, maxBytes: videoCap });
        const [stored] = await store(request, [video!], 'VIDEO', () => ['file']);
        return ok(stored!, 'Uploaded');
      },
    );

    r.put(
      '/upload/company-logo-upload-s3',
      {
        onRequest: [
          ...requirePermission(platform, 'company:update-branding'),
          capBody(LOGO_MAX_BYTES + 2 ** 16),
        ],
        schema: {
          tags: ['company'],
          summary: 'Upload the company logo as a file',
          description:
            'multipart/form-data, field `file`: a PNG, JPEG or WebP image of at most 1 MB (413 above, 415 for another ' +
            'type by content). The same as `POST /company/logo` with a file instead of a data URL: the logo replaces the ' +
            'previous one on sign-in pages, mails and the app. Answers a signed `logo_url` (one hour). Needs ' +
            '`company:update-branding`.',
          security,
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(z.object({ logo_url: z.string() })), ...ERRORS },
        },
      },
      async (request) => {
        const [logo] = await readFiles(request, { field: 'file', maxFiles: 1, maxBytes: LOGO_MAX_BYTES });
        const url = await saveCompanyLogo(platform, accessOf(request), logo!.data.toString('base64'));
        return ok({ logo_url: url }, 'Logo saved');
      },
    );
  });

  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/upload/base64SingleFileUpload',
    {
      onRequest: requireAnyPermission(platform, UPLOADERS),
      bodyLimit: base64Body(MAX_BASE64_FILE_BYTES),
      schema: {
        tags,
        summary: 'Upload one file given as base64',
        description:
          '`file`: a data URL (`data:image/png;base64,...`) or bare base64 (then `content_type`, or the content ' +
          'decides); `file_name` optional. At most 10 MB decoded (413). Text that is not base64 is 422 on `file`. ' +
          `${TYPES_DOC} ${ANSWER_DOC} ${WHO}`,
        security,
        body: ZBase64File,
        response: { 200: ZSuccess(ZUploadedFile), ...ERRORS },
      },
    },
    async (request) => {
      const file = decodeBase64File(request.body, ['file']);
      const [stored] = await store(request, [file], 'FILE', () => ['file']);
      return ok(stored!, 'Uploaded');
    },
  );

  r.post(
    '/base64MultiFileUpload',
    {
      onRequest: requireAnyPermission(platform, UPLOADERS),
      bodyLimit: base64Body(MAX_BASE64_TOTAL_BYTES),
      schema: {
        tags,
        summary: 'Upload several files given as base64',
        description:
          `\`files\`: 1 to ${MAX_BASE64_FILES} items \`{file, file_name?, content_type?}\` as in ` +
          '`/upload/base64SingleFileUpload`; at most 10 MB each and 20 MB together (413). Problems are keyed ' +
          '`files.{i}.file`; every file is checked before any is stored, so one bad file stores nothing. ' +
          `${TYPES_DOC} ${ANSWER_DOC} ${WHO}`,
        security,
        body: z.object({
          files: z
            .array(ZBase64File)
            .min(1, 'Add a file')
            .max(MAX_BASE64_FILES, `At most ${MAX_BASE64_FILES} files per call`),
        }),
        response: { 200: ZSuccess(z.object({ files: z.array(ZUploadedFile) })), ...ERRORS },
      },
    },
    async (request) => {
      const files = decodeBase64Files(request.body.files);
      return ok({ files: await store(request, files, 'FILE', (i) => ['files', i, 'file']) }, 'Uploaded');
    },
  );

  r.post(
    '/files-data',
    {
      onRequest: requireAnyPermission(platform, [...UPLOADERS, 'files:view']),
      schema: {
        tags,
        summary: 'Describe uploaded files, with fresh download addresses',
        description:
          '`file_ref_ids`: 1 to 50 references answered by the uploads of this group. Answers each file (name, type, ' +
          'size, SHA-256, when) with a signed `url` valid one hour; `disposition` `attachment` makes it download ' +
          "instead of open. A reference that is not an upload of the caller's company, or no longer exists, is 404 " +
          `for the whole call. ${WHO_OR_VIEW}`,
        security,
        body: ZFilesDataRequest,
        response: { 200: ZSuccess(z.object({ files: z.array(ZUploadedFile) })), ...ERRORS },
      },
    },
    async (request) =>
      ok({
        files: await filesData(
          platform,
          accessOf(request),
          request.body.file_ref_ids,
          request.body.disposition,
        ),
      }),
  );
}
