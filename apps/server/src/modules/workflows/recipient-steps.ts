import type { TWorkflowStep } from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import { findPeople } from '../auth';
import { recipientsOf, type DocumentUserRow } from '../documents';
import type { WorkflowDataRow, WorkflowDataStepRow } from './presenters';

/*
 * Which steps of an instance are addressed to one person (by email, without case): requests and
 * forms go to the primary person; a template step's document goes to its recipients (not CC),
 * or, before the document exists, to the people the step's roles name (the primary person when
 * it names none or a PRIMARY role, fixed emails, company users).
 */

type Reader = Pick<Db, 'select'>;

/** A step addressed to the person, with their recipient row on its document (template steps with one). */
export type AddressedStep = { row: WorkflowDataStepRow; signer: DocumentUserRow | null };

const lower = (email: string | null | undefined): string => (email ?? '').trim().toLowerCase();

/** The emails a template step's definition names (before its document exists). */
async function definedEmails(
  db: Reader,
  step: TWorkflowStep | undefined,
  primary: string,
): Promise<string[]> {
  const recipients = step?.recipients ?? [];
  const emails = recipients.length === 0 || recipients.some((r) => r.source === 'PRIMARY') ? [primary] : [];
  const userIds = recipients.flatMap((r) => (r.source === 'USER' ? [r.user_id] : []));
  const users = await findPeople(db, userIds);
  for (const r of recipients) {
    if (r.source === 'EMAIL') emails.push(lower(r.email));
    if (r.source === 'USER') emails.push(lower(users.get(r.user_id)?.email));
  }
  return emails;
}

/** The instance's steps (in order) addressed to `email`. */
export async function stepsAddressedTo(
  db: Reader,
  instance: WorkflowDataRow,
  rows: readonly WorkflowDataStepRow[],
  versionSteps: readonly TWorkflowStep[],
  email: string,
): Promise<AddressedStep[]> {
  const me = lower(email);
  const primary = lower(instance.email);
  const out: AddressedStep[] = [];
  for (const row of rows) {
    if (row.kind === 'requested' || row.kind === 'form') {
      if (me !== '' && me === primary) out.push({ row, signer: null });
      continue;
    }
    if (row.objectId) {
      const signer = (await recipientsOf(db, row.objectId)).find(
        (r) => r.userType !== 'CC' && lower(r.email) === me,
      );
      if (signer) out.push({ row, signer });
      continue;
    }
    const defined = await definedEmails(
      db,
      versionSteps.find((s) => s.id === row.stepId),
      primary,
    );
    if (me !== '' && defined.includes(me)) out.push({ row, signer: null });
  }
  return out;
}
