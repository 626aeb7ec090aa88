/**
 * The public face of the exports module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { cellOf, kindOf, textOf } from './cell-values';
export type { CellContext, CellKind, CellValue } from './cell-values';
export { CSV_BOM, csvLine, csvText } from './csv';
export { defineExportJobs } from './jobs';
export { registerExportRoutes } from './routes';
