import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { registerAccountRecords } from '../application-users';
import { entityNames } from '../entities';
import { recordDirectory } from './record-views';

/** A contact's account record (application-users' `account_data_id`): a record of the company. */
async function isCompanyRecord(db: Pick<Db, 'select'>, companyId: string, dataId: string): Promise<boolean> {
  if (!isUuid(dataId)) return false;
  const [row] = await db
    .select({ id: recordDirectory.id })
    .from(recordDirectory)
    .where(and(eq(recordDirectory.id, dataId), eq(recordDirectory.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

/** The company's BUSINESS-entity records titled `title` (case-insensitive): a contact's account name. */
async function businessRecordsTitled(
  db: Pick<Db, 'select'>,
  companyId: string,
  title: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: recordDirectory.id })
    .from(recordDirectory)
    .innerJoin(entityNames, eq(entityNames.id, recordDirectory.entityId))
    .where(
      and(
        eq(recordDirectory.companyId, companyId),
        eq(entityNames.entityType, 'BUSINESS'),
        sql`lower(${recordDirectory.title}) = lower(${title})`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Plugs the account-record lookups into application-users; app.ts calls it at start-up. */
export function registerAccountRecordHooks(): void {
  registerAccountRecords({ isCompanyRecord, businessRecordsTitled });
}
