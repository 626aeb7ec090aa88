import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZPageQuery, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import {
  ZCreatePipelineRequest,
  ZPipeline,
  ZPipelineEntityActions,
  ZPipelineListQuery,
  ZPipelineRun,
  ZUpdatePipelineRequest,
} from '@esigns/contracts/pipelines';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { entityActions, listRuns, readRun, rerun } from './run-reads';
import { createPipeline, deletePipeline, listPipelines, readPipeline, updatePipeline } from './service';

const ERRORS = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
const DEFINITION_DOC =
  '`trigger` is an integration event type; record triggers need `entity_id` (the entity whose records ' +
  'trigger it). `conditions` all hold (AND): `field` is a merge name (`<template code>.<field key>` of the ' +
  'record, `data.<key>`, `event.type`...), `operator` one of equals, not_equals, contains, not_contains, ' +
  'is_empty, is_not_empty, greater_than, less_than, changed. `actions` run in order: create_record ' +
  '(`entity_id`, `values` by merge name), update_record (`record_id` empty: the triggering record), ' +
  'send_email (`template_id` of the entity, `to`), start_workflow (`workflow_id`, `contact_email`), ' +
  'call_webhook (`url`, checked like webhook endpoints; `body` JSON), send_document (`template_id` an ACTIVE ' +
  'document template of the company, `recipients` a person `{ email, name }` per role key; sent once per run ' +
  'and step). Texts ' +
  "take merge fields `{{name}}`. Another company's entity, email template or workflow: 404; a field that is " +
  "not the entity's, a document template that is not the company's, a role without a recipient: 422 keyed " +
  'by its path.';

/** Automation pipelines (DOMAIN-PLATFORM "Integrations"): definitions, run history, re-runs. */
export function registerPipelineRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['pipelines'];
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'pipelines:view');
  const canUpdate = requirePermission(platform, 'pipelines:update');
  const idParams = z.object({ id: z.string().max(64) });

  r.post(
    '/automation-pipeline/create',
    {
      onRequest: requirePermission(platform, 'pipelines:create'),
      schema: {
        tags,
        security,
        summary: 'Create an automation pipeline',
        description: `Needs \`pipelines:create\`. ${DEFINITION_DOC} An enabled pipeline listens from its creation.`,
        body: ZCreatePipelineRequest,
        response: { 200: ZSuccess(ZPipeline), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createPipeline(platform, accessOf(request), request.body), 'Pipeline created'),
  );

  r.get(
    '/automation-pipeline/entity-actions',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'What a pipeline may use',
        description:
          "Triggers, actions and condition operators; with `entity_id` the entity's fields (merge names, " +
          "types, choices), its email templates; the company's ACTIVE workflows and ACTIVE document " +
          'templates with their roles. Needs `pipelines:view`.',
        querystring: z.object({ entity_id: z.string().max(64).optional() }),
        response: { 200: ZSuccess(ZPipelineEntityActions), ...ERRORS },
      },
    },
    async (request) =>
      ok(await entityActions(platform, accessOf(request), request.query.entity_id || undefined)),
  );

  r.get(
    '/automation-pipeline/list',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "The company's pipelines, paged",
        description: 'Newest change first; `search` matches the name. Needs `pipelines:view`.',
        querystring: ZPipelineListQuery,
        response: { 200: ZSuccess(ZPaged(ZPipeline)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listPipelines(platform, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/automation-pipeline/runs/:id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'One run with its steps',
        description: "Each step's input, output and error. Needs `pipelines:view`.",
        params: idParams,
        response: { 200: ZSuccess(ZPipelineRun), ...ERRORS },
      },
    },
    async (request) => ok(await readRun(platform, accessOf(request), request.params.id)),
  );

  r.post(
    '/automation-pipeline/runs/:id/rerun',
    {
      onRequest: canUpdate,
      schema: {
        tags,
        security,
        summary: "Run a pipeline again on a run's event",
        description:
          'A new run (`rerun_of`) of the pipeline as it is now, from the event the run stored. Needs `pipelines:update`.',
        params: idParams,
        response: { 200: ZSuccess(ZPipelineRun), ...ERRORS },
      },
    },
    async (request) => ok(await rerun(platform, accessOf(request), request.params.id), 'Run queued'),
  );

  r.get(
    '/automation-pipeline/:id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'One pipeline',
        description: "Needs `pipelines:view`. Unknown or another company's: 404.",
        params: idParams,
        response: { 200: ZSuccess(ZPipeline), ...ERRORS },
      },
    },
    async (request) => ok(await readPipeline(platform, accessOf(request), request.params.id)),
  );

  r.get(
    '/automation-pipeline/:id/runs',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "A pipeline's runs, paged",
        description: 'Newest first, each with its steps (input, output, error). Needs `pipelines:view`.',
        params: idParams,
        querystring: ZPageQuery,
        response: { 200: ZSuccess(ZPaged(ZPipelineRun)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listRuns(platform, accessOf(request), request.params.id, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.patch(
    '/automation-pipeline/update/:_id',
    {
      onRequest: canUpdate,
      schema: {
        tags,
        security,
        summary: 'Change a pipeline (enable, disable)',
        description: `Needs \`pipelines:update\`. The fields sent replace the stored ones. ${DEFINITION_DOC}`,
        params: z.object({ _id: z.string().max(64) }),
        body: ZUpdatePipelineRequest,
        response: { 200: ZSuccess(ZPipeline), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updatePipeline(platform, accessOf(request), request.params._id, request.body),
        'Pipeline updated',
      ),
  );

  r.delete(
    '/automation-pipeline/delete/:id',
    {
      onRequest: requirePermission(platform, 'pipelines:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a pipeline',
        description: 'Deleted with its run history; it stops listening at once. Needs `pipelines:delete`.',
        params: idParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) => {
      await deletePipeline(platform, accessOf(request), request.params.id);
      return ok({ _id: request.params.id }, 'Pipeline deleted');
    },
  );
}
