import { and, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { TFormSubmission, TStoredFormStep } from '@esigns/contracts/form-builders';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { findPeople } from '../auth';
import { isUuid } from '@esigns/contracts/ids';
import {
  findFormBuilder,
  findPublicForm,
  liveFormOf,
  publicFormOf,
  stepsOf,
  type FormBuilderRow,
} from './builders-port';
import { UNANSWERED_STATUSES } from './close-submissions';
import { contactFillerOf, formForContact } from './contact-fill';
import { writeStepRecord } from './entity-step';
import type { GuestFill, SubmissionRows } from './fill-context';
import { saveStepAt, startWithStep } from './fill-writes';
import { EDITABLE_STATUSES, visibleStepIds } from './step-states';
import { fieldsOfStep, mergeStepValues } from './step-values';
import { assertFormUploads, uploadPlaceOf } from './uploads-keys';
import { formSubmissions, formSubmissionSteps } from './schema';
import {
  actorOf,
  anySubmissionOfForm,
  availabilityNow,
  contactFillerSql,
  findOwnSubmission,
  isFiller,
  lockSubmission,
  presentSubmissions,
  recordEvent,
  toSubmission,
  type Caller,
  type StepRow,
  type SubmissionRow,
} from './submission-store';

/*
 * Filling: a filler's first save starts their submission (or resumes the one they left as a
 * DRAFT, or that approvers SENT_BACK), each save checks the step's values with the shared
 * validator and writes them with the step's progress and a history event in one transaction.
 */

export type StepSaveInput = {
  /** Start routes: the form; `/{id}` routes: the submission. */
  formId?: string;
  submissionId?: string;
  stepId: string;
  type: 'TEMPLATE' | 'ENTITY' | 'STATIC';
  values: Record<string, unknown>;
  complete: boolean;
  version?: number;
  entityDataId?: string;
  ip: string;
};

const AVAILABILITY_MESSAGES = {
  NOT_YET_OPEN: 'This form is not open yet',
  CLOSED: 'This form is closed',
  FULL: 'This form takes no more answers',
  INACTIVE: 'This form is not taking answers',
} as const;

/** 409 unless the form takes answers now. A SENT_BACK submission was counted already: only INACTIVE stops it. */
export async function assertFillable(db: Db, form: FormBuilderRow, row: SubmissionRow | null): Promise<void> {
  const availability = await availabilityNow(db, form);
  if (availability === 'OPEN') return;
  if (row?.status === 'SENT_BACK' && availability !== 'INACTIVE') return;
  throw new AppError('CONFLICT', {
    message: AVAILABILITY_MESSAGES[availability],
    errorCode: `FORM_${availability}`,
  });
}

/** Whether `key` (a form id or code, as `findPublicForm` takes it) names `form`. */
const namesForm = (form: FormBuilderRow, key: string): boolean =>
  isUuid(key.trim()) ? form.id === key.trim().toLowerCase() : form.code === key.trim().toLowerCase();

/**
 * The form a caller fills: staff, their company's; a contact, one of their contact type or sent to
 * them; a guest, the form of their session (never a staff-only one), from what the route's hook
 * read when it did (`fill`).
 */
async function formForCaller(
  db: Db,
  caller: Caller,
  formId: string,
  fill: GuestFill | undefined,
): Promise<FormBuilderRow> {
  if (caller.kind === 'STAFF') return findFormBuilder(db, caller.companyId, formId);
  if (caller.kind === 'CONTACT') return formForContact(db, caller.contact, formId);
  const form = fill ? publicFormOf(fill.form) : await findPublicForm(db, formId);
  if (fill && !namesForm(form, formId)) throw notFound('Form');
  if (form.id !== caller.guest.formBuilderId || form.ownerType === 'COMPANY_USERS') throw notFound('Form');
  return form;
}

/** The submission `id` as the route's hook read it, when it is the caller's own; else 404. */
export function ownFromFill(caller: Caller, fill: GuestFill, id: string): SubmissionRows {
  const known = fill.submission;
  if (!known || known.row.id !== id.toLowerCase() || !isFiller(caller, known.row))
    throw notFound('Submission');
  return known;
}

/**
 * The caller's submissions of a form, as SQL (their user; their contact or a guest answer of their
 * email; their guest identity or its contact).
 */
export function fillerMatch(caller: Caller): SQL {
  if (caller.kind === 'STAFF') {
    return and(eq(formSubmissions.fillerKind, 'USER'), eq(formSubmissions.fillerId, caller.access.userId))!;
  }
  if (caller.kind === 'CONTACT') return contactFillerSql(caller.contact);
  const { guest } = caller;
  return or(
    and(
      inArray(formSubmissions.fillerKind, ['GUEST', 'ANONYMOUS']),
      eq(formSubmissions.fillerId, guest.guestId),
    ),
    guest.contactId
      ? and(eq(formSubmissions.fillerKind, 'CONTACT'), eq(formSubmissions.fillerId, guest.contactId))
      : undefined,
  )!;
}

/** `one_per_person`: 409 when this person (user, guest, contact or email) has an answer in already. */
export async function assertFirstAnswer(
  db: Db,
  caller: Caller,
  form: FormBuilderRow,
  exceptId: string | null,
): Promise<void> {
  if (!form.settings.one_per_person) return;
  const email =
    caller.kind === 'GUEST'
      ? caller.guest.email?.toLowerCase()
      : caller.kind === 'CONTACT'
        ? caller.contact.email.toLowerCase()
        : undefined;
  const answered = notInArray(formSubmissions.status, [...UNANSWERED_STATUSES]);
  const samePerson = or(
    fillerMatch(caller),
    email ? sql`lower(${formSubmissions.fillerEmail}) = ${email}` : undefined,
  )!;
  const hit = await anySubmissionOfForm(db, form.id, and(answered, samePerson)!, exceptId);
  if (hit)
    throw new AppError('CONFLICT', {
      message: 'You have already answered this form',
      errorCode: 'ALREADY_ANSWERED',
    });
}

async function findResumable(db: Db, caller: Caller, formId: string): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.formBuilderId, formId),
        eq(formSubmissions.companyId, caller.companyId),
        isNull(formSubmissions.deletedAt),
        inArray(formSubmissions.status, [...EDITABLE_STATUSES]),
        fillerMatch(caller),
      ),
    )
    .orderBy(desc(formSubmissions.updatedAt))
    .limit(1);
  return row ?? null;
}

