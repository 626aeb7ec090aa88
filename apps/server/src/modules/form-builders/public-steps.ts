import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';
import { unlessAppError } from '../../platform/http/app-error';
import { loadEntityDefinition } from '../entities';
import { findReadableTemplate } from '../form-templates';

/** The fields a guest fills in a TEMPLATE or ENTITY step (guests cannot read templates). */
type StepTemplate = { _id: string; name: string; code: string; fields: TFormField[] };

async function templateOfStep(
  db: Db,
  companyId: string,
  step: TStoredFormStep,
): Promise<StepTemplate | null> {
  if (step.type === 'TEMPLATE') {
    const row = await unlessAppError(findReadableTemplate(db, companyId, step.template_id));
    return row && !row.deletedAt ? { _id: row.id, name: row.name, code: row.code, fields: row.fields } : null;
  }
  if (step.type === 'ENTITY') {
    const entity = await unlessAppError(loadEntityDefinition(db, companyId, step.entity_id));
    if (!entity) return null;
    const { id, name, code, fields } = entity.primary;
    return { _id: id, name, code, fields };
  }
  return null;
}

/**
 * The steps of the public view, each TEMPLATE and ENTITY step carrying `template` (`{ _id, name,
 * code, fields }`; an ENTITY step its entity's primary template; null when gone), as the fill
 * screens read them.
 */
export async function publicStepsOf(
  db: Db,
  companyId: string,
  steps: readonly TStoredFormStep[],
): Promise<Array<TStoredFormStep & { template?: StepTemplate | null }>> {
  return Promise.all(
    steps.map(async (step) =>
      step.type === 'TEMPLATE' || step.type === 'ENTITY'
        ? { ...step, template: await templateOfStep(db, companyId, step) }
        : step,
    ),
  );
}
