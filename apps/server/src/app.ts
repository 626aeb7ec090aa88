import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER } from '@esigns/contracts/headers';
import type { TErrorBody } from '@esigns/contracts/envelope';
import { OUTBOX_KEY_HEADER } from '@esigns/contracts/outbox';
import { clientLimitKey, fastifyTrustProxy } from './platform/http/client-ip';
import { runRateLimitFirst } from './platform/http/rate-limit-first';
import { frameworkErrors, registerErrorHandling } from './platform/http/error-handler';
import { loadSpaShell } from './platform/http/spa-shell';
import { drawnPages } from './drawn-pages';
import { registerRequestLogging } from './platform/http/request-logging';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { recordSessionRoutes } from './platform/http/authenticate';
import { registerActivityCapture, registerActivityLogRoutes } from './modules/activity-log';
import type { Platform } from './platform/platform';
import { registerModuleHooks } from './module-hooks';
import { registerStorageRoutes } from './platform/storage/storage-routes';
import { registerConversionRoutes } from './modules/conversion';
import { registerCompanyRoutes } from './modules/company';
import { registerHealthRoutes } from './modules/health';
import { registerSettingsRoutes } from './modules/settings';
import { registerMf2aRoutes, registerAuthRoutes } from './modules/auth';
import { registerOutboxRoutes } from './modules/outbox';
import { registerMailConfigRoutes } from './modules/mail-config';
import { registerProfileRoutes } from './modules/profile';
import { registerWorkspaceRoutes } from './modules/workspaces';
import { registerPermissionRoutes } from './modules/permissions';
import { registerCompanyUserRoutes } from './modules/company-users';
import { registerRoleRoutes } from './modules/roles';
import { registerMenuRoutes } from './modules/menus';
import { registerTransferAccountRoutes } from './modules/transfer-account';
import { registerContactRoutes } from './modules/contacts';
import { registerApplicationUserRoutes } from './modules/application-users';
import { registerApplicationUserPermissionRoutes } from './modules/application-user-permissions';
import { registerSigningRoutes } from './modules/signing';
import { registerDocumentRoutes } from './modules/documents';
import { registerDocumentActionRoutes } from './modules/document-actions';
import { registerDocumentListRoutes } from './modules/document-lists';
import { registerDocumentNoteRoutes } from './modules/document-notes';
import { registerNotificationRoutes } from './modules/notifications';
import { registerReminderRoutes } from './modules/reminders';
import { registerDashboardRoutes } from './modules/dashboard';
import { registerFormTemplateRoutes } from './modules/form-templates';
import { registerEntityRoutes } from './modules/entities';
import { registerEntityDataRoutes, registerEntityExcelImportRoutes } from './modules/entity-data';
import { registerRelationshipRoutes } from './modules/relationships';
import { registerGlobalVariableRoutes } from './modules/global-variables';
import { registerEntityGroupRoutes } from './modules/entity-groups';
import { registerEntityCustomizationRoutes } from './modules/entity-customization';
import { registerIconRoutes } from './modules/icons';
import { registerEntityFilterRoutes } from './modules/entity-filters';
import { registerEntityViewRoutes } from './modules/entity-views';
import { registerFormBuilderRoutes } from './modules/form-builders';
import { registerFormSubmissionRoutes } from './modules/form-submissions';
import { registerWorkflowRoutes } from './modules/workflows';
import { registerEmailTemplateRoutes } from './modules/email-templates';
import { registerEntityImportRoutes } from './modules/entity-imports';
import { registerExportRoutes } from './modules/exports';
import { registerCustomDashboardRoutes } from './modules/custom-dashboards';
import { registerPipelineRoutes } from './modules/pipelines';
import { registerWebhookRoutes } from './modules/webhooks';
import { registerSubscriptionRoutes } from './modules/subscriptions';
import { registerPaymentGatewayRoutes } from './modules/payment-gateway';
import { registerOAuthRoutes } from './modules/oauth';
import { registerSsoRoutes } from './modules/sso';
import { registerAppRoutes } from './modules/apps';
import { registerIframeLinkRoutes } from './modules/iframe-links';
import { registerPayButtonRoutes } from './modules/pay-buttons';
import { registerFileRoutes } from './modules/files';
import { registerEmbeddingRoutes } from './modules/embedding';
import { registerWhatsappRoutes } from './modules/whatsapp';
import { registerSharePointRoutes } from './modules/sharepoint';

