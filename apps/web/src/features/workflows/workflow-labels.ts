import type {
  TWorkflowInstanceStatus,
  TWorkflowStatus,
  TWorkflowStepStatus,
} from '@esigns/contracts/workflows';

/** How workflows' and instances' statuses read on every staff screen. */

export const WORKFLOW_STATUS_LABELS: Record<TWorkflowStatus, string> = {
  DRAFT: 'Draft',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  ARCHIVED: 'Archived',
};

export const WORKFLOW_STATUS_COLORS: Record<TWorkflowStatus, string> = {
  DRAFT: 'gray',
  ACTIVE: 'teal',
  INACTIVE: 'orange',
  ARCHIVED: 'dark',
};

export const INSTANCE_STATUS_LABELS: Record<TWorkflowInstanceStatus, string> = {
  DRAFT: 'Draft',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  DECLINED: 'Declined',
  VOIDED: 'Voided',
  EXPIRED: 'Expired',
};

export const INSTANCE_STATUS_COLORS: Record<TWorkflowInstanceStatus, string> = {
  DRAFT: 'gray',
  IN_PROGRESS: 'blue',
  COMPLETED: 'teal',
  DECLINED: 'red',
  VOIDED: 'dark',
  EXPIRED: 'orange',
};

export const STEP_STATUS_LABELS: Record<TWorkflowStepStatus, string> = {
  WAITING: 'Waiting',
  DUE: 'Due',
  DONE: 'Done',
  DECLINED: 'Declined',
  SKIPPED: 'Skipped',
  VOIDED: 'Voided',
};

export const STEP_STATUS_COLORS: Record<TWorkflowStepStatus, string> = {
  WAITING: 'gray',
  DUE: 'blue',
  DONE: 'teal',
  DECLINED: 'red',
  SKIPPED: 'gray',
  VOIDED: 'dark',
};
