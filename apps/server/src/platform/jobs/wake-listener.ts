import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/database';
import type { JobQueueOptions } from './job-queue';

/**
 * LISTEN for the job queue's wake-ups on the product's database: PGlite's own listener, or one
 * dedicated PostgreSQL connection per process. If that connection drops, workers fall back to
 * polling (every 2 s) until the process restarts; the loss is logged.
 */
export function wakeListener(
  database: Database,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
): JobQueueOptions['listen'] {
  const pglite = database.pglite;
  if (pglite) {
    return async (channel, onMessage) => {
      const unsubscribe = await pglite.listen(channel, onMessage);
      return async () => {
        if (!pglite.closed) await unsubscribe();
      };
    };
  }
  if (!databaseUrl) return undefined;
  return async (channel, onMessage) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    let closing = false;
    client.on('error', (err) => {
      if (!closing) log.warn({ err }, 'job wake-up connection lost: workers poll until restart');
    });
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      closing = true;
      await client.end();
    };
  };
}
