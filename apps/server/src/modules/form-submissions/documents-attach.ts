import type { TAttachDocumentsRequest, TFormStepDocument } from '@esigns/contracts/form-documents';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { hasPermission } from '@esigns/contracts/permissions';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { completedDocumentsOfRecipient, employeeDocumentOf } from '../documents';
import { assertDocumentsOpen, submissionFor } from './documents-access';
import { openSubmission, presentStepDocument, type Client } from './documents-service';
import {
  isDocumentStep,
  linkStepDocument,
  stepDocumentIds,
  unlinkStepDocuments,
  type DocumentStep,
} from './documents-steps';
import { actorOf, lockSubmission, type Caller } from './submission-store';

/*
 * Attaching existing documents to a submission's DOCUMENT steps (`.../{data_id}/multiple`) and
 * detaching documents (`DELETE .../{data_id}`). Both run in one transaction holding the
 * submission's row lock, so two tabs cannot give one step two documents.
 */

type Db = Platform['database']['db'];
type Pair = { step_id: string; document_id: string };

const detail = (path: (string | number)[], message: string): TValidationDetail => ({
  key: path.join('.'),
  message,
  path,
});

/** 422 for pairs naming a step that is not a DOCUMENT step of the form, or a step twice. */
function checkPairs(steps: readonly DocumentStep[], pairs: readonly Pair[]): void {
  const ids = new Set(steps.map((s) => s.id));
  const seen = new Set<string>();
  const problems: TValidationDetail[] = [];
  pairs.forEach((pair, i) => {
    if (!ids.has(pair.step_id))
      problems.push(detail(['documents', i, 'step_id'], 'Choose a document step of this form'));
    else if (seen.has(pair.step_id))
      problems.push(detail(['documents', i, 'step_id'], 'This step is named twice'));
    seen.add(pair.step_id);
  });
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
}

/**
 * Whether the filler may attach this document to the step: one they already completed from the
 * step's template (`existed-documents`). Staff who manage submissions may attach any sent
 * document of the company.
 */
async function mayAttach(
  db: Db,
  caller: Caller,
  submission: { companyId: string; fillerEmail: string | null },
  step: DocumentStep,
  documentId: string,
): Promise<boolean> {
  if (caller.kind === 'STAFF' && hasPermission(caller.access, 'form-builders:manage-submissions')) {
    const doc = await employeeDocumentOf(db, documentId, submission.companyId);
    return doc !== undefined && doc.status !== 'DRAFT';
  }
  if (!submission.fillerEmail) return false;
  const done = await completedDocumentsOfRecipient(db, submission.companyId, {
    email: submission.fillerEmail,
    configurableDocumentId: step.document_template_id,
    limit: 200,
  });
  return done.some((d) => d.id === documentId);
}

/** `POST formbuilder-data/company-documents/{data_id}/multiple`: existing documents as steps' documents. */
export async function attachDocuments(
  platform: Platform,
  caller: Caller,
  dataId: string,
  input: TAttachDocumentsRequest,
  client: Client,
): Promise<TFormStepDocument[]> {
  const db = platform.database.db;
  const { submission, form } = await openSubmission(db, caller, dataId);
  const steps = form.steps.filter(isDocumentStep);
  checkPairs(steps, input.documents);
  for (const pair of input.documents) {
    const step = steps.find((s) => s.id === pair.step_id)!;
    if (!(await mayAttach(db, caller, submission, step, pair.document_id))) throw notFound('Document');
  }
  await db.transaction(async (tx) => {
    await lockSubmission(tx, submission.id);
    const linked = await stepDocumentIds(tx, submission.id);
    const taken = input.documents.find((pair) => linked.has(pair.step_id));
    if (taken) {
      throw new AppError('CONFLICT', {
        message: 'A step already has its document: detach it first',
        errorCode: 'STEP_HAS_DOCUMENT',
      });
    }
    for (const pair of input.documents) {
      await linkStepDocument(tx, {
        submissionId: submission.id,
        stepId: pair.step_id,
        documentId: pair.document_id,
        event: 'DOCUMENT_ATTACHED',
        actor: actorOf(caller),
        ip: client.ip,
      });
    }
  });
  return Promise.all(
    input.documents.map((pair) =>
      presentStepDocument(platform, caller, submission, pair.step_id, pair.document_id),
    ),
  );
}

/**
 * `DELETE formbuilder-data/company-documents/{data_id}` `{document_ids}`: the documents stop being
 * the steps' documents (the steps are PENDING again; the next call of the step makes a new one).
 * The documents themselves stay as they are. An id that is not a document of the submission is 404.
 */
export async function detachDocuments(
  platform: Platform,
  caller: Caller,
  dataId: string,
  documentIds: readonly string[],
  client: Client,
): Promise<{ detached: string[] }> {
  const db = platform.database.db;
  const submission = await submissionFor(db, caller, dataId, 'change');
  assertDocumentsOpen(submission);
  const wanted = [...new Set(documentIds)];
  await db.transaction(async (tx) => {
    await lockSubmission(tx, submission.id);
    const linked = await stepDocumentIds(tx, submission.id);
    const byDocument = new Map([...linked].map(([stepId, documentId]) => [documentId, stepId]));
    if (wanted.some((id) => !byDocument.has(id))) throw notFound('Document');
    const links = wanted.map((documentId) => ({ stepId: byDocument.get(documentId)!, documentId }));
    await unlinkStepDocuments(tx, submission.id, links, actorOf(caller), client.ip);
  });
  return { detached: wanted };
}
