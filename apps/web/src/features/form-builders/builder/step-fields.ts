import { useQuery } from '@tanstack/react-query';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { ENTITY_KEYS, fetchEntity } from '../../entities/entities-api';
import { FORM_TEMPLATE_KEYS, fetchFormTemplate } from '../../form-templates/form-templates-api';
import type { DraftStep } from './form-draft';

export type StepFields = {
  /** The template filled in this step (the entity's primary template for ENTITY steps). */
  fields: readonly TFormField[] | undefined;
  /** What the step's source is called (template or entity name). */
  sourceName: string | undefined;
  isPending: boolean;
  error: unknown;
};

/**
 * The fields a TEMPLATE or ENTITY step fills: for conditions and approvers' email fields naming
 * them, and for the preview. Other steps (and steps without a source yet) have none.
 */
export function useStepFields(step: DraftStep | undefined): StepFields {
  const entityId = step?.type === 'ENTITY' ? step.entity_id : '';
  const entity = useQuery({
    queryKey: ENTITY_KEYS.one(entityId),
    queryFn: ({ signal }) => fetchEntity(entityId, signal),
    enabled: Boolean(entityId),
    staleTime: 60_000,
  });
  const templateId = step?.type === 'TEMPLATE' ? step.template_id : (entity.data?.primary_template_id ?? '');
  const template = useQuery({
    queryKey: FORM_TEMPLATE_KEYS.one(templateId),
    queryFn: ({ signal }) => fetchFormTemplate(templateId, signal),
    enabled: Boolean(templateId),
    staleTime: 60_000,
  });
  const hasSource = Boolean(step?.type === 'TEMPLATE' ? templateId : entityId);
  return {
    fields: template.data?.fields,
    sourceName: step?.type === 'ENTITY' ? entity.data?.name : template.data?.name,
    isPending: hasSource && (entity.isLoading || template.isLoading),
    error: entity.error ?? template.error,
  };
}
