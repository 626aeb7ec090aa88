import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDocumentStepProgress } from '@esigns/contracts/form-documents';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { employeeDocumentOf } from '../documents';
import type { FormBuilderRow } from '../form-builders';
import { sealStatusOf } from '../signing';
import { recordEvent } from './submission-store';
import { formSubmissionEvents, formSubmissionSteps } from './schema';

/*
 * The DOCUMENT steps of a form and the documents a submission keeps for them
 * (`form_submission_steps.document_id`), with the history rows of attaching and detaching.
 */

type Reader = Pick<Db, 'select'>;
export type DocumentStep = Extract<TStoredFormStep, { type: 'DOCUMENT' }>;

export const isDocumentStep = (step: TStoredFormStep): step is DocumentStep => step.type === 'DOCUMENT';

/** The form's DOCUMENT step `stepId`, or 404 (another form's step, or a step of another type). */
export function documentStepOf(form: FormBuilderRow, stepId: string): DocumentStep {
  const step = form.steps.find((s) => s.id === stepId);
  if (!step || !isDocumentStep(step)) throw notFound('Document step');
  return step;
}

/** The send key of the document made for a step: one per step and detach count (a retried call sends once). */
export const stepSendKey = (submissionId: string, stepId: string, generation: number): string =>
  `form-step:${submissionId}:${stepId}:${generation}`;

/** Whether the document was made from the step's template for this submission (by its send key). */
export const madeForStep = (sendKey: string | null, submissionId: string, stepId: string): boolean =>
  sendKey !== null && sendKey.startsWith(`form-step:${submissionId}:${stepId}:`);

/** The documents the submission keeps, by step id. */
export async function stepDocumentIds(db: Reader, submissionId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ stepId: formSubmissionSteps.stepId, documentId: formSubmissionSteps.documentId })
    .from(formSubmissionSteps)
    .where(eq(formSubmissionSteps.submissionId, submissionId));
  return new Map(rows.filter((r) => r.documentId !== null).map((r) => [r.stepId, r.documentId!]));
}

/** How many documents were detached from the step (the generation of its next document). */
export async function detachedCount(db: Reader, submissionId: string, stepId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formSubmissionEvents)
    .where(
      and(
        eq(formSubmissionEvents.submissionId, submissionId),
        eq(formSubmissionEvents.event, 'DOCUMENT_DETACHED'),
        sql`${formSubmissionEvents.details}->>'step_id' = ${stepId}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Links a document to a step (the step becomes SAVED: started, not done; the fill side marks it
 * COMPLETED from `documentStepProgress`) and records the history event (null: none, the link is
 * only written again), in the caller's transaction.
 */
export async function linkStepDocument(
  tx: Pick<Db, 'insert'>,
  input: {
    submissionId: string;
    stepId: string;
    documentId: string;
    event: string | null;
    actor: string;
    ip: string | null;
  },
): Promise<void> {
  await tx
    .insert(formSubmissionSteps)
    .values({
      submissionId: input.submissionId,
      stepId: input.stepId,
      status: 'SAVED',
      documentId: input.documentId,
    })
    .onConflictDoUpdate({
      target: [formSubmissionSteps.submissionId, formSubmissionSteps.stepId],
      set: {
        documentId: input.documentId,
        status: sql`case when ${formSubmissionSteps.status} in ('PENDING', 'SKIPPED') then 'SAVED' else ${formSubmissionSteps.status} end`,
        updatedAt: new Date(),
      },
    });
  if (input.event === null) return;
  const details = { step_id: input.stepId, document_id: input.documentId };
  await recordEvent(tx, input.submissionId, input.event, input.actor, details, input.ip);
}

/** Unlinks documents from the submission's steps (back to PENDING), each with a `DOCUMENT_DETACHED` event. */
export async function unlinkStepDocuments(
  tx: Pick<Db, 'update' | 'insert'>,
  submissionId: string,
  links: readonly { stepId: string; documentId: string }[],
  actor: string,
  ip: string | null,
): Promise<void> {
  if (links.length === 0) return;
  await tx
    .update(formSubmissionSteps)
    .set({ documentId: null, status: 'PENDING', completedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(formSubmissionSteps.submissionId, submissionId),
        inArray(
          formSubmissionSteps.stepId,
          links.map((l) => l.stepId),
        ),
      ),
    );
  await tx.insert(formSubmissionEvents).values(
    links.map((link) => ({
      submissionId,
      event: 'DOCUMENT_DETACHED',
      actor,
      details: { step_id: link.stepId, document_id: link.documentId },
      ip,
    })),
  );
}

/**
 * Whether a DOCUMENT step's document is done: COMPLETED and sealed (the sealed PDF stored) is
 * COMPLETED; anything else, or a document that is not the company's, is PENDING. The fill side's
 * step status calls it for steps that keep a document.
 */
export async function documentStepProgress(
  db: Reader,
  companyId: string,
  documentId: string,
): Promise<TDocumentStepProgress> {
  const doc = await employeeDocumentOf(db, documentId, companyId);
  if (doc?.status !== 'COMPLETED') return 'PENDING';
  return (await sealStatusOf(db, documentId)) === 'DONE' ? 'COMPLETED' : 'PENDING';
}
