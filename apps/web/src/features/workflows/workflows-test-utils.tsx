import type { ReactElement } from 'react';
import type { TWorkflow, TWorkflowCounts, TWorkflowInstanceDetail } from '@esigns/contracts/workflows';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';

export const WORKFLOW_ID = '8c1b2c3d-0000-4000-8000-000000000001';
export const INSTANCE_ID = '9c1b2c3d-0000-4000-8000-000000000001';
export const STEP_A = 'step-lease';
export const STEP_B = 'step-pan';

/** A definition as the API answers it: a lease to sign, then a PAN card to upload. */
export function makeWorkflow(overrides: Partial<TWorkflow> = {}): TWorkflow {
  const base = {
    description: '',
    template_id: null,
    card_type: '',
    accepted_types: ['pdf', 'image'] as ('pdf' | 'image')[],
    form_builder_id: null,
    recipients: [],
    condition: null,
    required: true,
  };
  return {
    _id: WORKFLOW_ID,
    name: 'Rental onboarding',
    description: 'Lease and KYC',
    status: 'ACTIVE',
    contact_type_id: null,
    version: 1,
    steps: [
      {
        ...base,
        id: STEP_A,
        kind: 'custom',
        name: 'Lease',
        stage: 1,
        template_id: '6c1b2c3d-0000-4000-8000-000000000001',
      },
      { ...base, id: STEP_B, kind: 'requested', name: 'PAN card', stage: 2, card_type: 'PAN card' },
    ],
    timing: { expire_after_days: 30, reminder_every_days: 3 },
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    instances_count: 3,
    running_count: 1,
    ...overrides,
  };
}

export function makeInstance(overrides: Partial<TWorkflowInstanceDetail> = {}): TWorkflowInstanceDetail {
  return {
    _id: INSTANCE_ID,
    workflow_id: WORKFLOW_ID,
    workflow_name: 'Rental onboarding',
    version: 1,
    status: 'IN_PROGRESS',
    primary: { contact_id: 'c1', email: 'asha@example.com', name: 'Asha Rao' },
    batch_id: null,
    steps: [
      {
        step_id: STEP_A,
        kind: 'custom',
        name: 'Lease',
        stage: 1,
        required: true,
        status: 'DONE',
        object_id: 'd1',
        started_at: '2026-03-05T10:00:00.000Z',
        finished_at: '2026-03-06T10:00:00.000Z',
      },
      {
        step_id: STEP_B,
        kind: 'requested',
        name: 'PAN card',
        stage: 2,
        required: true,
        status: 'DUE',
        object_id: 'r1',
        started_at: '2026-03-06T10:00:00.000Z',
        finished_at: null,
      },
    ],
    progress: { done: 1, total: 2 },
    created_at: '2026-03-05T09:00:00.000Z',
    sent_at: '2026-03-05T10:00:00.000Z',
    finished_at: null,
    expires_at: null,
    timeline: [
      { at: '2026-03-05T10:00:00.000Z', event: 'sent', step_id: null, actor: 'Ravi', details: {} },
      { at: '2026-03-06T10:00:00.000Z', event: 'step_done', step_id: STEP_A, actor: null, details: {} },
    ],
    ...overrides,
  };
}

export function makeCounts(): TWorkflowCounts {
  return {
    workflows: { DRAFT: 2, ACTIVE: 1, INACTIVE: 0, ARCHIVED: 4 },
    instances: { DRAFT: 0, IN_PROGRESS: 1, COMPLETED: 2, DECLINED: 0, VOIDED: 0, EXPIRED: 0 },
  };
}

/** Renders `screen` on `pattern` at `path`, with stand-ins for where the screens go. */
export function renderWorkflowsAt(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path, [
    standIn('/workflow/send/:id', 'send-screen'),
    standIn('/workflow/edit/:id', 'builder-screen'),
    standIn('*', 'elsewhere'),
  ]);
}
