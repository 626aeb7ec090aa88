import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, unlessAppError } from '../../platform/http/app-error';
import type { EntityDefinition } from '../entities';
import { createRecords, findRecord, updateRecord, type ForeignFileCheck } from '../entity-data';
import { loadAccess, type AccessContext } from '../permissions';
import type { FormBuilderRow } from './builders-port';
import { formSubmissions } from './schema';
import { fillerIdOf, type Caller } from './submission-store';
import { fileRefsIn, parseFormUploadKey } from './uploads-keys';

/*
 * An ENTITY step, once completed, writes its entity's record through entity-data (the same checks
 * as the records screen: links, duplicates, auto numbers), inside the save's transaction. Staff
 * write as themselves; a guest's record is written under the form's creator, who must still be a
 * member allowed to write records (as a public record link is vouched for by its creator).
 */

type EntityStep = Extract<TStoredFormStep, { type: 'ENTITY' }>;

async function writerOf(
  db: Db,
  caller: Caller,
  form: FormBuilderRow,
  slug: PermissionSlug,
): Promise<AccessContext> {
  if (caller.kind === 'STAFF') {
    if (!hasPermission(caller.access, slug)) {
      throw new AppError('FORBIDDEN', { message: `You do not have permission to do this (${slug})` });
    }
    return caller.access;
  }
  const creator = form.createdBy
    ? await unlessAppError(loadAccess(db, { userId: form.createdBy, companyId: form.companyId }), [
        'UNAUTHORIZED',
      ])
    : null;
  if (!creator || !hasPermission(creator, slug)) {
    throw new AppError('CONFLICT', {
      message: "This form can no longer save records: ask the form's owner to check it",
    });
  }
  return creator;
}

/**
 * Creates or updates the step's record and answers its id. The record is the one this submission
 * wrote before (a step completed again), else with `update_existing` the one asked for (staff
 * who may edit records: any record of the entity; a guest: only the one the step already holds),
 * else a new one.
 */
export async function writeStepRecord(
  tx: Db,
  caller: Caller,
  form: FormBuilderRow,
  input: {
    step: EntityStep;
    entity: EntityDefinition;
    values: Record<string, unknown>;
    storedId: string | null;
    requestedId: string | undefined;
  },
): Promise<string> {
  const { entity, step, storedId, requestedId } = input;
  const recordValues = { [entity.primary.id]: input.values };
  let targetId = storedId;
  if (requestedId !== undefined && requestedId !== storedId) {
    if (!step.update_existing || caller.kind !== 'STAFF') throw notFound('Record');
    targetId = requestedId;
  }
  const options = { acceptFile: await stepUploads(tx, caller, form, step, input.values) };
  if (targetId) {
    const writer = await writerOf(tx, caller, form, 'entity-data:update');
    await findRecord(tx, entity, targetId);
    await updateRecord(tx, writer, entity, targetId, recordValues, ['values'], 'UPDATED', options);
    return targetId;
  }
  const writer = await writerOf(tx, caller, form, 'entity-data:create');
  const [row] = await createRecords(tx, writer, entity, [recordValues], () => ['values'], options);
  return row!.id;
}

/**
 * The form uploads the record may keep as its files (entity-data accepts only its own uploads
 * otherwise): files uploaded for this step and field, into a submission of this form or the
 * filler's new-answer folder of it. Each save already refused another submission's or filler's
 * keys; this re-checks them against the database before they become a record's files.
 */
async function stepUploads(
  tx: Db,
  caller: Caller,
  form: FormBuilderRow,
  step: EntityStep,
  values: Record<string, unknown>,
): Promise<ForeignFileCheck> {
  const keys = fileRefsIn(values).flatMap(({ ref }) => {
    const key = parseFormUploadKey(ref.file_ref_id);
    return key && key.companyId === form.companyId && key.stepId === step.id ? [key] : [];
  });
  const submissionIds = [...new Set(keys.flatMap((k) => (k.submissionId ? [k.submissionId] : [])))];
  const ours =
    submissionIds.length === 0
      ? []
      : await tx
          .select({ id: formSubmissions.id })
          .from(formSubmissions)
          .where(
            and(
              inArray(formSubmissions.id, submissionIds),
              eq(formSubmissions.formBuilderId, form.id),
              eq(formSubmissions.companyId, form.companyId),
            ),
          );
  const submissions = new Set(ours.map((r) => r.id));
  const fillerId = fillerIdOf(caller);
  return (ref, place) => {
    const key = parseFormUploadKey(ref.file_ref_id);
    if (!key || key.companyId !== form.companyId || key.stepId !== step.id || key.field !== place.fieldKey) {
      return false;
    }
    return key.submissionId
      ? submissions.has(key.submissionId)
      : key.formId === form.id && key.fillerId === fillerId;
  };
}
