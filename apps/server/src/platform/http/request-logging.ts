import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '@esigns/contracts/headers';

/**
 * Echoes the request id in the answer's header and logs one line per answered request (method,
 * url, status, ms). Callback-style hooks: they run on every request, and async hooks cost a
 * promise each. Used by the API and by the standalone conversion service.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
}
