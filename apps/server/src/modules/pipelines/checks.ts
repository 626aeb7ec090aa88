import type { TValidationDetail } from '@esigns/contracts/envelope';
import {
  isRecordEvent,
  type TPipelineAction,
  type TPipelineCondition,
  type TPipelineTrigger,
} from '@esigns/contracts/pipelines';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findEntityEmailTemplate } from '../email-templates';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import { checkTarget, UnsafeTargetError } from '../webhooks';
import { findWorkflow } from '../workflows';
import { documentActionProblems } from './send-document';

/*
 * A pipeline's definition checked before it is stored: the entity of a record trigger, condition
 * fields, and each action's entity, fields, template and workflow. Another company's entity,
 * template or workflow answers 404 as an unknown one; a mismatch is a 422 keyed by its path.
 */

export type PipelineDefinition = {
  trigger: TPipelineTrigger;
  entityId: string | null;
  conditions: TPipelineCondition[];
  actions: TPipelineAction[];
};

/** Field types a pipeline cannot write (computed, signatures, pay buttons, tables). */
const NOT_WRITABLE = new Set([
  'FORMULA',
  'AUTO_INCREMENT',
  'AGGREGATE',
  'GLOBAL_VARIABLE',
  'SIGNATURE',
  'PAY_BUTTON',
  'DATA_TABLE',
]);

/** `<code>.<key>` -> the template id and field, for the entity's non-repeatable templates. */
export function fieldsByName(def: EntityDefinition, writableOnly = false) {
  const fields = new Map<string, { templateId: string; key: string; type: string }>();
  for (const template of def.templates) {
    if (template.isRepeatable) continue;
    for (const field of template.fields) {
      if (writableOnly && NOT_WRITABLE.has(field.type)) continue;
      fields.set(`${template.code}.${field.key}`, {
        templateId: template.id,
        key: field.key,
        type: field.type,
      });
    }
  }
  return fields;
}

/** Names that are not a record's field: `record.*`, `event.*`, `data.*`, `step<N>.*`. */
export const isRunName = (name: string): boolean => /^(record|event|data|step\d+)\./.test(name);

export const detail = (path: (string | number)[], message: string): TValidationDetail => ({
  key: path.join('.'),
  path,
  message,
});

function valueProblems(
  values: Record<string, string>,
  def: EntityDefinition,
  path: (string | number)[],
): TValidationDetail[] {
  const fields = fieldsByName(def, true);
  return Object.keys(values).flatMap((name) =>
    fields.has(name)
      ? []
      : [detail([...path, name], `Not a field of ${def.row.name} that a pipeline can set`)],
  );
}

async function actionProblems(
  platform: Platform,
  db: Db,
  companyId: string,
  action: TPipelineAction,
  index: number,
  triggerDef: EntityDefinition | null,
): Promise<TValidationDetail[]> {
  const path = ['actions', index];
  switch (action.type) {
    case 'create_record': {
      const def = await loadEntityDefinition(db, companyId, action.entity_id);
      return valueProblems(action.values, def, [...path, 'values']);
    }
    case 'update_record': {
      if (action.record_id.trim() !== '') return [];
      if (!triggerDef) {
        return [
          detail([...path, 'record_id'], 'Only record triggers have a triggering record: name the record'),
        ];
      }
      return valueProblems(action.values, triggerDef, [...path, 'values']);
    }
    case 'send_email': {
      const template = await findEntityEmailTemplate(db, companyId, action.template_id);
      return triggerDef && template.entityId !== triggerDef.row.id
        ? [detail([...path, 'template_id'], 'This template is for another entity')]
        : [];
    }
    case 'start_workflow':
      await findWorkflow(db, companyId, action.workflow_id);
      return [];
    case 'call_webhook':
      return urlProblems(platform, action.url, [...path, 'url']);
    case 'send_document':
      return documentActionProblems(db, companyId, action, path);
  }
}

/** The address as webhook endpoints are checked (http(s), no private address unless allowed). */
async function urlProblems(platform: Platform, url: string, path: (string | number)[]) {
  try {
    await checkTarget(url, { allowPrivate: platform.config.webhooks.allowPrivate });
    return [];
  } catch (err) {
    if (err instanceof UnsafeTargetError) return [detail(path, err.message)];
    throw err;
  }
}

/** Checks a whole definition; answers the trigger entity's definition (record triggers). */
export async function checkDefinition(
  platform: Platform,
  companyId: string,
  input: PipelineDefinition,
): Promise<EntityDefinition | null> {
  const db = platform.database.db;
  const record = isRecordEvent(input.trigger);
  if (record && !input.entityId) {
    throw validationError(
      [detail(['entity_id'], 'Choose the entity whose records trigger it')],
      'Choose the entity whose records trigger it',
    );
  }
  const def = record && input.entityId ? await loadEntityDefinition(db, companyId, input.entityId) : null;
  const names = def ? fieldsByName(def) : new Map();
  const problems: TValidationDetail[] = input.conditions.flatMap((condition, i) =>
    isRunName(condition.field) || names.has(condition.field)
      ? []
      : [
          detail(
            ['conditions', i, 'field'],
            def ? `Not a field of ${def.row.name}` : 'Not a value of this trigger',
          ),
        ],
  );
  for (const [i, action] of input.actions.entries()) {
    problems.push(...(await actionProblems(platform, db, companyId, action, i, def)));
  }
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
  return def;
}
