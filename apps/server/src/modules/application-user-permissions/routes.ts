import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApplicationUserPermission,
  ZApplicationUserPermissionsByTypeRequest,
  ZApplicationUserPermissionsRequest,
  ZContactEntityAccess,
  type TEntityPermissionRule,
} from '@esigns/contracts/application-users';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { contactOf, requireStaffOrContact } from '../application-users';
import { requireAnyPermission } from '../contacts';
import { entitiesUsingTemplate, registerContactEntityCheck } from '../entities';
import { registerContactTemplateCheck } from '../form-templates';
import { accessOf, requirePermission } from '../permissions';
import {
  contactEntityRule,
  contactEntityRules,
  entityPermissions,
  listPermissions,
  ownEntityAccess,
  setPermissions,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
const ZTypeParams = z.object({ id: z.string().max(64).describe('Contact type id') });
const ZEntityParams = z.object({ id: z.string().max(64).describe('Entity id') });
const ZList = ZSuccess(z.array(ZApplicationUserPermission));

/** Entity permissions of contact types (spec 3 §7): staff set them; a contact reads their own. */
export function registerApplicationUserPermissionRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  // Entities' GET /entities/{id} for a contact: any rule on the entity (a create-only rule needs
  // the definition to show the form). Registered with the routes, before any request.
  registerContactEntityCheck(
    async (db, contact, entityId) => (await contactEntityRule(db, contact, entityId)) !== null,
  );
  // Form templates' GET /template/{id} for a contact: a template of an entity the type has a rule for.
  registerContactTemplateCheck(async (db, contact, templateId) => {
    const entityIds = new Set((await contactEntityRules(db, contact)).map((rule) => rule.entityId));
    if (entityIds.size === 0) return false;
    const using = await entitiesUsingTemplate(db, templateId, { companyId: contact.companyId });
    return using.some((entity) => entityIds.has(entity.id));
  });
  const tags = ['application-users'];
  const security = [{ bearer: [] }];
  const readers = requireAnyPermission(platform, ['contact-types:view', 'contacts:view']);
  const writers = requirePermission(platform, 'contact-types:update');

  r.get(
    '/application-user/permissions',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: "The company's entity permissions of contact types",
        description:
          "Every rule of the company, or one contact type's with `contact_type_id` (unknown or another " +
          "company's type: 404), ordered by entity name. Needs `contact-types:view` or `contacts:view`.",
        querystring: z.object({ contact_type_id: z.string().max(64).optional() }),
        response: { 200: ZList, ...ERRORS },
      },
    },
    async (request) =>
      ok(await listPermissions(db, accessOf(request).companyId, request.query.contact_type_id)),
  );

  r.get(
    '/application-user/permissions/entity/:id',
    {
      onRequest: requireStaffOrContact(platform, readers),
      schema: {
        tags,
        security,
        summary: 'Entity permissions of one entity',
        description:
          "Staff (`contact-types:view` or `contacts:view`): every contact type's rule for the entity. A " +
          "signed-in contact: their own type's rule (404 when their type has none). Unknown or another " +
          "company's entity: 404.",
        params: ZEntityParams,
        response: {
          200: ZSuccess(z.union([ZContactEntityAccess, z.array(ZApplicationUserPermission)])),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      request.contact
        ? ok(await ownEntityAccess(db, contactOf(request), request.params.id))
        : ok(await entityPermissions(db, accessOf(request).companyId, request.params.id)),
  );

  const writeDescription = (replace: boolean, typeWhere: string) =>
    (replace
      ? "Makes `permissions` the contact type's whole set: rules of entities not listed are removed. "
      : "Adds or changes the listed entities' rules; the type's other rules stay. ") +
    "A rule allowing nothing removes that entity's rule. " +
    `Unknown or another company's contact type: ${typeWhere}; unknown entity: 422 keyed ` +
    "`permissions.{i}.entity_id`. Needs `contact-types:update`. Answers the type's rules.";

  const write = async (
    request: FastifyRequest,
    permissions: TEntityPermissionRule[],
    contactTypeId: string,
    replace: boolean,
    typeInBody: boolean,
  ) => {
    const access = accessOf(request);
    return ok(
      await setPermissions(db, {
        companyId: access.companyId,
        userId: access.userId,
        contactTypeId,
        permissions,
        replace,
        typeInBody,
      }),
    );
  };

  for (const method of ['post', 'put'] as const) {
    const replace = method === 'put';
    r[method](
      '/application-user/permissions',
      {
        onRequest: writers,
        schema: {
          tags,
          security,
          summary: replace
            ? "Replace a contact type's entity permissions"
            : "Set a contact type's entity permissions",
          description: writeDescription(replace, '422 keyed `contact_type_id`'),
          body: ZApplicationUserPermissionsRequest,
          response: { 200: ZList, ...ERRORS },
        },
      },
      async (request) =>
        write(request, request.body.permissions, request.body.contact_type_id, replace, true),
    );

    r[method](
      '/application-user/permissions/:id',
      {
        onRequest: writers,
        schema: {
          tags,
          security,
          summary: replace
            ? "Replace a contact type's entity permissions (type in the path)"
            : "Set a contact type's entity permissions (type in the path)",
          description: writeDescription(replace, '404'),
          params: ZTypeParams,
          body: ZApplicationUserPermissionsByTypeRequest,
          response: { 200: ZList, ...ERRORS },
        },
      },
      async (request) => write(request, request.body.permissions, request.params.id, replace, false),
    );
  }
}
