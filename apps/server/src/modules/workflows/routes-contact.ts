import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPageQuery, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ZWorkflowInstance } from '@esigns/contracts/workflows';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { contactOf, requireContact } from '../application-users';
import { presentInstances } from './presenters';
import { WORKFLOW_ERRORS, WORKFLOW_TAGS } from './route-schemas';
import { workflowData } from './schema';

/** The contact area's side of workflows: a signed-in contact's own instances. */
export function registerWorkflowContactRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;

  r.get(
    '/application-user/workflows',
    {
      onRequest: requireContact(platform),
      schema: {
        tags: WORKFLOW_TAGS,
        security: [{ bearer: [] }],
        summary: "A signed-in contact's workflow instances",
        description:
          'A contact-area token only (staff: 403). The instances whose primary person is the caller (never ' +
          "another contact's), sent ones only (no DRAFT), newest first, with their steps and progress.",
        querystring: ZPageQuery,
        response: { 200: ZSuccess(ZPaged(ZWorkflowInstance)), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => {
      const contact = contactOf(request);
      const where = and(
        eq(workflowData.companyId, contact.companyId),
        eq(workflowData.contactId, contact.contactId),
        ne(workflowData.status, 'DRAFT'),
      );
      const [total] = await db.select({ n: count() }).from(workflowData).where(where);
      const rows = await db
        .select()
        .from(workflowData)
        .where(where)
        .orderBy(desc(workflowData.createdAt), desc(workflowData.id))
        .limit(request.query.limit)
        .offset((request.query.page - 1) * request.query.limit);
      return ok(toPaged(await presentInstances(db, rows), Number(total?.n ?? 0), request.query));
    },
  );
}
