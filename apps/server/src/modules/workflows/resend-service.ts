import type { TResendWorkflowResult } from '@esigns/contracts/workflows';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';

/*
 * Mailing an instance's DUE steps' links again, each through its own area's resend (signing: a new
 * live secret in the signing-request mail; requests: a new request link mail; forms: the personal
 * link again). Used by `POST /resend-workflow/{id}` and by the instance reminders.
 */

/** Who resends: a staff user (name for the timeline), or the system (reminders: both null). */
export type ResendActor = { userId: string | null; name: string | null };

export type ResendDueSteps = {
  companyId: string;
  /** The instance (`workflow_data`) id. */
  instanceId: string;
  /** Only these steps (each must be DUE: 422 naming it); by default every DUE step. */
  stepIds?: readonly string[] | undefined;
  actor: ResendActor;
};

/**
 * Mails every DUE step's link again (or only `stepIds`). Another company's or an unknown instance:
 * 404; not IN_PROGRESS: 409; an unknown step id or a step not DUE: 422 naming it.
 */
export async function resendDueSteps(
  platform: Platform,
  input: ResendDueSteps,
): Promise<TResendWorkflowResult> {
  void platform;
  void input;
  throw new AppError('CONFLICT', { message: 'Resending a workflow instance is not built yet' });
}
