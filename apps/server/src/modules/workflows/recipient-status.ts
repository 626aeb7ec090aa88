import type { FastifyRequest } from 'fastify';
import type { TWorkflowUserStatus, TWorkflowUserStatusRequest } from '@esigns/contracts/workflows';
import { AppError, notFound } from '../../platform/http/app-error';
import { clientOf } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { findCompanyById } from '../company';
import { findWorkflowVersion } from './definitions-read';
import { stepsOfInstances, type WorkflowDataRow } from './presenters';
import { packetHeader, packetOf, proveRecipient, type RecipientProof } from './recipient-access';
import { mintStepLink } from './recipient-mint';
import { findInstance } from './reads-instances';
import { acknowledgementsOf } from './recipient-acknowledgements';
import { holdPacket } from './resend-service';
import { stepsAddressedTo, type AddressedStep } from './recipient-steps';

/*
 * `POST /workflow/user-status`: a recipient's own packet. Their steps in order with states; a link
 * only for the step they came by (its page, without the secret) and, with `open_step_id`, a fresh
 * one minted for that DUE step of theirs. Never another recipient's steps.
 */

/** The recipient's email: a signing link's or an account's; a request's or form's link is the primary person's. */
export const emailOf = (proof: RecipientProof, instance: WorkflowDataRow): string =>
  (proof.via === 'ACCOUNT' || proof.via === 'SIGNING_LINK' ? proof.email : instance.email) ?? '';

/** The caller's steps of the packet; none at all (a signed-in stranger): 404, as another packet's id. */
export async function addressedSteps(
  platform: Platform,
  instance: WorkflowDataRow,
  email: string,
): Promise<AddressedStep[]> {
  const db = platform.database.db;
  const [version, rows] = await Promise.all([
    findWorkflowVersion(db, instance.companyId, instance.versionId),
    stepsOfInstances(db, [instance.id]),
  ]);
  const steps = await stepsAddressedTo(db, instance, rows.get(instance.id) ?? [], version.steps, email);
  if (steps.length === 0) throw notFound('Workflow data');
  return steps;
}

/** Mints the link of `stepId` (one of the caller's steps: else 404), one mint of the packet at a time. */
async function mint(
  platform: Platform,
  request: FastifyRequest,
  instance: WorkflowDataRow,
  steps: AddressedStep[],
  input: { stepId: string; email: string; via: string },
): Promise<string> {
  const step = steps.find((s) => s.row.stepId === input.stepId);
  if (!step) throw notFound('Step');
  const client = clientOf(request);
  return platform.database.db.transaction(async (tx) => {
    await holdPacket(tx, instance.id);
    const locked = await findInstance(tx, instance.companyId, instance.id);
    if (locked.status !== 'IN_PROGRESS') {
      throw new AppError('CONFLICT', {
        message: 'This packet is finished: its steps cannot be opened any more',
      });
    }
    return mintStepLink(platform, tx, locked, step, {
      email: input.email,
      via: input.via,
      ip: client.ip,
      userAgent: client.userAgent ?? null,
    });
  });
}

/** Who calls (401/429), their packet (404) and their steps of it (404 when none). */
export async function callerPacket(platform: Platform, request: FastifyRequest) {
  const proof = await proveRecipient(platform, request);
  const instance = await packetOf(platform, proof, packetHeader(platform, request));
  const email = emailOf(proof, instance);
  const steps = await addressedSteps(platform, instance, email);
  return { proof, instance, email, steps };
}

export async function recipientStatus(
  platform: Platform,
  request: FastifyRequest,
  body: TWorkflowUserStatusRequest,
): Promise<TWorkflowUserStatus> {
  const { proof, instance, email, steps } = await callerPacket(platform, request);
  const minted = body.open_step_id
    ? await mint(platform, request, instance, steps, { stepId: body.open_step_id, email, via: proof.via })
    : null;
  const cameBy = proof.via === 'ACCOUNT' ? null : proof;
  return packetAnswer(platform, instance, steps, email, (row) =>
    body.open_step_id === row.stepId && minted
      ? minted
      : cameBy && row.objectId === cameBy.objectId
        ? cameBy.pageUrl
        : null,
  );
}

/**
 * The caller's packet as answered: their steps in order with states, `openUrl` of each, and for a
 * read-and-acknowledge step they view whether their acknowledgement is still wanted.
 */
export async function packetAnswer(
  platform: Platform,
  instance: WorkflowDataRow,
  steps: readonly AddressedStep[],
  email: string,
  openUrl: (row: AddressedStep['row']) => string | null,
): Promise<TWorkflowUserStatus> {
  const db = platform.database.db;
  const company = await findCompanyById(db, instance.companyId);
  const me = email.trim().toLowerCase();
  const answered = [];
  for (const { row, signer } of steps) {
    const mayAcknowledge = row.kind === 'static' && signer?.userType === 'VIEWER';
    const at = mayAcknowledge
      ? ((await acknowledgementsOf(db, instance.id, row.stepId)).get(me) ?? null)
      : null;
    answered.push({
      step_id: row.stepId,
      kind: row.kind,
      name: row.name,
      status: row.status,
      open_url: openUrl(row),
      must_acknowledge:
        mayAcknowledge && at === null && row.status === 'DUE' && instance.status === 'IN_PROGRESS',
      acknowledged_at: at,
    });
  }
  return {
    workflow_data_id: instance.id,
    workflow_name: instance.workflowName,
    status: instance.status,
    company_name: company?.name ?? '',
    steps: answered,
  };
}
