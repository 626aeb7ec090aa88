import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIELD_TYPES, ZConfigurableDocument } from '@esigns/contracts/documents';
import { ZSuccess } from '@esigns/contracts/envelope';
import { MAX_FILES_PER_CALL } from '@esigns/contracts/files';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { updateUploadedData } from './replace-file-service';
import { ERRORS, security, ZName } from './route-schemas';
import { CHEQUE_PARTS, chequeKeys, sendDataToTemplate } from './template-fill-service';

const ZId = z.string({ error: 'Required' }).max(100);
const ZFieldType = z.enum(FIELD_TYPES);

const ZPerson = z.object({
  key: z.string().min(1).max(64),
  email: z.string().max(254),
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  contact_id: z.string().max(100).nullable().optional(),
});

/**
 * Spec 2 §7 calls around templates and uploads that the editor and sending screens do not make:
 * data put into a template, cheque keys, and replacing the uploaded files of a document not yet
 * sent. The documents and data of a template are lists: document-lists/template-routes.ts.
 */
export function registerTemplateDataRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/send-data-to-template',
    {
      onRequest: requirePermission(platform, 'documents:create'),
      schema: {
        tags: ['templates'],
        summary: 'Start a document from a template with data filled in',
        description:
          'Makes a one-off DRAFT document from an ACTIVE template the caller sees (404 otherwise, 409 when inactive), ' +
          'for the sender to review and send (`/company-documents/documents/send`): `data` maps a field key, or a ' +
          'field label (case and punctuation ignored; every field with that label), to its value (text, number, ' +
          "boolean; null leaves it empty), checked like a signer's entry (422 on `data.{key}`: no such field, a field " +
          'filled in at signing such as the full name or date signed, a bad value); `document_users` puts people on ' +
          'roles by role key (422 on `document_users.{i}.key` for an unknown role). Needs `documents:create`.',
        security,
        body: z.object({
          template_id: ZId,
          name: ZName.optional(),
          data: z.record(
            z.string().min(1).max(200),
            z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]),
          ),
          document_users: z.array(ZPerson).max(100).optional(),
        }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(await sendDataToTemplate(platform, accessOf(request), request.body), 'Document created'),
  );

  r.post(
    '/getKeysForPrintChequeFields',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['templates'],
        summary: 'Field keys of a template or document, and those printed on a cheque',
        description:
          '`configurable_document_id`: a template or document the caller sees (else 404). Answers its printable ' +
          'fields (every field but signatures, initials, images and checkboxes) and, for each part of a cheque ' +
          `(${CHEQUE_PARTS.join(', ')}), the key of the field whose label names it ("Amount in words", "Pay to", ` +
          '"Date"...), or null when none does.',
        security,
        body: z.object({ configurable_document_id: ZId }),
        response: {
          200: ZSuccess(
            z.object({
              document: z.object({ _id: z.string(), name: z.string(), is_template: z.boolean() }),
              fields: z.array(
                z.object({
                  key: z.string(),
                  label: z.string(),
                  type: ZFieldType,
                  page: z.number().int(),
                  recipient_key: z.string(),
                }),
              ),
              cheque: z.object(
                Object.fromEntries(CHEQUE_PARTS.map((p) => [p, z.string().nullable()])) as Record<
                  (typeof CHEQUE_PARTS)[number],
                  z.ZodNullable<z.ZodString>
                >,
              ),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(await chequeKeys(platform, accessOf(request), request.body.configurable_document_id)),
  );

  r.post(
    '/documents/update-uploaded-data',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['documents'],
        summary: 'Replace the uploaded files of a document or template not yet sent',
        description:
          "`file_ref_ids`: converted PDFs of the caller's company (from `/attachments`, `/document-templates/file-upload/" +
          'status` or the document service; else 404), in order: they are merged into the new file and become the ' +
          'uploaded files. Fields that still fit their page stay; the others are removed and listed in ' +
          '`removed_field_keys`. `name` renames it (409 for a template name already used). Same rights as editing the ' +
          'layout; a document already sent is 409.',
        security,
        body: z.object({
          configurable_document_id: ZId,
          file_ref_ids: z
            .array(z.string().min(1).max(500))
            .min(1, 'Add at least one file')
            .max(MAX_FILES_PER_CALL, `At most ${MAX_FILES_PER_CALL} files`),
          name: ZName.optional(),
        }),
        response: {
          200: ZSuccess(
            z.object({
              document: ZConfigurableDocument,
              removed_field_keys: z.array(z.string()),
              all_document_fields_removed: z.boolean(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(await updateUploadedData(platform, accessOf(request), request.body), 'Files updated'),
  );
}
