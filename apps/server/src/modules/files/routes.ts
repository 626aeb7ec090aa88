import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZApproveFiles,
  ZFileLink,
  ZFileLinkQuery,
  ZLibraryFile,
  ZLibraryFilesQuery,
  ZLibraryFileUpdate,
  ZLibraryFolder,
  ZLibraryFolderCreate,
  ZLibraryFolderUpdate,
  ZRejectFiles,
} from '@esigns/contracts/file-library';
import { ok } from '../../platform/http/envelope';
import { enableMultipart, readMultipart } from '../../platform/http/file-upload';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-users';
import { accessOf, requirePermission } from '../permissions';
import { fileCallerOf } from './caller';
import { createFolder, deleteFolder, listFolders, updateFolder } from './folders';
import { decideFiles, deleteFile, fileLink, listFiles, updateFile, uploadFile } from './service';

const ERRORS = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
};
const tags = ['files'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid('Use a file id') });
const ZFolderParams = z.object({ id: z.uuid('Use a folder id') });
const CONTACTS =
  'A contact of the contact area (contact token) may call it too, for their own files only (another ' +
  "contact's file: 404). ";

/** The company file library (DOMAIN-PLATFORM "File management"): files, folders, approvals. */
export function registerFileRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;
  const staffOrContact = (slug: Parameters<typeof requirePermission>[1]) =>
    requireStaffOrContact(platform, requirePermission(platform, slug));
  const maxBytes = platform.config.uploadLimitBytes;
  const maxMb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;

  void api.register(async (scope) => {
    await enableMultipart(scope, { fileSize: maxBytes, files: 1, fields: 5, parts: 10 });
    scope.addHook('onSend', async (request, reply) => {
      // A refused upload is answered before its body is read: close rather than read the rest.
      if (reply.statusCode >= 400 && !request.raw.complete) void reply.header('connection', 'close');
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/fileManagement/create',
      {
        onRequest: staffOrContact('files:upload'),
        bodyLimit: maxBytes + 1024 * 1024,
        schema: {
          tags,
          security,
          summary: 'Upload a file to the library (staff: approved; a contact: waits for approval)',
          description:
            '`multipart/form-data`: the file in `file`; optional `name` (else the file name) and, for staff, ' +
            '`folder_id`. Checked before anything is stored: the name (422 `name`), the folder (404), the type ' +
            'by content (PDF, images, office documents, text, video, zip; anything else or a file whose content is ' +
            `not what its type or extension says: 415), the size (at most ${maxMb} MB: 413; empty: 400), the plan's ` +
            'storage (402 PLAN_LIMIT_REACHED). Kept with its SHA-256. Staff need `files:upload`; their file is ' +
            'APPROVED. A contact (contact token) uploads outside folders and the file is PENDING until staff ' +
            'approve or reject it.',
          consumes: ['multipart/form-data'],
          response: {
            200: ZSuccess(ZLibraryFile),
            ...ERRORS,
            402: ZErrorBody,
            413: ZErrorBody,
            415: ZErrorBody,
          },
        },
      },
      async (request) => {
        const { fields, files } = await readMultipart(request, { maxBytes, maxFiles: 1, field: 'file' });
        return ok(await uploadFile(platform, fileCallerOf(request), { file: files[0], fields }));
      },
    );
  });

  r.get(
    '/fileManagement/all-files',
    {
      onRequest: staffOrContact('files:view'),
      schema: {
        tags,
        security,
        summary: 'Files of the library, newest first (paged)',
        description:
          'Staff (`files:view`): `folder_id` a folder (`root`: outside folders; absent: everywhere), `status` ' +
          '(PENDING: waiting for approval), `search` in the names. ' +
          CONTACTS +
          '`folder_id` is ignored for them.',
        querystring: ZLibraryFilesQuery,
        response: { 200: ZSuccess(ZPaged(ZLibraryFile)), ...ERRORS },
      },
    },
    async (request) => ok(await listFiles(db, fileCallerOf(request), request.query)),
  );

  r.get(
    '/fileManagement/file-path/:id',
    {
      onRequest: staffOrContact('files:view'),
      schema: {
        tags,
        security,
        summary: 'A short-lived address of a file (preview or download)',
        description:
          'A signed address valid for five minutes. The bytes are served with the type recognised on upload, ' +
          '`X-Content-Type-Options: nosniff` and `Content-Disposition`: `inline` only for PDFs, raster images ' +
          'and plain text (`download=true`: always `attachment`); they are checked against the SHA-256 kept ' +
          'at upload first (changed bytes: 409). Staff need `files:view` (PENDING and REJECTED files too). ' +
          CONTACTS,
        params: ZIdParams,
        querystring: ZFileLinkQuery,
        response: { 200: ZSuccess(ZFileLink), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await fileLink(platform, fileCallerOf(request), request.params.id, request.query.download === 'true'),
      ),
  );

  r.put(
    '/fileManagement/update/:id',
    {
      onRequest: requirePermission(platform, 'files:update'),
      schema: {
        tags,
        security,
        summary: 'Rename and/or move a file (staff)',
        description:
          '`name`: the new name; it keeps the extension (added when left out; another known one: 422). ' +
          '`folder_id`: a folder of the company (404 otherwise) or null (outside folders). Needs `files:update`.',
        params: ZIdParams,
        body: ZLibraryFileUpdate,
        response: { 200: ZSuccess(ZLibraryFile), ...ERRORS },
      },
    },
    async (request) => ok(await updateFile(db, accessOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/fileManagement/delete/:id',
    {
      onRequest: staffOrContact('files:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a file',
        description:
          'Staff (`files:delete`): any file of the company. A contact withdraws their own file while it is ' +
          "PENDING (decided: 409; another contact's: 404). The stored bytes are removed.",
        params: ZIdParams,
        response: { 200: ZSuccess(z.object({ deleted: z.literal(true) })), ...ERRORS },
      },
    },
    async (request) => {
      await deleteFile(platform, fileCallerOf(request), request.params.id);
      return ok({ deleted: true as const });
    },
  );

  r.post(
    '/approve-files',
    {
      onRequest: requirePermission(platform, 'files:approve'),
      schema: {
        tags,
        security,
        summary: 'Approve files waiting for approval',
        description:
          'All or none: an id that is not a file of the company: 404; a file not PENDING: 409 naming it. ' +
          'Needs `files:approve`.',
        body: ZApproveFiles,
        response: { 200: ZSuccess(z.array(ZLibraryFile)), ...ERRORS },
      },
    },
    async (request) =>
      ok(await decideFiles(platform, accessOf(request), request.body.ids, { status: 'APPROVED' })),
  );

  r.post(
    '/reject-files',
    {
      onRequest: requirePermission(platform, 'files:approve'),
      schema: {
        tags,
        security,
        summary: 'Reject files waiting for approval, with a reason',
        description:
          'The reason (required) is shown to the contact who uploaded them. All or none, as `/approve-files`. ' +
          'Needs `files:approve`.',
        body: ZRejectFiles,
        response: { 200: ZSuccess(z.array(ZLibraryFile)), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await decideFiles(platform, accessOf(request), request.body.ids, {
          status: 'REJECTED',
          reason: request.body.reason,
        }),
      ),
  );

  r.get(
    '/fileManagement/folders',
    {
      onRequest: requirePermission(platform, 'files:view'),
      schema: {
        tags,
        security,
        summary: "The library's folders",
        description: 'Every folder of the company, by name; `parent_id` makes the tree. Needs `files:view`.',
        response: { 200: ZSuccess(z.array(ZLibraryFolder)), ...ERRORS },
      },
    },
    async (request) => ok(await listFolders(db, accessOf(request).companyId)),
  );

  r.post(
    '/fileManagement/folders',
    {
      onRequest: requirePermission(platform, 'files:upload'),
      schema: {
        tags,
        security,
        summary: 'Add a folder',
        description:
          '`parent_id`: a folder of the company (404 otherwise) or absent (at the top). A sibling of the same ' +
          'name: 409. Needs `files:upload`.',
        body: ZLibraryFolderCreate,
        response: { 200: ZSuccess(ZLibraryFolder), ...ERRORS },
      },
    },
    async (request) => ok(await createFolder(db, accessOf(request), request.body)),
  );

  r.put(
    '/fileManagement/folders/:id',
    {
      onRequest: requirePermission(platform, 'files:update'),
      schema: {
        tags,
        security,
        summary: 'Rename and/or move a folder',
        description:
          'Into itself or a folder inside it: 422 `parent_id`; `parent_id: null` moves it to the top; a sibling ' +
          'of the same name: 409. Needs `files:update`.',
        params: ZFolderParams,
        body: ZLibraryFolderUpdate,
        response: { 200: ZSuccess(ZLibraryFolder), ...ERRORS },
      },
    },
    async (request) => ok(await updateFolder(db, accessOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/fileManagement/folders/:id',
    {
      onRequest: requirePermission(platform, 'files:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete an empty folder',
        description: 'A folder holding folders or files: 409. Needs `files:delete`.',
        params: ZFolderParams,
        response: { 200: ZSuccess(z.object({ deleted: z.literal(true) })), ...ERRORS },
      },
    },
    async (request) => {
      await deleteFolder(db, accessOf(request), request.params.id);
      return ok({ deleted: true as const });
    },
  );
}
