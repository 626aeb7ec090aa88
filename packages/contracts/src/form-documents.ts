import { z } from 'zod';
import { DOCUMENT_STATUSES, RECIPIENT_STATUSES } from './documents';
import { ZId } from './ids';

/*
 * Documents inside forms (spec 3 §7 "company documents" of form builder data, and the
 * `documents-templates/*` calls "used by forms"): a form's DOCUMENT step is a company document
 * template that the submission's filler fills and signs with the e-sign flow. The decisions are in
 * apps/server/src/modules/form-submissions/README.md, "Documents inside forms".
 */

/** A DOCUMENT step is COMPLETED once its document is COMPLETED and sealed; PENDING before. */
export const DOCUMENT_STEP_PROGRESS = ['PENDING', 'COMPLETED'] as const;
export type TDocumentStepProgress = (typeof DOCUMENT_STEP_PROGRESS)[number];

export const ZSubmissionDocumentParams = z.object({ data_id: ZId('Invalid submission id') });
export const ZStepDocumentParams = ZSubmissionDocumentParams.extend({ step_id: ZId('Invalid step id') });

/** The filler's signer credentials: the spec's signer headers `documentid`, `userid`, `password`. */
export const ZFormSignerDetails = z.object({
  /** The filler's recipient id (header `userid`). */
  _id: z.string(),
  /** The link secret (header `password`); only the filler's own calls carry it. */
  password: z.string(),
  document_id: z.string(),
});

/** The document of one DOCUMENT step of a submission. */
export const ZFormStepDocument = z.object({
  _id: z.string(),
  formbuilder_data_id: z.string(),
  step_id: z.string(),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  progress: z.enum(DOCUMENT_STEP_PROGRESS),
  /** Made from the step's template for this submission (false: an existing document attached). */
  made_for_step: z.boolean(),
  /** The filler's recipient, their role and where they are (null: the filler is not a recipient). */
  signer: z
    .object({
      document_user_id: z.string(),
      role_name: z.string(),
      email: z.string(),
      status: z.enum(RECIPIENT_STATUSES),
    })
    .nullable(),
  /**
   * The signing screen for the filler (`/emp-documents/preview/{document}/pp/vp/{user}?token=`), and
   * the same credentials as headers. Null for anyone but the filler, and while it is not the filler's
   * turn yet (signing order).
   */
  link: z.string().nullable(),
  user_details: ZFormSignerDetails.nullable(),
  completed_at: z.string().nullable(),
});
export type TFormStepDocument = z.infer<typeof ZFormStepDocument>;

/** `POST formbuilder-data/company-documents/{data_id}/default`: a fresh document from the step's template. */
export const ZAttachDefaultDocumentRequest = z.object({
  step_id: ZId('Choose a document step of this form'),
});

/** `POST formbuilder-data/company-documents/{data_id}/multiple`: existing documents as the steps' documents. */
export const ZAttachDocumentsRequest = z.object({
  documents: z
    .array(
      z.object({
        step_id: ZId('Choose a document step of this form'),
        document_id: ZId('Choose a document'),
      }),
      { error: 'Send the documents as a list' },
    )
    .min(1, 'Choose at least one document')
    .max(50, 'At most 50 documents'),
});
export type TAttachDocumentsRequest = z.input<typeof ZAttachDocumentsRequest>;

/** `DELETE formbuilder-data/company-documents/{data_id}` (a body): the documents to detach. */
export const ZDetachDocumentsRequest = z.object({
  document_ids: z
    .array(ZId('Invalid document id'), { error: 'Send the document ids as a list' })
    .min(1, 'Choose at least one document')
    .max(50, 'At most 50 documents'),
});
export type TDetachDocumentsRequest = z.input<typeof ZDetachDocumentsRequest>;

/** The documents themselves stay as they are (their sender may void them); only the link to the step goes. */
export const ZDetachDocumentsAnswer = z.object({ detached: z.array(z.string()) });

/** The `documents-templates/*` calls name one submission. */
export const ZFormDocumentsRequest = z.object({ formbuilder_data_id: ZId('Invalid submission id') });
export const ZExistedDocumentsRequest = ZFormDocumentsRequest.extend({
  step_id: ZId('Choose a document step of this form'),
});
export const ZDownloadUrlsRequest = ZFormDocumentsRequest.extend({
  /** Only these documents of the submission; absent: every completed one. */
  document_ids: z.array(ZId('Invalid document id')).min(1, 'Choose at least one document').max(50).optional(),
});

/** `documents-templates/requested-files`: what each DOCUMENT step of the submission asks for. */
export const ZRequestedFile = z.object({
  step_id: z.string(),
  step_name: z.string(),
  required: z.boolean(),
  /** Whether the step is shown for the submission's answers (hidden steps ask for nothing). */
  visible: z.boolean(),
  document_template_id: z.string(),
  template_name: z.string().nullable(),
  role: z.string().nullable(),
  document_id: z.string().nullable(),
  document_status: z.enum(DOCUMENT_STATUSES).nullable(),
  progress: z.enum(DOCUMENT_STEP_PROGRESS),
});

/** `documents-templates/processed-files` and `completed-documents`: documents of the submission. */
export const ZFormDocumentRow = z.object({
  _id: z.string(),
  step_id: z.string(),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  progress: z.enum(DOCUMENT_STEP_PROGRESS),
  made_for_step: z.boolean(),
  /** The filler's own progress on it (null: they are not a recipient). */
  signer_status: z.enum(RECIPIENT_STATUSES).nullable(),
  completed_at: z.string().nullable(),
});

/** `documents-templates/existed-documents`: what the filler already signed from the step's template. */
export const ZExistedDocument = z.object({
  _id: z.string(),
  name: z.string(),
  completed_at: z.string().nullable(),
  /** Already the document of a step of this submission. */
  attached: z.boolean(),
});

/** `documents-templates/download-urls`: short-lived links to the sealed PDFs. */
export const ZDocumentDownloadUrl = z.object({
  _id: z.string(),
  step_id: z.string(),
  name: z.string(),
  url: z.string(),
  expires_in: z.number().int(),
});
