import { useQueries } from '@tanstack/react-query';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { FORM_TEMPLATE_KEYS, fetchFormTemplate } from '../form-templates/form-templates-api';
import { useEntity, type TemplateField } from './entities-api';

/** The form templates an entity is made of (full field definitions, for forms), in entity order. */
export function useEntityTemplates(entityId: string): TFormTemplate[] {
  const entity = useEntity(entityId);
  const results = useQueries({
    queries: (entity.data?.templates ?? []).map((t) => ({
      queryKey: FORM_TEMPLATE_KEYS.one(t.template_id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchFormTemplate(t.template_id, signal),
      staleTime: 60_000,
    })),
  });
  return results.flatMap((r) => (r.data ? [r.data] : []));
}

/** The full definition of a grid column's field. */
export const fieldOfTemplate = (templates: TFormTemplate[], field: TemplateField): TFormField | undefined =>
  templates.find((t) => t._id === field.template_id)?.fields.find((f) => f.key === field.key);

/** A template's field as a grid column (what cells and their text read). */
export const toTemplateField = (template: TFormTemplate, f: TFormField): TemplateField => ({
  ref: `${template._id}#${f.key}`,
  template_id: template._id,
  template_name: template.name,
  key: f.key,
  label: f.label,
  type: f.type,
  is_primary: false,
  required: Boolean(f.required),
  ...('options' in f ? { options: f.options } : {}),
});
