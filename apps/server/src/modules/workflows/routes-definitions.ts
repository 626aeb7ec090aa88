import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import {
  ZWorkflow,
  ZWorkflowCountRequest,
  ZWorkflowCounts,
  ZWorkflowListQuery,
  ZWorkflowSettings,
  ZWorkflowStatusRequest,
  ZWorkflowView,
  ZWorkflowWrite,
} from '@esigns/contracts/workflows';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { listWorkflows, loadWorkflow, presentWorkflow } from './definitions-read';
import { workflowSettings } from './definitions-settings';
import {
  archiveWorkflow,
  createWorkflow,
  deleteArchivedWorkflow,
  setWorkflowStatus,
  updateWorkflow,
} from './definitions-write';
import { countWorkflows, viewWorkflow } from './reads-instances';
import {
  STEPS_DOC,
  WORKFLOW_ERRORS,
  WORKFLOW_SECURITY,
  WORKFLOW_TAGS,
  ZWorkflowIdParams,
} from './route-schemas';

const tags = WORKFLOW_TAGS;
const security = WORKFLOW_SECURITY;
const NOT_FOUND = "Unknown or another company's workflow: 404.";

/** Definitions (spec 2 §7 "Workflows"): create, list, read, change, status, archive, delete, counts. */
export function registerWorkflowDefinitionRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;

  r.post(
    '/create-workflow',
    {
      onRequest: requirePermission(platform, 'workflows:create'),
      schema: {
        tags,
        security,
        summary: 'Create a workflow',
        description: `Needs \`workflows:create\`. A new workflow is a DRAFT at version 1. ${STEPS_DOC}`,
        body: ZWorkflowWrite,
        response: { 201: ZSuccess(ZWorkflow), ...WORKFLOW_ERRORS },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await createWorkflow(db, accessOf(request), request.body), 'Workflow created')),
  );

  r.get(
    '/workflows',
    {
      onRequest: requirePermission(platform, 'workflows:view'),
      schema: {
        tags,
        security,
        summary: "The company's workflows, paged",
        description:
          'Needs `workflows:view`. `status` is the tab (DRAFT, ACTIVE, INACTIVE, ARCHIVED; none: all); `search` ' +
          'matches the name or description (case-insensitive). Newest change first; each carries its current ' +
          'version and `instances_count` / `running_count` (DRAFT or IN_PROGRESS instances).',
        querystring: ZWorkflowListQuery,
        response: { 200: ZSuccess(ZPaged(ZWorkflow)), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listWorkflows(db, accessOf(request).companyId, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/workflows/settings',
    {
      onRequest: requirePermission(platform, 'workflows:view'),
      schema: {
        tags,
        security,
        summary: 'Defaults of a new workflow',
        description:
          "Needs `workflows:view`. `timing`: the caller's document expiry and reminder settings (their own over " +
          'the company defaults; null: never), held to 1-365 and 1-60 days; the step kinds with their labels, the ' +
          'file types a requested step may accept and the most contacts one start reaches.',
        response: { 200: ZSuccess(ZWorkflowSettings), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => ok(await workflowSettings(platform, accessOf(request))),
  );

  r.get(
    '/workflow/:id',
    {
      onRequest: requirePermission(platform, 'workflows:view'),
      schema: {
        tags,
        security,
        summary: 'One workflow',
        description: `Needs \`workflows:view\`. The definition with its current version's steps and timing. ${NOT_FOUND}`,
        params: ZWorkflowIdParams,
        response: { 200: ZSuccess(ZWorkflow), ...WORKFLOW_ERRORS },
      },
    },
    async (request) =>
      ok(await presentWorkflow(db, await loadWorkflow(db, accessOf(request).companyId, request.params.id))),
  );

  r.put(
    '/workflow/:id',
    {
      onRequest: requirePermission(platform, 'workflows:update'),
      schema: {
        tags,
        security,
        summary: 'Change a workflow',
        description:
          'Needs `workflows:update`. The body is the whole definition. While no instance uses the current ' +
          'version it is changed in place; once one does, the change becomes version n+1 and the instances keep ' +
          'theirs. An ARCHIVED workflow cannot be changed (409); an ACTIVE one keeps at least one step (422). ' +
          `${STEPS_DOC} ${NOT_FOUND}`,
        params: ZWorkflowIdParams,
        body: ZWorkflowWrite,
        response: { 200: ZSuccess(ZWorkflow), ...WORKFLOW_ERRORS },
      },
    },
    async (request) =>
      ok(await updateWorkflow(db, accessOf(request), request.params.id, request.body), 'Workflow updated'),
  );

  r.post(
    '/workflow/:id/status',
    {
      onRequest: requirePermission(platform, 'workflows:change-status'),
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate a workflow',
        description:
          "Needs `workflows:change-status`. ACTIVE needs at least one step (422 on `steps`) and every step's " +
          'template and form, the contact type and USER recipients still there (422 keyed by path, naming the ' +
          'step). INACTIVE stops new starts (running instances go on); a DRAFT is activated first (409). An ' +
          `ARCHIVED workflow: 409. ${NOT_FOUND}`,
        params: ZWorkflowIdParams,
        body: ZWorkflowStatusRequest,
        response: { 200: ZSuccess(ZWorkflow), ...WORKFLOW_ERRORS },
      },
    },
    async (request) =>
      ok(
        await setWorkflowStatus(db, accessOf(request), request.params.id, request.body),
        request.body.status === 'ACTIVE' ? 'Workflow activated' : 'Workflow deactivated',
      ),
  );

  r.delete(
    '/workflow/:id/DeleteWorkflow',
    {
      onRequest: requirePermission(platform, 'workflows:delete'),
      schema: {
        tags,
        security,
        summary: 'Archive a workflow',
        description:
          'Needs `workflows:delete`. The workflow becomes ARCHIVED: it cannot be started or changed, its ' +
          `running instances go on. Already archived: 409. ${NOT_FOUND}`,
        params: ZWorkflowIdParams,
        response: { 200: ZSuccess(ZWorkflow), ...WORKFLOW_ERRORS },
      },
    },
    async (request) =>
      ok(await archiveWorkflow(db, accessOf(request), request.params.id), 'Workflow archived'),
  );

  r.delete(
    '/workflow/:id/DeleteArchivedStatusWorkflow',
    {
      onRequest: requirePermission(platform, 'workflows:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete an archived workflow for good',
        description:
          'Needs `workflows:delete`. Only an ARCHIVED workflow with no instance IN_PROGRESS (409 otherwise). ' +
          'Its DRAFT instances are deleted with it; finished instances stay with their frozen version (their ' +
          `\`workflow_id\` becomes null). ${NOT_FOUND}`,
        params: ZWorkflowIdParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => {
      await deleteArchivedWorkflow(db, accessOf(request), request.params.id);
      return ok({ _id: request.params.id }, 'Workflow deleted');
    },
  );

  r.post(
    '/workflow/count',
    {
      onRequest: requirePermission(platform, 'workflows:view'),
      schema: {
        tags,
        security,
        summary: 'Counts per status tab',
        description:
          'Needs `workflows:view`. `workflows`: definitions per status (matching `search` on the name); ' +
          "`instances`: instances per status (of `workflow_id` when given; `search` on the workflow's name, the " +
          "primary person's email or name). Every status is present (0 when none).",
        body: ZWorkflowCountRequest,
        response: { 200: ZSuccess(ZWorkflowCounts), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => ok(await countWorkflows(db, accessOf(request).companyId, request.body)),
  );

  r.get(
    '/view-workflow/:id',
    {
      onRequest: requirePermission(platform, 'workflows:view'),
      schema: {
        tags,
        security,
        summary: 'A workflow with its instances',
        description:
          "Needs `workflows:view`. The definition, its instances' counts per status and its 10 newest " +
          `instances. ${NOT_FOUND}`,
        params: ZWorkflowIdParams,
        response: { 200: ZSuccess(ZWorkflowView), ...WORKFLOW_ERRORS },
      },
    },
    async (request) => ok(await viewWorkflow(db, accessOf(request).companyId, request.params.id)),
  );
}
