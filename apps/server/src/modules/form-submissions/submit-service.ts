import { eq, sql } from 'drizzle-orm';
import type { TFormSubmission } from '@esigns/contracts/form-builders';
import type { TStepStatus } from '@esigns/contracts/form-submissions';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findFormBuilder, liveFormOf, stepsOf, type FormBuilderRow } from './builders-port';
import { clearApprovals, openLevel } from './approvals-service';
import { documentStepProgress } from './documents-steps';
import type { GuestFill, SubmissionRows } from './fill-context';
import {
  answerAfterWrite,
  assertEditable,
  assertFillable,
  assertFirstAnswer,
  ownFromFill,
} from './fill-service';
import { submitAt } from './fill-writes';
import { runSubmitChecks } from './submit-checks';
import { isSubmissionFollowed, submissionStatusChanged } from './status-listeners';
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

/**
 * Whether answers of the form are limited (`max_submissions`, `one_per_person`): their submits
 * count answers under a per-form lock. Others need no lock.
 */
const isCapped = (form: FormBuilderRow): boolean =>
  form.settings.max_submissions !== null || form.settings.one_per_person;

/** 422 keyed `steps.<step_id>` when a required visible step is not completed. */
function assertComplete(states: TStepStatus['steps'], status: SubmissionRow['status']): void {
  const { missing } = progressOf(states, status);
  if (missing) {
    const message = `Complete the step "${missing.name}" first`;
    throw validationError(
      [{ key: `steps.${missing.step_id}`, path: ['steps', missing.step_id], message }],
      message,
    );
  }
}

/** The registered submit checks (a pay button to pay first...) on the visible template steps. */
async function checkBeforeSubmit(
  db: Db,
  form: FormBuilderRow,
  row: SubmissionRow,
  states: readonly { step_id: string; visible: boolean }[],
): Promise<void> {
  const visible = new Set(states.filter((s) => s.visible).map((s) => s.step_id));
  const templateSteps = stepsOf(form).flatMap((step) =>
    step.type === 'TEMPLATE' && visible.has(step.id)
      ? [{ stepId: step.id, templateId: step.template_id }]
      : [],
  );
  await runSubmitChecks(db, {
    submissionId: row.id,
    companyId: row.companyId,
    formBuilderId: row.formBuilderId,
    templateSteps,
  });
}

/**
 * The plain submit in one statement: a DRAFT of an uncapped form without approval levels nor
 * DOCUMENT steps, written while it is still at the version read. Null when it does not apply or
 * another write moved the submission (the locked path decides then).
 */
async function submitPlain(
  db: Db,
  caller: Caller,
  form: FormBuilderRow,
  known: SubmissionRows | null,
  row: SubmissionRow,
  input: { version?: number; ip: string },
): Promise<TFormSubmission | null> {
  const plain =
    row.status === 'DRAFT' &&
    !isCapped(form) &&
    form.settings.approval_levels.length === 0 &&
    !stepsOf(form).some((s) => s.type === 'DOCUMENT') &&
    (input.version === undefined || input.version === row.version);
  if (!plain || (await isSubmissionFollowed(db, row.id))) return null;
  await assertFillable(db, form, row);
  const stepRows = known?.steps ?? (await stepRowsOf(db, [row.id])).get(row.id) ?? [];
  const states = stepStates(stepsOf(form), row.values, stepRows);
  assertComplete(states, row.status);
  await checkBeforeSubmit(db, form, row, states);
  const skipped = states.filter((s) => !s.visible).map((s) => s.step_id);
  const now = new Date();
  const written = await submitAt(
    db,
    row,
    Object.fromEntries(Object.entries(row.values).filter(([stepId]) => !skipped.includes(stepId))),
    {
      steps: skipped.map((stepId) => ({ stepId, status: 'SKIPPED' as const, completedAt: null })),
      event: { event: 'SUBMITTED', details: { skipped_steps: skipped } },
      actor: actorOf(caller),
      ip: input.ip,
      now,
    },
  );
  return written ? answerAfterWrite(db, written.row, form.code, known, written.steps) : null;
}

/**
 * `PUT formbuilder-data/{id}` with status SUBMITTED, by the filler. `fill`: what the route's hook
 * read for a guest.
 */
export async function submitSubmission(
  platform: Platform,
  caller: Caller,
  id: string,
  input: { version?: number; ip: string },
  fill?: GuestFill,
): Promise<TFormSubmission> {
  const db = platform.database.db;
  const known = fill ? ownFromFill(caller, fill, id) : null;
  const row = known?.row ?? (await findOwnSubmission(db, caller, id));
  const form = fill
    ? liveFormOf(fill.form, caller.companyId)
    : await findFormBuilder(db, caller.companyId, row.formBuilderId);
  const plain = await submitPlain(db, caller, form, known, row, input);
  if (plain) return plain;
  const saved = await db.transaction(async (tx) => {
    if (isCapped(form)) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form-submit:${form.id}`}))`);
    }
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
    assertComplete(states, current.status);
    await checkBeforeSubmit(tx, form, current, states);
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
    await platform.events.publish(tx, {
      companyId: updated!.companyId,
      type: 'form.submitted',
      subjectId: updated!.id,
      data: {
        form_builder_id: updated!.formBuilderId,
        submission_id: updated!.id,
        submitter: { email: updated!.fillerEmail, name: updated!.fillerName || null },
      },
    });
    const settled =
      form.settings.approval_levels.length === 0
        ? updated!
        : await openLevel(platform, tx, form, updated!, 0);
    await submissionStatusChanged(tx, {
      submissionId: settled.id,
      companyId: settled.companyId,
      status: settled.status,
    });
    return settled;
  });
  const [answer] = await presentSubmissions(db, [saved], () => form.code);
  return answer!;
}
