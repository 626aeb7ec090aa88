import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TErrorBody } from '@esigns/contracts/envelope';
import { REQUEST_ID_HEADER } from '@esigns/contracts/headers';
import { ConfigError, loadConfig } from './platform/config/config';
import { openDatabase } from './platform/db/database';
import { clientLimitKey, fastifyTrustProxy } from './platform/http/client-ip';
import { runRateLimitFirst } from './platform/http/rate-limit-first';
import { frameworkErrors, registerErrorHandling } from './platform/http/error-handler';
import { registerRequestLogging } from './platform/http/request-logging';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { createLogger, flushLogger } from './platform/logger';
import { createStorage } from './platform/storage/create-storage';
import {
  registerConversionRoutes,
  getConversionService,
  type ConversionDeps,
  loadConversionSettings,
} from './modules/conversion';

/**
 * The document service on its own (`node apps/server/dist/converter.js`): the
 * `/rest/esignature[v4|v5]/...` routes on `CONVERTER_PORT` (3001), for deployments that run
 * LibreOffice apart from the API. It shares the API's database (tokens are checked against
 * memberships), storage and secrets, and runs no jobs. The API mounts the same routes itself,
 * so this process is optional.
 */
async function main(): Promise<void> {
  let config;
  let settings;
  try {
    config = loadConfig();
    settings = loadConversionSettings();
    if (!config.databaseUrl) {
      throw new ConfigError(
        'The separate converter needs DATABASE_URL (the API’s PostgreSQL database): the embedded ' +
          'database belongs to the API process, which already serves the document service itself.',
      );
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger(config.logLevel, process.stdout.isTTY && config.env !== 'production');
  const database = openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 5 });
  // Migrations are locked: whichever of the API and the converter starts first applies them.
  await database.migrate();
  const deps: ConversionDeps = { config, log, database, storage: createStorage(config, log) };

  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Callers refused by a route's own onRequest hook (the service key) count too (see app.ts).
  const rateLimitFirst = runRateLimitFirst(app);
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: clientLimitKey,
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
  registerErrorHandling(app, { notFoundPreHandler: app.rateLimit() });
  registerRequestLogging(app);
  registerSecurityHeaders(app);

  // Liveness for the load balancer: the process answers, with LibreOffice's current load.
  app.get('/health', async () => ({
    success: true,
    data: { status: 'ok', conversions: getConversionService(deps).load() },
  }));
  await registerConversionRoutes(app, deps);
  app.addHook('onClose', async () => {
    await database.close();
  });

  await app.listen({ port: settings.port, host: config.host });
  log.info(
    {
      port: settings.port,
      storage: deps.storage.kind,
      soffice: settings.libreOffice.sofficePath,
      concurrency: settings.libreOffice.concurrency,
    },
    'e-Signs document service is ready',
  );
  flushLogger(log);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    app.close().then(
      () => {
        flushLogger(log);
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        flushLogger(log);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
