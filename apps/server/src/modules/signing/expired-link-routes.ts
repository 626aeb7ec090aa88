import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { ZExpiryLinkSent, ZExpiryTokenRequest, ZExpiryTokenState } from '@esigns/contracts/signing';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import {
  describeExpiredLink,
  findNamedLink,
  mailFreshLink,
  NEW_LINK_INTERVAL_SECONDS,
  type NamedLink,
} from './expired-links-service';
import { clientOf, ERRORS, perMinute, TAGS, ZIdParams } from './route-common';
import { assertLinkTriesLeft, invalidLink } from './signer-access';

const LINK_AUTH =
  'Public: the caller proves nothing but the link. Body `{ user_id, token }`: the recipient id and the ' +
  "`?token=` of a signing link of this document. A token that is one of the recipient's live links or one " +
  'that newer links replaced is answered; anything else (unknown document or recipient, a draft, a wrong ' +
  "token, another recipient's token) is the same 401 as every invalid signing link, counted against the " +
  "caller's address (20 in 15 minutes: 429).";

/** The holder of an expired signing link: what it still allows, and a fresh link by mail (README "Expired links"). */
export function registerExpiredLinkRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  const namedLink = async (
    request: FastifyRequest & { params: { id: string }; body: { user_id: string; token: string } },
  ): Promise<NamedLink> => {
    assertLinkTriesLeft(platform, request);
    const { user_id: userId, token } = request.body;
    const link = await findNamedLink(platform, platform.database.db, request.params.id, userId, token);
    return link ?? invalidLink(platform, request);
  };

  r.post(
    '/documents/:id/document-users/verify-expiry-token',
    {
      config: perMinute(30),
      schema: {
        tags: TAGS,
        summary: 'What an expired signing link still allows',
        description:
          `${LINK_AUTH} \`state\`: ACTIVE (the link opens the document), LINK_EXPIRED (newer links replaced ` +
          'it: `can_request_new_link`), DOCUMENT_EXPIRED (the time to sign is over; the sender must reopen ' +
          'it), CLOSED (finished, declined, rejected, voided or completed). `email` is the address the document ' +
          'has for the recipient, masked (`j***@example.com`); `sender` is who to ask.',
        params: ZIdParams,
        body: ZExpiryTokenRequest,
        response: { 200: ZSuccess(ZExpiryTokenState), ...ERRORS },
      },
    },
    async (request) => ok(await describeExpiredLink(platform, await namedLink(request))),
  );

  r.post(
    '/documents/:id/document-users/resend-document-expiry-link',
    {
      config: perMinute(10),
      schema: {
        tags: TAGS,
        summary: 'Mail the recipient a fresh signing link',
        description:
          `${LINK_AUTH} Only for a replaced link (state LINK_EXPIRED) of a recipient whose turn it is on a ` +
          'document still waiting; otherwise 409 with `error_code` ACTIVE, DOCUMENT_EXPIRED or CLOSED. The new ' +
          "link goes to the recipient's address on the document, never elsewhere (earlier live links keep " +
          `working). Once per ${NEW_LINK_INTERVAL_SECONDS / 60} minutes per recipient, their last mail ` +
          'counting (429). Exactly one mail per accepted request (outbox); logged `recipient.link_requested` ' +
          'and `recipient.notified`. Answers `data.email` (masked) and `resend_after_seconds`.',
        params: ZIdParams,
        body: ZExpiryTokenRequest,
        response: { 200: ZSuccess(ZExpiryLinkSent), ...ERRORS },
      },
    },
    async (request) =>
      ok(await mailFreshLink(platform, await namedLink(request), clientOf(request)), 'A new link was mailed'),
  );
}
