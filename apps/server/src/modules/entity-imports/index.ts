/**
 * The public face of the entity-imports module (stored uploads, saved mappings, import jobs):
 * the composition root imports only this file.
 */
export { registerEntityImportRoutes } from './routes';
export { defineEntityImportJobs, IMPORT_JOB, runImport } from './jobs';
