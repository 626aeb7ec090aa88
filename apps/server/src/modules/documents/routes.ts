import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerBulkSendRoutes } from './bulk-send-routes';
import { registerConfigurableRoutes } from './configurable-routes';
import { registerEditorRoutes } from './editor-routes';
import { registerEmployeeUploadRoutes } from './employee-upload-routes';
import { registerFileUploadRoutes } from './file-upload-routes';
import { registerPublicTemplateRoutes } from './public-routes';
import { registerRemoveFieldsRoutes } from './remove-fields-routes';
import { registerRequestDocumentRoutes } from './request-documents-routes';
import { registerSendRoutes } from './send-routes';
import { registerTemplateDataRoutes } from './template-data-routes';
import { registerTemplateRoutes } from './templates-routes';

/** Every route of the documents module (issue 4: templates, drafts, sending, bulk send, requests, uploads). */
export async function registerDocumentRoutes(api: FastifyInstance, platform: Platform): Promise<void> {
  registerTemplateRoutes(api, platform);
  registerConfigurableRoutes(api, platform);
  registerSendRoutes(api, platform);
  registerPublicTemplateRoutes(api, platform);
  registerRequestDocumentRoutes(api, platform);
  registerTemplateDataRoutes(api, platform);
  registerEmployeeUploadRoutes(api, platform);
  registerRemoveFieldsRoutes(api, platform);
  await registerEditorRoutes(api, platform);
  await registerBulkSendRoutes(api, platform);
  await registerFileUploadRoutes(api, platform);
}
