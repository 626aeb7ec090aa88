import type { RouteObject } from 'react-router';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { makeFormTemplate } from '../form-templates/form-templates-test-utils';
import {
  ZFormSettings,
  type TFormBuilder,
  type TFormSubmission,
  type TPublicFormBuilder,
  type TStoredFormStep,
  type TStepProgress,
  type TSubmissionStep,
} from '@esigns/contracts/form-builders';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import type { FakeCall } from '../../shared/testing/fake-api';
import { renderRoutes, standIn } from '../../shared/testing/render-routes';
import { FORM_FILL_SCREENS } from './screens';

export const FORM_ID = '5a1b2c3d-0000-4000-8000-000000000001';
export const CODE = 'site-visit-ab12cd';
export const GUEST_ID = '5a1b2c3d-0000-4000-8000-0000000000a1';
export const SECRET = 'guest-session-secret';
export const DATA_ID = '5a1b2c3d-0000-4000-8000-0000000000d1';
export const STEP_A = '5a1b2c3d-0000-4000-8000-00000000005a';
export const STEP_B = '5a1b2c3d-0000-4000-8000-00000000005b';
export const STEP_C = '5a1b2c3d-0000-4000-8000-00000000005c';

const template = (id: string, name: string, fields: unknown[]) => ({
  _id: id,
  name,
  code: name.toLowerCase().replace(/\s+/g, '-'),
  fields: ZFormFields.parse(fields),
});

/** Three steps: who you are, the visit, and a loan step shown only when "Needs a loan" is Yes. */
export function makeSteps(): TStoredFormStep[] {
  return [
    {
      id: STEP_A,
      type: 'TEMPLATE',
      name: 'About you',
      template_id: 'tpl-a',
      required: true,
      condition: null,
      ...{
        template: template('tpl-a', 'About you', [
          { key: 'name', label: 'Full name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'loan', label: 'Needs a loan', type: 'YES_OR_NO' },
        ]),
      },
    },
    {
      id: STEP_C,
      type: 'TEMPLATE',
      name: 'Loan details',
      template_id: 'tpl-c',
      required: true,
      condition: {
        match: 'ALL',
        rules: [{ step_id: STEP_A, field: 'loan', operator: 'EQUALS', value: true }],
      },
      ...{
        template: template('tpl-c', 'Loan details', [{ key: 'amount', label: 'Amount', type: 'NUMBER' }]),
      },
    },
    {
      id: STEP_B,
      type: 'STATIC',
      name: 'Terms',
      content: 'Visits last an hour.\n\nBring an ID.',
      require_accept: true,
      required: true,
      condition: null,
    },
  ] as TStoredFormStep[];
}

export function makePublicForm(overrides: Partial<TPublicFormBuilder> = {}): TPublicFormBuilder {
  return {
    _id: FORM_ID,
    name: 'Site visit request',
    code: CODE,
    description: 'Book a visit of the show flat.',
    owner_type: 'ANYONE',
    secure_access: false,
    availability: 'OPEN',
    steps: makeSteps(),
    thank_you_message: 'Thanks, we will call you within a day.',
    total_submissions_count: 3,
    company: { name: 'Acme Homes', logo_url: null },
    auth_user: null,
    ...overrides,
  };
}

export function makeSubmission(overrides: Partial<TFormSubmission> = {}): TFormSubmission {
  const step = (step_id: string, status: TSubmissionStep['status']): TSubmissionStep => ({
    step_id,
    status,
    completed_at: status === 'COMPLETED' ? '2026-11-20T10:00:00.000Z' : null,
    entity_data_id: null,
    document_id: null,
  });
  return {
    _id: DATA_ID,
    formbuilder_details_id: FORM_ID,
    code: CODE,
    status: 'DRAFT',
    filler: { kind: 'GUEST', id: GUEST_ID, email: 'ravi@example.com', name: 'Ravi Kumar' },
    steps: [step(STEP_A, 'PENDING'), step(STEP_C, 'PENDING'), step(STEP_B, 'PENDING')],
    values: {},
    current_level: null,
    decisions: [],
    batch_id: null,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    submitted_at: null,
    ...overrides,
  };
}

export const guestSession = (kind: 'GUEST' | 'ANONYMOUS' = 'GUEST') => ({
  contact: { _id: GUEST_ID, email: kind === 'GUEST' ? 'ravi@example.com' : null, kind },
  passcode: SECRET,
  secure_access: kind === 'GUEST',
  formbuilder_details_id: FORM_ID,
  expires_at: '2099-01-01T00:00:00.000Z',
});

/** The guest headers a call carried. */
export const guestHeadersOf = (call: FakeCall) => ({
  userid: call.headers.userid,
  passcode: call.headers.passcode,
  formbuilderid: call.headers.formbuilderid,
});

/** Every fill screen under its pattern (as the router registers them), opened at `path`. */
export function renderFill(path: string, extra: RouteObject[] = []) {
  const toPath = (pattern: string) => pattern.replace(/\{([^}]+)\}/g, ':$1');
  const routes: RouteObject[] = Object.entries(FORM_FILL_SCREENS).map(([pattern, load]) => ({
    path: toPath(pattern),
    lazy: load,
  }));
  return renderRoutes([...extra, ...routes, standIn('*', 'elsewhere')], path);
}

/** The staff definition of the same form: steps without their templates (staff read those). */
export function makeStaffForm(overrides: Partial<TFormBuilder> = {}): TFormBuilder {
  const steps = makeSteps().map((step) => {
    const { template: _template, ...rest } = step as TStoredFormStep & { template?: unknown };
    return rest as TStoredFormStep;
  });
  return {
    _id: FORM_ID,
    company_id: 'c1',
    name: 'Site visit request',
    code: CODE,
    description: 'Book a visit of the show flat.',
    owner_type: 'COMPANY_USERS',
    status: 'ACTIVE',
    steps,
    settings: ZFormSettings.parse({}),
    version: 1,
    submissions_count: 3,
    created_by: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The templates of the staff form's steps, as `GET /template/{id}` answers them. */
export function templateOf(id: string): TFormTemplate | null {
  const step = makeSteps().find((s) => s.type === 'TEMPLATE' && s.template_id === id) as
    (TStoredFormStep & { template: { name: string; code: string; fields: unknown[] } }) | undefined;
  if (!step) return null;
  return makeFormTemplate({
    _id: id,
    name: step.template.name,
    code: step.template.code,
    fields: step.template.fields,
  });
}

/** A step-status answer: each step's progress (SKIPPED ones hidden), the next step not completed. */
export function stepStatusOf(progress: Array<[stepId: string, status: TStepProgress]>) {
  const steps = progress.map(([step_id, status]) => ({ step_id, status, visible: status !== 'SKIPPED' }));
  const next = steps.find((step) => step.visible && step.status !== 'COMPLETED');
  return { steps, next_step_id: next?.step_id ?? null, can_submit: next === undefined };
}
