import { randomUUID } from 'node:crypto';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type {
  TApprover,
  TFormSettings,
  TFormStep,
  TFormOwnerType,
  TStoredFormStep,
} from '@esigns/contracts/form-builders';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { activeMemberIds } from '../company';
import { findContactsByIds, findContactTypes } from '../contacts';
import { layoutRecipientsOf, templateSummariesByIds } from '../documents';
import { loadDefinitions } from '../entities';
import { templateDefinitions, templateSummaries } from '../form-templates';

/*
 * The checks of a form's definition that need the database (the contracts' zod schemas already
 * checked shapes): what steps name exists in the company, conditions and approvers name earlier
 * steps and real fields, dates are in order. Every problem comes back at once, keyed by its path
 * in the body (`steps.2.template_id`, `settings.approval_levels.0.approvers.1.field`).
 */

export type DefinitionInput = {
  owner_type: TFormOwnerType;
  steps: TFormStep[];
  settings: TFormSettings;
};

/** What the definition names, found in the company. */
type References = {
  /** Fields of the readable form templates and of the entities' primary templates, by id. */
  templateFields: Map<string, TFormField[]>;
  entityFields: Map<string, TFormField[]>;
  /** The role names of the company's document templates, by id. */
  documents: Map<string, string[]>;
  members: Set<string>;
  contacts: Set<string>;
  contactTypes: Set<string>;
};

const detail = (path: (string | number)[], message: string): TValidationDetail => ({
  key: path.join('.'),
  message,
  path,
});

const stepsOfType = <T extends TFormStep['type']>(steps: TFormStep[], type: T) =>
  steps.filter((step): step is Extract<TFormStep, { type: T }> => step.type === type);

async function loadReferences(db: Db, companyId: string, input: DefinitionInput): Promise<References> {
  const templateIds = stepsOfType(input.steps, 'TEMPLATE').map((step) => step.template_id);
  const entityIds = stepsOfType(input.steps, 'ENTITY').map((step) => step.entity_id);
  const documentIds = stepsOfType(input.steps, 'DOCUMENT').map((step) => step.document_template_id);
  const approvers = input.settings.approval_levels.flatMap((level) => level.approvers);
  const userIds = approvers.flatMap((a) => (a.kind === 'COMPANY_USER' ? [a.user_id] : []));
  const contactIds = approvers.flatMap((a) => (a.kind === 'CONTACT' ? [a.contact_id] : []));
  const typeIds = input.settings.contact_type_id ? [input.settings.contact_type_id] : [];
  const [readable, definitions, entities, documents, members, contacts, contactTypes] = await Promise.all([
    templateSummaries(db, companyId, templateIds),
    templateDefinitions(db, templateIds),
    loadDefinitions(db, companyId, entityIds),
    templateSummariesByIds(db, companyId, [...new Set(documentIds)]),
    activeMemberIds(db, companyId, userIds),
    findContactsByIds(db, companyId, [...new Set(contactIds)]),
    findContactTypes(db, companyId, typeIds),
  ]);
  const roles = await layoutRecipientsOf(
    db,
    documents.map((row) => row.id),
  );
  const templateFields = new Map<string, TFormField[]>();
  for (const id of readable.keys()) templateFields.set(id, definitions.get(id)?.fields ?? []);
  return {
    templateFields,
    entityFields: new Map([...entities].map(([id, def]) => [id, def.primary.fields])),
    documents: new Map(
      documents.map((row) => [
        row.id,
        (roles.get(row.id) ?? []).map((r) => r.role_name.trim().toLowerCase()),
      ]),
    ),
    members,
    contacts: new Set(contacts.map((row) => row.id)),
    contactTypes: new Set(contactTypes.map((row) => row.id)),
  };
}

/** The fields a TEMPLATE or ENTITY step collects (null: a step without fields, or one not found). */
function fieldsOfStep(step: TFormStep, refs: References): TFormField[] | null {
  if (step.type === 'TEMPLATE') return refs.templateFields.get(step.template_id) ?? null;
  if (step.type === 'ENTITY') return refs.entityFields.get(step.entity_id) ?? null;
  return null;
}

