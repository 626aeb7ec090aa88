import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZRecordFileDownload,
  ZRecordFileDownloadRequest,
  ZRecordFileStatus,
  ZRecordFileUploadRequest,
  ZRecordFileUploadTicket,
} from '@esigns/contracts/record-extras';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import { fileDownloadUrl } from './files-download';
import { confirmFileUpload, createFileUpload } from './files-service';

const ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  413: ZErrorBody,
  415: ZErrorBody,
  422: ZErrorBody,
};

/** Files of FILE and IMAGE fields: presigned upload, confirmation, download (spec 3 §7). */
export function registerRecordFileRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['entity-data'];
  const security = [{ bearer: [] }];
  const writers = requireAnyPermission(platform, ['entity-data:create', 'entity-data:update']);

  r.post(
    '/templates-data/file-upload-url',
    {
      onRequest: writers,
      schema: {
        tags,
        security,
        summary: 'Address to upload a file of a FILE or IMAGE field to',
        description:
          'Checks the file against the field (`field_key`: a FILE or IMAGE field of the template, or ' +
          '`<table_key>.<column_key>` for a data table column): its allowed types, image-ness and `max_size_mb`; ' +
          'problems answer 422 keyed `mime_type`, `size`, `template_id` or `field_key`. HTML, SVG and scripts are ' +
          'never kept. Answers a presigned `upload_url` (15 minutes) to PUT the bytes to with `Content-Type: ' +
          '<mime_type>` (storage refuses another type or a larger body), and `file_ref_id` (the storage key; ' +
          '`key` repeats it, `slug` is the stored name) to confirm with `file-upload-status`. Needs ' +
          '`entity-data:create` or `entity-data:update`.',
        body: ZRecordFileUploadRequest,
        response: { 200: ZSuccess(ZRecordFileUploadTicket), ...ERRORS },
      },
    },
    async (request) => ok(await createFileUpload(platform, accessOf(request), request.body)),
  );

  r.post(
    '/templates-data/file-upload-status',
    {
      onRequest: writers,
      schema: {
        tags,
        security,
        summary: 'Confirm an upload: check the stored bytes and get the file reference',
        description:
          '`PENDING` while the bytes are not stored. Then the stored file is checked: its size (413 over the ' +
          "field's limit, 422 when not the size announced), its content against the declared type and the " +
          "field's allowed types (415); a refused file is deleted. Otherwise it is `UPLOADED` and the answer is " +
          'the file reference `{ file_ref_id, name, size, mime_type }` to put in the record values (asking again ' +
          "answers the same). Another company's or an unknown reference: 404.",
        body: z.object({ file_ref_id: z.string().min(1, 'Required').max(512) }),
        response: { 200: ZSuccess(ZRecordFileStatus), ...ERRORS },
      },
    },
    async (request) => ok(await confirmFileUpload(platform, accessOf(request), request.body.file_ref_id)),
  );

  r.post(
    '/templates-data/file-download-url',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags,
        security,
        summary: 'A download address of an uploaded file',
        description:
          'Name the file by `file_ref_id`, or by where it is: `entity_data_id`, `template_id`, `field_key` and ' +
          '`index` (plus `template_data_id` for an entry of a repeatable template). Answers a signed ' +
          '`download_url` valid one hour (inline for images, PDF, MP4/WebM and text unless `disposition` says ' +
          'otherwise). Files of another company, unknown ones and uploads not confirmed: 404.',
        body: ZRecordFileDownloadRequest,
        response: { 200: ZSuccess(ZRecordFileDownload), ...ERRORS },
      },
    },
    async (request) => ok(await fileDownloadUrl(platform, accessOf(request), request.body)),
  );
}
