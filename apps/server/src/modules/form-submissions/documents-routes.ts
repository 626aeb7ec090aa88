import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZAttachDefaultDocumentRequest,
  ZAttachDocumentsRequest,
  ZDetachDocumentsAnswer,
  ZDetachDocumentsRequest,
  ZDocumentDownloadUrl,
  ZDownloadUrlsRequest,
  ZExistedDocument,
  ZExistedDocumentsRequest,
  ZFormDocumentRow,
  ZFormDocumentsRequest,
  ZFormStepDocument,
  ZRequestedFile,
  ZStepDocumentParams,
  ZSubmissionDocumentParams,
} from '@esigns/contracts/form-documents';
import { clientIp } from '../../platform/http/client-ip';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { callerOf, requireFillerOrStaff } from './fill-access';
import { attachDocuments, detachDocuments } from './documents-attach';
import { downloadUrls, existedDocuments, requestedFiles, submissionDocuments } from './documents-lists';
import { copyBlankDocuments, stepDocument, type Client } from './documents-service';

/*
 * Documents inside forms: a DOCUMENT step's document (made from its template for the filler and
 * signed through the e-sign flow), attaching and detaching documents, and the
 * `documents-templates/*` calls of the document side of forms. README "Documents inside forms".
 */

const TAGS = ['form-documents'];
const SECURITY: Record<string, string[]>[] = [{ bearer: [] }, {}];
const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const WHO =
  "Called by the submission's filler: a member of the company filling their own submission (`Authorization: " +
  'Bearer`) or a guest of the form (headers `userid` or `anonymoususerid`, `passcode` (the session secret) and ' +
  '`formbuilderid`). Staff reach any submission of the company with `form-builders:view-submissions` (reads) or ' +
  "`form-builders:manage-submissions` (changes). Any other submission, another guest's or another company's, is 404.";
const CHANGES = 'Changes need the submission open (DRAFT or SENT_BACK, else 409 SUBMITTED).';
const MADE =
  "A document is made from the step's template through the one send path of documents (its own PDF copy, logs, " +
  "the other roles' people mailed as usual): the filler takes the step's `role` (a role name or key), else the " +
  "template's first role that is not CC; their fields are prefilled from earlier answers whose field key matches the " +
  "document field's key or label (without case, spaces or punctuation) when the field can hold the value. The filler " +
  'is not mailed: the answer carries `link` (the signing screen) and `user_details` (the signer headers `userid`, ' +
  '`password`, `documentid` of the existing signing calls). 409 when the filler has no email (EMAIL_REQUIRED), the ' +
  'step is hidden by its condition (STEP_HIDDEN), the template is gone (TEMPLATE_UNAVAILABLE) or another role has no ' +
  'person (ROLE_WITHOUT_PERSON, ROLE_MISSING).';

const client = (request: FastifyRequest): Client => ({
  ip: clientIp(request),
  userAgent: request.headers['user-agent'],
});

const schema = <T extends z.ZodType>(summary: string, description: string, data: T) => ({
  tags: TAGS,
  security: SECURITY,
  summary,
  description: `${description} ${WHO}`,
  response: { 200: ZSuccess(data), ...ERRORS },
});

