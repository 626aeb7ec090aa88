import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerBulkSendRoutes } from './bulk-send-routes';
import { registerConfigurableRoutes } from './configurable-routes';
import { registerEditorRoutes } from './editor-routes';
import { registerPublicTemplateRoutes } from './public-routes';
import { registerRequestDocumentRoutes } from './request-documents-routes';
import { registerSendRoutes } from './send-routes';
import { registerTemplateRoutes } from './templates-routes';

/** Every route of the documents module (issue 4: templates, drafts, sending, bulk send, requests). */
export async function registerDocumentRoutes(api: FastifyInstance, platform: Platform): Promise<void> {
  registerTemplateRoutes(api, platform);
  registerConfigurableRoutes(api, platform);
  registerSendRoutes(api, platform);
  registerPublicTemplateRoutes(api, platform);
  registerRequestDocumentRoutes(api, platform);
  await registerEditorRoutes(api, platform);
  await registerBulkSendRoutes(api, platform);
}
