import { describe, expect, it } from 'vitest';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { progressOf, stepStates, visibleStepIds } from './step-states';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const T = '00000000-0000-4000-8000-0000000000ff';

const steps: TStoredFormStep[] = [
  { id: A, name: 'Applicant', type: 'TEMPLATE', template_id: T, required: true, condition: null },
  {
    id: B,
    name: 'Loan',
    type: 'TEMPLATE',
    template_id: T,
    required: true,
    condition: {
      match: 'ALL',
      rules: [{ step_id: A, field: 'wants_loan', operator: 'EQUALS', value: 'yes' }],
    },
  },
  {
    id: C,
    name: 'Guarantor',
    type: 'TEMPLATE',
    template_id: T,
    required: false,
    condition: {
      match: 'ANY',
      rules: [
        { step_id: B, field: 'amount', operator: 'GREATER_THAN', value: 100 },
        { step_id: A, field: 'age', operator: 'LESS_THAN', value: 21 },
      ],
    },
  },
];

describe('step conditions', () => {
  it('shows a step when its rules hold on earlier values (case-insensitive equality)', () => {
    expect([...visibleStepIds(steps, { [A]: { wants_loan: 'Yes' }, [B]: { amount: 500 } })]).toEqual([
      A,
      B,
      C,
    ]);
    expect([...visibleStepIds(steps, { [A]: { wants_loan: 'No', age: 30 } })]).toEqual([A]);
  });

  it('reads a hidden step as empty, so conditions chained on it hide too', () => {
    // B is hidden: its stored amount no longer shows C; A's age still can (ANY).
    expect([...visibleStepIds(steps, { [A]: { wants_loan: 'No' }, [B]: { amount: 500 } })]).toEqual([A]);
    expect([...visibleStepIds(steps, { [A]: { wants_loan: 'No', age: 19 }, [B]: { amount: 500 } })]).toEqual([
      A,
      C,
    ]);
  });

  it('answers progress: hidden steps SKIPPED, the next step, and whether it can be submitted', () => {
    const values = { [A]: { wants_loan: 'no', age: 19 } };
    const states = stepStates(steps, values, [
      { stepId: A, status: 'COMPLETED' },
      { stepId: B, status: 'SAVED' },
    ]);
    expect(states.map((s) => [s.visible, s.status])).toEqual([
      [true, 'COMPLETED'],
      [false, 'SKIPPED'],
      [true, 'PENDING'],
    ]);
    expect(progressOf(states, 'DRAFT')).toMatchObject({ next_step_id: C, can_submit: true, missing: null });
    expect(progressOf(states, 'SUBMITTED').can_submit).toBe(false);
    const missing = progressOf(stepStates(steps, { [A]: { wants_loan: 'yes' } }, []), 'DRAFT');
    expect(missing).toMatchObject({ next_step_id: A, can_submit: false, missing: { step_id: A } });
  });
});
