import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFormSubmission, TStoredFormStep } from '@esigns/contracts/form-builders';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import { isApiError } from '../../shared/api/api-error';
import { FILL_KEYS, fetchStepStatus, saveStep, submitSubmission, type FillAccess } from './fill-api';
import { fieldErrorsOf, isStepDone, resumeIndex, visibleSteps, type StepValues } from './step-logic';
import type { StepTemplate } from './step-templates';

/** What the stepper needs of a form (the public form and the staff definition both have it). */
export type FillForm = { _id: string; code: string; name: string; steps: TStoredFormStep[] };

export type FillFlowOptions = {
  form: FillForm;
  access: FillAccess;
  templates: Record<string, StepTemplate | null>;
  /** The draft being resumed (or the submission a personal link opened), null for a new one. */
  initial: TFormSubmission | null;
  onSubmitted: (submission: TFormSubmission) => void;
};

/**
 * The stepper's state: one shown step at a time, each saved on Next (`complete: true`) or on
 * "Save and finish later" (`complete: false`), conditions re-read after every save, and the
 * submission sent once the last shown step is done.
 */
export function useFillFlow({ form, access, templates, initial, onSubmitted }: FillFlowOptions) {
  const queryClient = useQueryClient();
  const [submission, setSubmission] = useState<TFormSubmission | null>(initial);
  const [drafts, setDrafts] = useState<StepValues>(() => ({ ...(initial?.values ?? {}) }));
  const [accepted, setAccepted] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const submissionId = submission?._id ?? null;

  const status = useQuery({
    queryKey: FILL_KEYS.stepStatus(submissionId ?? ''),
    queryFn: ({ signal }) => fetchStepStatus(access, submissionId ?? '', signal),
    enabled: submissionId !== null,
  });
  const saved = useMemo(() => submission?.values ?? {}, [submission]);
  const shown = useMemo(() => visibleSteps(form.steps, saved, status.data), [form.steps, saved, status.data]);
  const isDone = (stepId: string) => isStepDone(stepId, submission?.steps ?? [], status.data);
  const [index, setIndex] = useState(() => resumeIndex(shown, isDone));
  const current = shown[Math.min(index, shown.length - 1)] ?? null;
  const position = current ? shown.indexOf(current) : 0;
  const isLast = position === shown.length - 1;

  const values = current ? (drafts[current.id] ?? {}) : {};
  const setValue = (key: string, value: unknown) => {
    if (!current) return;
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setDrafts((all) => ({ ...all, [current.id]: { ...(all[current.id] ?? {}), [key]: value } }));
  };

  /** The browser's check first (the shared validator): the server would answer the same. */
  const localErrors = (step: TStoredFormStep, complete: boolean): Record<string, string> => {
    const template = templates[step.id];
    if (!template) return {};
    const parsed = parseTemplateValues(template.fields, drafts[step.id] ?? {}, {
      unknownKeys: 'strip',
      partial: !complete,
    });
    return Object.fromEntries(parsed.errors.map((e) => [e.key, e.message]).reverse());
  };

  const refreshStatus = useCallback(() => {
    if (submissionId) void queryClient.invalidateQueries({ queryKey: FILL_KEYS.stepStatus(submissionId) });
  }, [queryClient, submissionId]);

  const applySaved = async (next: TFormSubmission) => {
    setSubmission(next);
    setSavedAt(next.updated_at);
    queryClient.setQueryData(FILL_KEYS.submission(next._id), next);
    await queryClient.invalidateQueries({ queryKey: FILL_KEYS.stepStatus(next._id) });
  };

  const save = useMutation({
    mutationFn: async ({ complete }: { complete: boolean }) => {
      if (!current) throw new Error('No step to save');
      const found = localErrors(current, complete);
      if (Object.keys(found).length > 0) throw new StepInvalid(found);
      if (current.type === 'DOCUMENT') return submission;
      if (current.type === 'STATIC') {
        if (!submissionId) return submission;
        return saveStep(access, { formId: form._id, submissionId, step: current, values: {}, complete });
      }
      const template = templates[current.id];
      const parsed = parseTemplateValues(template?.fields ?? [], drafts[current.id] ?? {}, {
        unknownKeys: 'strip',
        partial: !complete,
      });
      const step = submission?.steps.find((s) => s.step_id === current.id);
      return saveStep(access, {
        formId: form._id,
        submissionId,
        step: current,
        values: parsed.values,
        complete,
        entityDataId: step?.entity_data_id ?? null,
      });
    },
    onMutate: () => setErrors({}),
    onSuccess: async (next, { complete }) => {
      if (current?.type === 'STATIC') setAccepted((all) => ({ ...all, [current.id]: true }));
      if (next) await applySaved(next);
      if (complete && !isLast) setIndex(position + 1);
    },
    onError: (error) => {
      if (error instanceof StepInvalid) setErrors(error.fields);
      else if (isApiError(error)) setErrors(fieldErrorsOf(error.fieldErrors));
    },
  });

  /** Sends the submission the last save answered (the state may not have caught up yet). */
  const submit = useMutation({
    mutationFn: async (target: TFormSubmission | null) => {
      if (!target) throw new Error('Fill in the form before sending it');
      // Pages accepted before the submission existed are recorded now.
      for (const step of shown) {
        if (step.type !== 'STATIC' || !accepted[step.id]) continue;
        // The last save's answer is fresher than the step status read before it.
        if (target.steps.find((s) => s.step_id === step.id)?.status === 'COMPLETED') continue;
        await saveStep(access, {
          formId: form._id,
          submissionId: target._id,
          step,
          values: {},
          complete: true,
        });
      }
      return submitSubmission(access, target._id);
    },
    onSuccess: (next) => {
      queryClient.setQueryData(FILL_KEYS.submission(next._id), next);
      onSubmitted(next);
    },
  });

  return {
    submission,
    shown,
    current,
    position,
    isLast,
    values,
    setValue,
    errors,
    savedAt,
    isDone,
    accepted: current ? accepted[current.id] === true || isDone(current.id) : false,
    setAccepted: (value: boolean) => current && setAccepted((all) => ({ ...all, [current.id]: value })),
    goBack: () => setIndex(Math.max(0, position - 1)),
    /** Reads the steps' progress again (a document signed in another tab). */
    refreshStatus,
    goTo: (stepIndex: number) => setIndex(stepIndex),
    save,
    submit,
  };
}

export type FillFlow = ReturnType<typeof useFillFlow>;

/** The values of a step break the shared validator's rules (shown against their fields). */
export class StepInvalid extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('Some answers need your attention');
  }
}
