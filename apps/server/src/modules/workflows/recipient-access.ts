import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTH_HEADERS } from '@esigns/contracts/headers';
import { isUuid } from '@esigns/contracts/ids';
import { bearerToken, verifyAccessToken } from '../../platform/auth/access-token';
import { AppError, validationError } from '../../platform/http/app-error';
import { clientLimitKey } from '../../platform/http/client-ip';
import { limiterPerOwner } from '../../platform/http/failure-limiter';
import type { Platform } from '../../platform/platform';
import { findPeople } from '../auth';
import { authenticateRequestLink, REQUEST_LINK_HEADERS, requestLinkUrl } from '../documents';
import { formLinkHolder } from '../form-submissions';
import { authenticateSigner } from '../signing';
import type { WorkflowDataRow } from './presenters';
import { workflowData, workflowDataSteps } from './schema';

/*
 * Who calls `POST /workflow/user-status`: the holder of ONE step object's link (a signing link's
 * `documentid` + `userid` + `password`, a request link's `requestid` + `password`, a form link's
 * `userid` + `passcode` + `formbuilderid`), or a signed-in user (staff or contact area) whose
 * email is a recipient's. The object names its packet (`workflow_data_steps.object_id`); a
 * `workflowdataid` header must then agree, and is required with a bearer token alone.
 */

/** Header naming the form link's submission (the `{submission}` of `/public/fb/{code}/{submission}/vp/...`). */
export const FORM_DATA_HEADER = 'formbuilderdataid';

/** One message for every failure: it never tells which part was wrong. */
export const INVALID_PACKET_LINK_MESSAGE =
  'This link is not valid or has been replaced. Open the latest link you were mailed, or sign in.';

/** How the caller proved who they are, and the step object they came by (none when signed in). */
export type RecipientProof =
  | {
      via: 'SIGNING_LINK' | 'REQUEST_LINK' | 'FORM_LINK';
      companyId: string;
      objectId: string;
      /** The page of that object without its secret (the web already has it). */
      pageUrl: string;
      /** The signing link's recipient's email; null for requests and forms (the packet's primary person). */
      email: string | null;
    }
  | { via: 'ACCOUNT'; email: string };

/** Failed proofs per address: 20 in 15 minutes, then 429 until the window ends. */
const limiterOf = limiterPerOwner({ max: 20, windowMs: 15 * 60_000 });

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
};

function refuse(platform: Platform, request: FastifyRequest): never {
  limiterOf(platform).recordFailure(clientLimitKey(request));
  throw new AppError('UNAUTHORIZED', { message: INVALID_PACKET_LINK_MESSAGE });
}

/** The `workflowdataid` header: undefined when absent; a malformed one proves nothing (401). */
export function packetHeader(platform: Platform, request: FastifyRequest): string | undefined {
  const value = header(request, AUTH_HEADERS.workflowDataId);
  if (value !== undefined && !isUuid(value)) refuse(platform, request);
  return value;
}

/**
 * The caller's proof, else 401 with one message (counted against the address; 429 after 20 in 15
 * minutes). A bearer token alone needs `workflowdataid` (422).
 */
export async function proveRecipient(platform: Platform, request: FastifyRequest): Promise<RecipientProof> {
  const wait = limiterOf(platform).blockedFor(clientLimitKey(request));
  if (wait > 0) {
    throw new AppError('TOO_MANY_REQUESTS', {
      message: `Too many invalid links from your address: try again in ${Math.ceil(wait / 60)} minutes`,
    });
  }
  const packetId = packetHeader(platform, request);
  const proof = await proofOf(platform, request, packetId);
  if (!proof) refuse(platform, request);
  return proof;
}

