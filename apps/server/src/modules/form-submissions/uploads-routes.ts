import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZFormDownload,
  ZFormDownloadRequest,
  ZFormUploadRequest,
  ZFormUploadTicket,
} from '@esigns/contracts/form-uploads';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { callerOf, requireFillerOrStaff } from './fill-access';
import { FILL_ERRORS, FILL_SECURITY, FILL_TAGS, WHO_DOC } from './fill-route-common';
import { createFormUpload, formDownloadUrl } from './uploads-service';

const ERRORS = { ...FILL_ERRORS, 413: ZErrorBody, 429: ZErrorBody };

/** Files of FILE and IMAGE fields of submissions: upload address (fillers), download address (readers). */
export function registerFormUploadRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/formbuilder-data/file-upload-url',
    {
      onRequest: requireFillerOrStaff(platform, 'form-builders:fill'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: FILL_TAGS,
        security: FILL_SECURITY,
        summary: 'Address to upload a file of a FILE or IMAGE field of a form step to',
        description:
          "For the caller's submission `formbuilder_data_id` of form `formbuilder_details_id` (absent before the " +
          "first save: the caller's draft of the form, else their new-answer folder), step `step_id` (a TEMPLATE or " +
          "ENTITY step) and `field` (a FILE or IMAGE field of the step's template, or of the entity's primary " +
          'template). The file is checked against the field: allowed types, image-ness and `max_size_mb`; problems ' +
          'answer 422 keyed `step_id`, `field`, `content_type` or `size`. HTML, SVG and scripts are never kept. ' +
          'Answers a signed `upload_url` (15 minutes) to PUT the bytes to with `Content-Type: <content_type>` ' +
          '(storage refuses another type or a larger body) and `file`, the value to save in the field (its ' +
          "`file_ref_id` is the storage key, under the company's prefix and the submission's folder). Saving a " +
          'step accepts such a key only in the submission, step and field it was made for (else 422). The form ' +
          'must take answers and the submission be open (409). 30 a minute per address. ' +
          WHO_DOC,
        body: ZFormUploadRequest,
        response: { 200: ZSuccess(ZFormUploadTicket), ...ERRORS },
      },
    },
    async (request) => ok(await createFormUpload(platform, callerOf(request), request.body)),
  );

  r.post(
    '/formbuilder-data/file-download-url',
    {
      onRequest: requireFillerOrStaff(platform),
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: FILL_TAGS,
        security: FILL_SECURITY,
        summary: 'A download address of a file saved in a submission',
        description:
          'A signed `download_url` valid 5 minutes (inline for images, PDF, MP4/WebM and text; else an ' +
          'attachment) for `key`, a file saved in the values of submission `formbuilder_data_id`. The caller must ' +
          'be able to read the submission (its filler, staff with `form-builders:view-submissions`, an approver ' +
          "of it). A key the submission's values do not hold, or a file not stored, answers 404. " +
          WHO_DOC,
        body: ZFormDownloadRequest,
        response: { 200: ZSuccess(ZFormDownload), ...ERRORS },
      },
    },
    async (request) => ok(await formDownloadUrl(platform, callerOf(request), request.body)),
  );
}
