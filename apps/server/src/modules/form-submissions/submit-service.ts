import { eq, sql } from 'drizzle-orm';
import type { TFormSubmission } from '@esigns/contracts/form-builders';
import type { TStepStatus } from '@esigns/contracts/form-submissions';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findFormBuilder, stepsOf, type FormBuilderRow } from './builders-port';
import { clearApprovals, openLevel } from './approvals-service';
import { documentStepProgress } from './documents-steps';
import { assertEditable, assertFillable, assertFirstAnswer } from './fill-service';
import { formSubmissions, formSubmissionSteps } from './schema';
import { progressOf, stepStates } from './step-states';
import {
  actorOf,
  findOwnSubmission,
  findReadableSubmission,
  lockSubmission,
  presentSubmissions,
  recordEvent,
  stepRowsOf,
  type Caller,
  type SubmissionRow,
} from './submission-store';

/*
 * Step status and submitting. Submitting checks, under a per-form lock (so two last answers of a
 * capped form cannot both get in), that every required visible step is completed; hidden steps
 * become SKIPPED and lose their values; then the submission is SUBMITTED, or PENDING_APPROVAL with
 * its first level's approvers asked (their mails queued in the same transaction).
 */

/**
 * The steps' states; a DOCUMENT step is COMPLETED once its document is completed and sealed
 * (documents-steps' `documentStepProgress`), whatever its row says.
 */
async function statesOf(db: Pick<Db, 'select'>, form: FormBuilderRow, row: SubmissionRow) {
  const documentSteps = new Set(
    stepsOf(form)
      .filter((s) => s.type === 'DOCUMENT')
      .map((s) => s.id),
  );
  const rows = await Promise.all(
    ((await stepRowsOf(db, [row.id])).get(row.id) ?? []).map(async (step) => {
      if (!documentSteps.has(step.stepId) || !step.documentId) return step;
      const progress = await documentStepProgress(db, row.companyId, step.documentId);
      return progress === 'COMPLETED' ? { ...step, status: 'COMPLETED' as const } : step;
    }),
  );
  return stepStates(stepsOf(form), row.values, rows);
}

type StepProgress = { status: 'SKIPPED' | 'COMPLETED'; completedAt: Date | null; updatedAt: Date };

async function storeStepProgress(
  tx: Pick<Db, 'insert'>,
  submissionId: string,
  stepId: string,
  progress: StepProgress,
): Promise<void> {
  await tx
    .insert(formSubmissionSteps)
    .values({ submissionId, stepId, ...progress })
    .onConflictDoUpdate({
      target: [formSubmissionSteps.submissionId, formSubmissionSteps.stepId],
      set: progress,
    });
}

/** The visible DOCUMENT steps whose document is signed and sealed. */
function signedDocumentSteps(form: FormBuilderRow, states: Awaited<ReturnType<typeof statesOf>>): string[] {
  const documentSteps = new Set(
    stepsOf(form)
      .filter((s) => s.type === 'DOCUMENT')
      .map((s) => s.id),
  );
  return states
    .filter((s) => s.visible && s.status === 'COMPLETED' && documentSteps.has(s.step_id))
    .map((s) => s.step_id);
}

/** `POST formbuilder-data/step-status`: every step with visibility and progress. */
export async function stepStatus(db: Db, caller: Caller, id: string): Promise<TStepStatus> {
  const row = await findReadableSubmission(db, caller, id);
  const form = await findFormBuilder(db, caller.companyId, row.formBuilderId);
  const states = await statesOf(db, form, row);
  const { next_step_id, can_submit } = progressOf(states, row.status);
  return {
    formbuilder_data_id: row.id,
    status: row.status,
    version: row.version,
    steps: states,
    next_step_id,
    can_submit,
  };
}

/** `PUT formbuilder-data/{id}` with status SUBMITTED, by the filler. */
export async function submitSubmission(
  platform: Platform,
  caller: Caller,
  id: string,
  input: { version?: number; ip: string },
): Promise<TFormSubmission> {
  const db = platform.database.db;
  const row = await findOwnSubmission(db, caller, id);
  const form = await findFormBuilder(db, caller.companyId, row.formBuilderId);
  const saved = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form-submit:${form.id}`}))`);
    const current = await lockSubmission(tx, row.id);
    assertEditable(current);
    if (input.version !== undefined && input.version !== current.version) {
      throw new AppError('CONFLICT', {
        message: 'This submission changed since you opened it: reload it',
        errorCode: 'VERSION_MOVED',
      });
    }
    await assertFillable(tx, form, current);
    if (current.status === 'DRAFT') await assertFirstAnswer(tx, caller, form, current.id);
    const states = await statesOf(tx, form, current);
    const { missing } = progressOf(states, current.status);
    if (missing) {
      const message = `Complete the step "${missing.name}" first`;
      throw validationError(
        [{ key: `steps.${missing.step_id}`, path: ['steps', missing.step_id], message }],
        message,
      );
    }
    const skipped = states.filter((s) => !s.visible).map((s) => s.step_id);
    const values = Object.fromEntries(
      Object.entries(current.values).filter(([stepId]) => !skipped.includes(stepId)),
    );
    const now = new Date();
    for (const stepId of skipped) {
      await storeStepProgress(tx, current.id, stepId, {
        status: 'SKIPPED',
        completedAt: null,
        updatedAt: now,
      });
    }
    // A signed DOCUMENT step is COMPLETED from the document's progress: keep it on the step's row,
    // which the data list and the submission's readers show.
    for (const stepId of signedDocumentSteps(form, states)) {
      await storeStepProgress(tx, current.id, stepId, {
        status: 'COMPLETED',
        completedAt: now,
        updatedAt: now,
      });
    }
    if (current.status === 'SENT_BACK') await clearApprovals(tx, current.id);
    const event = current.status === 'SENT_BACK' ? 'RESUBMITTED' : 'SUBMITTED';
    await recordEvent(tx, current.id, event, actorOf(caller), { skipped_steps: skipped }, input.ip);
    const [updated] = await tx
      .update(formSubmissions)
      .set({
        status: 'SUBMITTED',
        values,
        version: current.version + 1,
        updatedAt: now,
        submittedAt: now,
        currentLevel: null,
      })
      .where(eq(formSubmissions.id, current.id))
      .returning();
    if (form.settings.approval_levels.length === 0) return updated!;
    return openLevel(platform, tx, form, updated!, 0);
  });
  const [answer] = await presentSubmissions(db, [saved], () => form.code);
  return answer!;
}
