import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaged, ZPageQuery, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ZFileInfo } from '@esigns/contracts/files';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import {
  createRequest,
  getRequest,
  listMyRequests,
  listRequestsByCardType,
  REQUEST_STATUSES,
  requestLinkView,
  updateRequest,
} from './request-documents';
import { requireRequestLinkOr } from './request-documents-link';
import { ERRORS, security, ZIdParam } from './route-schemas';

const tags = ['request-documents'];

export const ZRequest = z.object({
  _id: z.string(),
  card_type: z.string(),
  message: z.string(),
  status: z.enum(REQUEST_STATUSES),
  contact: z.object({ _id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  requested_by: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  file: ZFileInfo.nullable(),
  due_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** What a request link's holder reads (`GET /request-documents/{id}` with headers `requestid` + `password`). */
export const ZRequestForLink = z.object({
  _id: z.string(),
  card_type: z.string(),
  message: z.string(),
  status: z.enum(REQUEST_STATUSES),
  due_at: z.string().nullable(),
  company: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  requested_by: z.object({ name: z.string(), email: z.string() }).nullable(),
  file: z.object({ name: z.string(), mime_type: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The request link's headers, documented on the routes open to its holder. */
export const ZRequestLinkHeaders = z
  .object({
    requestid: z.string().optional().describe('The document request id (with a request link)'),
    password: z.string().optional().describe('The `token` of the request link'),
  })
  .passthrough();

export const REQUEST_LINK_ACCESS =
  "Open to the holder of the request's own link too (the mailed `/company-documents/requested/{id}/execute?token=`): " +
  'headers `requestid` and `password` (the token), for that one request only. Wrong or replaced secret, another ' +
  "request's id: 401 with one message; 20 failures from one address in 15 minutes: 429.";

const ZCardType = z.string({ error: 'Required' }).trim().min(1, 'Choose a card type').max(100);
const ZDueAt = z.iso.datetime({ offset: true, error: 'Use an ISO date-time' });

export function registerRequestDocumentRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/request-documents-list/:card_type',
    {
      onRequest: requirePermission(platform, 'request-documents:view'),
      schema: {
        tags,
        summary: 'Document requests of a card type, paged',
        description:
          "`card_type` `all` lists every type. Newest first; `search` matches the contact's email or name, `status` " +
          'filters. Needs `request-documents:view`.',
        security,
        params: z.object({ card_type: z.string().max(100) }),
        querystring: ZPageQuery.extend({
          search: z.string().trim().max(100).optional(),
          status: z.enum(REQUEST_STATUSES).optional(),
        }),
        response: { 200: ZSuccess(ZPaged(ZRequest)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listRequestsByCardType(
        platform,
        accessOf(request),
        request.params.card_type,
        request.query,
      );
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/employee-document-requests',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Document requests addressed to me, paged',
        description:
          "The requests of this company to the caller as a contact (the contact's login, or the same email), " +
          'newest first.',
        security,
        querystring: ZPageQuery,
        response: { 200: ZSuccess(ZPaged(ZRequest)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listMyRequests(platform, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.post(
    '/request-documents',
    {
      onRequest: requirePermission(platform, 'request-documents:create'),
      schema: {
        tags,
        summary: 'Ask a contact for a document',
        description:
          'Not named by the spec (its screens `/request-documents/...` imply it). `card_type` is free text (PAN card, ' +
          "Aadhaar, sale deed...). The contact (of the company, else 404) is mailed the request's own link " +
          '(`/company-documents/requested/{id}/execute?token=`: no sign-in needed to read it and hand the file in). ' +
          'Needs `request-documents:create`.',
        security,
        body: z.object({
          contact_id: z.string({ error: 'Required' }).max(100),
          card_type: ZCardType,
          message: z.string().trim().max(5000).default(''),
          due_at: ZDueAt.nullable().optional(),
        }),
        response: { 200: ZSuccess(ZRequest), ...ERRORS },
      },
    },
    async (request) => ok(await createRequest(platform, accessOf(request), request.body), 'Request sent'),
  );

  r.get(
    '/request-documents/:id',
    {
      onRequest: requireRequestLinkOr(platform, requirePermission(platform, 'request-documents:view'), 'id'),
      schema: {
        tags,
        summary: 'One document request',
        description:
          'Staff with `request-documents:view`: the request as listed. ' +
          REQUEST_LINK_ACCESS +
          ' The link holder reads card type, message, due date, status, the company (name, logo), who asked and ' +
          "the uploaded file's name and type, never the contact's other requests.",
        security: [...security, {}],
        headers: ZRequestLinkHeaders,
        params: ZIdParam('id', 'Document request id'),
        response: { 200: ZSuccess(z.union([ZRequest, ZRequestForLink])), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        request.requestLink
          ? await requestLinkView(platform, request.requestLink)
          : await getRequest(platform, accessOf(request), request.params.id),
      ),
  );

  r.patch(
    '/request-documents/:id',
    {
      onRequest: requirePermission(platform, 'request-documents:update'),
      schema: {
        tags,
        summary: 'Edit a document request',
        description:
          'Card type, message, due date (`null` clears it) or status (REQUESTED, UPLOADED, APPROVED, REJECTED). ' +
          'Needs `request-documents:update`.',
        security,
        params: ZIdParam('id', 'Document request id'),
        body: z.object({
          card_type: ZCardType.optional(),
          message: z.string().trim().max(5000).optional(),
          due_at: ZDueAt.nullable().optional(),
          status: z.enum(REQUEST_STATUSES).optional(),
        }),
        response: { 200: ZSuccess(ZRequest), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateRequest(platform, accessOf(request), request.params.id, request.body), 'Saved'),
  );
}
