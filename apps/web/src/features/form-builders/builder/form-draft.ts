import {
  ZCreateFormBuilderRequest,
  ZFormSettings,
  type TCreateFormBuilderRequest,
  type TFormBuilder,
  type TFormOwnerType,
  type TFormSettings,
  type TFormStatus,
  type TFormStepInput,
  type TFormStepType,
} from '@esigns/contracts/form-builders';

/**
 * The builder's state: the form as edited. Every step carries an id from the start (new ones get
 * a random UUID), so a condition can name a step that is not saved yet and the list can be
 * reordered by it.
 */
export type DraftStep = TFormStepInput & { id: string };

export type FormDraft = {
  name: string;
  description: string;
  owner_type: TFormOwnerType;
  status: TFormStatus;
  steps: DraftStep[];
  settings: TFormSettings;
};

/** Messages by path; step paths name the step's id (`steps.<id>.template_id`), not its place. */
export type DraftErrors = Record<string, string>;

export function emptyDraft(): FormDraft {
  return {
    name: '',
    description: '',
    owner_type: 'ANYONE',
    status: 'DRAFT',
    steps: [],
    settings: ZFormSettings.parse({}),
  };
}

export function draftOf(form: TFormBuilder): FormDraft {
  return {
    name: form.name,
    description: form.description,
    owner_type: form.owner_type,
    status: form.status,
    steps: form.steps.map((step) => ({ ...step })),
    settings: ZFormSettings.parse(form.settings),
  };
}

const STEP_DEFAULTS: { [T in TFormStepType]: Extract<TFormStepInput, { type: T }> } = {
  TEMPLATE: { type: 'TEMPLATE', name: 'Details', template_id: '', required: true, condition: null },
  ENTITY: {
    type: 'ENTITY',
    name: 'Record',
    entity_id: '',
    update_existing: false,
    required: true,
    condition: null,
  },
  DOCUMENT: { type: 'DOCUMENT', name: 'Sign', document_template_id: '', required: true, condition: null },
  STATIC: {
    type: 'STATIC',
    name: 'Terms',
    content: '',
    require_accept: false,
    required: true,
    condition: null,
  },
};

export function newStep(type: TFormStepType): DraftStep {
  return { ...STEP_DEFAULTS[type], id: crypto.randomUUID() } as DraftStep;
}

/** What POST/PUT send: the draft with its name trimmed and empty optional parts left out. */
export function requestOf(draft: FormDraft): TCreateFormBuilderRequest {
  return {
    ...draft,
    name: draft.name.trim(),
    steps: draft.steps.map((step) =>
      step.type === 'DOCUMENT' && !step.role?.trim() ? { ...step, role: undefined } : step,
    ),
    settings: {
      ...draft.settings,
      contact_type_id: draft.owner_type === 'CONTACTS' ? draft.settings.contact_type_id : null,
    },
  };
}

/** `steps.2.template_id` -> `steps.<id of step 2>.template_id`; other keys as they are. */
export function keyedBySteps(errors: Record<string, string>, steps: readonly { id: string }[]): DraftErrors {
  const keyed: DraftErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^steps\.(\d+)(\..+)?$/.exec(key);
    const id = match ? steps[Number(match[1])]?.id : undefined;
    const path = id ? `steps.${id}${match?.[2] ?? ''}` : key;
    keyed[path] ??= message;
  }
  return keyed;
}

/** Steps a condition (or an approver's email field) may name: the earlier TEMPLATE and ENTITY steps. */
export function earlierDataSteps(steps: readonly DraftStep[], before: number): DraftStep[] {
  return steps.slice(0, before).filter((step) => step.type === 'TEMPLATE' || step.type === 'ENTITY');
}

/** Rules naming a step that is gone or now comes later: the API refuses them too. */
function misplacedRules(draft: FormDraft): DraftErrors {
  const errors: DraftErrors = {};
  draft.steps.forEach((step, index) => {
    const allowed = new Set(earlierDataSteps(draft.steps, index).map((s) => s.id));
    step.condition?.rules.forEach((rule, i) => {
      if (!allowed.has(rule.step_id))
        errors[`steps.${step.id}.condition.rules.${i}.step_id`] = 'Choose an earlier step';
    });
  });
  return errors;
}

/** The shared check of the request (the API's), by draft path. */
export function draftProblems(draft: FormDraft): DraftErrors {
  const checked = ZCreateFormBuilderRequest.safeParse(requestOf(draft));
  const byPath: Record<string, string> = {};
  if (!checked.success) {
    for (const issue of checked.error.issues) byPath[issue.path.join('.') || 'form'] ??= issue.message;
  }
  const { opens_at: opens, closes_at: closes } = draft.settings;
  if (opens && closes && Date.parse(closes) <= Date.parse(opens))
    byPath['settings.closes_at'] ??= 'Closes after it opens';
  if (draft.owner_type === 'CONTACTS' && !draft.settings.contact_type_id)
    byPath['settings.contact_type_id'] ??= 'Choose a contact type';
  return { ...misplacedRules(draft), ...keyedBySteps(byPath, draft.steps) };
}

/** The messages under `prefix.` with that prefix taken off (and the one at `prefix` itself as ''). */
export function errorsUnder(errors: DraftErrors, prefix: string): DraftErrors {
  const under: DraftErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === prefix) under[''] = message;
    else if (key.startsWith(`${prefix}.`)) under[key.slice(prefix.length + 1)] = message;
  }
  return under;
}

export const hasErrorsUnder = (errors: DraftErrors, prefix: string) =>
  Object.keys(errors).some((key) => key === prefix || key.startsWith(`${prefix}.`));
