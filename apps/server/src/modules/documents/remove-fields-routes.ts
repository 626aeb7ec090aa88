import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { ZRemoveFieldsRequest, ZRemoveFieldsResult } from '@esigns/contracts/remove-fields';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { removeFields } from './remove-fields-service';
import { ERRORS, security } from './route-schemas';

/** `POST /documents/files/remove-fields` (spec 3 "Document handling used by forms"). */
export function registerRemoveFieldsRoutes(api: FastifyInstance, platform: Platform): void {
  api.withTypeProvider<ZodTypeProvider>().post(
    '/documents/files/remove-fields',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['documents'],
        summary: "Remove a PDF's own form fields (flatten or drop them)",
        description:
          'A PDF can bring its own fillable fields (AcroForm widgets), which would sit on top of the fields placed ' +
          'in the editor. This answers a NEW file without them: `mode: flatten` (default) draws what each field ' +
          'shows into its page first; `remove` drops them. Either way no widget and no `/AcroForm` remain. The ' +
          "source is exactly one of: `file_ref_id`, a PDF of the caller's company from the upload flow (the " +
          '`fileInfos[].file_ref_id` of `/document-templates/file-upload/status`, or a general upload ' +
          '`companies/{id}/files/...`), needing `documents:create` or `templates:create`; or ' +
          '`configurable_document_id`, a template or one-off draft the caller may edit, whose file is then ' +
          'replaced by the new one (fields and pages unchanged). Answers `file` (with a short-lived `url`), ' +
          '`page_count`, `fields_removed`, `widgets_removed` and the layout as `document` (null for a file). ' +
          "Another company's or an unknown reference: 404; a one-off already sent: 409 (its file never " +
          'changes); both or neither source: 422 `file_ref_id`; a file that is not a PDF, or a damaged or ' +
          'password-protected PDF: 422 on the source key.',
        security,
        body: ZRemoveFieldsRequest,
        response: { 200: ZSuccess(ZRemoveFieldsResult), ...ERRORS },
      },
    },
    async (request) =>
      ok(await removeFields(platform, accessOf(request), request.body), 'Form fields removed'),
  );
}
