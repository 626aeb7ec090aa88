import { hasPermission } from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { findOwnSubmission, findReadableSubmission, type Caller } from './submission-store';

export type PayableSubmission = {
  id: string;
  companyId: string;
  formBuilderId: string;
  status: string;
  /** Values by step id then field key. */
  values: Record<string, Record<string, unknown>>;
  fillerKind: string;
  fillerEmail: string | null;
  fillerName: string;
};

/**
 * A submission the caller may pay a pay button of (pay-buttons): its filler (a guest of the form's
 * session, a contact, a member), or a member with `form-builders:view-submissions`. Anything else:
 * 404, exactly like another company's id.
 */
export async function payableSubmission(db: Db, caller: Caller, id: string): Promise<PayableSubmission> {
  const row =
    caller.kind === 'STAFF' && hasPermission(caller.access, 'form-builders:view-submissions')
      ? await findReadableSubmission(db, caller, id)
      : await findOwnSubmission(db, caller, id);
  return {
    id: row.id,
    companyId: row.companyId,
    formBuilderId: row.formBuilderId,
    status: row.status,
    values: row.values,
    fillerKind: row.fillerKind,
    fillerEmail: row.fillerEmail,
    fillerName: row.fillerName,
  };
}
