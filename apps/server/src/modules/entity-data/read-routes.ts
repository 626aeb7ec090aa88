import { escapeLike } from '../../platform/db/database';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZEntityRecordRead } from '@esigns/contracts/entities';
import { ZErrorBody, ZPaged, ZSuccess, ZPageQuery, toPaged } from '@esigns/contracts/envelope';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import { FORM_FIELD_TYPES } from '@esigns/contracts/nocode-field-types';
import { fieldRef } from '@esigns/contracts/nocode-filters';
import { ok } from '../../platform/http/envelope';
import { validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { loadEntityDefinition } from '../entities';
import { findReadableTemplate } from '../form-templates';
import { requireStaffOrContact } from '../application-user-permissions';
import { accessOf, requirePermission } from '../permissions';
import { contactEntityDefinition, contactReadRecord } from './contact-records';
import { peekNumber } from './record-values';
import { entityData } from './schema';
import { visibleRecords } from './staged-imports';
import { findCompanyRecord, linkedTitles, toRecord, withComputedValues } from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
const ZRecordReadSchema = ZEntityRecordRead.meta({ id: 'EntityRecordRead' });

/** Reads of records and their fields, validation without saving, the next number. */
export function registerRecordReadRoutes(r: FastifyInstance, platform: Platform): void {
  const api = r.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['entity-data'];
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'entity-data:view');

  api.get(
    '/entity-data/:id',
    {
      // The contact area reads records here too (contact-records.ts: the contact type's rule and scope).
      onRequest: requireStaffOrContact(platform, canView),
      schema: {
        tags,
        security,
        summary: 'One record (any entity of the company)',
        description: '`linked_titles`: the title of every record its ENTITY fields link, by id.',
        params: z.object({ id: z.uuid('Use a record id') }),
        response: { 200: ZSuccess(ZRecordReadSchema), ...ERRORS },
      },
    },
    async (request) => {
      if (request.contact) return ok(await contactReadRecord(db, request.contact, request.params.id));
      const companyId = accessOf(request).companyId;
      const row = await findCompanyRecord(db, companyId, request.params.id);
      const def = await loadEntityDefinition(db, companyId, row.entityId);
      const [[computed], titles] = await Promise.all([
        withComputedValues(db, def, [row]),
        linkedTitles(db, def, [row]),
      ]);
      return ok({ ...toRecord(computed!), linked_titles: titles });
    },
  );

  api.get(
    '/entities/:id/list',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "An entity's records as id and title (pickers of ENTITY fields)",
        description: '`search` matches titles; by title.',
        params: z.object({ id: z.uuid('Use an entity id') }),
        querystring: ZPageQuery.extend({ search: z.string().trim().max(100).optional() }),
        response: { 200: ZSuccess(ZPaged(z.object({ _id: z.string(), title: z.string() }))), ...ERRORS },
      },
    },
    async (request) => {
      const def = await loadEntityDefinition(db, accessOf(request).companyId, request.params.id);
      const { search, page, limit } = request.query;
      const where = and(
        eq(entityData.entityId, def.row.id),
        visibleRecords(),
        search ? sql`${entityData.title} ilike ${`%${escapeLike(search)}%`}` : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({ _id: entityData.id, title: entityData.title })
          .from(entityData)
          .where(where)
          .orderBy(asc(sql`lower(${entityData.title})`), asc(entityData.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(entityData)
          .where(where),
      ]);
      return ok(toPaged(rows, count?.n ?? 0, request.query));
    },
  );

  api.get(
    '/template-fields',
    {
      // The contact area's grids and views read them too: entities their contact type has a rule for.
      onRequest: requireStaffOrContact(platform, canView),
      schema: {
        tags,
        security,
        summary: "Every field of an entity's templates, as grid columns",
        description:
          '`ref` (`<template_id>#<key>`) is what filters, sorts and views name a column by. A signed-in contact ' +
          "reads the fields of an entity their contact type has a rule for; any other is 404, like another company's.",
        querystring: z.object({ entity_id: z.uuid('Use an entity id') }),
        response: {
          200: ZSuccess(
            z.array(
              z.object({
                ref: z.string(),
                template_id: z.string(),
                template_name: z.string(),
                key: z.string(),
                label: z.string(),
                type: z.enum(FORM_FIELD_TYPES),
                is_primary: z.boolean(),
                required: z.boolean(),
                options: z.array(z.object({ value: z.string(), label: z.string().optional() })).optional(),
              }),
            ),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const { contact } = request;
      const def = contact
        ? await contactEntityDefinition(db, contact, request.query.entity_id)
        : await loadEntityDefinition(db, accessOf(request).companyId, request.query.entity_id);
      return ok(
        def.templates
          .filter((t) => !t.isRepeatable)
          .flatMap((t) =>
            t.fields.map((f) => ({
              ref: fieldRef(t.id, f.key),
              template_id: t.id,
              template_name: t.name,
              key: f.key,
              label: f.label,
              type: f.type,
              is_primary: t.isPrimary,
              required: Boolean(f.required),
              ...('options' in f
                ? { options: f.options.map((o) => ({ value: o.value, label: o.label })) }
                : {}),
            })),
          ),
      );
    },
  );

  const ZTemplateValues = z.record(z.string(), z.unknown());
  api.get(
    '/templates-entity-data',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "One template's values of a record",
        querystring: z.object({
          entity_data_id: z.uuid('Use a record id'),
          template_id: z.uuid('Use a template id'),
        }),
        response: {
          200: ZSuccess(
            z.object({ entity_data_id: z.string(), template_id: z.string(), values: ZTemplateValues }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const row = await findCompanyRecord(db, accessOf(request).companyId, request.query.entity_data_id);
      const { template_id } = request.query;
      return ok({ entity_data_id: row.id, template_id, values: row.values[template_id] ?? {} });
    },
  );

  api.get(
    '/templates-primary-data',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "A record's primary template values",
        querystring: z.object({ entity_data_id: z.uuid('Use a record id') }),
        response: {
          200: ZSuccess(
            z.object({ entity_data_id: z.string(), template_id: z.string(), values: ZTemplateValues }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const row = await findCompanyRecord(db, access.companyId, request.query.entity_data_id);
      const def = await loadEntityDefinition(db, access.companyId, row.entityId);
      return ok({
        entity_data_id: row.id,
        template_id: def.primary.id,
        values: row.values[def.primary.id] ?? {},
      });
    },
  );

  api.post(
    '/templates-data/:template_id/validate',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "Check one template's values without saving",
        description:
          'The same check as saving: 422 keyed `values.<key>` when something is wrong, else the normalised ' +
          'values (formulas computed). `partial`: only the fields sent are checked.',
        params: z.object({ template_id: z.uuid('Use a template id') }),
        body: z.object({ values: z.unknown(), partial: z.boolean().default(false) }),
        response: { 200: ZSuccess(z.object({ valid: z.literal(true), values: ZTemplateValues })), ...ERRORS },
      },
    },
    async (request) => {
      const template = await findReadableTemplate(
        db,
        accessOf(request).companyId,
        request.params.template_id,
      );
      const parsed = parseTemplateValues(
        template.fields,
        request.body.values,
        { partial: request.body.partial },
        ['values'],
      );
      if (parsed.errors.length > 0) throw validationError(parsed.errors, parsed.errors[0]!.message);
      return ok({ valid: true as const, values: parsed.values });
    },
  );

  api.post(
    '/template-data/auto-increment',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The number the next record will get in an AUTO_INCREMENT field',
        description: 'Shown in the add form; the number is only taken when the record is saved.',
        body: z.object({
          entity_id: z.uuid('Use an entity id'),
          template_id: z.uuid('Use a template id'),
          field_key: z.string().min(1).max(63),
        }),
        response: { 200: ZSuccess(z.object({ next: z.string() })), ...ERRORS },
      },
    },
    async (request) => {
      const def = await loadEntityDefinition(db, accessOf(request).companyId, request.body.entity_id);
      const field = def.byId
        .get(request.body.template_id)
        ?.fields.find((f) => f.key === request.body.field_key);
      const next = field ? await peekNumber(db, def.row.id, request.body.template_id, field) : null;
      if (next === null) {
        throw validationError([
          { key: 'field_key', path: ['field_key'], message: 'Not an AUTO_INCREMENT field of this entity' },
        ]);
      }
      return ok({ next });
    },
  );
}
