import {
  MAX_WORKFLOW_START_CONTACTS,
  WORKFLOW_ACCEPTED_FILE_TYPES,
  WORKFLOW_STEP_KIND_LABELS,
  WORKFLOW_STEP_KINDS,
  type TWorkflowSettings,
} from '@esigns/contracts/workflows';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { memberExpirySettings } from '../reminders';

const clamp = (value: number | null, max: number): number | null =>
  value === null ? null : Math.min(Math.max(value, 1), max);

/**
 * `GET /workflows/settings`: what a new workflow starts with. Its timing is the caller's document
 * expiry and reminder settings (their own over the company defaults, as a new document gets them),
 * held to the workflow's bounds (1-365 days, reminders 1-60).
 */
export async function workflowSettings(
  platform: Platform,
  access: AccessContext,
): Promise<TWorkflowSettings> {
  const { document_settings: documents } = await memberExpirySettings(
    platform,
    access.companyId,
    access.userId,
  );
  return {
    timing: {
      expire_after_days: clamp(documents.expire_after_days, 365),
      reminder_every_days: clamp(documents.reminder_every_days, 60),
    },
    step_kinds: WORKFLOW_STEP_KINDS.map((kind) => ({ kind, label: WORKFLOW_STEP_KIND_LABELS[kind] })),
    accepted_file_types: [...WORKFLOW_ACCEPTED_FILE_TYPES],
    max_contacts_per_start: MAX_WORKFLOW_START_CONTACTS,
  };
}
