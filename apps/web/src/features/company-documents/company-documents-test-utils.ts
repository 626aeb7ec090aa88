import type { TWorkflowUserStatus } from '@esigns/contracts/workflows';
import type { TStepRequest } from './request-api';

export const REQUEST_ID = 'e0e00000-0000-4000-8000-000000000001';
export const PACKET_ID = 'e0e00000-0000-4000-8000-0000000000aa';
export const LINK_SECRET = 'request-link-secret-0123456789abcdef';

/** A document request as its link holder reads it (`GET /request-documents/{id}` with the link). */
export function makeStepRequest(overrides: Partial<TStepRequest> = {}): TStepRequest {
  return {
    _id: REQUEST_ID,
    card_type: 'PAN card',
    message: 'Please upload both sides.',
    status: 'REQUESTED',
    due_at: '2099-03-20T18:29:59.000Z',
    company: { name: 'Acme Rentals', logo_url: null },
    requested_by: { name: 'Ravi Kumar', email: 'ravi@acme.test' },
    file: null,
    created_at: '2026-03-05T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** The recipient's packet: the lease done, the PAN card (this page's step) due, a form waiting. */
export function makePacketStatus(overrides: Partial<TWorkflowUserStatus> = {}): TWorkflowUserStatus {
  return {
    workflow_data_id: PACKET_ID,
    workflow_name: 'Rental onboarding',
    status: 'IN_PROGRESS',
    company_name: 'Acme Rentals',
    steps: [
      { step_id: 'lease', kind: 'custom', name: 'Lease', status: 'DONE', open_url: null },
      {
        step_id: 'pan',
        kind: 'requested',
        name: 'PAN card',
        status: 'DUE',
        open_url: `/company-documents/requested/${REQUEST_ID}/workflow/${PACKET_ID}/execute`,
      },
      { step_id: 'move-in', kind: 'form', name: 'Move-in form', status: 'WAITING', open_url: null },
    ],
    ...overrides,
  };
}
