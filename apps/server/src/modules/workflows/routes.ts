import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerWorkflowDefinitionRoutes } from './routes-definitions';
import { registerWorkflowContactRoutes } from './routes-contact';
import { registerWorkflowEngineRoutes } from './routes-engine';
import { registerWorkflowInstanceReadRoutes } from './routes-instances';

/** Every route of the workflows module (app.ts registers them under /api). */
export function registerWorkflowRoutes(api: FastifyInstance, platform: Platform): void {
  registerWorkflowDefinitionRoutes(api, platform);
  registerWorkflowInstanceReadRoutes(api, platform);
  registerWorkflowEngineRoutes(api, platform);
  registerWorkflowContactRoutes(api, platform);
}
