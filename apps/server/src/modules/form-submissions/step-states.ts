import type { TStepCondition, TStoredFormStep, TSubmissionStatus } from '@esigns/contracts/form-builders';
import type { TStepState } from '@esigns/contracts/form-submissions';
import { ruleHolds } from '@esigns/contracts/nocode-visibility';

/*
 * Which steps a submission shows and how far it is (pure: the values and step rows in, the states
 * out). A step's condition reads the values of EARLIER steps; a rule naming a step that is itself
 * hidden sees an empty value, as field visibility does, so chains of conditions behave.
 */

type Values = Record<string, Record<string, unknown>>;

function conditionHolds(condition: TStepCondition, values: Values, visible: ReadonlySet<string>): boolean {
  const results = condition.rules.map((rule) =>
    ruleHolds(
      { field: rule.field, operator: rule.operator, value: rule.value ?? null },
      visible.has(rule.step_id) ? values[rule.step_id]?.[rule.field] : undefined,
    ),
  );
  return condition.match === 'ANY' ? results.some(Boolean) : results.every(Boolean);
}

/** The ids of the steps shown for these values, in order. */
export function visibleStepIds(steps: readonly TStoredFormStep[], values: Values): Set<string> {
  const visible = new Set<string>();
  for (const step of steps) {
    if (!step.condition || conditionHolds(step.condition, values, visible)) visible.add(step.id);
  }
  return visible;
}

export type StepProgressRow = { stepId: string; status: TStepState['status'] };

/** Every step with its visibility and progress: hidden steps are SKIPPED, untouched ones PENDING. */
export function stepStates(
  steps: readonly TStoredFormStep[],
  values: Values,
  rows: readonly StepProgressRow[],
): TStepState[] {
  const visible = visibleStepIds(steps, values);
  const progress = new Map(rows.map((row) => [row.stepId, row.status]));
  return steps.map((step) => {
    const shown = visible.has(step.id);
    const stored = progress.get(step.id);
    return {
      step_id: step.id,
      name: step.name,
      type: step.type,
      required: step.required,
      visible: shown,
      status: !shown ? 'SKIPPED' : stored === undefined || stored === 'SKIPPED' ? 'PENDING' : stored,
    };
  });
}

/** Statuses in which the filler still edits the submission. */
export const EDITABLE_STATUSES: readonly TSubmissionStatus[] = ['DRAFT', 'SENT_BACK'];

/** The next step to fill, whether it can be submitted, and the first required step left. */
export function progressOf(states: readonly TStepState[], status: TSubmissionStatus) {
  const open = states.filter((s) => s.visible && s.status !== 'COMPLETED');
  const missing = open.find((s) => s.required) ?? null;
  return {
    next_step_id: open[0]?.step_id ?? null,
    can_submit: EDITABLE_STATUSES.includes(status) && missing === null,
    missing,
  };
}