/** The form and the caller's editable submission of it (null: a first save starts one). */
export async function openForSave(
  db: Db,
  caller: Caller,
  input: Pick<StepSaveInput, 'formId' | 'submissionId'>,
  fill?: GuestFill,
): Promise<{ form: FormBuilderRow; row: SubmissionRow | null; known: SubmissionRows | null }> {
  if (input.submissionId) {
    const known = fill ? ownFromFill(caller, fill, input.submissionId) : null;
    const row = known?.row ?? (await findOwnSubmission(db, caller, input.submissionId));
    const form = fill
      ? liveFormOf(fill.form, caller.companyId)
      : await findFormBuilder(db, caller.companyId, row.formBuilderId);
    assertEditable(row);
    await assertFillable(db, form, row);
    return { form, row, known };
  }
  const form = await formForCaller(db, caller, input.formId!, fill);
  const known = fill ? fill.submission : null;
  const row = fill ? (known?.row ?? null) : await findResumable(db, caller, form.id);
  await assertFillable(db, form, row);
  if (!row) await assertFirstAnswer(db, caller, form, null);
  return { form, row, known };
}

export function assertEditable(row: SubmissionRow): void {
  if (!EDITABLE_STATUSES.includes(row.status)) {
    throw new AppError('CONFLICT', {
      message: 'This submission was submitted and can no longer be changed',
      errorCode: 'SUBMISSION_LOCKED',
    });
  }
}

/** The form's step `stepId` of `type`, else 422 keyed `step_id`. */
export function findStep(
  form: FormBuilderRow,
  stepId: string,
  type: TStoredFormStep['type'] | null,
): TStoredFormStep {
  const step = stepsOf(form).find((s) => s.id === stepId);
  const problem = !step
    ? 'Not a step of this form'
    : type && step.type !== type
      ? `This is a ${step.type} step`
      : null;
  if (problem) throw validationError([{ key: 'step_id', path: ['step_id'], message: problem }], problem);
  return step!;
}

async function newSubmissionValues(db: Db, caller: Caller, form: FormBuilderRow) {
  const base = {
    companyId: form.companyId,
    formBuilderId: form.id,
    formVersion: form.version,
    status: 'DRAFT' as const,
  };
  if (caller.kind === 'GUEST') {
    const { guest } = caller;
    return {
      ...base,
      fillerKind: guest.kind,
      fillerId: guest.guestId,
      fillerEmail: guest.email,
      fillerName: '',
    };
  }
  if (caller.kind === 'CONTACT') return { ...base, ...(await contactFillerOf(db, caller.contact)) };
  const person = (await findPeople(db, [caller.access.userId])).get(caller.access.userId);
  return {
    ...base,
    fillerKind: 'USER' as const,
    fillerId: caller.access.userId,
    fillerEmail: person?.email ?? null,
    fillerName: person ? `${person.firstName} ${person.lastName}`.trim() : '',
    createdBy: caller.access.userId,
  };
}

/** The values this save keeps for the step (STATIC steps keep none). */
async function stepValuesOf(
  db: Db,
  caller: Caller,
  step: TStoredFormStep,
  row: SubmissionRow | null,
  input: StepSaveInput,
  templateStamps: Record<string, string> = {},
) {
  if (step.type === 'STATIC') return { values: null, entity: null };
  const { fields, entity } = await fieldsOfStep(db, caller.companyId, step, templateStamps);
  const stored = row?.values[step.id] ?? {};
  const values = mergeStepValues(fields, stored, input.values, {
    complete: input.complete,
    companyId: caller.companyId,
  });
  const formId = row?.formBuilderId ?? input.formId!;
  assertFormUploads(input.values, { ...uploadPlaceOf(caller, formId, row), stepId: step.id });
  return { values, entity };
}

