import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZRecordHistoryPage,
  ZRecordHistoryParams,
  ZRecordHistoryQuery,
} from '@esigns/contracts/record-history';
import { ok } from '../../../platform/http/envelope';
import type { Platform } from '../../../platform/platform';
import { accessOf, requirePermission } from '../../permissions';
import { listRecordHistory } from './history-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/** A record's history (the record page's Activity tab). */
export function registerRecordHistoryRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/entity-data/:id/history',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags: ['entity-data'],
        security: [{ bearer: [] }],
        summary: "A record's history (not in the spec)",
        description:
          'Every change of the record after its creation, newest first, paged (`page`, `limit`): `action` ' +
          '(UPDATED, BULK_UPDATED, ENTRY_ADDED / ENTRY_UPDATED / ENTRY_DELETED for entries of repeatable ' +
          'templates, with `entry`), who (`user`, null once deleted) and when, and the fields whose values ' +
          'changed with their old and new values as text (files by name, linked records by title). The ' +
          "record's creation is not a change: `created_by` (null once deleted) and `created_at` of the page " +
          'tell it, from the record. `{id}`: a record of the workspace (else 404).',
        params: ZRecordHistoryParams,
        querystring: ZRecordHistoryQuery,
        response: { 200: ZSuccess(ZRecordHistoryPage), ...ERRORS },
      },
    },
    async (request) =>
      ok(await listRecordHistory(platform.database.db, accessOf(request), request.params.id, request.query)),
  );
}
