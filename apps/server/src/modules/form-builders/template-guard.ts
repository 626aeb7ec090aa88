import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';
import { registerTemplateGuard, type TemplateRef } from '../form-templates';
import { formBuilders } from './schema';
import type { FormBuilderRow } from './service';

/*
 * Forms depend on the form templates of their TEMPLATE steps: such a template cannot be deleted
 * while a live form uses it (409), and a field a form's condition or email approver names cannot
 * be removed (nor an approver's EMAIL field change type) (422 on `fields`).
 */

type FormUse = Pick<FormBuilderRow, 'name' | 'steps' | 'settings'>;

async function formsUsing(db: Db, template: TemplateRef): Promise<FormUse[]> {
  return db
    .select({ name: formBuilders.name, steps: formBuilders.steps, settings: formBuilders.settings })
    .from(formBuilders)
    .where(
      and(
        eq(formBuilders.companyId, template.companyId),
        isNull(formBuilders.deletedAt),
        sql`${formBuilders.steps} @> ${JSON.stringify([{ template_id: template.id }])}::jsonb`,
      ),
    )
    .orderBy(sql`lower(${formBuilders.name})`);
}

/** The fields of the template's steps the form names: key -> needs an EMAIL type. */
function namedFields(form: FormUse, templateId: string): Map<string, boolean> {
  const stepIds = new Set(
    form.steps.filter((s) => s.type === 'TEMPLATE' && s.template_id === templateId).map((s) => s.id),
  );
  const named = new Map<string, boolean>();
  for (const step of form.steps) {
    for (const rule of step.condition?.rules ?? []) {
      if (stepIds.has(rule.step_id)) named.set(rule.field, named.get(rule.field) ?? false);
    }
  }
  for (const approver of form.settings.approval_levels.flatMap((level) => level.approvers)) {
    if (approver.kind === 'FIELD_EMAIL' && stepIds.has(approver.step_id)) named.set(approver.field, true);
  }
  return named;
}

function fieldProblems(
  forms: FormUse[],
  templateId: string,
  after: readonly TFormField[],
): TValidationDetail[] {
  const byKey = new Map(after.map((field) => [field.key, field]));
  return forms.flatMap((form) =>
    [...namedFields(form, templateId)].flatMap(([key, needsEmail]) => {
      const field = byKey.get(key);
      if (field && (!needsEmail || field.type === 'EMAIL')) return [];
      const message = field
        ? `The form ${form.name} mails approvers at ${key}: keep it an email field`
        : `The form ${form.name} uses the field ${key}: change the form first`;
      return [{ key: 'fields', message, path: ['fields'] }];
    }),
  );
}

/** Registers the forms' guard with form-templates (once per process; replaces by name). */
export function registerFormTemplateGuard(): void {
  registerTemplateGuard({
    name: 'form-builders',
    beforeDelete: async (db, template) => {
      const [form] = await formsUsing(db, template);
      return form ? `Used by the form ${form.name}` : null;
    },
    beforeFieldsChange: async (db, template, _before, after) =>
      fieldProblems(await formsUsing(db, template), template.id, after),
  });
}
