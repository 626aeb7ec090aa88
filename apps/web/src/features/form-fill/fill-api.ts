import type {
  TFormBuilder,
  TFormSubmission,
  TGuestSession,
  TPublicFormBuilder,
  TStoredFormStep,
  TSubmissionStatus,
} from '@esigns/contracts/form-builders';
import type { TPaged } from '@esigns/contracts/envelope';
import type { TFormStepDocument } from '@esigns/contracts/form-documents';
import { api } from '../../shared/api/api-client';
import { emitHostEvent } from '../embedding/host-bridge';
import {
  approverHeaders,
  guestHeaders,
  type ApproverCredentials,
  type GuestCredentials,
} from './guest-session';

/*
 * The calls of the fill screens (forms-api: "form-builders" and "form-submissions, fill side").
 * A guest or outside approver proves who they are with the spec's headers on every call (never
 * through the persisted session); a 401 then is an answer about the link, not an expired sign-in.
 */

export type FillAccess =
  | { kind: 'staff' }
  | { kind: 'guest'; credentials: GuestCredentials }
  | { kind: 'approver'; credentials: ApproverCredentials };

export const STAFF_ACCESS: FillAccess = { kind: 'staff' };

export function optionsOf(access: FillAccess) {
  if (access.kind === 'guest') return { headers: guestHeaders(access.credentials), skipAuthRefresh: true };
  if (access.kind === 'approver') {
    return { headers: approverHeaders(access.credentials), skipAuthRefresh: true };
  }
  return {};
}

const seg = encodeURIComponent;

/** A submission as `GET /formbuilder-data/{id}` answers it: with its history when the server gives it. */
export type SubmissionEvent = { _id?: string; type: string; at: string; by?: string | null; detail?: string };
/** `GET /formbuilder-data/{id}` carries the form and the history; list rows of approvals `form_name`. */
export type SubmissionRead = TFormSubmission & {
  form?: { _id: string; name: string; code: string };
  history?: SubmissionEvent[];
  form_name?: string;
  total_steps?: number;
  completed_steps?: number;
};

/** `POST /formbuilder-data/step-status`: each step's progress and whether its condition shows it. */
export type StepState = { step_id: string; status: string; visible: boolean };
export type StepStatus = { steps: StepState[]; next_step_id: string | null; can_submit: boolean };

export const FILL_KEYS = {
  all: ['form-fill'] as const,
  publicForm: (code: string) => ['form-fill', 'public', code] as const,
  staffForm: (code: string) => ['form-fill', 'form', code] as const,
  templates: (formId: string) => ['form-fill', 'templates', formId] as const,
  submission: (id: string) => ['form-fill', 'submission', id] as const,
  stepStatus: (id: string) => ['form-fill', 'step-status', id] as const,
  drafts: (formId: string) => ['form-fill', 'drafts', formId] as const,
  submissions: ['form-fill', 'submissions'] as const,
  approvals: ['form-fill', 'approvals'] as const,
  batches: (formId: string) => ['form-fill', 'batches', formId] as const,
};

export async function fetchPublicForm(code: string, access: FillAccess, signal?: AbortSignal) {
  const options = { ...optionsOf(access), signal };
  return (await api.get<TPublicFormBuilder>(`/formBuilders/${seg(code)}/public`, undefined, options)).data;
}

export async function fetchStaffForm(code: string, signal?: AbortSignal): Promise<TFormBuilder> {
  return (await api.get<TFormBuilder>(`/formBuilders/code/${seg(code)}`, undefined, { signal })).data;
}

/** Secure forms mail a code (`secure_access: true`); other forms answer a session at once. */
export type CodeSent = { secure_access: true; formbuilder_details_id: string; contact: { email: string } };
export async function sendFormCode(formId: string, email: string): Promise<CodeSent | TGuestSession> {
  const body = { formbuilder_details_id: formId, email };
  return (await api.post<CodeSent | TGuestSession>('/formBuilders/sent-otp', body, { skipAuthRefresh: true }))
    .data;
}

export async function verifyFormCode(formId: string, email: string, code: string): Promise<TGuestSession> {
  const body = { formbuilder_details_id: formId, email, code };
  return (await api.post<TGuestSession>('/formBuilders/verify', body, { skipAuthRefresh: true })).data;
}

export async function createAnonymousSession(formId: string): Promise<TGuestSession> {
  const body = { formbuilder_details_id: formId };
  return (await api.post<TGuestSession>('/formbuilder-url/create', body, { skipAuthRefresh: true })).data;
}

export type StepSave = {
  formId: string;
  submissionId: string | null;
  step: TStoredFormStep;
  values: Record<string, unknown>;
  complete: boolean;
  entityDataId?: string | null;
};

