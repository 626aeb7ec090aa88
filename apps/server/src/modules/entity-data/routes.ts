import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEntityRecord, ZRecordPage, ZRecordQuery, ZRecordValues } from '@esigns/contracts/entities';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import { ZFilterGroup, ZFieldRef } from '@esigns/contracts/nocode-filters';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, validationError } from '../../platform/http/app-error';
import { ok, plainJson } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-user-permissions';
import { loadEntityDefinition } from '../entities';
import { loadGridContext } from './record-state';
import { accessOf, requirePermission } from '../permissions';
import { bulkUpdate, checkDuplicateRules, duplicateRecords, MAX_BULK_IDS } from './bulk-service';
import { chartData, contactChartData } from './chart-data';
import { registerCompanyEntityRoutes } from './company-routes';
import {
  contactCreatePrimaryRecord,
  contactCreateRecord,
  contactDeleteRecord,
  contactDeleteRecords,
  contactRecordsPage,
  contactUpdateRecord,
} from './contact-records';
import { registerRecordExtraRoutes } from './extra-routes';
import { registerRecordReadRoutes } from './read-routes';
import { contactCountRecords, countRecords } from './stat-service';
import {
  createRecords,
  deleteRecords,
  findCompanyRecord,
  findRecord,
  queryRecords,
  toRecord,
  updateRecord,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
export const ZRecordSchema = ZEntityRecord.meta({ id: 'EntityRecord' });
const ZEntityId = z.uuid('Use an entity id');
const ZIds = z
  .array(z.uuid('Use record ids'))
  .min(1, 'Choose at least one record')
  .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} records at once`);
export const MAX_BATCH_RECORDS = 1000;

const VALUES_DOC =
  '`values` holds the values by template id, then field key: `{ "<template_id>": { "price": 4500000 } }`. ' +
  'Every value is checked by the same validator the browser runs; problems answer 422 keyed by their path ' +
  '(`values.<template_id>.price`, `values.<template_id>.items.0.qty` for table cells). A new record needs its ' +
  "primary template's required fields (message 'Primary fields data required'); other templates are checked " +
  'when sent. AUTO_INCREMENT numbers, FORMULA results and titles are computed by the server; ENTITY values must ' +
  'be records of the linked entity. A record breaking a BLOCK duplicate rule answers 409 (DUPLICATE_RECORD).';

const COPY_DOC =
  "Each copy gets copies of its original's repeatable template entries (line items), in the same " +
  'transaction and order, their AUTO_INCREMENT fields numbered anew; files stay shared with the original.';

/** The same error with details under `prefix` instead of the template id. */
function rekeyed(err: unknown, templateId: string, prefix: string[]): unknown {
  if (!(err instanceof AppError) || !err.details) return err;
  const details = err.details.map((d) => {
    const path = [...prefix, ...(d.path[0] === templateId ? d.path.slice(1) : d.path)];
    return { ...d, key: path.join('.'), path };
  });
  return validationError(details, err.message);
}

/** Records of entities (spec 3 §7 "Template data" and "Entities"). */
export function registerEntityDataRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['entity-data'];
  const security = [{ bearer: [] }];
  const can = (slug: PermissionSlug) => requirePermission(platform, slug);
  // Routes the contact area calls too: contacts pass the contact type's rule (contact-records.ts).
  const canOrContact = (slug: PermissionSlug) => requireStaffOrContact(platform, can(slug));
  const entityOf = (request: FastifyRequest, entityId: string) =>
    loadEntityDefinition(db, accessOf(request).companyId, entityId);

  r.post(
    '/entities-data',
    {
      onRequest: canOrContact('entity-data:create'),
      schema: {
        tags,
        security,
        summary: 'Add a record',
        description: VALUES_DOC,
        body: z.object({ entity_id: ZEntityId, values: z.unknown() }),
        response: { 200: ZSuccess(ZRecordSchema), ...ERRORS },
      },
    },
    async (request) => {
      if (request.contact) {
        const created = await contactCreateRecord(
          db,
          request.contact,
          request.body.entity_id,
          request.body.values,
        );
        return ok(toRecord(created), 'Record added');
      }
      const def = await entityOf(request, request.body.entity_id);
      const [row] = await createRecords(db, accessOf(request), def, [request.body.values], () => ['values']);
      return ok(toRecord(row!), 'Record added');
    },
  );

  r.post(
    '/templates-primaryData',
    {
      onRequest: canOrContact('entity-data:create'),
      schema: {
        tags,
        security,
        summary: "Add a record from its primary template's values",
        description:
          '`values` are the primary template\'s field values (`{ "title": "..." }`); the other templates are ' +
          "filled later (`PATCH templates-data/{entity_data_id}/{template_id}`). Missing primary fields: 422 'Primary fields data required'. " +
          'A signed-in contact adds as `POST /entities-data` lets them (their rule must give create).',
        body: z.object({ entity_id: ZEntityId, values: z.record(z.string(), z.unknown()) }),
        response: { 200: ZSuccess(ZRecordSchema), ...ERRORS },
      },
    },
    async (request) => {
      if (request.contact) {
        const { entity_id, values } = request.body;
        const created = await contactCreatePrimaryRecord(db, request.contact, entity_id, values);
        return ok(toRecord(created), 'Record added');
      }
      const def = await entityOf(request, request.body.entity_id);
      const input = { [def.primary.id]: request.body.values };
      const [row] = await createRecords(db, accessOf(request), def, [input], () => ['values']);
      return ok(toRecord(row!), 'Record added');
    },
  );

  r.post(
    '/entities-datas',
    {
      onRequest: can('entity-data:create'),
      schema: {
        tags,
        security,
        summary: 'Add many records at once (up to 1,000)',
        description: `${VALUES_DOC} \`records\` is a list of such values; one invalid record refuses the batch (details keyed \`records.N...\`).`,
        body: z.object({
          entity_id: ZEntityId,
          records: z
            .array(z.unknown())
            .min(1, 'Send at least one record')
            .max(MAX_BATCH_RECORDS, `At most ${MAX_BATCH_RECORDS} records`),
        }),
        response: {
          200: ZSuccess(z.object({ inserted: z.number().int(), ids: z.array(z.string()) })),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const def = await entityOf(request, request.body.entity_id);
      const rows = await createRecords(db, accessOf(request), def, request.body.records, (index) => [
        'records',
        index,
      ]);
      return ok({ inserted: rows.length, ids: rows.map((row) => row.id) }, 'Records added');
    },
  );

  r.post(
    '/templates-data',
    {
      onRequest: can('entity-data:update'),
      schema: {
        tags,
        security,
        summary: "Save one template's values of a record (a new record when no entity_data_id)",
        description: `Without \`entity_data_id\` a record is created (the template must be the primary one or the primary template's values must come along in a later call: see templates-primaryData). ${VALUES_DOC}`,
        body: z.object({
          entity_id: ZEntityId,
          template_id: z.uuid('Use a template id'),
          entity_data_id: z.uuid().optional(),
          values: z.record(z.string(), z.unknown()),
        }),
        response: { 200: ZSuccess(ZRecordSchema), ...ERRORS },
      },
    },
    async (request) => {
      const { entity_id, template_id, entity_data_id, values } = request.body;
      const def = await entityOf(request, entity_id);
      const input = { [template_id]: values };
      const row = entity_data_id
        ? await updateRecord(db, accessOf(request), def, entity_data_id, input, ['values'])
        : (await createRecords(db, accessOf(request), def, [input], () => ['values']))[0]!;
      return ok(toRecord(row), 'Saved');
    },
  );

  r.patch(
    '/templates-data/:entity_data_id/:template_id',
    {
      onRequest: canOrContact('entity-data:update'),
      schema: {
        tags,
        security,
        summary: "Change one template's values of a record",
        description:
          'Only the fields sent change; the template is then checked whole (required fields, formulas). ' +
          'Problems answer 422 keyed `values.<field_key>`. AUTO_INCREMENT numbers never change.',
        params: z.object({
          entity_data_id: z.uuid('Use a record id'),
          template_id: z.uuid('Use a template id'),
        }),
        body: z.object({ entity_id: ZEntityId.optional(), values: z.record(z.string(), z.unknown()) }),
        response: { 200: ZSuccess(ZRecordSchema), ...ERRORS },
      },
    },
    async (request) => {
      const input = { [request.params.template_id]: request.body.values };
      if (request.contact) {
        const { contact } = request;
        const changed = await contactUpdateRecord(db, contact, request.params.entity_data_id, input).catch(
          (err: unknown) => {
            throw rekeyed(err, request.params.template_id, ['values']);
          },
        );
        return ok(toRecord(changed), 'Saved');
      }
      const access = accessOf(request);
      const record = await findCompanyRecord(db, access.companyId, request.params.entity_data_id);
      const def = await entityOf(request, record.entityId);
      // Details come keyed `<template_id>.<key>`; this body has the fields under `values`.
      const row = await updateRecord(db, access, def, record.id, input, []).catch((err: unknown) => {
        throw rekeyed(err, request.params.template_id, ['values']);
      });
      return ok(toRecord(row), 'Saved');
    },
  );

  r.post(
    '/entity-data/:id/:entity_id',
    {
      onRequest: canOrContact('entity-data:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a record',
        description: 'Its links to related records and its repeatable entries go with it.',
        params: z.object({ id: z.uuid('Use a record id'), entity_id: ZEntityId }),
        response: { 200: ZSuccess(z.object({ deleted: z.number().int() })), ...ERRORS },
      },
    },
    async (request) => {
      if (request.contact) {
        const { id, entity_id } = request.params;
        return ok(
          { deleted: await contactDeleteRecord(db, request.contact, id, entity_id) },
          'Record deleted',
        );
      }
      const def = await entityOf(request, request.params.entity_id);
      await findRecord(db, def, request.params.id);
      return ok({ deleted: await deleteRecords(db, def, [request.params.id]) }, 'Record deleted');
    },
  );

  r.post(
    '/entities-data/delete-many',
    {
      onRequest: canOrContact('entity-data:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete several records of an entity',
        description: "Ids that are not the entity's records are ignored; `deleted` says how many went.",
        body: z.object({ entity_id: ZEntityId, ids: ZIds }),
        response: { 200: ZSuccess(z.object({ deleted: z.number().int() })), ...ERRORS },
      },
    },
    async (request) => {
      if (request.contact) {
        const { entity_id, ids } = request.body;
        return ok(
          { deleted: await contactDeleteRecords(db, request.contact, entity_id, ids) },
          'Records deleted',
        );
      }
      const def = await entityOf(request, request.body.entity_id);
      return ok({ deleted: await deleteRecords(db, def, request.body.ids) }, 'Records deleted');
    },
  );

  r.post(
    '/entities-data/bulk-update',
    {
      onRequest: can('entity-data:bulk-update'),
      schema: {
        tags,
        security,
        summary: 'Set the same values on several records',
        description: `\`values\` by template id, as for one record (only the fields sent change). All records change or none. ${VALUES_DOC}`,
        body: z.object({ entity_id: ZEntityId, ids: ZIds, values: ZRecordValues }),
        response: { 200: ZSuccess(z.object({ updated: z.number().int() })), ...ERRORS },
      },
    },
    async (request) => {
      const def = await entityOf(request, request.body.entity_id);
      const updated = await bulkUpdate(db, accessOf(request), def, request.body.ids, request.body.values);
      return ok({ updated }, 'Records updated');
    },
  );

  r.post(
    '/entities-data/duplicate',
    {
      onRequest: can('entity-data:create'),
      schema: {
        tags,
        security,
        summary: 'Copy a record',
        description:
          'The copy gets new AUTO_INCREMENT numbers; a BLOCK duplicate rule it would break answers 409. ' +
          COPY_DOC,
        body: z.object({ entity_id: ZEntityId, entity_data_id: z.uuid('Use a record id') }),
        response: { 200: ZSuccess(ZRecordSchema), ...ERRORS },
      },
    },
    async (request) => {
      const def = await entityOf(request, request.body.entity_id);
      await findRecord(db, def, request.body.entity_data_id);
      const [row] = await duplicateRecords(db, accessOf(request), def, [request.body.entity_data_id]);
      return ok(toRecord(row!), 'Record copied');
    },
  );

  r.post(
    '/entities-data/selected-data-duplicate',
    {
      onRequest: can('entity-data:bulk-update'),
      schema: {
        tags,
        security,
        summary: 'Copy several records',
        description: `All are copied or none; ids that are not records of the entity answer 422 \`ids\`. ${COPY_DOC}`,
        body: z.object({ entity_id: ZEntityId, ids: ZIds }),
        response: {
          200: ZSuccess(z.object({ created: z.number().int(), ids: z.array(z.string()) })),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const def = await entityOf(request, request.body.entity_id);
      const rows = await duplicateRecords(db, accessOf(request), def, request.body.ids);
      return ok({ created: rows.length, ids: rows.map((row) => row.id) }, 'Records copied');
    },
  );

  r.post(
    '/entities-data/entity/data',
    {
      onRequest: canOrContact('entity-data:view'),
      // The page is built from typed rows by this module; checking up to 500 records against the
      // schema on the way out would cost more than the query.
      serializerCompiler: plainJson,
      schema: {
        tags,
        security,
        summary: "A page of an entity's records, filtered and sorted (the data grid)",
        description:
          '`filters`: `{ match: ALL|ANY, rules: [{ field, operator, value }] }` where `field` is ' +
          '`<template_id>#<key>` or created_at, updated_at, created_by, title; operators EQUALS, NOT_EQUALS, ' +
          'CONTAINS, NOT_CONTAINS, STARTS_WITH, GREATER_THAN, GREATER_OR_EQUAL, LESS_THAN, LESS_OR_EQUAL, BETWEEN ' +
          '(two values), IN, NOT_IN (lists), IS_EMPTY, IS_NOT_EMPTY. `sort`: up to 3 `{ field, direction }`. ' +
          "`filter_id` adds a saved filter; the caller's global filters apply unless `apply_global_filters` is " +
          'false. `search` matches record titles. `total` is exact up to 100,000 (`total_capped` beyond).',
        body: ZRecordQuery,
        response: { 200: ZSuccess(ZRecordPage.extend({ data: z.array(ZRecordSchema) })), ...ERRORS },
      },
    },
    async (request) => {
      if (request.contact) return ok(await contactRecordsPage(db, request.contact, request.body));
      // The definition stamp, the record state and the caller's global filters in one statement.
      const access = accessOf(request);
      const entityId = request.body.entity_id;
      const context = isUuid(entityId)
        ? await loadGridContext(db, access.companyId, access.userId, entityId)
        : undefined;
      const def = await loadEntityDefinition(db, access.companyId, entityId, context?.stamp);
      return ok(await queryRecords(db, access, def, request.body, context, { valuesAsText: true }));
    },
  );

  r.post(
    '/entities-data/count',
    {
      onRequest: canOrContact('entity-data:view'),
      schema: {
        tags,
        security,
        summary: 'How many records match, and a metric over them (stat cards)',
        description:
          'The records the grid would show for the same `filters`, `filter_id`, `search` and `apply_global_filters`. ' +
          "`count` is exact (`capped` stays false; the answer is kept until the entity's records change). `metric` COUNT " +
          '(default: `value` is the count) or SUM, ' +
          'AVG, MIN, MAX of the number, currency or percentage field `value_field` (`value`; null when no record ' +
          "has one). A signed-in contact counts only the records of their contact type's rule and scope (no rule " +
          'to read: 404); saved and global filters are ignored for them.',
        body: ZRecordQuery.pick({
          entity_id: true,
          filters: true,
          filter_id: true,
          search: true,
          apply_global_filters: true,
        }).extend({
          metric: z.enum(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX']).default('COUNT'),
          value_field: ZFieldRef.optional(),
        }),
        response: {
          200: ZSuccess(
            z.object({ count: z.number().int(), capped: z.boolean(), value: z.number().nullable() }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      if (request.contact)
        return ok(await contactCountRecords(db, request.contact, request.body.entity_id, request.body));
      return ok(await countRecords(db, accessOf(request), request.body.entity_id, request.body));
    },
  );

  r.post(
    '/entities-data/charts',
    {
      onRequest: canOrContact('entity-data:view'),
      schema: {
        tags,
        security,
        summary: 'Chart data: a metric per value of a field',
        description:
          '`group_by` a field (`<template_id>#<key>` or a system column); `metric` COUNT (default) or SUM, AVG, ' +
          'MIN, MAX of the number field `value_field`; dates group by `date_bucket` (day, month, year); ' +
          'multi-value fields count a record under each value. Biggest groups first, at most `limit` (date buckets: ' +
          'the latest `limit`, oldest first). `filter_id` (a saved filter) and `apply_global_filters` (default true) as ' +
          "the grid's. A signed-in contact charts only the records of their contact type's rule and scope (no rule to " +
          'read: 404), without saved or global filters.',
        body: z.object({
          entity_id: ZEntityId,
          group_by: ZFieldRef,
          metric: z.enum(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX']).default('COUNT'),
          value_field: ZFieldRef.optional(),
          date_bucket: z.enum(['day', 'month', 'year']).optional(),
          filters: ZFilterGroup.optional(),
          filter_id: ZRecordQuery.shape.filter_id,
          apply_global_filters: z.boolean().default(true),
          limit: z.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: ZSuccess(z.array(z.object({ key: z.string().nullable(), value: z.number().nullable() }))),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      if (request.contact)
        return ok(await contactChartData(db, request.contact, request.body.entity_id, request.body));
      return ok(await chartData(db, accessOf(request), request.body.entity_id, request.body));
    },
  );

  r.post(
    '/templates-data/check-duplicate-rules',
    {
      onRequest: can('entity-data:view'),
      schema: {
        tags,
        security,
        summary: 'Which records these values would duplicate, by duplicate rule',
        description:
          'For the form to warn before saving. `entity_data_id`: the record being edited (not its own duplicate).',
        body: z.object({ entity_id: ZEntityId, values: ZRecordValues, entity_data_id: z.uuid().optional() }),
        response: {
          200: ZSuccess(
            z.object({
              duplicate: z.boolean(),
              blocked: z.boolean(),
              rules: z.array(
                z.object({
                  fields: z.array(z.string()),
                  label: z.string(),
                  mode: z.enum(['BLOCK', 'WARN']),
                  record_id: z.string(),
                }),
              ),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const def = await entityOf(request, request.body.entity_id);
      return ok(await checkDuplicateRules(db, def, request.body.values, request.body.entity_data_id ?? null));
    },
  );

  registerRecordReadRoutes(api, platform);
  registerRecordExtraRoutes(api, platform);
  registerCompanyEntityRoutes(api, platform);
}
