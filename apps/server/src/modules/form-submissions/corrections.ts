import { eq } from 'drizzle-orm';
import type { TFormSubmission, TStoredFormStep } from '@esigns/contracts/form-builders';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { findFormBuilder, stepsOf } from './builders-port';
import { fieldsOfStep, mergeStepValues } from './step-values';
import { formSubmissions } from './schema';
import {
  actorOf,
  findReadableSubmission,
  lockSubmission,
  presentSubmissions,
  recordEvent,
  type Caller,
} from './submission-store';

/*
 * Staff corrections of a submission's values (`form-builders:manage-submissions`): `PUT
 * formbuilder-data/{id}` with values by step id, and `PATCH formbuilder/templates-data/{id}/{template_id}`
 * for the TEMPLATE step(s) of one template. Values are merged over the stored ones and checked by
 * the shared validator; the fields changed are written to the history. A record an ENTITY step
 * wrote is not touched: it is edited on its own screen.
 */

type Corrections = Record<string, Record<string, unknown>>;

function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
}

export async function correctValues(
  db: Db,
  caller: Caller,
  id: string,
  input: { values: Corrections; version?: number; ip: string; keyByStep?: boolean },
): Promise<TFormSubmission> {
  const row = await findReadableSubmission(db, caller, id, 'form-builders:manage-submissions');
  const form = await findFormBuilder(db, caller.companyId, row.formBuilderId);
  const steps = new Map(stepsOf(form).map((s) => [s.id, s]));
  const next: Corrections = {};
  for (const [stepId, values] of Object.entries(input.values)) {
    const step: TStoredFormStep | undefined = steps.get(stepId);
    if (step?.type !== 'TEMPLATE') {
      const message = step
        ? 'Only the values of TEMPLATE steps are corrected here'
        : 'Not a step of this form';
      throw validationError([{ key: `values.${stepId}`, path: ['values', stepId], message }], message);
    }
    const { fields } = await fieldsOfStep(db, caller.companyId, step);
    const stored = row.values[stepId] ?? {};
    next[stepId] = mergeStepValues(fields, stored, values, {
      complete: false,
      companyId: caller.companyId,
      prefix: input.keyByStep === false ? ['values'] : ['values', stepId],
    });
  }
  const saved = await db.transaction(async (tx) => {
    const current = await lockSubmission(tx, row.id);
    if (input.version !== undefined && input.version !== current.version) {
      throw new AppError('CONFLICT', {
        message: 'This submission changed since you opened it: reload it',
        errorCode: 'VERSION_MOVED',
      });
    }
    const changes = Object.entries(next).map(([stepId, values]) => ({
      step_id: stepId,
      fields: changedKeys(current.values[stepId] ?? {}, values),
    }));
    await recordEvent(tx, current.id, 'VALUES_CORRECTED', actorOf(caller), { changes }, input.ip);
    const [updated] = await tx
      .update(formSubmissions)
      .set({ values: { ...current.values, ...next }, version: current.version + 1, updatedAt: new Date() })
      .where(eq(formSubmissions.id, current.id))
      .returning();
    return updated!;
  });
  const [answer] = await presentSubmissions(db, [saved], () => form.code);
  return answer!;
}

/** `PATCH formbuilder/templates-data/{formbuilder_data_id}/{template_id}`: the TEMPLATE steps of that template. */
export async function correctTemplateValues(
  db: Db,
  caller: Caller,
  id: string,
  templateId: string,
  input: { values: Record<string, unknown>; version?: number; ip: string },
): Promise<TFormSubmission> {
  const row = await findReadableSubmission(db, caller, id, 'form-builders:manage-submissions');
  const form = await findFormBuilder(db, caller.companyId, row.formBuilderId);
  const stepIds = stepsOf(form)
    .filter((s) => s.type === 'TEMPLATE' && s.template_id === templateId)
    .map((s) => s.id);
  if (stepIds.length === 0) {
    throw new AppError('NOT_FOUND', { message: 'This form has no step with that template' });
  }
  const values = Object.fromEntries(stepIds.map((stepId) => [stepId, input.values]));
  return correctValues(db, caller, id, { values, version: input.version, ip: input.ip, keyByStep: false });
}