async function proofOf(
  platform: Platform,
  request: FastifyRequest,
  packetId: string | undefined,
): Promise<RecipientProof | null> {
  const base = platform.config.publicUrl;
  if (header(request, AUTH_HEADERS.documentId) !== undefined) {
    const signer = await authenticateSigner(platform, request);
    if (!signer) return null;
    const { document, recipient } = signer;
    return {
      via: 'SIGNING_LINK',
      companyId: signer.companyId,
      objectId: document.id,
      pageUrl: `${base}/emp-documents/preview/${document.id}/pp/vp/${recipient.id}`,
      email: recipient.email.toLowerCase(),
    };
  }
  if (header(request, REQUEST_LINK_HEADERS.requestId) !== undefined) {
    const holder = await authenticateRequestLink(platform, request);
    if (!holder) return null;
    const { request: row } = holder;
    const pageUrl = requestLinkUrl(base, row.id, {
      packetId: packetId ?? (await packetOfObject(platform, row.id)),
    });
    return { via: 'REQUEST_LINK', companyId: holder.companyId, objectId: row.id, pageUrl, email: null };
  }
  if (header(request, AUTH_HEADERS.passcode) !== undefined) return formProof(platform, request, packetId);
  return accountProof(platform, request, packetId);
}

/** The form link's submission: the `formbuilderdataid` header, else the packet's form steps. */
async function formProof(
  platform: Platform,
  request: FastifyRequest,
  packetId: string | undefined,
): Promise<RecipientProof | null> {
  const named = header(request, FORM_DATA_HEADER);
  const candidates = named !== undefined ? [named] : packetId ? await formObjectsOf(platform, packetId) : [];
  const holder = await formLinkHolder(platform, request, candidates);
  if (!holder) return null;
  return {
    via: 'FORM_LINK',
    companyId: holder.companyId,
    objectId: holder.submissionId,
    pageUrl: holder.pageUrl,
    email: null,
  };
}

async function accountProof(
  platform: Platform,
  request: FastifyRequest,
  packetId: string | undefined,
): Promise<RecipientProof | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const claims = await verifyAccessToken(token, platform.config.secrets.jwtSecret);
  if (!claims) return null;
  const person = (await findPeople(platform.database.db, [claims.userId])).get(claims.userId);
  if (!person?.email) return null;
  if (!packetId) {
    throw validationError(
      [{ key: AUTH_HEADERS.workflowDataId, message: 'Name the packet (workflowdataid)', path: [] }],
      'Name the packet (workflowdataid)',
    );
  }
  return { via: 'ACCOUNT', email: person.email.toLowerCase() };
}

/** The instance a step's object belongs to (any company), or undefined. */
async function packetOfObject(platform: Platform, objectId: string): Promise<string | undefined> {
  const [row] = await platform.database.db
    .select({ id: workflowDataSteps.workflowDataId })
    .from(workflowDataSteps)
    .where(eq(workflowDataSteps.objectId, objectId))
    .limit(1);
  return row?.id;
}

async function formObjectsOf(platform: Platform, packetId: string): Promise<string[]> {
  const rows = await platform.database.db
    .select({ objectId: workflowDataSteps.objectId })
    .from(workflowDataSteps)
    .where(and(eq(workflowDataSteps.workflowDataId, packetId), eq(workflowDataSteps.kind, 'form')));
  return rows.flatMap((r) => (r.objectId ? [r.objectId] : []));
}

/**
 * The packet of the proof: the instance of the object the caller came by (of the object's
 * company; a `workflowdataid` given must be it), or the one named for a signed-in caller. 404
 * when the object is in no packet or the header disagrees.
 */
export async function packetOf(
  platform: Platform,
  proof: RecipientProof,
  packetId: string | undefined,
): Promise<WorkflowDataRow> {
  const db = platform.database.db;
  const [row] =
    proof.via === 'ACCOUNT'
      ? await db
          .select({ instance: workflowData })
          .from(workflowData)
          .where(eq(workflowData.id, packetId!))
          .limit(1)
      : await db
          .select({ instance: workflowData })
          .from(workflowDataSteps)
          .innerJoin(workflowData, eq(workflowData.id, workflowDataSteps.workflowDataId))
          .where(
            and(eq(workflowDataSteps.objectId, proof.objectId), eq(workflowData.companyId, proof.companyId)),
          )
          .limit(1);
  if (!row || (packetId !== undefined && packetId !== row.instance.id)) {
    throw new AppError('NOT_FOUND', { message: 'Workflow data not found' });
  }
  return row.instance;
}
