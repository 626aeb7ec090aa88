import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerLifecycleRoutes } from './lifecycle-routes';
import { registerRecipientRoutes } from './recipient-routes';
import { registerSettingsRoutes } from './settings-routes';

/** Every lifecycle action of spec 2 §4 on a document (issue 6; README.md). */
export function registerDocumentActionRoutes(api: FastifyInstance, platform: Platform): void {
  registerLifecycleRoutes(api, platform);
  registerRecipientRoutes(api, platform);
  registerSettingsRoutes(api, platform);
}
