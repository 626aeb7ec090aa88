import { useState } from 'react';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { conditionHolds, type StepValues } from '../../form-fill/step-logic';
import type { DraftStep } from './form-draft';

/**
 * Walking through the preview as a filler would: the steps whose condition holds on the values
 * given so far (read as the fill screens read them), the current one, next, back and start again.
 */
export function usePreviewWalk(steps: readonly DraftStep[]) {
  const [values, setValues] = useState<StepValues>({});
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  // A draft step has the stored shape once its id is set (every draft step has one).
  const shownOf = (given: StepValues) =>
    steps.filter((step) => conditionHolds(step as unknown as TStoredFormStep, given));
  const shown = shownOf(values);
  const found = shown.findIndex((step) => step.id === currentId);
  const index = found === -1 ? 0 : found;
  const step = isDone ? undefined : shown[index];
  return {
    step,
    index,
    count: shown.length,
    isLast: index === shown.length - 1,
    isDone,
    /** On to the next step shown, with the values the current step was given (template steps). */
    next: (stepValues?: Record<string, unknown>) => {
      if (!step) return;
      const nextValues = stepValues ? { ...values, [step.id]: stepValues } : values;
      const nextShown = shownOf(nextValues);
      const following = nextShown[nextShown.findIndex((s) => s.id === step.id) + 1];
      setValues(nextValues);
      if (following) setCurrentId(following.id);
      else setDone(true);
    },
    back: () => {
      const previous = shown[index - 1];
      if (previous) setCurrentId(previous.id);
    },
    restart: () => {
      setValues({});
      setCurrentId(null);
      setDone(false);
    },
  };
}