/** Saves one step (starting the submission when there is none yet) and answers the submission. */
export async function saveStep(access: FillAccess, save: StepSave): Promise<TFormSubmission> {
  const { submissionId: id, step } = save;
  const options = optionsOf(access);
  if (step.type === 'STATIC') {
    if (!id) throw new Error('A page is accepted on a started submission');
    const body = { step_id: step.id, accepted: true };
    return (await api.post<TFormSubmission>(`/formbuilder-data/asset/${seg(id)}`, body, options)).data;
  }
  const kind = step.type === 'ENTITY' ? 'entity' : 'template';
  const body = {
    ...(id ? {} : { formbuilder_details_id: save.formId }),
    step_id: step.id,
    values: save.values,
    complete: save.complete,
    ...(save.entityDataId ? { entity_data_id: save.entityDataId } : {}),
  };
  const path = id ? `/formbuilder-data/${kind}/${seg(id)}` : `/formbuilder-data/${kind}`;
  return (await api.post<TFormSubmission>(path, body, options)).data;
}

export async function fetchStepStatus(access: FillAccess, id: string, signal?: AbortSignal) {
  const body = { formbuilder_data_id: id };
  return (await api.post<StepStatus>('/formbuilder-data/step-status', body, { ...optionsOf(access), signal }))
    .data;
}

export async function submitSubmission(access: FillAccess, id: string): Promise<TFormSubmission> {
  const body = { status: 'SUBMITTED' };
  const submitted = (await api.put<TFormSubmission>(`/formbuilder-data/${seg(id)}`, body, optionsOf(access)))
    .data;
  // Inside an embedded frame the host page hears of it (a no-op elsewhere).
  emitHostEvent('form.submitted', { formbuilder_data_id: id });
  return submitted;
}

export async function fetchSubmission(access: FillAccess, id: string, signal?: AbortSignal) {
  const options = { ...optionsOf(access), signal };
  return (await api.get<SubmissionRead>(`/formbuilder-data/${seg(id)}`, undefined, options)).data;
}

export type SubmissionQuery = {
  formbuilder_details_id: string;
  page: number;
  limit: number;
  status?: TSubmissionStatus | undefined;
  search?: string | undefined;
  sort?: string | undefined;
};

/** Staff with `view-submissions` read every submission of the form; fillers read their own. */
export async function fetchSubmissions(access: FillAccess, query: SubmissionQuery, signal?: AbortSignal) {
  const options = { ...optionsOf(access), signal };
  return (await api.get<TPaged<SubmissionRead>>('/formbuilder-data', query, options)).data;
}

export type ApprovalDecisionInput = { decision: 'APPROVED' | 'REJECTED'; comment: string };
export async function decideApproval(access: FillAccess, id: string, input: ApprovalDecisionInput) {
  const path = `/formbuilder-data/${seg(id)}/approval`;
  return (await api.post<TFormSubmission>(path, input, optionsOf(access))).data;
}

export type ApprovalAuth = {
  authDetails: {
    approval_id: string;
    formbuilder_data_id: string;
    formbuilder_details_id: string;
    code: string;
    level: number;
    /** Their decision once given, null while it waits. */
    decided: 'APPROVED' | 'REJECTED' | null;
    /** Whether the submission waits for this approver's level now. */
    can_decide: boolean;
  };
  userDetails: { name: string; email: string | null };
};
export async function fetchApprovalAuth(access: FillAccess, signal?: AbortSignal): Promise<ApprovalAuth> {
  const options = { ...optionsOf(access), signal };
  return (await api.get<ApprovalAuth>('/formBuilders/approvals/auth', undefined, options)).data;
}

/** `PATCH /formbuilder/templates-data/{id}/{template_id}`: staff correct a TEMPLATE step's values. */
export async function updateStepValues(id: string, templateId: string, values: Record<string, unknown>) {
  const path = `/formbuilder/templates-data/${seg(id)}/${seg(templateId)}`;
  return (await api.patch<TFormSubmission>(path, { values })).data;
}

export type ApprovalQuery = { page: number; limit: number; search?: string | undefined };

/** What waits for the signed-in user's decision. */
export async function fetchApprovals(query: ApprovalQuery, signal?: AbortSignal) {
  return (await api.get<TPaged<SubmissionRead>>('/formbuilder-data/approval', query, { signal })).data;
}

export async function fetchApprovalCount(signal?: AbortSignal): Promise<number> {
  return (await api.get<{ count: number }>('/formbuilder-data/approval/count', undefined, { signal })).data
    .count;
}

/**
 * `GET /formbuilder-data/company-documents/{data_id}/{step_id}`: the document a DOCUMENT step's
 * filler signs (made on the first call), with the filler's signing link while it is their turn.
 */
export async function fetchStepDocument(
  access: FillAccess,
  id: string,
  stepId: string,
  signal?: AbortSignal,
) {
  const path = `/formbuilder-data/company-documents/${seg(id)}/${seg(stepId)}`;
  return (await api.get<TFormStepDocument>(path, undefined, { ...optionsOf(access), signal })).data;
}
