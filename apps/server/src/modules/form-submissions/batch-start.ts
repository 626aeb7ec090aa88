import type { TFormBatchStarted } from '@esigns/contracts/form-sends';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findFormBuilder, type FormBuilderRow } from '../form-builders';
import type { AccessContext } from '../permissions';
import { FORM_SEND_JOB, type TFormSendJob } from './batch-job';
import { formBatches } from './schema';
import { submissionsByEmail } from './send-counts';
import { availabilityNow } from './submission-store';
import type { Tx } from './send-link';
import type { Resolved } from './send-recipients';

/** Who a send addresses: people outside the company (contacts, emails, records) or company users. */
export type Audience = 'OUTSIDE' | 'USERS';

/**
 * The company's form `formId` if it can be sent now: 404 for an unknown, deleted or another
 * company's form; 409 when it is not ACTIVE, closed or full, or (people outside the company) when
 * only company users fill it.
 */
export async function findSendableForm(
  platform: Platform,
  access: AccessContext,
  formId: string,
  audience: Audience,
): Promise<FormBuilderRow> {
  const db = platform.database.db;
  const form = await findFormBuilder(db, access.companyId, formId);
  const availability = await availabilityNow(db, form);
  if (availability === 'INACTIVE') {
    throw new AppError('CONFLICT', { message: 'Activate the form before sending it' });
  }
  if (availability === 'CLOSED' || availability === 'FULL') {
    throw new AppError('CONFLICT', {
      message: availability === 'CLOSED' ? 'The form is closed' : 'The form has all the submissions it takes',
    });
  }
  if (audience === 'OUTSIDE' && form.ownerType === 'COMPANY_USERS') {
    throw new AppError('CONFLICT', { message: 'Only company users fill this form: send it to users' });
  }
  return form;
}

/** Each email once (first wins); on one-per-person forms, nobody who already has a submission. */
async function narrow(tx: Tx, form: FormBuilderRow, resolved: Resolved): Promise<Resolved> {
  const seen = new Set<string>();
  const unique = resolved.recipients.filter((r) => !seen.has(r.email) && seen.add(r.email));
  let recipients = unique;
  if (form.settings.one_per_person) {
    const have = await submissionsByEmail(
      tx,
      form.id,
      unique.map((r) => r.email),
      { drafts: true },
    );
    recipients = unique.filter((r) => !have.has(r.email));
  }
  return { recipients, skipped: resolved.skipped + resolved.recipients.length - recipients.length };
}

/**
 * A send: the people (`resolve`, inside the transaction) narrowed to one per email, the
 * `form_batches` row (`id` when the caller chose it) and the job of its first chunk, in one
 * transaction. 409 when nobody is left to send to.
 */
export async function startBatch(
  platform: Platform,
  access: AccessContext,
  form: FormBuilderRow,
  resolve: (tx: Tx) => Promise<Resolved>,
  id?: string,
): Promise<TFormBatchStarted> {
  const started = await platform.database.db.transaction(async (tx) => {
    const { recipients, skipped } = await narrow(tx, form, await resolve(tx));
    if (recipients.length === 0) {
      throw new AppError('CONFLICT', {
        message: 'Nobody to send to: everyone chosen already has a submission of this form, or has no email',
      });
    }
    const [batch] = await tx
      .insert(formBatches)
      .values({
        ...(id ? { id } : {}),
        companyId: access.companyId,
        formBuilderId: form.id,
        recipients,
        total: recipients.length,
        createdBy: access.userId,
      })
      .returning({ id: formBatches.id });
    await platform.jobs.send<TFormSendJob>(FORM_SEND_JOB, { batch_id: batch!.id, from: 0 }, { tx });
    return { batch_id: batch!.id, total: recipients.length, skipped };
  });
  platform.jobs.wake(FORM_SEND_JOB);
  return started;
}
