import type { z } from 'zod';
import type {
  ZDocumentDownloadUrl,
  ZExistedDocument,
  ZFormDocumentRow,
  ZRequestedFile,
} from '@esigns/contracts/form-documents';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  appendDocumentLog,
  completedDocumentsOfRecipient,
  employeeDocumentOf,
  recipientsOf,
  templateSummariesByIds,
  type EmployeeRow,
} from '../documents';
import { findFormBuilder } from '../form-builders';
import { completedFileKey } from '../signing';
import { submissionFor } from './documents-access';
import type { Client } from './documents-service';
import {
  documentStepOf,
  documentStepProgress,
  isDocumentStep,
  madeForStep,
  stepDocumentIds,
} from './documents-steps';
import { visibleStepIds } from './step-states';
import { type Caller, type SubmissionRow } from './submission-store';

/*
 * The `documents-templates/*` reads of a submission's documents (the document side of forms).
 * Each names one submission the caller may read: the filler their own, staff with
 * `form-builders:view-submissions` any of the company's.
 */

type Db = Platform['database']['db'];
type TRequestedFile = z.infer<typeof ZRequestedFile>;
type TFormDocumentRow = z.infer<typeof ZFormDocumentRow>;
type TExistedDocument = z.infer<typeof ZExistedDocument>;
type TDocumentDownloadUrl = z.infer<typeof ZDocumentDownloadUrl>;

/** Lifetime of the links of `download-urls`. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

/** The submission's documents with their step, in the form's step order. */
async function linkedDocuments(
  db: Db,
  submission: SubmissionRow,
): Promise<{ stepId: string; doc: EmployeeRow }[]> {
  const form = await findFormBuilder(db, submission.companyId, submission.formBuilderId);
  const linked = await stepDocumentIds(db, submission.id);
  const order = new Map(form.steps.map((s, i) => [s.id, i]));
  const rows = await Promise.all(
    [...linked].map(async ([stepId, documentId]) => ({
      stepId,
      doc: await employeeDocumentOf(db, documentId, submission.companyId),
    })),
  );
  return rows
    .filter((r): r is { stepId: string; doc: EmployeeRow } => r.doc !== undefined)
    .sort((a, b) => (order.get(a.stepId) ?? 1e9) - (order.get(b.stepId) ?? 1e9));
}

/** `requested-files`: what each DOCUMENT step of the submission asks the filler to sign, and how far it is. */
export async function requestedFiles(
  platform: Platform,
  caller: Caller,
  dataId: string,
): Promise<TRequestedFile[]> {
  const db = platform.database.db;
  const submission = await submissionFor(db, caller, dataId, 'read');
  const form = await findFormBuilder(db, submission.companyId, submission.formBuilderId);
  const steps = form.steps.filter(isDocumentStep);
  const shown = visibleStepIds(form.steps, submission.values);
  const linked = await stepDocumentIds(db, submission.id);
  const templates = await templateSummariesByIds(db, submission.companyId, [
    ...new Set(steps.map((s) => s.document_template_id)),
  ]);
  const names = new Map(templates.map((t) => [t.id, t.name]));
  return Promise.all(
    steps.map(async (step) => {
      const documentId = linked.get(step.id) ?? null;
      const doc = documentId ? await employeeDocumentOf(db, documentId, submission.companyId) : undefined;
      return {
        step_id: step.id,
        step_name: step.name,
        required: step.required,
        visible: shown.has(step.id),
        document_template_id: step.document_template_id,
        template_name: names.get(step.document_template_id) ?? null,
        role: step.role ?? null,
        document_id: doc?.id ?? null,
        document_status: doc?.status ?? null,
        progress: doc ? await documentStepProgress(db, submission.companyId, doc.id) : 'PENDING',
      };
    }),
  );
}

/**
 * `processed-files` (every document the submission keeps for its steps) and `completed-documents`
 * (those COMPLETED and sealed), with the filler's own progress on each.
 */
