import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ZRepeatableEntry, ZRepeatableEntryPatch } from '@esigns/contracts/record-extras';
import {
  TEMPLATE_DATA_MAX_LIMIT,
  VALUE_CHECK_MAX_RECORDS,
  ZTemplateDataPage,
  ZTemplateDataQuery,
  ZTemplatesFieldsRequest,
  ZTemplatesFieldsResult,
  ZValueCheckRequest,
  ZValueCheckResult,
} from '@esigns/contracts/template-data-lookups';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { loadEntityDefinition } from '../entities';
import { accessOf, requirePermission } from '../permissions';
import { updateEntry } from './repeatable-service';
import { checkValueTaken, recordFieldsText, templateDataOfRecords } from './template-data-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/**
 * Spec 3 §7 calls on template data that the record screens use besides editing records: "is this
 * value taken" (record form), one line item changed by its `template_data_id`, template data of
 * records, and a record's fields as text (record page, "Details as text").
 */
export function registerTemplateDataRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'entity-data:view');

  r.post(
    '/entities-data/check',
    {
      onRequest: canView,
      schema: {
        tags: ['entity-data'],
        security,
        summary: 'Is this value already taken by a record of the entity?',
        description:
          'For the record form: the records of `entity_id` whose value of `field` (`<template_id>#<key>`, a field of a ' +
          'non-repeatable template) equals `value`, without `exclude_id` (the record being edited). `value` is first ' +
          'normalised as a saved value would be (emails in lower case, phones in E.164, `1,200` as 1200); text fields ' +
          'then compare case-insensitively, numbers exactly (the grid filter EQUALS). Text, email, phone, URL, barcode, ' +
          `auto-number and number fields only; other types answer 422 \`field\`. Answers \`exists\` and up to ${VALUE_CHECK_MAX_RECORDS} ` +
          'records (`_id`, `title`), newest first, across all records of the entity (saved or global filters are not ' +
          'applied, as for duplicate rules). Unknown field: 422 `field`; a value the field refuses or an empty one: ' +
          "422 `value`; an unknown entity or another workspace's: 404. The spec leaves the method open: POST.",
        body: ZValueCheckRequest,
        response: { 200: ZSuccess(ZValueCheckResult), ...ERRORS },
      },
    },
    async (request) => {
      const def = await loadEntityDefinition(db, accessOf(request).companyId, request.body.entity_id);
      return ok(await checkValueTaken(db, def, request.body));
    },
  );

  r.patch(
    '/templates-data/:template_data_id',
    {
      onRequest: requirePermission(platform, 'entity-data:update'),
      schema: {
        tags: ['repeatable-templates'],
        security,
        summary: 'Change one entry of a repeatable template (a line item) by its id',
        description:
          'The same as `PATCH /templates-data/repeatable-template/{id}` (one service function): only the fields sent ' +
          'change, the entry is then checked whole (422 keyed `values.<key>`), FORMULA fields computed, AUTO_INCREMENT ' +
          "numbers kept. `template_data_id` is a repeatable entry's id (`_id` of the entries list). Non-repeatable " +
          'template data has no id of its own: it is changed by record and template, `PATCH ' +
          "/templates-data/{entity_data_id}/{template_id}`. Another workspace's or an unknown id: 404.",
        params: z.object({ template_data_id: z.uuid('Use an entry id') }),
        body: ZRepeatableEntryPatch,
        response: { 200: ZSuccess(ZRepeatableEntry), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateEntry(db, accessOf(request), request.params.template_data_id, request.body.values),
        'Entry saved',
      ),
  );

  r.get(
    '/templates-data',
    {
      onRequest: canView,
      schema: {
        tags: ['entity-data'],
        security,
        summary: "A template's data in records",
        description:
          '`template_id` (a template of the workspace or a STANDARD one; else 404) is required; `entity_id` narrows to ' +
          'one entity made with it, `entity_data_id` to one record, `search` matches record titles. Each row is a ' +
          "record's values of that template (records without them are left out), or, for a repeatable template, one " +
          'entry (`template_data_id`; null for non-repeatable data, which is addressed by record and template). Newest ' +
          `change first, paged (\`page\`, \`limit\` 1 to ${TEMPLATE_DATA_MAX_LIMIT}, default 20; out of range: 422). ` +
          'The same read as `GET /templates-entity-data-all-entities`, narrowed.',
        querystring: ZTemplateDataQuery,
        response: { 200: ZSuccess(ZTemplateDataPage), ...ERRORS },
      },
    },
    async (request) => ok(await templateDataOfRecords(db, accessOf(request).companyId, request.query)),
  );

  r.post(
    '/TemplatesFieldsDataFromEntities',
    {
      onRequest: canView,
      schema: {
        tags: ['entity-data'],
        security,
        summary: "A record's fields with their values as text",
        description:
          "The record's non-repeatable templates in the entity's order (`template_ids`: only those; an unknown or " +
          'repeatable one answers 422 `template_ids.N`), each `{ template_id, template_name, fields }` where a field is ' +
          '`{ key, label, input_type, value, text }`: `value` as stored (GLOBAL_VARIABLE and AGGREGATE values computed), ' +
          '`text` as printed records show it (files by name, linked records by title, data tables row by row, dates ' +
          "`DD MMM YYYY`; '' when empty). An unknown entity or record, or another workspace's: 404. The spec leaves " +
          'the method open: POST.',
        body: ZTemplatesFieldsRequest,
        response: { 200: ZSuccess(ZTemplatesFieldsResult), ...ERRORS },
      },
    },
    async (request) => {
      const def = await loadEntityDefinition(db, accessOf(request).companyId, request.body.entity_id);
      return ok(await recordFieldsText(db, def, request.body));
    },
  );
}
