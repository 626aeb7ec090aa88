import {
  type TWorkflow,
  type TWorkflowStep,
  type TWorkflowStepKind,
  type TWorkflowTiming,
  type TWorkflowWrite,
} from '@esigns/contracts/workflows';
import type { FieldErrors } from '../../../shared/api/api-error';

/** What the builder edits: the definition's fields, its steps in order (stage by stage). */
export type WorkflowDraft = {
  name: string;
  description: string;
  contact_type_id: string | null;
  steps: TWorkflowStep[];
  timing: TWorkflowTiming;
};

export const draftOf = (workflow: TWorkflow): WorkflowDraft => ({
  name: workflow.name,
  description: workflow.description,
  contact_type_id: workflow.contact_type_id,
  steps: sortedByStage(workflow.steps),
  timing: workflow.timing,
});

export const requestOf = (draft: WorkflowDraft): TWorkflowWrite => ({ ...draft });

const newId = () => globalThis.crypto.randomUUID();

/** A new step of `kind`, in a stage of its own after the last one. */
export function newStep(kind: TWorkflowStepKind, steps: readonly TWorkflowStep[]): TWorkflowStep {
  const stage = Math.min(50, Math.max(0, ...steps.map((step) => step.stage)) + 1);
  // Built by hand: a new step is not valid yet (no name, no template), the save's 422 says so.
  return {
    id: newId(),
    kind,
    name: '',
    description: '',
    stage,
    required: true,
    template_id: null,
    card_type: '',
    accepted_types: ['pdf', 'image'],
    form_builder_id: null,
    recipients: [],
    condition: null,
  };
}

/** Steps ordered by stage, keeping their order within a stage. */
export function sortedByStage(steps: readonly TWorkflowStep[]): TWorkflowStep[] {
  return steps
    .map((step, index) => ({ step, index }))
    .sort((a, b) => a.step.stage - b.step.stage || a.index - b.index)
    .map(({ step }) => step);
}

/**
 * A dragged step moves to `to` and joins the stage of the step it lands on (dropping a step into
 * another stage's group makes it run with that stage).
 */
export function moveStep(steps: readonly TWorkflowStep[], from: number, to: number): TWorkflowStep[] {
  const target = steps[to];
  const moved = steps[from];
  if (!moved || !target) return [...steps];
  const next = steps.filter((_, index) => index !== from);
  next.splice(to, 0, { ...moved, stage: target.stage });
  return sortedByStage(next);
}

/** The steps grouped by stage, in order: steps of one stage run at the same time. */
export function stagesOf<S extends { stage: number }>(steps: readonly S[]): { stage: number; steps: S[] }[] {
  const groups: { stage: number; steps: S[] }[] = [];
  for (const step of steps) {
    const last = groups.at(-1);
    if (last?.stage === step.stage) last.steps.push(step);
    else groups.push({ stage: step.stage, steps: [step] });
  }
  return groups;
}

/** The earlier stages' steps a condition of `step` may name. */
export const earlierSteps = (steps: readonly TWorkflowStep[], step: TWorkflowStep) =>
  steps.filter((other) => other.stage < step.stage);

/** A 422's messages: the definition's own fields, and each step's by its id (`steps.2.name`). */
export type DraftErrors = { fields: FieldErrors; steps: Record<string, FieldErrors> };

export function keyedBySteps(errors: FieldErrors, steps: readonly TWorkflowStep[]): DraftErrors {
  const result: DraftErrors = { fields: {}, steps: {} };
  for (const [key, message] of Object.entries(errors)) {
    const match = /^steps\.(\d+)\.(.+)$/.exec(key);
    const step = match ? steps[Number(match[1])] : undefined;
    if (match && step) (result.steps[step.id] ??= {})[match[2]!] = message;
    else result.fields[key] = message;
  }
  return result;
}
