import type { TEntityCustomizationConfig } from '@esigns/contracts/entity-customization';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import type { Db } from '../../platform/db/database';
import { loadEntityDefinition } from '../entities';
import { templateDefinitions } from '../form-templates';
import { isKnownIcon } from '../icons';

/*
 * What the config schema cannot check alone: the columns and the sort name fields of the
 * entity's own templates, and the icon is one of the icon library. Problems are keyed by their
 * path in the body (`config.list_columns.2`, `config.default_sort.field`, `config.icon`).
 */

export type EntityRef = { id: string; name: string; templateIds: string[] };

/** The company's entity, else 404 (unknown, malformed or another company's id). */
export async function findCompanyEntity(db: Db, companyId: string, entityId: string): Promise<EntityRef> {
  const def = await loadEntityDefinition(db, companyId, entityId);
  return { id: def.row.id, name: def.row.name, templateIds: def.row.templates.map((t) => t.template_id) };
}

/** `<template_id>#<key>` of every field of the entity's templates. */
async function fieldRefsOf(db: Pick<Db, 'select'>, entity: EntityRef): Promise<Set<string>> {
  const templates = await templateDefinitions(db, entity.templateIds);
  return new Set([...templates.values()].flatMap((t) => t.fields.map((field) => `${t.id}#${field.key}`)));
}

const detail = (path: (string | number)[], message: string): TValidationDetail => ({
  key: path.join('.'),
  message,
  path,
});

/** The problems of a config for `entity` (empty when it is fine). */
export async function configProblems(
  db: Pick<Db, 'select'>,
  entity: EntityRef,
  config: TEntityCustomizationConfig,
): Promise<TValidationDetail[]> {
  const problems: TValidationDetail[] = [];
  if (config.icon !== null && !(await isKnownIcon(config.icon))) {
    problems.push(detail(['config', 'icon'], `${config.icon} is not an icon of the icon library`));
  }
  const refs = [...config.list_columns, ...(config.default_sort ? [config.default_sort.field] : [])];
  if (!refs.some((ref) => splitFieldRef(ref) !== null)) return problems;
  const known = await fieldRefsOf(db, entity);
  const isKnown = (ref: string) => splitFieldRef(ref) === null || known.has(ref);
  config.list_columns.forEach((ref, index) => {
    if (!isKnown(ref))
      problems.push(detail(['config', 'list_columns', index], `${ref} is not a field of ${entity.name}`));
  });
  if (config.default_sort && !isKnown(config.default_sort.field)) {
    problems.push(
      detail(
        ['config', 'default_sort', 'field'],
        `${config.default_sort.field} is not a field of ${entity.name}`,
      ),
    );
  }
  return problems;
}
