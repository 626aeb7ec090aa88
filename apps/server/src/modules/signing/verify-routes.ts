import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { MAX_DOCUMENT_FILE_BYTES } from '@esigns/contracts/files';
import { ZVerifyDocumentResult } from '@esigns/contracts/signing';
import { validationError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { enableMultipart, readMultipart } from '../../platform/http/file-upload';
import type { Platform } from '../../platform/platform';
import { ERRORS, perMinute, TAGS } from './route-common';
import { verifyUploadedDocument } from './verify-service';

/** `POST /verify-document`: the public verification page's check, with multipart in its own scope. */
export function registerVerifyRoutes(api: FastifyInstance, platform: Platform): void {
  void api.register(async (scope) => {
    await enableMultipart(scope, { fileSize: MAX_DOCUMENT_FILE_BYTES, files: 1, fields: 5, parts: 10 });
    scope.addHook('onSend', async (request, reply) => {
      // A refused upload is answered before its body is read: close rather than read the rest.
      if (reply.statusCode >= 400 && !request.raw.complete) void reply.header('connection', 'close');
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/verify-document',
      {
        config: perMinute(10),
        bodyLimit: MAX_DOCUMENT_FILE_BYTES + 1024 * 1024,
        schema: {
          tags: TAGS,
          summary: 'Check whether a PDF is an authentic completed document of this instance (public)',
          description:
            'No authentication. `multipart/form-data` with the PDF in `file` (at most 50 MB: 413; not a PDF: 415; ' +
            'no file: 422 on `file`). Answers whether it carries a digital signature (`signed`), whether no byte ' +
            "changed since it was signed (`intact`), whether it was sealed with this instance's certificate " +
            '(`ours`, with `signed_at`), its SHA-256, and whether that hash is the one of a document completed here ' +
            "(`known`). Only for a known file the answer adds the document's name, completion time, recipients " +
            '(name, email, status, finish time) and a timeline of its main events: nothing else (no IPs, no ' +
            'notes), since whoever holds the file already sees all of it on its certificate page. 10 per minute ' +
            'per IP.',
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(ZVerifyDocumentResult), ...ERRORS, 413: ERRORS[400], 415: ERRORS[400] },
        },
      },
      async (request) => ok(await verifyUploadedDocument(platform, await readPdfPart(request))),
    );
  });
}

async function readPdfPart(request: FastifyRequest): Promise<Buffer> {
  const { files } = await readMultipart(request, {
    maxBytes: MAX_DOCUMENT_FILE_BYTES,
    maxFiles: 1,
    field: 'file',
    what: 'PDF',
  });
  const bytes = files[0]?.data;
  if (!bytes?.length)
    throw validationError([{ key: 'file', message: 'Attach the PDF to check', path: ['file'] }]);
  return bytes;
}
