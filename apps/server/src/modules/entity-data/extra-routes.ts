import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerRecordFileRoutes } from './files-routes';
import { registerRecordHistoryRoutes } from './history/history-routes';
import { registerRecordActionRoutes } from './more-routes';
import { registerPublicRecordRoutes } from './public-view-routes';
import { registerRecordDocumentRoutes } from './record-documents-routes';
import { registerRepeatableRoutes } from './repeatable-routes';
import { registerTemplateDataRoutes } from './template-data-routes';

/**
 * What records carry besides their values: files of FILE and IMAGE fields (presigned upload,
 * confirmation, download), entries of repeatable templates, and attached documents; and what is
 * done with records besides editing them (notify, print, data table rows, records of people,
 * template data across entities, public links: `more-routes.ts`, `public-view-routes.ts`). Called once,
 * from `registerEntityDataRoutes`.
 */
export function registerRecordExtraRoutes(api: FastifyInstance, platform: Platform): void {
  registerRecordFileRoutes(api, platform);
  registerRepeatableRoutes(api, platform);
  registerRecordDocumentRoutes(api, platform);
  registerRecordActionRoutes(api, platform);
  registerPublicRecordRoutes(api, platform);
  registerRecordHistoryRoutes(api, platform);
  registerTemplateDataRoutes(api, platform);
}