export async function submissionDocuments(
  platform: Platform,
  caller: Caller,
  dataId: string,
  only: 'ALL' | 'COMPLETED',
): Promise<TFormDocumentRow[]> {
  const db = platform.database.db;
  const submission = await submissionFor(db, caller, dataId, 'read');
  const email = submission.fillerEmail?.trim().toLowerCase() ?? null;
  const rows = await Promise.all(
    (await linkedDocuments(db, submission)).map(async ({ stepId, doc }) => {
      const signer = email
        ? (await recipientsOf(db, doc.id)).find((r) => r.email === email && r.userType !== 'CC')
        : undefined;
      return {
        _id: doc.id,
        step_id: stepId,
        name: doc.name,
        status: doc.status,
        progress: await documentStepProgress(db, submission.companyId, doc.id),
        made_for_step: madeForStep(doc.sendKey, submission.id, stepId),
        signer_status: signer?.status ?? null,
        completed_at: doc.completedAt ? doc.completedAt.toISOString() : null,
      };
    }),
  );
  return only === 'ALL' ? rows : rows.filter((r) => r.progress === 'COMPLETED');
}

/**
 * `existed-documents {formbuilder_data_id, step_id}`: what the filler already signed from the
 * step's template (COMPLETED documents of the company where their email signed or approved),
 * newest first, at most 50; a filler without an email has none.
 */
export async function existedDocuments(
  platform: Platform,
  caller: Caller,
  dataId: string,
  stepId: string,
): Promise<TExistedDocument[]> {
  const db = platform.database.db;
  const submission = await submissionFor(db, caller, dataId, 'read');
  const form = await findFormBuilder(db, submission.companyId, submission.formBuilderId);
  const step = documentStepOf(form, stepId);
  if (!submission.fillerEmail) return [];
  const [done, linked] = await Promise.all([
    completedDocumentsOfRecipient(db, submission.companyId, {
      email: submission.fillerEmail,
      configurableDocumentId: step.document_template_id,
      limit: 50,
    }),
    stepDocumentIds(db, submission.id),
  ]);
  const attached = new Set(linked.values());
  return done.map((d) => ({
    _id: d.id,
    name: d.name,
    completed_at: d.completedAt ? d.completedAt.toISOString() : null,
    attached: attached.has(d.id),
  }));
}

const completedName = (name: string): string =>
  `${name.replace(/\.pdf$/i, '').trim() || 'document'} (completed).pdf`;

/**
 * `download-urls {formbuilder_data_id, document_ids?}`: 5-minute links to the sealed PDFs of the
 * submission's completed documents (all of them, or the ones named: an id that is not a document
 * of the submission is 404, one not completed yet 409). Each link is logged on its document
 * (`document.downloaded`).
 */
export async function downloadUrls(
  platform: Platform,
  caller: Caller,
  dataId: string,
  documentIds: readonly string[] | undefined,
  client: Client,
): Promise<TDocumentDownloadUrl[]> {
  const db = platform.database.db;
  const submission = await submissionFor(db, caller, dataId, 'read');
  const linked = await linkedDocuments(db, submission);
  const progress = new Map(
    await Promise.all(
      linked.map(
        async ({ doc }) => [doc.id, await documentStepProgress(db, submission.companyId, doc.id)] as const,
      ),
    ),
  );
  let chosen = linked.filter(({ doc }) => progress.get(doc.id) === 'COMPLETED');
  if (documentIds) {
    const wanted = new Set(documentIds);
    if ([...wanted].some((id) => !linked.some(({ doc }) => doc.id === id))) throw notFound('Document');
    chosen = linked.filter(({ doc }) => wanted.has(doc.id));
    const open = chosen.find(({ doc }) => progress.get(doc.id) !== 'COMPLETED');
    if (open) {
      throw new AppError('CONFLICT', {
        message: `"${open.doc.name}" is not completed yet`,
        errorCode: 'NOT_COMPLETED',
      });
    }
  }
  return Promise.all(
    chosen.map(async ({ stepId, doc }) => {
      const name = completedName(doc.name);
      const url = await platform.storage.createDownloadUrl(completedFileKey(doc.companyId, doc.id), {
        expiresInSeconds: DOWNLOAD_URL_SECONDS,
        fileName: name,
        disposition: 'attachment',
      });
      await db.transaction((tx) =>
        appendDocumentLog(tx, {
          companyId: doc.companyId,
          employeeDocumentId: doc.id,
          action: 'document.downloaded',
          documentUserId: null,
          actorUserId: caller.kind === 'STAFF' ? caller.access.userId : null,
          details: { by: 'form', file: 'completed', link: true, formbuilder_data_id: submission.id },
          ip: client.ip,
          userAgent: client.userAgent ? client.userAgent.slice(0, 500) : null,
        }),
      );
      return { _id: doc.id, step_id: stepId, name, url, expires_in: DOWNLOAD_URL_SECONDS };
    }),
  );
}
