import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDocumentListCounts,
  ZDocumentListFilter,
  ZDocumentListItem,
  ZDocumentListQuery,
  ZDocumentRecipients,
} from '@esigns/contracts/document-lists';
import { ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { admitted } from '../../platform/http/admission';
import { ok, plainJson } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { ERRORS, security, ZIdParam, ZQueryBool } from '../documents';
import { accessOf, requirePermission } from '../permissions';
import { addressedToMe, contactDocuments } from './employee-documents';
import { offsetOf } from './offset';
import { countDocuments, listDocuments } from './list-service';
import { listRecipients } from './recipients-service';
import { registerTemplateListRoutes } from './template-routes';
import { registerContactDocumentRoutes } from './contact-routes';

const tags = ['documents'];

const LIST_RULES =
  'A paged list (`data`, `total`, `page`, `total_pages`); `page`/`limit` that are not positive whole numbers fall ' +
  'back to 1 and 5, `limit` is capped at 100. Filters (DOMAIN-ESIGN): `all-documents` (everything but the archive), ' +
  "`draft` (the caller's drafts), `waiting-for-me` (out for signature and the caller is a recipient who must act " +
  'now), `waiting-for-others` (out for signature, not waiting for the caller), `completed`, `declined`, ' +
  '`rejected`, `voided`, `expired`, `archived` (archived documents show there only). The caller sees their own ' +
  'drafts and the sent documents they sent, that are shared with them or where they are a recipient other than ' +
  'CC; an OWNER or a holder of `documents:view-all` / `documents:manage-all` (BUSINESS workspace) sees every sent ' +
  "document. `search` matches words of the name and of the recipients' names and emails; `sort`, a date range " +
  "(`date_field`, `from`, `to`: days are the caller's, from the `usertimezone` header), `recipient` (email or " +
  'contact id) and `owner` (sender user id) narrow the list. Each row carries its recipients, progress and ' +
  '`actions`: the lifecycle actions (`document-actions` table) the caller may take on it now, and `seal_failed`: ' +
  'every required recipient finished but the final PDF could not be built (the document stays WAITING until the ' +
  'sender fixes it: `sealing` of `GET /documents/{document_id}/recipients`).';

const ZListPage = ZSuccess(ZPaged(ZDocumentListItem));

export function registerDocumentListRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  // The lists every signed-in screen opens: inside the process's admission (platform/http README).
  const admit = admitted(platform);

  r.get(
    '/documents',
    {
      onRequest: [admit, ...requirePermission(platform, 'documents:view')],
      // Pages are built from typed rows by this module (list-service, present-items).
      serializerCompiler: plainJson,
      schema: {
        tags,
        security,
        summary: 'Documents the caller sees, paged',
        description: `\`status\` is a list filter (default \`all-documents\`). ${LIST_RULES} Needs \`documents:view\`.`,
        querystring: ZDocumentListQuery.extend({ status: ZDocumentListFilter.optional() }),
        response: { 200: ZListPage, ...ERRORS },
      },
    },
    async (request) => {
      const { status, ...query } = request.query;
      const page = await listDocuments(db, accessOf(request), status ?? 'all-documents', query, {
        offsetMinutes: offsetOf(request),
      });
      return ok(toPaged(page.rows, page.total, query));
    },
  );

  r.get(
    '/all-documents/:document_status',
    {
      onRequest: [admit, ...requirePermission(platform, 'documents:view')],
      // Pages are built from typed rows by this module (list-service, present-items).
      serializerCompiler: plainJson,
      schema: {
        tags,
        security,
        summary: 'One list filter (status tab) of the documents the caller sees, paged',
        description: `${LIST_RULES} An unknown filter is 422. Needs \`documents:view\`.`,
        params: z.object({ document_status: ZDocumentListFilter }),
        querystring: ZDocumentListQuery,
        response: { 200: ZListPage, ...ERRORS },
      },
    },
    async (request) => {
      const page = await listDocuments(db, accessOf(request), request.params.document_status, request.query, {
        offsetMinutes: offsetOf(request),
      });
      return ok(toPaged(page.rows, page.total, request.query));
    },
  );

  r.get(
    '/employee-documents',
    {
      onRequest: [admit, ...requirePermission(platform)],
      // Pages are built from typed rows by this module (list-service, present-items).
      serializerCompiler: plainJson,
      schema: {
        tags,
        security,
        summary: 'Documents addressed to the caller as a recipient, paged',
        description:
          'Sent documents of the workspace where the caller (their login or its email) is a recipient other than CC: ' +
          'their inbox. `status` is a list filter (default `all-documents`); `signed=true` keeps those the caller ' +
          `has signed or approved. ${LIST_RULES} Open to every member of the workspace.`,
        querystring: ZDocumentListQuery.extend({
          status: ZDocumentListFilter.optional(),
          signed: ZQueryBool,
        }),
        response: { 200: ZListPage, ...ERRORS },
      },
    },
    async (request) => {
      const { status, signed, ...query } = request.query;
      const page = await listDocuments(db, accessOf(request), status ?? 'all-documents', query, {
        offsetMinutes: offsetOf(request),
        extra: addressedToMe(signed === true),
      });
      return ok(toPaged(page.rows, page.total, query));
    },
  );

  r.get(
    '/employee-documents-counts',
    {
      onRequest: [admit, ...requirePermission(platform, 'documents:view')],
      schema: {
        tags,
        security,
        summary: 'How many documents each list filter (status tab) holds for the caller',
        description:
          'One number per list filter of `/all-documents/{document_status}`, counted in one statement over the ' +
          'documents the caller sees. `search`, the date range, `recipient` and `owner` narrow the counts as they ' +
          'narrow the lists, so the tabs match the list shown. Needs `documents:view`.',
        querystring: ZDocumentListQuery,
        response: { 200: ZSuccess(ZDocumentListCounts), ...ERRORS },
      },
    },
    async (request) =>
      ok(await countDocuments(db, accessOf(request), request.query, { offsetMinutes: offsetOf(request) })),
  );

  r.get(
    '/entities/employeeDocuments',
    {
      onRequest: requirePermission(platform, 'documents:view'),
      // Pages are built from typed rows by this module (list-service, present-items).
      serializerCompiler: plainJson,
      schema: {
        tags,
        security,
        summary: "A contact's documents, paged (by contact id or email)",
        description:
          'The documents the caller sees that have a recipient who is the contact `contact_id` (linked to it or with ' +
          "its email) or has the email `email`; one of the two is required (422). An unknown or another company's " +
          `contact is 404. \`status\` is a list filter (default \`all-documents\`). ${LIST_RULES} Needs \`documents:view\`.`,
        querystring: ZDocumentListQuery.extend({
          status: ZDocumentListFilter.optional(),
          contact_id: z.string({ error: 'Must be text' }).trim().max(64).optional(),
          email: z.string({ error: 'Must be text' }).trim().max(254).optional(),
        }),
        response: { 200: ZListPage, ...ERRORS },
      },
    },
    async (request) => {
      const { status, contact_id: contactId, email, ...query } = request.query;
      const page = await contactDocuments(db, accessOf(request), {
        filter: status ?? 'all-documents',
        query,
        contactId,
        email,
        offsetMinutes: offsetOf(request),
      });
      return ok(toPaged(page.rows, page.total, query));
    },
  );

  r.get(
    '/documents/:document_id/recipients',
    {
      onRequest: requirePermission(platform, 'documents:view'),
      schema: {
        tags,
        security,
        summary: "A document (as its list row, with the caller's actions) and its recipients",
        description:
          '`document` is the row the lists show (status, sender, dates, progress, `actions` the caller may take ' +
          'now). Recipients in signing order. `is_due`: notified and not done yet. Link secrets and representative passwords never ' +
          'leave the server (`has_representative_password` tells whether one is set). A draft answers its ' +
          "layout's recipients, all PENDING. `sealing` (null unless `document.seal_failed`): the seal's failure for " +
          "good: `kind` (RETRY, VALUE: a recipient's signature or image cannot be stamped, DOCUMENT: the PDF cannot " +
          'be sealed), `reason`, the `recipients` and fields a VALUE failure names, and the `fix`: SIGN_AGAIN ' +
          '(`POST /documents/{document_id}/document-users/sign-again`, action `sign-again`) or RETRY ' +
          '(`POST /documents/e-sign-completed/{id}`, action `retry-seal`). For whoever sees the document in their ' +
          'lists; others get 404. Needs `documents:view`.',
        params: ZIdParam('document_id', 'Sent (employee) document id'),
        response: { 200: ZSuccess(ZDocumentRecipients), ...ERRORS },
      },
    },
    async (request) => ok(await listRecipients(db, accessOf(request), request.params.document_id)),
  );

  registerTemplateListRoutes(api, platform);
  registerContactDocumentRoutes(api, platform);
}
