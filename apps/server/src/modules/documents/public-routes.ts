import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { clientOf } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { describePublished, startPublished } from './publish-service';
import { ERRORS } from './route-schemas';

const tags = ['published-templates'];
const ZToken = z.object({ token: z.string().max(200).describe('The token of the published address') });

/**
 * The visitors' side of published templates (public, no sign-in). Not named by the spec: the
 * spec only has the owner's `GET|POST /document-templates/{id}/published`.
 */
export function registerPublicTemplateRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/published-templates/:token',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'What a published template shows its visitors (public)',
        description: 'Unknown, unpublished, inactive or deleted templates are 404.',
        params: ZToken,
        response: {
          200: ZSuccess(
            z.object({
              name: z.string(),
              company_name: z.string(),
              secure_access: z.boolean(),
              page_count: z.number().int(),
              role_name: z.string(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await describePublished(platform, request.params.token)),
  );

  r.post(
    '/published-templates/:token/start',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Start signing a published template (public)',
        description:
          'Creates a document from the template for the visitor (in the first signing role without a person; the ' +
          'template owner is its sender) and mails the visitor the signing link. Without secure access the answer ' +
          'carries `user_details {_id (recipient id), password (the link secret), document_id}` and the client opens ' +
          'the signing screen at once (spec 2 §4); with secure access only the mailed link opens it, and the signing ' +
          'screen also asks for a mailed 6-digit code. 20 calls per minute per address.',
        params: ZToken,
        body: z.object({
          email: z.string().trim().max(254),
          first_name: z.string().trim().min(1, 'Enter your first name').max(100),
          last_name: z.string().trim().max(100).default(''),
        }),
        response: {
          200: ZSuccess(
            z.object({
              secure_access: z.boolean(),
              user_details: z
                .object({ _id: z.string(), password: z.string(), document_id: z.string() })
                .optional(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(
        await startPublished(platform, request.params.token, request.body, clientOf(request)),
        'Check your email for the link to the document',
      ),
  );
}