/** Registers the routes of documents inside forms. */
export function registerFormDocumentRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireFillerOrStaff(platform);

  r.get(
    '/formbuilder-data/company-documents/:data_id/:step_id',
    {
      onRequest,
      schema: {
        ...schema(
          'The document of a DOCUMENT step, made on first call',
          `The document the filler signs for step {step_id} of submission {data_id}. The first call makes it (${CHANGES}); ` +
            `every later call answers the same document (a retried or concurrent first call too), with a fresh link ` +
            `for the filler while it is their turn. \`progress\` is COMPLETED once the document is completed and sealed. ${MADE} ` +
            'A step that is not a DOCUMENT step of the form is 404. Staff who manage submissions get the document without a link.',
          ZFormStepDocument,
        ),
        params: ZStepDocumentParams,
      },
    },
    async (request) => {
      const ref = { dataId: request.params.data_id, stepId: request.params.step_id };
      return ok(await stepDocument(platform, callerOf(request), ref, client(request), 'OPEN'));
    },
  );

  r.post(
    '/formbuilder-data/company-documents/:data_id/default',
    {
      onRequest,
      schema: {
        ...schema(
          'Attach the default document of a step (a fresh one from its template)',
          "Makes a new document from the template of step `step_id` and attaches it as the step's document. A step whose " +
            'document ended without completion (declined, rejected, voided, expired) has it detached first; a step whose ' +
            `document is in progress or completed is 409 (STEP_HAS_DOCUMENT: detach it first). ${CHANGES} ${MADE} ` +
            '422 keyed `step_id` for a malformed id; 404 for a step that is not a DOCUMENT step of the form.',
          ZFormStepDocument,
        ),
        params: ZSubmissionDocumentParams,
        body: ZAttachDefaultDocumentRequest,
      },
    },
    async (request) => {
      const ref = { dataId: request.params.data_id, stepId: request.body.step_id };
      return ok(await stepDocument(platform, callerOf(request), ref, client(request), 'DEFAULT'), 'Attached');
    },
  );

  r.post(
    '/formbuilder-data/company-documents/:data_id/multiple',
    {
      onRequest,
      schema: {
        ...schema(
          'Attach existing documents to DOCUMENT steps',
          "Each `{step_id, document_id}` makes an existing document the step's document instead of a new one. The filler " +
            "may attach a document they already completed from the step's template (see `documents-templates/existed-documents`); " +
            'staff with `form-builders:manage-submissions` any sent document of the company. A document the caller may not ' +
            'attach is 404; a step that already has a document 409 (STEP_HAS_DOCUMENT); 422 keyed `documents.{i}.step_id` ' +
            `for a step that is not a DOCUMENT step of the form or is named twice. ${CHANGES}`,
          z.array(ZFormStepDocument),
        ),
        params: ZSubmissionDocumentParams,
        body: ZAttachDocumentsRequest,
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return ok(
        await attachDocuments(platform, caller, request.params.data_id, request.body, client(request)),
        'Attached',
      );
    },
  );

  r.delete(
    '/formbuilder-data/company-documents/:data_id',
    {
      onRequest,
      schema: {
        ...schema(
          'Detach documents from a submission',
          "The documents `document_ids` stop being their steps' documents: the steps are PENDING again and their next " +
            'call makes a new document. The documents themselves stay as they are (their sender may void one still in ' +
            `progress). An id that is not a document of the submission is 404. ${CHANGES}`,
          ZDetachDocumentsAnswer,
        ),
        params: ZSubmissionDocumentParams,
        body: ZDetachDocumentsRequest,
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const ids = request.body.document_ids;
      return ok(
        await detachDocuments(platform, caller, request.params.data_id, ids, client(request)),
        'Detached',
      );
    },
  );

  registerDocumentTemplateRoutes(api, platform, onRequest);
}

/** `POST documents-templates/*`: the document side of forms, each for one submission. */
function registerDocumentTemplateRoutes(
  api: FastifyInstance,
  platform: Platform,
  onRequest: ReturnType<typeof requireFillerOrStaff>,
): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/documents-templates/requested-files',
    {
      onRequest,
      schema: {
        ...schema(
          'What the DOCUMENT steps of a submission ask for',
          'One row per DOCUMENT step of the form, in order: the template, the role, whether the step is shown for the ' +
            'answers, the document attached (if any) with its status, and `progress` (COMPLETED once completed and sealed).',
          z.array(ZRequestedFile),
        ),
        body: ZFormDocumentsRequest,
      },
    },
    async (request) =>
      ok(await requestedFiles(platform, callerOf(request), request.body.formbuilder_data_id)),
  );

  typed.post(
    '/documents-templates/processed-files',
    {
      onRequest,
      schema: {
        ...schema(
          'The documents a submission keeps for its steps',
          "Every document attached to a step of the submission (made from the step's template or attached), in step order, " +
            "with its status, `progress` and the filler's own progress on it (`signer_status`).",
          z.array(ZFormDocumentRow),
        ),
        body: ZFormDocumentsRequest,
      },
    },
    async (request) =>
      ok(await submissionDocuments(platform, callerOf(request), request.body.formbuilder_data_id, 'ALL')),
  );

  typed.post(
    '/documents-templates/completed-documents',
    {
      onRequest,
      schema: {
        ...schema(
          'The completed documents of a submission',
          "The documents of the submission's steps that are COMPLETED and sealed (the sealed PDF is stored): what " +
            '`download-urls` gives links to.',
          z.array(ZFormDocumentRow),
        ),
        body: ZFormDocumentsRequest,
      },
    },
    async (request) =>
      ok(
        await submissionDocuments(platform, callerOf(request), request.body.formbuilder_data_id, 'COMPLETED'),
      ),
  );

  typed.post(
    '/documents-templates/existed-documents',
    {
      onRequest,
      schema: {
        ...schema(
          "Documents the filler already completed from a step's template",
          "The company's COMPLETED documents made from the template of step `step_id` in which the submission's filler " +
            '(by email) signed or approved, newest first, at most 50; `attached` when already a document of this submission. ' +
            'The filler may attach one instead of signing again (`formbuilder-data/company-documents/{data_id}/multiple`). ' +
            'A filler without an email has none. 404 for a step that is not a DOCUMENT step of the form.',
          z.array(ZExistedDocument),
        ),
        body: ZExistedDocumentsRequest,
      },
    },
    async (request) => {
      const { formbuilder_data_id: dataId, step_id: stepId } = request.body;
      return ok(await existedDocuments(platform, callerOf(request), dataId, stepId));
    },
  );

  typed.post(
    '/documents-templates/copy-blank-documents',
    {
      onRequest,
      schema: {
        ...schema(
          'Make the documents of every DOCUMENT step at once',
          'Every DOCUMENT step shown for the answers that has no document yet gets one from its template (the blank ' +
            'document, prefilled from the answers so far), exactly as its first `GET formbuilder-data/company-documents/' +
            `{data_id}/{step_id}\` would; answers every step document of the submission. ${CHANGES} ${MADE}`,
          z.array(ZFormStepDocument),
        ),
        body: ZFormDocumentsRequest,
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return ok(
        await copyBlankDocuments(platform, caller, request.body.formbuilder_data_id, client(request)),
      );
    },
  );

  typed.post(
    '/documents-templates/download-urls',
    {
      onRequest,
      schema: {
        ...schema(
          "Links to the sealed PDFs of a submission's documents",
          'A 5-minute signed link to the sealed PDF of every completed document of the submission, or of the ' +
            '`document_ids` given (an id that is not a document of the submission is 404; one not completed and sealed ' +
            "yet 409 NOT_COMPLETED). Each link is logged on its document's audit trail.",
          z.array(ZDocumentDownloadUrl),
        ),
        body: ZDownloadUrlsRequest,
      },
    },
    async (request) => {
      const { formbuilder_data_id: dataId, document_ids: ids } = request.body;
      return ok(await downloadUrls(platform, callerOf(request), dataId, ids, client(request)));
    },
  );
}