function referenceProblems(steps: TFormStep[], refs: References): TValidationDetail[] {
  return steps.flatMap((step, i) => {
    if (step.type === 'TEMPLATE' && !refs.templateFields.has(step.template_id)) {
      return [detail(['steps', i, 'template_id'], 'This form template does not exist')];
    }
    if (step.type === 'ENTITY' && !refs.entityFields.has(step.entity_id)) {
      return [detail(['steps', i, 'entity_id'], 'This entity does not exist')];
    }
    if (step.type === 'DOCUMENT') {
      const roles = refs.documents.get(step.document_template_id);
      if (!roles)
        return [detail(['steps', i, 'document_template_id'], 'This document template does not exist')];
      if (step.role && !roles.includes(step.role.toLowerCase())) {
        return [detail(['steps', i, 'role'], `The document template has no role ${step.role}`)];
      }
    }
    return [];
  });
}

function idProblems(steps: TFormStep[]): TValidationDetail[] {
  const seen = new Set<string>();
  return steps.flatMap((step, i) => {
    if (!step.id) return [];
    if (seen.has(step.id)) return [detail(['steps', i, 'id'], 'Another step has this id')];
    seen.add(step.id);
    return [];
  });
}

function conditionProblems(steps: TFormStep[], refs: References): TValidationDetail[] {
  return steps.flatMap((step, i) =>
    (step.condition?.rules ?? []).flatMap((rule, j) => {
      const at = ['steps', i, 'condition', 'rules', j];
      const source = steps.findIndex((other) => other.id === rule.step_id);
      if (source < 0 || source >= i) {
        return [detail([...at, 'step_id'], 'Choose an earlier step')];
      }
      const sourceStep = steps[source]!;
      if (sourceStep.type !== 'TEMPLATE' && sourceStep.type !== 'ENTITY') {
        return [
          detail([...at, 'step_id'], `${sourceStep.name} has no fields: choose a template or entity step`),
        ];
      }
      const fields = fieldsOfStep(sourceStep, refs);
      if (fields && !fields.some((field) => field.key === rule.field)) {
        return [detail([...at, 'field'], `${sourceStep.name} has no field ${rule.field}`)];
      }
      return [];
    }),
  );
}

function approverProblem(approver: TApprover, steps: TFormStep[], refs: References): [string, string] | null {
  switch (approver.kind) {
    case 'COMPANY_USER':
      return refs.members.has(approver.user_id) ? null : ['user_id', 'This user is not an active member'];
    case 'CONTACT':
      return refs.contacts.has(approver.contact_id) ? null : ['contact_id', 'This contact does not exist'];
    case 'FIELD_EMAIL': {
      const step = steps.find((s) => s.id === approver.step_id);
      if (!step || (step.type !== 'TEMPLATE' && step.type !== 'ENTITY')) {
        return ['step_id', 'Choose a template or entity step of this form'];
      }
      const field = fieldsOfStep(step, refs)?.find((f) => f.key === approver.field);
      if (fieldsOfStep(step, refs) && field?.type !== 'EMAIL') {
        return ['field', `${step.name} has no email field ${approver.field}`];
      }
      return null;
    }
    case 'USER_TYPE':
      return null;
  }
}

function settingsProblems(input: DefinitionInput, refs: References): TValidationDetail[] {
  const { settings } = input;
  const problems: TValidationDetail[] = [];
  if (input.owner_type === 'CONTACTS' && !settings.contact_type_id) {
    problems.push(
      detail(['settings', 'contact_type_id'], 'Choose the contact type whose contacts fill this form'),
    );
  }
  if (settings.contact_type_id && !refs.contactTypes.has(settings.contact_type_id)) {
    problems.push(detail(['settings', 'contact_type_id'], 'This contact type does not exist'));
  }
  if (
    settings.opens_at &&
    settings.closes_at &&
    Date.parse(settings.closes_at) <= Date.parse(settings.opens_at)
  ) {
    problems.push(detail(['settings', 'closes_at'], 'Close the form after it opens'));
  }
  settings.approval_levels.forEach((level, l) =>
    level.approvers.forEach((approver, a) => {
      const problem = approverProblem(approver, input.steps, refs);
      if (problem) {
        problems.push(detail(['settings', 'approval_levels', l, 'approvers', a, problem[0]], problem[1]));
      }
    }),
  );
  return problems;
}

/**
 * Checks a definition against the company's data and gives every step its id (kept when given:
 * submissions key their progress by it). 422 with every problem at once.
 */
export async function checkDefinition(
  db: Db,
  companyId: string,
  input: DefinitionInput,
): Promise<TStoredFormStep[]> {
  const refs = await loadReferences(db, companyId, input);
  const problems = [
    ...idProblems(input.steps),
    ...referenceProblems(input.steps, refs),
    ...conditionProblems(input.steps, refs),
    ...settingsProblems(input, refs),
  ];
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
  return input.steps.map((step) => ({ ...step, id: step.id ?? randomUUID() }));
}
