import { hasPermission } from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import { loadEntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { contactRecord } from './contact-records';
import type { RecordValues } from './record-values';
import { findCompanyRecord, withComputedValues } from './service';

/** Who pays for a record: a member of its company, or a contact of the contact area. */
export type RecordPayer =
  { kind: 'STAFF'; access: AccessContext } | { kind: 'CONTACT'; contact: ContactContext };

export type PayableRecord = {
  id: string;
  companyId: string;
  entityId: string;
  title: string | null;
  /** Values by template id then field key, computed values filled as a read shows them. */
  values: RecordValues;
};

/**
 * A record the caller may pay a pay button of (pay-buttons): a member with `entity-data:view` any of
 * the company's records; a contact the records their type's rule lets them read (their scope). Out
 * of reach: 404 like another company's id; a member without the permission: 403.
 */
export async function payableRecord(db: Db, caller: RecordPayer, recordId: string): Promise<PayableRecord> {
  let row;
  if (caller.kind === 'CONTACT') {
    row = (await contactRecord(db, caller.contact, recordId, 'read')).row;
  } else {
    if (!hasPermission(caller.access, 'entity-data:view')) {
      throw new AppError('FORBIDDEN', {
        message: 'You do not have permission to do this (entity-data:view)',
      });
    }
    row = await findCompanyRecord(db, caller.access.companyId, recordId);
  }
  const def = await loadEntityDefinition(db, row.companyId, row.entityId);
  const [computed] = await withComputedValues(db, def, [row]);
  return {
    id: row.id,
    companyId: row.companyId,
    entityId: row.entityId,
    title: row.title,
    values: computed!.values,
  };
}