/**
 * The answer after a write: the step rows and decisions read along (`known`, the same submission)
 * with the rows this write changed, else read again.
 */
export async function answerAfterWrite(
  db: Db,
  saved: SubmissionRow,
  code: string,
  known: SubmissionRows | null,
  written: readonly StepRow[],
): Promise<TFormSubmission> {
  if (!known) return (await presentSubmissions(db, [saved], () => code))[0]!;
  const byStep = new Map(known.steps.map((st) => [st.stepId, st]));
  for (const st of written) byStep.set(st.stepId, st);
  return toSubmission(saved, code, [...byStep.values()], known.decisions);
}

/**
 * Saves one step (starting the submission when needed) and answers the submission. `fill`: what
 * the route's hook read for a guest. A TEMPLATE or STATIC step is written in one statement while
 * the submission is still at the version read; an ENTITY step (its record), a `version` sent that
 * differs from the one read, or a submission another write moved meanwhile take the locked path.
 */
export async function saveStep(
  db: Db,
  caller: Caller,
  input: StepSaveInput,
  fill?: GuestFill,
): Promise<TFormSubmission> {
  const { form, row, known } = await openForSave(db, caller, input, fill);
  const step = findStep(form, input.stepId, input.type);
  if (!visibleStepIds(stepsOf(form), row?.values ?? {}).has(step.id)) {
    throw new AppError('CONFLICT', {
      message: 'This step is skipped: its condition does not hold on your answers',
    });
  }
  const { values, entity } = await stepValuesOf(db, caller, step, row, input, fill?.templateStamps);
  const done = input.complete || step.type === 'STATIC';
  const now = new Date();
  if (step.type !== 'ENTITY' && (input.version === undefined || input.version === row?.version)) {
    const write = {
      step: {
        stepId: step.id,
        status: done ? ('COMPLETED' as const) : ('SAVED' as const),
        completedAt: done ? now : null,
      },
      event: {
        event: done ? 'STEP_COMPLETED' : 'STEP_SAVED',
        details: { step_id: step.id, entity_data_id: null },
      },
      actor: actorOf(caller),
      ip: input.ip,
      now,
    };
    const written = row
      ? await saveStepAt(db, row, values ? { ...row.values, [step.id]: values } : row.values, write)
      : await startWithStep(
          db,
          await newSubmissionValues(db, caller, form),
          values ? { [step.id]: values } : {},
          write,
        );
    // A resumed submission keeps the rows read; a new one has none yet.
    if (written)
      return answerAfterWrite(
        db,
        written.row,
        form.code,
        row ? known : { row: written.row, steps: [], decisions: [] },
        written.steps,
      );
  }
  const saved = await db.transaction(async (tx) => {
    const current = row
      ? await lockSubmission(tx, row.id)
      : (
          await tx
            .insert(formSubmissions)
            .values(await newSubmissionValues(tx, caller, form))
            .returning()
        )[0]!;
    if (!row) await recordEvent(tx, current.id, 'STARTED', actorOf(caller), {}, input.ip);
    assertEditable(current);
    if (input.version !== undefined && input.version !== current.version) {
      throw new AppError('CONFLICT', {
        message: 'This submission changed since you opened it: reload it',
        errorCode: 'VERSION_MOVED',
      });
    }
    const [stored] = await tx
      .select({ entityDataId: formSubmissionSteps.entityDataId })
      .from(formSubmissionSteps)
      .where(and(eq(formSubmissionSteps.submissionId, current.id), eq(formSubmissionSteps.stepId, step.id)));
    let entityDataId = stored?.entityDataId ?? null;
    if (step.type === 'ENTITY' && input.complete && entity && values) {
      entityDataId = await writeStepRecord(tx, caller, form, {
        step,
        entity,
        values,
        storedId: entityDataId,
        requestedId: input.entityDataId,
      });
    }
    const nextValues = values ? { ...current.values, [step.id]: values } : current.values;
    const [updated] = await tx
      .update(formSubmissions)
      .set({ values: nextValues, version: current.version + 1, updatedAt: now })
      .where(eq(formSubmissions.id, current.id))
      .returning();
    const progress = {
      status: done ? ('COMPLETED' as const) : ('SAVED' as const),
      completedAt: done ? now : null,
      entityDataId,
      updatedAt: now,
    };
    await tx
      .insert(formSubmissionSteps)
      .values({ submissionId: current.id, stepId: step.id, ...progress })
      .onConflictDoUpdate({
        target: [formSubmissionSteps.submissionId, formSubmissionSteps.stepId],
        set: progress,
      });
    const event = done ? 'STEP_COMPLETED' : 'STEP_SAVED';
    await recordEvent(
      tx,
      current.id,
      event,
      actorOf(caller),
      { step_id: step.id, entity_data_id: entityDataId },
      input.ip,
    );
    return updated!;
  });
  const [answer] = await presentSubmissions(db, [saved], () => form.code);
  return answer!;
}
