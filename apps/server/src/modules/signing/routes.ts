import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerExpiredLinkRoutes } from './expired-link-routes';
import { registerSealCertificateRoutes } from './seal-certificate-routes';
import { registerSenderRoutes } from './sender-routes';
import { registerSignerRoutes } from './signer-routes';
import { registerSignerActionRoutes } from './signing-routes';
import { registerVerifyRoutes } from './verify-routes';

/** The signing journey, completion, downloads, audit trail and verification (issue 5; README.md). */
export function registerSigningRoutes(api: FastifyInstance, platform: Platform): void {
  registerSignerRoutes(api, platform);
  registerSignerActionRoutes(api, platform);
  registerSenderRoutes(api, platform);
  registerVerifyRoutes(api, platform);
  registerExpiredLinkRoutes(api, platform);
  registerSealCertificateRoutes(api, platform);
}
