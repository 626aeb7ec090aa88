import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { CONVERTIBLE_MIME_TYPES, MAX_DOCUMENT_FILE_BYTES } from '@esigns/contracts/files';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import {
  documentCategories,
  requestUploadUrl,
  submitRequestedDocument,
  type RequestCaller,
} from './employee-uploads-service';
import { invalidRequestLink, requireRequestLinkOr } from './request-documents-link';
import {
  REQUEST_LINK_ACCESS,
  ZRequest,
  ZRequestForLink,
  ZRequestLinkHeaders,
} from './request-documents-routes';
import { ERRORS, security, ZIdParam } from './route-schemas';

const tags = ['employee-documents'];
const ZId = z.string({ error: 'Required' }).max(100);
/** A request link's holder (the hook set `requestLink`), else the signed-in caller. */
const requestCallerOf = (request: FastifyRequest): RequestCaller =>
  request.requestLink ? { link: request.requestLink } : { access: accessOf(request) };

const ZCompanyParam = ZIdParam('id', "Company id (the caller's workspace; another is 404)");

/**
 * Spec 2 §7 "Employee documents": requested documents handed in, and their categories (the groups
 * of sent documents are a list: document-lists/template-routes.ts).
 */
export function registerEmployeeUploadRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/documents/:id/upload-url',
    {
      onRequest: requireRequestLinkOr(platform, requirePermission(platform), 'id'),
      schema: {
        tags,
        summary: 'Address to upload a requested document to',
        description:
          '`{id}`: a document request addressed to the caller as a contact (their login or the same email), or any ' +
          'request of the company for holders of `request-documents:update`; others are 404, an APPROVED one 409. ' +
          'Answers a presigned `upload_url` (15 minutes) to PUT the file to with the declared `Content-Type` ' +
          '(storage refuses another type, bytes that do not match it or a larger body) and the `file_ref_id` to give ' +
          '`POST /employee-documents`. Accepted: PDF, DOCX, DOC, ODT, RTF, PNG, JPEG up to 50 MB. ' +
          REQUEST_LINK_ACCESS,
        security: [...security, {}],
        headers: ZRequestLinkHeaders,
        params: ZIdParam('id', 'Document request id'),
        body: z.object({
          file_name: z.string().trim().min(1, 'Required').max(255),
          content_type: z.enum(CONVERTIBLE_MIME_TYPES, {
            error: 'Upload a PDF, Word, OpenDocument, RTF, PNG or JPEG file',
          }),
          size: z
            .number()
            .int()
            .positive('The file is empty')
            .max(MAX_DOCUMENT_FILE_BYTES, 'A file is at most 50 MB'),
        }),
        response: {
          200: ZSuccess(
            z.object({ upload_url: z.string(), file_ref_id: z.string(), expires_at: z.string() }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(await requestUploadUrl(platform, requestCallerOf(request), request.params.id, request.body)),
  );

  r.post(
    '/employee-documents',
    {
      onRequest: requireRequestLinkOr(platform, requirePermission(platform)),
      schema: {
        tags,
        summary: 'Hand in a requested document',
        description:
          '`request_id` as for `/documents/{id}/upload-url`; `file_ref_id` its answer, once the file was PUT (409 ' +
          "while it has not arrived; another person's or company's upload is 404). The file is converted to PDF " +
          "(422 for a damaged, empty or password-protected file), becomes the request's `file`, the request turns " +
          'UPLOADED (an UPLOADED or REJECTED one can be handed in again) and whoever asked is notified in the app. ' +
          'Answers the request (as `GET /request-documents/{id}` answers the caller). ' +
          REQUEST_LINK_ACCESS +
          " `request_id` must then be the link's request (else 401); the upload must be one this link asked for.",
        security: [...security, {}],
        headers: ZRequestLinkHeaders,
        body: z.object({ request_id: ZId, file_ref_id: z.string({ error: 'Required' }).min(1).max(512) }),
        response: { 200: ZSuccess(z.union([ZRequest, ZRequestForLink])), ...ERRORS },
      },
    },
    async (request) => {
      if (request.requestLink && request.body.request_id !== request.requestLink.request.id) {
        invalidRequestLink(platform, request);
      }
      return ok(
        await submitRequestedDocument(platform, requestCallerOf(request), request.body),
        'Document uploaded',
      );
    },
  );

  r.get(
    '/documents/categories/:id',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Document categories of the workspace, with counts',
        description:
          'The kinds of documents collected from contacts (the card types of document requests: PAN card, sale ' +
          'deed...), each with its requests by status. Holders of `request-documents:view` count every request of ' +
          'the company; others the requests addressed to them. Sorted by name.',
        security,
        params: ZCompanyParam,
        response: {
          200: ZSuccess(
            z.array(
              z.object({
                name: z.string(),
                total: z.number().int(),
                requested: z.number().int(),
                uploaded: z.number().int(),
                approved: z.number().int(),
                rejected: z.number().int(),
              }),
            ),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await documentCategories(platform, accessOf(request), request.params.id)),
  );
}
