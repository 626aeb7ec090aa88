import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ZIcon, ZIconQuery } from '@esigns/contracts/icons';
import { requireAuth } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { findIcons, iconSet, prepareBody, type PreparedBody } from './icon-set';

/** The list changes only with the `@tabler/icons` version: browsers may keep it for a day. */
export const ICONS_CACHE_CONTROL = 'private, max-age=86400';

/** Whether `If-None-Match` names `etag` (any of a list, weak or strong, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function acceptsGzip(request: FastifyRequest): boolean {
  const accept = request.headers['accept-encoding'];
  return typeof accept === 'string' && /\bgzip\b/i.test(accept) && !/\bgzip\s*;\s*q=0(\.0*)?\b/i.test(accept);
}

/**
 * Sends a prepared answer: 304 when the browser has it, gzip when it takes it, the JSON bytes
 * otherwise (a Buffer: Fastify sends it as it is, without serialising it again).
 */
function sendPrepared(request: FastifyRequest, reply: FastifyReply, body: PreparedBody): FastifyReply {
  void reply
    .header('etag', body.etag)
    .header('cache-control', ICONS_CACHE_CONTROL)
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}

/** The icon library (spec 1 §3, spec 3 §5): `GET /icons/getAllIcons`. */
export function registerIconRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/icons/getAllIcons',
    {
      // Any signed-in user (staff or contact): the icons are the same for everyone (UNGATED_AREAS).
      onRequest: requireAuth(platform.config.secrets.jwtSecret),
      schema: {
        tags: ['icons'],
        security: [{ bearer: [] }],
        summary: 'The icon library: every Tabler icon, as FILL and OUTLINE',
        description:
          'The Tabler icon set shipped with the server (`@tabler/icons`, MIT): about 5,200 OUTLINE and 1,050 FILL ' +
          'icons, in name order. `_id` is what menus, entities and customizations store: the Tabler name for an ' +
          'OUTLINE icon (`home`), the name plus `-filled` for a FILL one (`home-filled`). `content` is a 24x24 SVG ' +
          'drawn with `currentColor`. `type` keeps one type; `search` is a case-insensitive substring of the name. ' +
          'The answer carries a strong `ETag` (a matching `If-None-Match` answers 304), `Cache-Control: ' +
          `${ICONS_CACHE_CONTROL}\`, and is gzipped for clients that accept it (the whole list is 2.7 MB, ` +
          '0.5 MB gzipped). Needs a signed-in user, no permission.',
        querystring: ZIconQuery,
        response: {
          200: ZSuccess(z.array(ZIcon)),
          304: z.null().describe('Not modified: the ETag given in If-None-Match is current'),
          401: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { type, search } = request.query;
      if (!search) return sendPrepared(request, reply, (await iconSet()).prepared[type ?? 'ALL']);
      return sendPrepared(request, reply, prepareBody(await findIcons({ type, search })));
    },
  );
}
