import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TWorkflowStep } from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import { unlessAppError, validationError } from '../../platform/http/app-error';
import { activeMemberIds } from '../company';
import { findContactTypes } from '../contacts';
import { findConfigurable } from '../documents';
import { findFormBuilder } from '../form-builders';

/*
 * The checks of a definition that need the database: every step's template (a live template of the
 * company) and the role keys its recipients name (roles of that template), form (a live form of
 * the company), USER recipients (active members) and the contact type of the primary person. All
 * problems at once, keyed by body path, each naming its step.
 */

type Reader = Pick<Db, 'select'>;
type Definition = { contact_type_id: string | null; steps: readonly TWorkflowStep[] };

const detail = (path: (string | number)[], message: string): TValidationDetail => ({
  key: path.join('.'),
  message,
  path,
});

/** The template's role keys, or the problem (it does not exist). */
async function templateRoles(
  db: Reader,
  companyId: string,
  id: string,
): Promise<{ roles: Set<string> } | { problem: string }> {
  const row = await unlessAppError(findConfigurable(db, companyId, id));
  if (!row || !row.isTemplate) return { problem: 'the template does not exist' };
  return { roles: new Set(row.documentUsers.map((r) => r.key)) };
}

async function formProblem(db: Reader, companyId: string, id: string): Promise<string | null> {
  const row = await unlessAppError(findFormBuilder(db, companyId, id));
  return row ? null : 'the form does not exist';
}

async function stepProblems(
  db: Reader,
  companyId: string,
  step: TWorkflowStep,
  i: number,
  members: Set<string>,
) {
  const problems: TValidationDetail[] = [];
  const named = (what: string) => `Step "${step.name}": ${what}`;
  if ((step.kind === 'custom' || step.kind === 'static') && step.template_id) {
    const template = await templateRoles(db, companyId, step.template_id);
    if ('problem' in template) problems.push(detail(['steps', i, 'template_id'], named(template.problem)));
    else {
      step.recipients.forEach((recipient, r) => {
        if (template.roles.has(recipient.role_key)) return;
        problems.push(
          detail(
            ['steps', i, 'recipients', r, 'role_key'],
            named(`the template has no role "${recipient.role_key}"`),
          ),
        );
      });
    }
  }
  if (step.kind === 'form' && step.form_builder_id) {
    const problem = await formProblem(db, companyId, step.form_builder_id);
    if (problem) problems.push(detail(['steps', i, 'form_builder_id'], named(problem)));
  }
  step.recipients.forEach((recipient, r) => {
    if (recipient.source === 'USER' && !members.has(recipient.user_id)) {
      problems.push(
        detail(
          ['steps', i, 'recipients', r, 'user_id'],
          named('the user is not an active member of the company'),
        ),
      );
    }
  });
  return problems;
}

/** Every reference problem of the definition (empty: all there). */
export async function definitionProblems(
  db: Reader,
  companyId: string,
  definition: Definition,
): Promise<TValidationDetail[]> {
  const userIds = definition.steps.flatMap((s) =>
    s.recipients.flatMap((r) => (r.source === 'USER' ? [r.user_id] : [])),
  );
  const members = await activeMemberIds(db, companyId, userIds);
  const problems: TValidationDetail[] = [];
  if (definition.contact_type_id) {
    const [type] = await findContactTypes(db, companyId, [definition.contact_type_id]);
    if (!type) problems.push(detail(['contact_type_id'], 'The contact type does not exist'));
  }
  for (const [i, step] of definition.steps.entries()) {
    problems.push(...(await stepProblems(db, companyId, step, i, members)));
  }
  return problems;
}

/** 422 with every problem of the definition, or nothing. */
export async function assertDefinition(db: Reader, companyId: string, definition: Definition): Promise<void> {
  const problems = await definitionProblems(db, companyId, definition);
  if (problems.length > 0) throw validationError(problems);
}
