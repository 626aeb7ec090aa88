import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/platform';
import { formatContentDisposition } from '../../platform/storage/storage';
import { accessOf, requirePermission } from '../permissions';
import { clientOf, perMinute } from '../signing';
import { openPacketDownload } from './download-service';
import { WORKFLOW_ERRORS, WORKFLOW_SECURITY, WORKFLOW_TAGS, ZWorkflowDataIdParams } from './route-schemas';

/** `GET /workflow-data/{id}/download` (contracts' `workflowDownloadPath`): the packet ZIP. */
export function registerWorkflowDownloadRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/workflow-data/:id/download',
    {
      config: perMinute(30),
      onRequest: requirePermission(platform, 'workflows:view'),
      schema: {
        tags: WORKFLOW_TAGS,
        security: WORKFLOW_SECURITY,
        summary: "Download an instance's packet (ZIP)",
        description:
          "Needs `workflows:view`. One `application/zip`, streamed, of the DONE steps, numbered in the steps' order " +
          '(`01 - Lease.pdf`): the sealed PDF of a custom or static step (the same bytes as its completed download), ' +
          "the file handed in for a requested step, a PDF of a form step's questions and answers (form order) plus " +
          'the files its answers hold (`03 - Move-in form - passport.pdf`), and `packet.json`: the instance, each ' +
          'step with its status, its file names and `left_out` (why a DONE step has no file, e.g. its seal is not ' +
          'finished), and the timeline. Nothing DONE: only `packet.json`. Names are safe on every OS and unique. ' +
          '`Content-Disposition` names it after the workflow and the contact (RFC 5987 `filename*`). Logged ' +
          '(`downloaded` in the timeline, with who; `document.downloaded` on each sealed document). ' +
          "Unknown, malformed or another company's id: 404.",
        params: ZWorkflowDataIdParams,
        response: { 200: z.any().describe('The ZIP bytes'), ...WORKFLOW_ERRORS },
      },
    },
    async (request, reply) => {
      const packet = await openPacketDownload(
        platform,
        accessOf(request),
        request.params.id,
        clientOf(request),
      );
      void reply
        .type('application/zip')
        .header('content-disposition', formatContentDisposition('attachment', packet.name))
        .header('cache-control', 'private, no-store');
      return reply.send(packet.stream);
    },
  );
}
