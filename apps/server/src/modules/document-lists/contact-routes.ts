import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApplicationUserDocuments,
  ZApplicationUserDocumentsQuery,
  ZApplicationUserDownload,
} from '@esigns/contracts/application-users';
import { ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { contactOf, requireContact } from '../application-users';
import { ERRORS, ZIdParam } from '../documents';
import { clientOf } from '../signing';
import { contactDownload, listContactDocuments } from './contact-documents';

/** The contact area's documents (`/ap/documents`): a signed-in contact's own, never a staff member's. */
export function registerContactDocumentRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['application-user'];
  const security = [{ bearer: [] }];

  r.get(
    '/application-user/documents',
    {
      onRequest: requireContact(platform),
      schema: {
        tags,
        security,
        summary: 'The documents sent to the signed-in contact, paged',
        description:
          "The company's sent documents (never drafts) with a recipient that is the contact (their contact or " +
          'email), each with that recipient, `waiting_for_me` (their turn to sign or approve has come), ' +
          '`sign_url` (an app path opening the signing screen as their recipient, like the mailed link; null ' +
          'unless waiting) and `can_download` (a sealed copy exists). `filter`: `all` (default), `waiting`, ' +
          '`completed`; `search` matches words of the name and recipients. Waiting ones first, then the most ' +
          'recently sent. A contact-area token only (403 otherwise).',
        querystring: ZApplicationUserDocumentsQuery,
        response: { 200: ZSuccess(ZApplicationUserDocuments), ...ERRORS },
      },
    },
    async (request) => {
      const page = await listContactDocuments(platform, contactOf(request), request.query);
      return ok(toPaged(page.rows, page.total, request.query));
    },
  );

  r.post(
    '/application-user/documents/:id/download',
    {
      onRequest: requireContact(platform),
      schema: {
        tags,
        security,
        summary: 'A short-lived address of the sealed PDF of one of the contact’s documents',
        description:
          'The signed copy (as the staff download gives it: a link valid for 5 minutes), logged as downloaded by ' +
          "the contact's recipient. 404 unless the document is one of the contact's; 409 while no sealed copy exists.",
        params: ZIdParam('id', 'The document id'),
        response: { 200: ZSuccess(ZApplicationUserDownload), ...ERRORS },
      },
    },
    async (request) =>
      ok(await contactDownload(platform, contactOf(request), request.params.id, clientOf(request))),
  );
}
