import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';
import { AppError, unlessAppError, validationError } from '../../platform/http/app-error';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import { findReadableTemplateAt } from '../form-templates';

/*
 * A step's values, checked by THE shared validator of template values (the one records use, the
 * one the fill screen runs): a TEMPLATE step against its form template, an ENTITY step against
 * its entity's primary template. A partial save checks only the fields sent and keeps the
 * others; completing a step checks the whole step, required fields included.
 */

export type StepFields = { fields: TFormField[]; entity: EntityDefinition | null };

const gone = (what: string) =>
  new AppError('CONFLICT', { message: `The ${what} of this step no longer exists: ask the form's owner` });

/**
 * The fields a TEMPLATE or ENTITY step is filled with (409 when its template or entity is gone).
 * `templateStamps` (template id -> stamp, read along by the caller): the template comes from
 * form-templates' cache while its stamp holds.
 */
export async function fieldsOfStep(
  db: Db,
  companyId: string,
  step: TStoredFormStep,
  templateStamps: Record<string, string> = {},
): Promise<StepFields> {
  if (step.type === 'TEMPLATE') {
    const stamp = templateStamps[step.template_id];
    const template = await unlessAppError(findReadableTemplateAt(db, companyId, step.template_id, stamp));
    if (!template || template.deletedAt) throw gone('template');
    return { fields: template.fields, entity: null };
  }
  if (step.type === 'ENTITY') {
    const entity = await unlessAppError(loadEntityDefinition(db, companyId, step.entity_id));
    if (!entity) throw gone('entity');
    return { fields: entity.primary.fields, entity };
  }
  throw new AppError('CONFLICT', { message: `A ${step.type} step has no values` });
}

type Values = Record<string, unknown>;

/**
 * The step's values after this save: `input` merged over `stored`. Problems are keyed
 * `values.<field>` (data table cells `values.<table>.<row>.<column>`); any answers 422.
 */
export function mergeStepValues(
  fields: readonly TFormField[],
  stored: Values,
  input: Values,
  options: { complete: boolean; companyId: string; prefix?: string[] },
): Values {
  const fileRefPrefix = `companies/${options.companyId}/`;
  const prefix = options.prefix ?? ['values'];
  let values: Values;
  let errors: TValidationDetail[];
  if (options.complete) {
    // Values of fields the template no longer has are dropped, not refused.
    const known = new Set(fields.map((field) => field.key));
    const kept = Object.fromEntries(Object.entries(stored).filter(([key]) => known.has(key)));
    ({ values, errors } = parseTemplateValues(
      fields,
      { ...kept, ...input },
      { partial: false, unknownKeys: 'reject', fileRefPrefix },
      prefix,
    ));
  } else {
    const parsed = parseTemplateValues(fields, input, { partial: true, fileRefPrefix }, prefix);
    values = { ...stored, ...parsed.values };
    errors = parsed.errors;
  }
  if (errors.length > 0) throw validationError(errors.slice(0, 200), errors[0]!.message);
  return values;
}
