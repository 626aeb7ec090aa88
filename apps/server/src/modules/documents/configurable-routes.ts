import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZConfigurableDocument } from '@esigns/contracts/documents';
import { ZPaged, ZPageQuery, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import {
  configurableUsers,
  configureCompanyDocument,
  expirationSettings,
  getConfigurable,
  listConfigurable,
  setConfigurableStatus,
  updateConfigurable,
  updateViewData,
} from './configurable-service';
import { assertTemplateNameFree } from './templates-service';
import { ERRORS, security, ZIdParam, ZName, ZQueryBool, ZRecipients, ZSettingsPatch } from './route-schemas';

const tags = ['configurable-documents'];
const ZId = ZIdParam('id', 'Configurable document id');

export function registerConfigurableRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;

  r.get(
    '/configurable-documents',
    {
      onRequest: requirePermission(platform, 'configurable-documents:view'),
      schema: {
        tags,
        summary: "The company's configurable documents, paged",
        description:
          'Templates and one-off layouts not deleted, last changed first. `search` matches the name, `is_template` ' +
          'and `status` filter. Needs `configurable-documents:view`.',
        security,
        querystring: ZPageQuery.extend({
          search: z.string().trim().max(100).optional(),
          is_template: ZQueryBool,
          status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
        }),
        response: { 200: ZSuccess(ZPaged(ZConfigurableDocument)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listConfigurable(platform, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.post(
    '/configurable-documents',
    {
      onRequest: requirePermission(platform, 'configurable-documents:create'),
      schema: {
        tags,
        summary: 'The configurable document of a company document (created if missing)',
        description:
          'Same as `POST /document-templates/{company_document_id}/configure`, with the id in the body. Needs ' +
          '`configurable-documents:create`.',
        security,
        body: z.object({ company_document_id: z.string().max(100), is_template: z.boolean().optional() }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await configureCompanyDocument(
          platform,
          accessOf(request),
          request.body.company_document_id,
          request.body.is_template,
        ),
      ),
  );

  r.get(
    '/configurable-documents/:id',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'One configurable document',
        description:
          '`include_download_url=true` adds a signed `file.url` (1 hour). Unknown ids, ids of another company, and ' +
          "documents the caller may not see (another user's one-off document, a template not shared) are 404.",
        security,
        params: ZId,
        querystring: z.object({ include_download_url: ZQueryBool }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await getConfigurable(
          platform,
          accessOf(request),
          request.params.id,
          request.query.include_download_url === true,
        ),
      ),
  );

  r.patch(
    '/configurable-documents/:id',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Rename, or change settings',
        description:
          'JSON `{name?, settings?}` (settings in part). The spec says this call "may be form data": this API takes ' +
          'JSON only (files change through the page operations). A template name used by another live template is ' +
          '409; a one-off document already sent is 409.',
        security,
        params: ZId,
        body: z.object({ name: ZName.optional(), settings: ZSettingsPatch.optional() }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateConfigurable(platform, accessOf(request), request.params.id, request.body, {
          assertTemplateNameFree: (name, row) => assertTemplateNameFree(db, row.companyId, name, row.id),
        }),
        'Saved',
      ),
  );

  r.patch(
    '/configurable-documents/:id/status',
    {
      onRequest: requirePermission(platform, 'configurable-documents:change-status'),
      schema: {
        tags,
        summary: 'Activate or deactivate',
        description:
          'An INACTIVE template cannot be sent or used (409). Needs `configurable-documents:change-status`.',
        security,
        params: ZId,
        body: z.object({ status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'Use ACTIVE or INACTIVE' }) }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(await setConfigurableStatus(platform, accessOf(request), request.params.id, request.body.status)),
  );

  r.put(
    '/configurable-documents/updateViewData/:id',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: "Store the editor's view state",
        description:
          'Any JSON object (`view_data`, at most 50 keys): zoom, last page, panels. The owner may always; others need ' +
          '`configurable-documents:update`.',
        security,
        params: ZId,
        body: z.object({
          view_data: z
            .record(z.string().max(100), z.unknown())
            .refine((v) => Object.keys(v).length <= 50, 'At most 50 keys'),
        }),
        response: {
          200: ZSuccess(z.object({ _id: z.string(), view_data: z.record(z.string(), z.unknown()) })),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(await updateViewData(platform, accessOf(request), request.params.id, request.body.view_data)),
  );

  r.get(
    '/configurable-documents/users/:id',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Recipients (or template roles) of a configurable document',
        description:
          'Representative passwords are never answered: `has_representative_password` says whether one is set.',
        security,
        params: ZId,
        response: { 200: ZSuccess(ZRecipients), ...ERRORS },
      },
    },
    async (request) => ok(await configurableUsers(platform, accessOf(request), request.params.id)),
  );

  r.get(
    '/configurable-documents/:id/expiration-settings',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Expiry and reminder settings',
        description: '`expires_at_if_sent_now`: when a document sent now would expire (null: never).',
        security,
        params: ZId,
        response: {
          200: ZSuccess(
            z.object({
              _id: z.string(),
              expire_after_days: z.number().nullable(),
              reminder_every_days: z.number().nullable(),
              warn_before_expiry_days: z.number(),
              expires_at_if_sent_now: z.string().nullable(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await expirationSettings(platform, accessOf(request), request.params.id)),
  );
}
