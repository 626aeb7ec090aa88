/**
 * The public face of the entity-data module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerEntityExcelImportRoutes } from './excel-import-routes';
export { findOrAddRecord } from './find-or-add';
export { defineRecordJobs } from './jobs';
export { columnOf, filterSql, orderSql } from './query';
export { titleOf } from './record-values';
export { ZRecordSchema, registerEntityDataRoutes } from './routes';
export {
  countWhere,
  createRecords,
  findCompanyRecord,
  findRecord,
  linkedTitles,
  queryRecords,
  recordWhere,
  toRecord,
  withComputedValues,
} from './service';
export type { RecordRow } from './service';
