import type { TStoredFormStep, TSubmissionStep } from '@esigns/contracts/form-builders';
import { ruleHolds } from '@esigns/contracts/nocode-visibility';
import type { StepStatus } from './fill-api';

/*
 * Which steps a filler sees and where they are: a step's condition is read on the values saved so
 * far (the rule language of field visibility, as the server's step-status does); the server's
 * step-status, when there is one, has the last word.
 */

export type StepValues = Record<string, Record<string, unknown>>;

/** Whether the step's condition holds for the values saved so far (no condition: shown). */
export function conditionHolds(step: TStoredFormStep, values: StepValues): boolean {
  const condition = step.condition;
  if (!condition) return true;
  const results = condition.rules.map((rule) =>
    ruleHolds(
      { field: rule.field, operator: rule.operator, value: rule.value ?? null },
      values[rule.step_id]?.[rule.field],
    ),
  );
  return condition.match === 'ANY' ? results.some(Boolean) : results.every(Boolean);
}

/** The steps shown, in order: conditions on the saved values, the server's visibility when known. */
export function visibleSteps(
  steps: readonly TStoredFormStep[],
  values: StepValues,
  status?: StepStatus | null,
): TStoredFormStep[] {
  const byId = new Map((status?.steps ?? []).map((s) => [s.step_id, s]));
  return steps.filter((step) => {
    const known = byId.get(step.id);
    if (known) return known.visible && known.status !== 'SKIPPED';
    return conditionHolds(step, values);
  });
}

/** Whether a step is done (the submission's progress or the server's step-status). */
export function isStepDone(stepId: string, progress: readonly TSubmissionStep[], status?: StepStatus | null) {
  const fromStatus = status?.steps.find((s) => s.step_id === stepId)?.status;
  const fromProgress = progress.find((s) => s.step_id === stepId)?.status;
  return (fromStatus ?? fromProgress) === 'COMPLETED';
}

/** Where a returning filler starts: the first shown step not done yet, else the last one. */
export function resumeIndex(shown: readonly TStoredFormStep[], isDone: (stepId: string) => boolean): number {
  const index = shown.findIndex((step) => !isDone(step.id));
  return index === -1 ? Math.max(0, shown.length - 1) : index;
}

/** Server details (`values.<key>` or `<key>`) as messages by field key. */
export function fieldErrorsOf(details: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(details)) {
    const bare = key.startsWith('values.') ? key.slice('values.'.length) : key;
    out[bare] ??= message;
  }
  return out;
}
