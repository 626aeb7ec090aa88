import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAccountNamesRequest, ZContactType, ZContactTypeRequest } from '@esigns/contracts/contacts';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { requireAnyPermission } from './access';
import {
  createContactType,
  deleteContactType,
  getContactType,
  listContactTypes,
  renameContactType,
} from './contact-types';
import { listAccountNames } from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const ZIdParams = z.object({ id: z.string().max(64).describe('Contact type id') });

/** Contact types (spec 2 "Contact types") and the account names of contacts. */
export function registerContactTypeRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['contact-types'];
  const security = [{ bearer: [] }];
  const readers = requireAnyPermission(platform, ['contact-types:view', 'contacts:view']);

  r.get(
    '/contact-types',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: "The company's contact types, by name",
        description:
          'Every type (a company has few, so the list is not paged), ordered by name, each with `contact_count`. ' +
          '`search` filters by name (case-insensitive). Needs `contact-types:view` or `contacts:view` (the ' +
          'contact form picks a type from this list).',
        querystring: z.object({ search: z.string().trim().max(80).optional() }),
        response: { 200: ZSuccess(z.array(ZContactType)), ...ERRORS },
      },
    },
    async (request) => ok(await listContactTypes(db, accessOf(request), request.query.search)),
  );

  r.get(
    '/contact-types/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'One contact type',
        description: "Unknown or another company's id: 404.",
        params: ZIdParams,
        response: { 200: ZSuccess(ZContactType), ...ERRORS },
      },
    },
    async (request) => ok(await getContactType(db, accessOf(request), request.params.id)),
  );

  r.post(
    '/contact-types',
    {
      onRequest: requirePermission(platform, 'contact-types:create'),
      schema: {
        tags,
        security,
        summary: 'Add a contact type',
        description:
          'Needs `contact-types:create`. Names are unique in the company ignoring case and surrounding spaces ' +
          '(409 otherwise).',
        body: ZContactTypeRequest,
        response: { 200: ZSuccess(ZContactType), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createContactType(db, accessOf(request), request.body.name), 'Contact type added'),
  );

  r.patch(
    '/contact-types/:id/updating_contact',
    {
      onRequest: requirePermission(platform, 'contact-types:update'),
      schema: {
        tags,
        security,
        summary: 'Rename a contact type',
        description:
          'Needs `contact-types:update`. Contacts keep the type under its new name. Another type of that ' +
          'name: 409.',
        params: ZIdParams,
        body: ZContactTypeRequest,
        response: { 200: ZSuccess(ZContactType), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await renameContactType(db, accessOf(request), request.params.id, request.body.name),
        'Contact type renamed',
      ),
  );

  r.delete(
    '/contact-types/:id',
    {
      onRequest: requirePermission(platform, 'contact-types:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a contact type',
        description:
          'Needs `contact-types:delete`. Refused with 409 while contacts have the type (the message says how ' +
          'many): change their type first, so that a deletion never silently strips many contacts.',
        params: ZIdParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await deleteContactType(db, accessOf(request), request.params.id), 'Contact type deleted'),
  );

  r.post(
    '/entity/account-names',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'The distinct account names of contacts',
        description:
          'Sorted, without empty names, at most 1000. `contact_type` (id or name) limits them to contacts of ' +
          'that type (unknown type: 404); `search` filters (case-insensitive). Needs `contact-types:view` or ' +
          '`contacts:view`.',
        body: ZAccountNamesRequest.nullish().transform((body) => body ?? {}),
        response: { 200: ZSuccess(z.array(z.string())), ...ERRORS },
      },
    },
    async (request) => ok(await listAccountNames(db, accessOf(request), request.body)),
  );
}
