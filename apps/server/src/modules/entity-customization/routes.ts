import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAGE_SIZES,
  RECORD_TABS,
  ZCreateEntityCustomizationRequest,
  ZEntityCustomization,
  ZEntityCustomizationListQuery,
  ZUpdateEntityCustomizationRequest,
} from '@esigns/contracts/entity-customization';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import {
  activeForEntity,
  createCustomization,
  deleteCustomization,
  getCustomization,
  listForCompany,
  listForEntity,
  updateCustomization,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const CONFIG_DOC =
  "`config` (every key optional; null or empty keeps the screens' default): `labels.singular` / `labels.plural` " +
  '(what a record is called), `icon` (a name of `GET /icons/getAllIcons`), `primary_color` (`#RRGGBB`), ' +
  `\`record_tabs\` (the record page's tabs in order, DETAILS first; of ${RECORD_TABS.join(', ')}), ` +
  "`list_columns` (the record list's columns: `<template_id>#<key>` of the entity's templates or created_at, " +
  'updated_at, created_by, title; empty: all), `default_sort` (`{ field, direction }`), `page_size` ' +
  `(${PAGE_SIZES.join(', ')}) and \`buttons\` (labels of add, edit, delete, save). Fields that are not the ` +
  "entity's, unknown icons and a label the entity's other customizations use answer 422 keyed by their path " +
  "(`config.list_columns.2`). `isActive: true` deactivates the entity's other customizations in the same " +
  'transaction.';

const ID_DOC = "Unknown or another company's ids: 404.";

/** Entity customization (spec 1 §7, spec 3 §3): named looks of an entity's screens. */
export function registerEntityCustomizationRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['entity-customization'];
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'customization:view');
  const canManage = requirePermission(platform, 'customization:manage');
  const params = z.object({ id: z.string().max(64) });

  r.get(
    '/entity-customization/fetch-by-company',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "The company's entity customizations, paged",
        description:
          'By entity name, the active one first. `search` matches the label (case-insensitive), `entity_id` keeps ' +
          "one entity's. The start-up cache reads 50 per page. Needs `customization:view`.",
        querystring: ZEntityCustomizationListQuery,
        response: { 200: ZSuccess(ZPaged(ZEntityCustomization)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listForCompany(db, accessOf(request).companyId, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/entity-customization/entity_id/:id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "An entity's customizations",
        description: `The active one first, then by label. ${ID_DOC} Needs \`customization:view\`.`,
        params,
        response: { 200: ZSuccess(z.array(ZEntityCustomization)), ...ERRORS },
      },
    },
    async (request) => ok(await listForEntity(db, accessOf(request).companyId, request.params.id)),
  );

  r.get(
    '/entity-customization/entity/isActive/:id',
    {
      // The record screens follow the active customization: whoever sees records may read it.
      onRequest: requireAnyPermission(platform, ['customization:view', 'entity-data:view']),
      schema: {
        tags,
        security,
        summary: "An entity's active customization",
        description: `\`data\` is null when none is active. ${ID_DOC} Needs \`customization:view\` or \`entity-data:view\`.`,
        params,
        response: { 200: ZSuccess(ZEntityCustomization.nullable()), ...ERRORS },
      },
    },
    async (request) => ok(await activeForEntity(db, accessOf(request).companyId, request.params.id)),
  );

  r.get(
    '/entity-customization/:id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'One entity customization',
        description: `${ID_DOC} Needs \`customization:view\`.`,
        params,
        response: { 200: ZSuccess(ZEntityCustomization), ...ERRORS },
      },
    },
    async (request) => ok(await getCustomization(db, accessOf(request).companyId, request.params.id)),
  );

  r.post(
    '/entity-customization/create',
    {
      onRequest: canManage,
      schema: {
        tags,
        security,
        summary: 'Create an entity customization',
        description: `\`entity_id\`: one of the company's entities (else 404); \`label\` unique per entity. ${CONFIG_DOC} Needs \`customization:manage\`.`,
        body: ZCreateEntityCustomizationRequest,
        response: { 200: ZSuccess(ZEntityCustomization), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createCustomization(db, accessOf(request), request.body), 'Customization created'),
  );

  r.put(
    '/entity-customization/update',
    {
      onRequest: canManage,
      schema: {
        tags,
        security,
        summary: 'Change an entity customization',
        description:
          'Changes what the body gives (`label`, `isActive`, `config` as a whole); the entity stays. `updated_at`, ' +
          `when given, must be the one read (else 409: it changed meanwhile). ${ID_DOC} ${CONFIG_DOC} ` +
          'Needs `customization:manage`.',
        body: ZUpdateEntityCustomizationRequest,
        response: { 200: ZSuccess(ZEntityCustomization), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateCustomization(db, accessOf(request), request.body), 'Customization saved'),
  );

  r.delete(
    '/entity-customization/:id',
    {
      onRequest: canManage,
      schema: {
        tags,
        security,
        summary: 'Delete an entity customization',
        description: `An active one leaves the entity with its default look. ${ID_DOC} Needs \`customization:manage\`.`,
        params,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await deleteCustomization(db, accessOf(request), request.params.id), 'Customization deleted'),
  );
}