export type App = FastifyInstance;

/**
 * The HTTP server: API under /api, socket.io at /socket.io, the web app (when built) with SPA
 * fallback everywhere else. Closing the app closes the platform (queue, realtime, database).
 */
export async function buildApp(platform: Platform): Promise<App> {
  const { config } = platform;
  const app = Fastify({
    loggerInstance: platform.log,
    bodyLimit: config.bodyLimitBytes,
    // Forwarded headers count only from the proxies the operator listed (TRUST_PROXY).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    // One line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Callers refused by a route's own onRequest hook (no or a bad token: 401) count too.
  const rateLimitFirst = runRateLimitFirst(app, platform.config.rateLimitRouteFactor);
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Signed-in or not, every caller is counted by address (a request whose socket closed before
    // it was read has none: such requests share one bucket).
    keyGenerator: clientLimitKey,
    // The app's own files (scripts, styles, the page shell) are not limited: opening the app loads
    // dozens of them, and an office behind one address would run out. The API and the document
    // service are.
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/rest/'),
    errorResponseBuilder: (_request, context) => {
      const body: TErrorBody & { statusCode: number } = {
        statusCode: 429,
        success: false,
        message: `Too many requests: retry in ${Math.ceil(context.ttl / 1000)} s`,
        error_code: 'TOO_MANY_REQUESTS',
      };
      return body;
    },
  });
  rateLimitFirst.afterPlugin();

  const webDist = resolveWebDist(config.webDist);
  registerErrorHandling(app, {
    spaIndex: webDist ? 'index.html' : undefined,
    spaPage: webDist ? drawnPages(platform, loadSpaShell(webDist), webDist, app.log) : undefined,
    // Unknown paths count against the limit too (scanners).
    notFoundPreHandler: app.rateLimit(),
  });

  registerRequestLogging(app);

  registerSecurityHeaders(app);
  // The routes behind a session, for the embedded-session policy's check (every one classified).
  recordSessionRoutes(app);
  // The company's activity log: what staff calls did, written as they are answered.
  registerActivityCapture(app, platform);

  await app.register(fastifySwagger, {
    openapi: {
      // 3.0: Swagger UI renders a 3.1 description of this size in minutes (its 3.1 resolver), 3.0 in seconds;
      // the schemas are written for the 3.0 target (nullable instead of a null type).
      openapi: '3.0.3',
      info: {
        title: 'e-Signs API',
        version: '1.0.0',
        description: [
          'White-label e-signature and no-code platform API. The calls of the product specification that are',
          'built are listed here, under `/api` with the spelling of the spec (`npm run coverage` shows which are',
          'still missing). Successful answers are',
          '`{ success: true, message?, data }`; errors are `{ success: false, message, error_code?, status_code? }`,',
          'and 422 answers add `errors.details: [{ key, message, path }]`. Paged lists answer',
          '`data: { data, total, page, total_pages }` and read `page` (1-based) and `limit` (non-numeric values',
          'fall back to page 1, limit 5). Staff and contacts authenticate with `Authorization: Bearer <access token>`;',
          'signers and guests with the spec headers (`userid`, `password`, `documentid`, ...).',
        ].join(' '),
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          outboxKey: { type: 'apiKey', in: 'header', name: OUTBOX_KEY_HEADER },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The docs in a scope of their own, compressed (the description is 1.8 MB of JSON, the UI's
  // script 1.4 MB); operations start collapsed and the models list is hidden: expanded, the
  // browser laid out every one of the 500 operations before the page answered.
  await app.register(async (docs) => {
    await docs.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      // Brotli's default (quality 11) took seconds for the description; 4 is about gzip's speed.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: false,
      logo: { type: 'image/svg+xml', content: DOCS_LOGO },
      theme: { title: 'e-Signs API' },
      uiConfig: {
        docExpansion: 'none',
        deepLinking: true,
        filter: true,
        defaultModelsExpandDepth: -1,
        validatorUrl: null,
      },
    });
  });

  // Modules plug into the modules before them (module-order.json) before any route runs.
  registerModuleHooks(platform);

  await app.register(
    async (api) => {
      registerHealthRoutes(api, platform);
      registerStorageRoutes(api, platform);
      registerOutboxRoutes(api, platform);
      registerAuthRoutes(api, platform);
      registerMf2aRoutes(api, platform);
      registerWorkspaceRoutes(api, platform);
      registerProfileRoutes(api, platform);
      registerPermissionRoutes(api, platform);
      registerCompanyUserRoutes(api, platform);
      registerRoleRoutes(api, platform);
      registerMenuRoutes(api, platform);
      registerCompanyRoutes(api, platform);
      registerSettingsRoutes(api, platform);
      registerMailConfigRoutes(api, platform);
      registerTransferAccountRoutes(api, platform);
      registerContactRoutes(api, platform);
      registerApplicationUserRoutes(api, platform);
      registerSigningRoutes(api, platform);
      await registerDocumentRoutes(api, platform);
      registerDocumentActionRoutes(api, platform);
      registerDocumentListRoutes(api, platform);
      registerDocumentNoteRoutes(api, platform);
      registerNotificationRoutes(api, platform);
      registerReminderRoutes(api, platform);
      registerDashboardRoutes(api, platform);
      registerFormTemplateRoutes(api, platform);
      registerEntityRoutes(api, platform);
      registerApplicationUserPermissionRoutes(api, platform);
      registerEntityDataRoutes(api, platform);
      registerEntityExcelImportRoutes(api, platform);
      registerRelationshipRoutes(api, platform);
      registerGlobalVariableRoutes(api, platform);
      registerEntityGroupRoutes(api, platform);
      registerEntityCustomizationRoutes(api, platform);
      registerIconRoutes(api, platform);
      registerEntityFilterRoutes(api, platform);
      registerEntityViewRoutes(api, platform);
      registerFormBuilderRoutes(api, platform);
      registerFormSubmissionRoutes(api, platform);
      registerWorkflowRoutes(api, platform);
      registerEmailTemplateRoutes(api, platform);
      registerEntityImportRoutes(api, platform);
      registerExportRoutes(api, platform);
      registerCustomDashboardRoutes(api, platform);
      registerPipelineRoutes(api, platform);
      registerWebhookRoutes(api, platform);
      registerPaymentGatewayRoutes(api, platform);
      registerOAuthRoutes(api, platform);
      registerSsoRoutes(api, platform);
      registerSubscriptionRoutes(api, platform);
      registerPayButtonRoutes(api, platform);
      registerWhatsappRoutes(api, platform);
      registerSharePointRoutes(api, platform);
      registerAppRoutes(api, platform);
      registerFileRoutes(api, platform);
      registerActivityLogRoutes(api, platform);
      registerIframeLinkRoutes(api, platform);
      registerEmbeddingRoutes(api, platform);
    },
    { prefix: '/api' },
  );
  // The document service (converter) at the root: /rest/esignature[v4|v5]/...
  await registerConversionRoutes(app, platform);

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The build writes .br and .gz copies of every text asset (scripts/build.mjs): sent as they
      // are to browsers that accept them, with `vary: accept-encoding`.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        if (filePath.endsWith(`${path.sep}index.html`)) void reply.header('cache-control', 'no-cache');
        else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  platform.realtime.attach(app.server);
  app.addHook('preClose', async () => {
    platform.realtime.disconnectLocal();
  });
  app.addHook('onClose', async () => {
    await platform.close();
  });
  return app;
}

// The brand mark (pen nib, primary colour) on the API docs page.
const DOCS_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="40" height="40">' +
    '<path fill="#F27E0C" fill-rule="evenodd" d="M21 4h22a2 2 0 0 1 2 2v8H19V6a2 2 0 0 1 2-2ZM19 17h26c4.6 3 7 7.6 7 ' +
    '12.4 0 3-1 5.8-2.6 8.4L34.4 60.3a2.9 2.9 0 0 1-4.8 0L14.6 37.8A15.4 15.4 0 0 1 12 29.4C12 24.6 14.4 20 19 17Zm13 ' +
    '9a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Zm-1.3 13.2v16.6h2.6V39.2Z"/></svg>',
);

function resolveWebDist(configured: string | undefined): string | undefined {
  const candidates = configured
    ? [path.resolve(configured)]
    : [path.resolve(process.cwd(), 'apps/web/dist'), path.resolve(process.cwd(), '../web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}
