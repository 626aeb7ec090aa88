import { useQuery } from '@tanstack/react-query';
import {
  SIGNATURE_FIELD_TYPES,
  type TConfigurableDocument,
  type TFieldType,
} from '@esigns/contracts/documents';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import type { TWorkflowStep } from '@esigns/contracts/workflows';
import { fetchConfigurableDocument } from '../../editor/editor-api';
import { fetchEntity } from '../../entities/entities-api';
import { fetchFormBuilder } from '../../form-builders/form-builders-api';
import { fetchFormTemplate } from '../../form-templates/form-templates-api';
import { templateRolesKey } from './step-recipients';

/** One value a condition can name: the field's key (what is stored) and what people call it. */
export type ConditionField = { key: string; label: string };

/** Template fields whose value says nothing to compare (a drawn mark, a picture). */
const TEMPLATE_SKIPPED: readonly TFieldType[] = [...SIGNATURE_FIELD_TYPES, 'IMAGE'];
/** Form questions whose answer is a file, a mark or a table, not a value to compare. */
const FORM_SKIPPED: readonly TFormFieldType[] = ['FILE', 'IMAGE', 'SIGNATURE', 'DATA_TABLE', 'PAY_BUTTON'];

/** The template's fillable fields. */
function templateFields(template: TConfigurableDocument): ConditionField[] {
  return template.fields
    .filter((field) => !TEMPLATE_SKIPPED.includes(field.type))
    .map((field) => ({ key: field.key, label: field.label || field.key }));
}

/** The form's questions over its TEMPLATE and ENTITY steps, in step order (answers are keyed by field key). */
async function formFields(formId: string, signal: AbortSignal): Promise<ConditionField[]> {
  const form = await fetchFormBuilder(formId, signal);
  const templateIds = await Promise.all(
    form.steps.map(async (step) => {
      if (step.type === 'TEMPLATE') return step.template_id;
      if (step.type === 'ENTITY')
        return (await fetchEntity(step.entity_id, signal)).primary_template_id ?? null;
      return null;
    }),
  );
  const templates = await Promise.all(
    templateIds.flatMap((id) => (id ? [fetchFormTemplate(id, signal)] : [])),
  );
  const seen = new Set<string>();
  return templates
    .flatMap((template) => template.fields)
    .filter((field) => !FORM_SKIPPED.includes(field.type) && !seen.has(field.key) && seen.add(field.key))
    .map((field) => ({ key: field.key, label: field.label || field.key }));
}

/**
 * The values an earlier step's condition can name: a template's fillable fields or a form's
 * questions (none for an upload step, or before the step has its template or form).
 */
export function useConditionFields(step: TWorkflowStep | undefined) {
  const templateId = step?.kind === 'custom' || step?.kind === 'static' ? step.template_id : null;
  const formId = step?.kind === 'form' ? step.form_builder_id : null;
  // The step's roles (step-recipients.tsx) read the same template under the same key: one fetch.
  const template = useQuery({
    queryKey: templateRolesKey(templateId ?? ''),
    queryFn: ({ signal }) => fetchConfigurableDocument(templateId!, signal),
    enabled: Boolean(templateId),
    staleTime: 60_000,
    select: templateFields,
  });
  const form = useQuery({
    queryKey: ['workflow-builder', 'form-fields', formId ?? ''],
    queryFn: ({ signal }) => formFields(formId!, signal),
    enabled: Boolean(formId),
    staleTime: 60_000,
  });
  return templateId ? template : form;
}
