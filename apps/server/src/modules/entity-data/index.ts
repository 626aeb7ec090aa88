/**
 * The public face of the entity-data module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerEntityExcelImportRoutes } from './excel-import-routes';
export {
  registerAggregateFiller,
  registerRecordEventPublisher,
  registerRecordLinkCondition,
  registerSavedFilterReader,
} from './hooks';
export type { AggregateFiller, RecordEventPublisher, RecordLinkCondition, SavedFilterReader } from './hooks';
export { defineRecordJobs } from './jobs';
export { contactRecordsPage } from './contact-records';
export { payableRecord } from './payable-records';
export type { PayableRecord, RecordPayer } from './payable-records';
export { columnOf, filterSql, orderSql } from './query';
export { registerAccountRecordHooks } from './account-records';
export {
  existingRecordIds,
  narrowedRecordsPage,
  recordDirectory,
  recordIdsMatching,
  recordsByIds,
  recordsWithLinks,
} from './record-views';
export { printableText } from './printable-values';
export { registerEntityDataHooks } from './register-hooks';
export { ZRecordSchema, registerEntityDataRoutes } from './routes';
export { createRecords, findRecord, queryRecords, toRecord, updateRecord } from './service';
export { loadGridContext } from './record-state';
export type { RecordRow, RecordWriteOptions } from './service';
export type { ForeignFileCheck } from './files-service';
export { slugOf } from './files-service';
export { recordExportReader } from './record-export-pages';
export type {
  ExportRecord,
  RecordExportPage,
  RecordExportQuery,
  RecordExportReader,
} from './record-export-pages';
export {
  headerNames,
  importableFields,
  importProblems,
  mappingColumns,
  prepareRows,
  sampleCell,
  suggestMapping,
} from './excel-import-service';
export type { ImportColumn, ImportField } from './excel-import-service';
export { checkImportDuplicates, Problems, rowDetail, writeImportBatch } from './import-writer';
export type { Prepared, SeenKeys } from './import-writer';
/** Deletes the records written with this import id (1,000 per statement, `giveWay` between). */
export { discardStagedImport as removeImportedRecords } from './staged-imports';
