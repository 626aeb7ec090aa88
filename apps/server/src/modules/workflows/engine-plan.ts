import { ruleHolds } from '@esigns/contracts/nocode-visibility';
import type { TDocumentSettingsInput } from '@esigns/contracts/documents';
import type {
  TWorkflowCondition,
  TWorkflowStep,
  TWorkflowStepStatus,
  TWorkflowTiming,
} from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import { fieldsOfDocuments } from '../documents';
import { submissionAnswers } from '../form-submissions';
import { fieldValuesOf } from '../signing';
import type { WorkflowDataStepRow } from './presenters';

/*
 * What an instance does next, from its steps' states (pure but for reading earlier steps' values):
 * the next stage to start (its steps, each run or SKIPPED by its condition), or the instance's end.
 */

type Reader = Pick<Db, 'select'>;

/** Steps that no longer wait for anyone. */
const SETTLED: readonly TWorkflowStepStatus[] = ['DONE', 'SKIPPED'];

export type StagePlan = {
  stage: number;
  /** The stage's steps (WAITING rows) with their definition; `run` false: SKIPPED by its condition. */
  steps: { row: WorkflowDataStepRow; step: TWorkflowStep; run: boolean }[];
};

export type NextMove =
  | { kind: 'wait' }
  | { kind: 'declined'; stepId: string }
  | { kind: 'completed' }
  | { kind: 'stage'; stage: number };

/**
 * Where an instance stands: a required step DECLINED (or ended by its own area) declines it; steps
 * still DUE: wait; else the lowest stage with WAITING steps starts; else it is COMPLETED.
 */
export function nextMove(steps: readonly WorkflowDataStepRow[]): NextMove {
  const declined = steps.find((s) => s.required && (s.status === 'DECLINED' || s.status === 'VOIDED'));
  if (declined) return { kind: 'declined', stepId: declined.stepId };
  if (steps.some((s) => s.status === 'DUE')) return { kind: 'wait' };
  const waiting = steps.filter((s) => s.status === 'WAITING');
  if (waiting.length === 0) return { kind: 'completed' };
  return { kind: 'stage', stage: Math.min(...waiting.map((s) => s.stage)) };
}

const DAY_MS = 86_400_000;

/**
 * The timing a step's document carries (the instance's, not the template's): reminders at the
 * instance's cadence (the documents' own sweep sends them, so the instance does not remind
 * document steps), and an expiry no earlier than the instance's (rounded up to whole days), so a
 * document never expires before its packet does: the instance's expiry ends it first (voided, with
 * the void mail). A DRAFT being started has no `expires_at` yet: its timing's days. An instance
 * without expiry: documents without one.
 */
export function stepDocumentSettings(
  instance: { timing: TWorkflowTiming; expiresAt: Date | null },
  now = new Date(),
): Pick<TDocumentSettingsInput, 'expire_after_days' | 'reminder_every_days'> {
  const left = instance.expiresAt
    ? Math.ceil((instance.expiresAt.getTime() - now.getTime()) / DAY_MS)
    : instance.timing.expire_after_days;
  return {
    expire_after_days: left === null ? null : Math.min(Math.max(left, 1), 365),
    reminder_every_days: instance.timing.reminder_every_days,
  };
}

/** Whether a step is done for progress and completion (DONE or SKIPPED). */
export const isSettled = (status: TWorkflowStepStatus) => SETTLED.includes(status);

/**
 * The WAITING steps of `stage` with their definitions (from the instance's frozen version) and
 * whether each runs: its condition over earlier steps' values (form answers, the filled fields of
 * a template's document) evaluated now.
 */
export async function planStage(
  db: Reader,
  companyId: string,
  definition: readonly TWorkflowStep[],
  steps: readonly WorkflowDataStepRow[],
  stage: number,
): Promise<StagePlan> {
  const byId = new Map(definition.map((s) => [s.id, s]));
  const rows = steps.filter((s) => s.stage === stage && s.status === 'WAITING' && byId.has(s.stepId));
  const values = await valuesOfSteps(db, companyId, steps);
  return {
    stage,
    steps: rows.map((row) => {
      const step = byId.get(row.stepId)!;
      return { row, step, run: conditionHolds(step.condition, values) };
    }),
  };
}

/** Field key -> value of each DONE step with an object (form answers, a document's filled fields). */
async function valuesOfSteps(
  db: Reader,
  companyId: string,
  steps: readonly WorkflowDataStepRow[],
): Promise<Map<string, Record<string, unknown>>> {
  const done = steps.filter((s) => s.status === 'DONE' && s.objectId);
  // A first stage (nothing done yet) reads nothing.
  if (done.length === 0) return new Map();
  const forms = done.filter((s) => s.kind === 'form').map((s) => s.objectId!);
  const docs = done.filter((s) => s.kind === 'custom' || s.kind === 'static').map((s) => s.objectId!);
  const [answers, fields] = await Promise.all([
    submissionAnswers(db, companyId, forms),
    fieldsOfDocuments(db, companyId, docs),
  ]);
  const keys = [...new Set([...fields.values()].flatMap((list) => list.map((f) => f.key)))];
  const given = await fieldValuesOf(db, companyId, docs, keys);
  const out = new Map<string, Record<string, unknown>>();
  for (const s of done) {
    if (s.kind === 'form') out.set(s.stepId, answers.get(s.objectId!) ?? {});
    else if (s.kind !== 'requested') {
      const filled: Record<string, unknown> = {};
      for (const f of fields.get(s.objectId!) ?? []) {
        const value = given.get(`${s.objectId}\n${f.key}`) ?? null;
        if (f.label) filled[f.label] = value;
        filled[f.key] = value;
      }
      out.set(s.stepId, filled);
    }
  }
  return out;
}

/** No condition: runs. Otherwise ALL / ANY of its rules over the named steps' values. */
export function conditionHolds(
  condition: TWorkflowCondition | null,
  values: ReadonlyMap<string, Record<string, unknown>>,
): boolean {
  if (!condition) return true;
  const results = condition.rules.map((rule) =>
    ruleHolds(
      { field: rule.field, operator: rule.operator, value: rule.value ?? null },
      values.get(rule.step_id)?.[rule.field] ?? null,
    ),
  );
  return condition.match === 'ANY' ? results.some(Boolean) : results.every(Boolean);
}
