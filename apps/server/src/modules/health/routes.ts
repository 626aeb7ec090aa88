import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';

const ZCheck = z.object({ ok: z.boolean(), ms: z.number(), detail: z.string().optional() });
const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_seconds: z.number(),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
  mail: z.enum(['smtp', 'outbox']),
  checks: z.object({ db: ZCheck, storage: ZCheck, queue: ZCheck, realtime: ZCheck }),
});

type HealthChecks = { db: TCheck; storage: TCheck; queue: TCheck; realtime: TCheck };
type TCheck = z.infer<typeof ZCheck>;

/** How long one round of dependency checks answers for. */
const CHECK_TTL_MS = 1000;

export function registerHealthRoutes(api: FastifyInstance, platform: Platform): void {
  // Load balancers and monitors may poll hard: run the checks at most once per second and let
  // concurrent callers share one round, so that health polling cannot load the database.
  let cached: { at: number; checks: Promise<HealthChecks> } | undefined;
  const runChecks = async (): Promise<HealthChecks> => {
    const [db, storage, queue, realtime] = await Promise.all([
      timed(async () => {
        await platform.database.raw('SELECT 1');
        return true;
      }),
      timed(() => platform.storage.isHealthy()),
      timed(() => platform.jobs.isHealthy()),
      timed(() => platform.realtime.isHealthy()),
    ]);
    return { db, storage, queue, realtime };
  };
  const currentChecks = (): Promise<HealthChecks> => {
    const now = Date.now();
    if (!cached || now - cached.at >= CHECK_TTL_MS) cached = { at: now, checks: runChecks() };
    return cached.checks;
  };

  api.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { rateLimit: false },
      // Load balancers poll this: no access-log line per probe (a failing check is logged below).
      logLevel: 'warn',
      schema: {
        tags: ['platform'],
        summary: 'Liveness and readiness: database, storage, job queue and realtime',
        description:
          'Answers 200 when every check passes and 503 (same body) when one fails. The checks run at most ' +
          'once per second; callers within that second share the result.',
        response: { 200: ZSuccess(ZHealth), 503: ZSuccess(ZHealth) },
      },
    },
    async (request, reply) => {
      const checks = await currentChecks();
      const { db, storage, queue, realtime } = checks;
      const healthy = db.ok && storage.ok && queue.ok && realtime.ok;
      if (!healthy) request.log.warn({ checks }, 'health check failing');
      return reply.status(healthy ? 200 : 503).send(
        ok({
          status: healthy ? ('ok' as const) : ('degraded' as const),
          version: '1.0',
          uptime_seconds: Math.round(process.uptime()),
          database: platform.database.kind,
          storage: platform.storage.kind,
          mail: platform.config.smtpUrl ? ('smtp' as const) : ('outbox' as const),
          checks,
        }),
      );
    },
  );
}

async function timed(check: () => Promise<boolean>): Promise<TCheck> {
  const start = performance.now();
  try {
    const passed = await withTimeout(check(), 3000);
    return { ok: passed, ms: round(performance.now() - start) };
  } catch (err) {
    return {
      ok: false,
      ms: round(performance.now() - start),
      detail: err instanceof Error ? err.message : 'failed',
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

const round = (ms: number): number => Math.round(ms * 100) / 100;
