import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  MAX_TRANSFER_CODE_ATTEMPTS,
  TRANSFER_CODE_TTL_HOURS,
  ZAcceptTransferRequest,
  ZStartTransferRequest,
  ZTransferRequest,
} from '@esigns/contracts/transfer-account';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { acceptTransfer } from './accept-transfer';
import { cancelTransfer, findPendingTransfer, readTransfer, resendTransfer, startTransfer } from './service';

const ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  410: ZErrorBody,
  422: ZErrorBody,
  429: ZErrorBody,
};

const ZRequestParams = z.object({ requestId: z.string().max(64).describe('Transfer request id') });

/** Per-IP limits of the routes that mail or check codes. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const OWNER_ONLY =
  'Needs `company:transfer-account`, which only an OWNER of a BUSINESS workspace ever holds (403 otherwise).';

export function registerTransferAccountRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['transfer-account'];
  const security = [{ bearer: [] }];
  const owner = requirePermission(platform, 'company:transfer-account');
  const member = requirePermission(platform);

  r.post(
    '/transfer-account',
    {
      config: perMinute(10),
      onRequest: owner,
      schema: {
        tags,
        security,
        summary: 'Ask a member to become the owner of this workspace',
        description:
          `${OWNER_ONLY} \`to_user_id\`: the user id or membership id of an ACTIVE member of this workspace ` +
          '(unknown or another company: 404; yourself, a removed member or another owner: 422 on `to_user_id`). ' +
          'The workspace has at most one pending request: a new one replaces it (the old code stops working). ' +
          `The member is mailed a 6-digit code (valid ${TRANSFER_CODE_TTL_HOURS} hours, ` +
          `${MAX_TRANSFER_CODE_ATTEMPTS} tries) and the link \`{publicUrl}/profilesettings/transferAccount/{requestId}\`; ` +
          'the owner is mailed a confirmation. Nothing changes until the member accepts.',
        body: ZStartTransferRequest,
        response: { 200: ZSuccess(ZTransferRequest), ...ERRORS },
      },
    },
    async (request) =>
      ok(await startTransfer(platform, accessOf(request), request.body), 'Transfer code sent'),
  );

  r.get(
    '/transfer-account',
    {
      onRequest: owner,
      schema: {
        tags,
        security,
        summary: "This workspace's pending transfer request, or null",
        description:
          `${OWNER_ONLY} For the owner's screen: the PENDING request (also when its code has expired, ` +
          '`is_expired`, or died after too many wrong tries, `attempts_left: 0`; resend or cancel it), else `null`.',
        response: { 200: ZSuccess(ZTransferRequest.nullable()), ...ERRORS },
      },
    },
    async (request) => ok(await findPendingTransfer(db, accessOf(request))),
  );

  r.get(
    '/transfer-account/:requestId',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'A transfer request, for the member asked to become owner',
        description:
          'Readable by the member asked to become owner (signed in to any of their workspaces: ' +
          '`is_current_workspace` says whether they must switch before accepting) and by an owner of its ' +
          'workspace; anyone else gets 404, as for an unknown id. Any status (PENDING, ACCEPTED, CANCELLED, ' +
          'REPLACED), so an old link can say what became of it. The code is never returned.',
        params: ZRequestParams,
        response: { 200: ZSuccess(ZTransferRequest), ...ERRORS },
      },
    },
    async (request) => ok(await readTransfer(db, accessOf(request), request.params.requestId)),
  );

  r.delete(
    '/transfer-account/:requestId',
    {
      onRequest: owner,
      schema: {
        tags,
        security,
        summary: 'Cancel a pending transfer request',
        description:
          `${OWNER_ONLY} The code stops working and the member is told by mail. Already cancelled or ` +
          "replaced: answered as is. Accepted: 409. Another company's id: 404.",
        params: ZRequestParams,
        response: { 200: ZSuccess(ZTransferRequest), ...ERRORS },
      },
    },
    async (request) =>
      ok(await cancelTransfer(platform, accessOf(request), request.params.requestId), 'Transfer cancelled'),
  );

  r.post(
    '/transfer-account/:requestId/resend',
    {
      config: perMinute(10),
      onRequest: owner,
      schema: {
        tags,
        security,
        summary: 'Mail the member a fresh code',
        description:
          `${OWNER_ONLY} For a PENDING request (also an expired one, or one whose code died after ` +
          `${MAX_TRANSFER_CODE_ATTEMPTS} wrong tries): a new code valid ${TRANSFER_CODE_TTL_HOURS} hours with ` +
          "all tries back; the previous code stops working. Not pending: 409. Another company's id: 404.",
        params: ZRequestParams,
        response: { 200: ZSuccess(ZTransferRequest), ...ERRORS },
      },
    },
    async (request) =>
      ok(await resendTransfer(platform, accessOf(request), request.params.requestId), 'A new code was sent'),
  );

  r.post(
    '/transfer-account/:requestId/accept',
    {
      config: perMinute(20),
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Accept the ownership with the mailed code',
        description:
          "The member asked to become owner, signed in to the request's workspace (signed in elsewhere: 409, " +
          'switch first); an owner of the workspace: 403; anyone else: 404. Wrong code: 422 on `code` with the ' +
          `tries left; after ${MAX_TRANSFER_CODE_ATTEMPTS} wrong codes: 429 until the owner resends. Expired, ` +
          'cancelled, replaced or already accepted: 410. Right code: in one transaction the member becomes OWNER, ' +
          'the owner who asked becomes ADMIN (roles that no longer fit the new user types are dropped), the ' +
          'request is consumed, and both are mailed. If that owner is no longer an owner: 409.',
        params: ZRequestParams,
        body: ZAcceptTransferRequest,
        response: { 200: ZSuccess(ZTransferRequest), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await acceptTransfer(platform, accessOf(request), request.params.requestId, request.body.code),
        'You are now the owner of this workspace',
      ),
  );
}
