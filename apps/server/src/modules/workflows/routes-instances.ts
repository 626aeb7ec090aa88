import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import {
  ZWorkflowInstance,
  ZWorkflowInstanceDetail,
  ZWorkflowInstanceListQuery,
  ZWorkflowUser,
  ZWorkflowUsersRequest,
} from '@esigns/contracts/workflows';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { deleteDraftInstance } from './instances-store';
import { presentInstanceDetail } from './presenters';
import { findInstance, listInstances, workflowUsers } from './reads-instances';
import { WORKFLOW_ERRORS, WORKFLOW_SECURITY, WORKFLOW_TAGS, ZWorkflowDataIdParams } from './route-schemas';

const tags = WORKFLOW_TAGS;
const security = WORKFLOW_SECURITY;
const NOT_FOUND = "Unknown or another company's instance: 404.";

/** Instances (workflow data): the list, one with its timeline, its people, deleting a draft. */
export function registerWorkflowInstanceReadRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;

  r.get(
    '/workflow-data',
    {
      onRequest: requirePermission(platform, 'workflows:view'),
      schema: {
        tags,
        security,
        summary: "The company's workflow instances, paged",
        description:
          'Needs `workflows:view`. Filters: `status`, `workflow_id`, `contact_id` (the primary contact); ' +
          "`search` matches the workflow's name, the primary person's email or name. Newest first; each with " +
          'its steps (in order, with their objects) and progress. Also answers `/workflow-data/`.',
        querystring: ZWorkflowInstanceListQuery,
        response: { 200: ZSuccess(ZPaged(ZWorkflowInstance)), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listInstances(db, accessOf(request).companyId, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/workflow-data/:id',
    {
      onRequest: requirePermission(platform, 'workflows:view'),
      schema: {
        tags,
        security,
        summary: 'One workflow instance',
        description:
          'Needs `workflows:view`. The instance with its steps (from the version it was created with, even ' +
          `after the workflow changed), progress and timeline (oldest event first). ${NOT_FOUND}`,
        params: ZWorkflowDataIdParams,
        response: { 200: ZSuccess(ZWorkflowInstanceDetail), ...WORKFLOW_ERRORS },
      },
    },
    async (request) =>
      ok(
        await presentInstanceDetail(
          db,
          await findInstance(db, accessOf(request).companyId, request.params.id),
        ),
      ),
  );

  r.post(
    '/workflow/users',
    {
      onRequest: requirePermission(platform, 'workflows:view'),
      schema: {
        tags,
        security,
        summary: 'The people of a workflow instance',
        description:
          'Needs `workflows:view`. The primary person first (every step), then each company user (USER) and ' +
          "fixed email (EMAIL) its version's template steps name, each with their steps' states. " +
          NOT_FOUND,
        body: ZWorkflowUsersRequest,
        response: { 200: ZSuccess(z.array(ZWorkflowUser)), ...WORKFLOW_ERRORS },
      },
    },
    async (request) =>
      ok(await workflowUsers(db, accessOf(request).companyId, request.body.workflow_data_id)),
  );

  r.post(
    '/workflow/:id/PermanentDeleteDraftDocument',
    {
      onRequest: requirePermission(platform, 'workflows:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a draft instance for good',
        description:
          'Needs `workflows:delete`. `id` is the workflow data (instance) id. Only a DRAFT (never sent) is ' +
          `deleted, with its steps and timeline; any other status: 409. ${NOT_FOUND}`,
        params: ZWorkflowDataIdParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => {
      await deleteDraftInstance(db, accessOf(request), request.params.id);
      return ok({ _id: request.params.id }, 'Draft deleted');
    },
  );
}
