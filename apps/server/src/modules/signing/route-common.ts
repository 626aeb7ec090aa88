import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '@esigns/contracts/envelope';
import { clientIp } from '../../platform/http/client-ip';
import type { Client } from './signer-log';

export const ERRORS = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
  429: ZErrorBody,
};

/** The spec's signer headers, documented on every signer route (checked by the onRequest hook). */
export const ZSignerHeaders = z
  .object({
    documentid: z.string().optional().describe('The sent (employee) document id'),
    userid: z.string().optional().describe("The recipient's document user id"),
    password: z.string().optional().describe("The recipient's secret: the `token` of their signing link"),
  })
  .passthrough();

export const SIGNER_AUTH =
  'Recipient access: headers `documentid`, `userid` and `password` (the `?token=` of the signing link), or ' +
  "`Authorization: Bearer` of a signed-in user whose email is the recipient's (`userid` optional then). Wrong " +
  'or replaced secret, unknown ids: 401 with one message (it never says which part was wrong); 20 failures ' +
  'from one IP in 15 minutes: 429.';

export const STATE_ERRORS =
  'Not actionable now: 409 with `error_code` WAITING_FOR_OTHERS, ALREADY_FINISHED, COMPLETED, DECLINED, ' +
  'REJECTED, VOIDED or EXPIRED; a gate still closed: 403 with `error_code` EMAIL_CODE or REPRESENTATIVE_PASSWORD.';

export const TAGS = ['signing'];
export const STAFF_SECURITY = [{ bearer: [] }];

export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export function clientOf(request: FastifyRequest): Client {
  const agent = request.headers['user-agent'];
  return { ip: clientIp(request), userAgent: typeof agent === 'string' ? agent : null };
}

export const ZIdParams = z.object({ id: z.string().max(64).describe('The sent (employee) document id') });
export const ZDocumentIdParams = z.object({
  document_id: z.string().max(64).describe('The sent (employee) document id'),
});
