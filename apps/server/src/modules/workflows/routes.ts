import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerWorkflowDefinitionRoutes } from './routes-definitions';
import { registerWorkflowContactRoutes } from './routes-contact';
import { registerWorkflowDownloadRoutes } from './routes-download';
import { registerWorkflowEngineRoutes } from './routes-engine';
import { registerWorkflowInstanceReadRoutes } from './routes-instances';
import { registerWorkflowRecipientRoutes } from './routes-recipient';

/** Every route of the workflows module (app.ts registers them under /api). */
export function registerWorkflowRoutes(api: FastifyInstance, platform: Platform): void {
  registerWorkflowDefinitionRoutes(api, platform);
  registerWorkflowInstanceReadRoutes(api, platform);
  registerWorkflowEngineRoutes(api, platform);
  registerWorkflowContactRoutes(api, platform);
  registerWorkflowRecipientRoutes(api, platform);
  registerWorkflowDownloadRoutes(api, platform);
}
