import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { fetchEntity } from '../entities/entities-api';
import { fetchFormTemplate } from '../form-templates/form-templates-api';

/** The fields a TEMPLATE or ENTITY step shows (an ENTITY step: its entity's primary template). */
export type StepTemplate = { _id: string; name: string; code: string; fields: TFormField[] };

/** A step as the public form may carry it: its template's fields alongside (guests cannot read templates). */
type StepWithTemplate = TStoredFormStep & { template?: Partial<StepTemplate> | null };

function embeddedTemplate(step: StepWithTemplate): StepTemplate | null {
  const template = step.template;
  if (!template || !Array.isArray(template.fields)) return null;
  return {
    _id: template._id ?? '',
    name: template.name ?? step.name,
    code: template.code ?? '',
    fields: template.fields,
  };
}

async function staffTemplate(step: TStoredFormStep, signal?: AbortSignal): Promise<StepTemplate | null> {
  if (step.type === 'TEMPLATE') return fetchFormTemplate(step.template_id, signal);
  if (step.type === 'ENTITY') {
    const entity = await fetchEntity(step.entity_id, signal);
    return fetchFormTemplate(entity.primary_template_id, signal);
  }
  return null;
}

/**
 * The template of each TEMPLATE and ENTITY step, by step id: the one the form carries, else (staff)
 * read from the templates and entities; null when a guest's form does not carry it.
 */
export async function loadStepTemplates(
  steps: readonly TStoredFormStep[],
  canReadTemplates: boolean,
  signal?: AbortSignal,
): Promise<Record<string, StepTemplate | null>> {
  const entries = await Promise.all(
    steps
      .filter((step) => step.type === 'TEMPLATE' || step.type === 'ENTITY')
      .map(async (step) => {
        const embedded = embeddedTemplate(step);
        if (embedded || !canReadTemplates) return [step.id, embedded] as const;
        return [step.id, await staffTemplate(step, signal)] as const;
      }),
  );
  return Object.fromEntries(entries);
}
