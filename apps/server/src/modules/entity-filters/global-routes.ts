import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_GLOBAL_FILTERS,
  ZCreateGlobalFilterRequest,
  ZGlobalFilter,
  ZUpdateGlobalFilterRequest,
} from '@esigns/contracts/entity-filters';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import {
  createGlobalFilter,
  deleteGlobalFilter,
  listGlobalFilters,
  updateGlobalFilter,
} from './global-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const WHO_DOC =
  "Any signed-in staff user manages their own global filters (no permission slug); another user's id answers 404.";

const RULE_DOC =
  "A global filter is one rule on a field of a form template (`template_id`: the company's or a standard one; " +
  'unknown: 404). `rule.field` must be `<template_id>#<key>` of that template; operator and value are checked as in ' +
  'record filters. Problems answer 422 keyed `rule.field`, `rule.operator`, `rule.value`. While `is_active`, every ' +
  'record query of the caller (`POST /entities-data/entity/data` and entity views) over an entity built from the ' +
  'template keeps only the records matching it (unless the query sends `apply_global_filters: false`).';

/**
 * The caller's global filters (/profilesettings/global-filters). The spec names the screen but no
 * call; these are under `/global-filters`.
 */
export function registerGlobalFilterRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['filters'];
  const security = [{ bearer: [] }];
  const signedIn = requirePermission(platform);
  const idParams = z.object({ id: z.string().max(64) });

  r.get(
    '/global-filters',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: "The caller's global filters",
        description: `Oldest first, with the template's name and the field's label and type (null once deleted). ${WHO_DOC}`,
        response: { 200: ZSuccess(z.array(ZGlobalFilter)), ...ERRORS },
      },
    },
    async (request) => ok(await listGlobalFilters(db, accessOf(request))),
  );

  r.post(
    '/global-filters',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'Add a global filter',
        description: `${RULE_DOC} At most ${MAX_GLOBAL_FILTERS} per user (409 beyond). ${WHO_DOC}`,
        body: ZCreateGlobalFilterRequest,
        response: { 200: ZSuccess(ZGlobalFilter), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createGlobalFilter(db, accessOf(request), request.body), 'Global filter added'),
  );

  r.patch(
    '/global-filters/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'Switch a global filter on or off, or change its rule',
        description: `Only what the body gives changes; the template never does. ${RULE_DOC} ${WHO_DOC}`,
        params: idParams,
        body: ZUpdateGlobalFilterRequest,
        response: { 200: ZSuccess(ZGlobalFilter), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateGlobalFilter(db, accessOf(request), request.params.id, request.body),
        'Global filter updated',
      ),
  );

  r.delete(
    '/global-filters/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'Delete a global filter',
        description: WHO_DOC,
        params: idParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await deleteGlobalFilter(db, accessOf(request), request.params.id), 'Global filter deleted'),
  );
}
