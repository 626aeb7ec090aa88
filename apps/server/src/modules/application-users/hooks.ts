import type { Db } from '../../platform/db/database';

/*
 * A contact's account record (`account_data_id`) is a record of entity data, a module that comes
 * after application-users in the module order: it registers these lookups at start-up (app.ts,
 * before any route), so that this module never reads its tables.
 */

export type AccountRecords = {
  /** Whether `dataId` is a record of the company (any entity). */
  isCompanyRecord: (db: Pick<Db, 'select'>, companyId: string, dataId: string) => Promise<boolean>;
  /** Ids of the company's BUSINESS-entity records titled `title` (case-insensitive), at most `limit`. */
  businessRecordsTitled: (
    db: Pick<Db, 'select'>,
    companyId: string,
    title: string,
    limit: number,
  ) => Promise<string[]>;
};

let registered: AccountRecords | undefined;

export function registerAccountRecords(records: AccountRecords): void {
  registered = records;
}

/** The registered lookups; never registered is a start-up mistake (throws). */
export function accountRecords(): AccountRecords {
  if (!registered) throw new Error('account records were never registered (entity-data)');
  return registered;
}
