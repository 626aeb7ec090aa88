import type { z } from 'zod';
import {
  APP_COMPONENT_KINDS,
  APP_SECTIONS,
  ZAppManifest,
  appRef,
  type TAppComponentKind,
  type TAppManifest,
} from '@esigns/contracts/apps';
import { ZDashboardCreate } from '@esigns/contracts/custom-dashboards';
import { ZEmailTemplateCreate } from '@esigns/contracts/email';
import { ZCreateEntityRequest } from '@esigns/contracts/entities';
import { ZCreateEntityViewRequest } from '@esigns/contracts/entity-views';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { ZCreateFormBuilderRequest } from '@esigns/contracts/form-builders';
import { ZCreateFormTemplateRequest } from '@esigns/contracts/form-templates';
import { ZMenuItemInput } from '@esigns/contracts/menus';
import { ZCreateRelationshipRequest } from '@esigns/contracts/relationships';
import { ZWorkflowWrite } from '@esigns/contracts/workflows';
import { validationError } from '../../platform/http/app-error';
import { detail, placeholderId, refsIn, resolveRefs, zodDetails } from './refs';

/*
 * A manifest checked as a whole before anything is written: its shape, unique keys, every
 * reference pointing at a component of the manifest of a kind it may name, and every body valid
 * for its module (references stood in by placeholder ids). Problems come back as one 422, keyed
 * where they are written (`entities.1.body.templates.0.template_id`), under `prefix`.
 */

/** The create request each kind's body is. */
export const BODY_SCHEMAS: Record<TAppComponentKind, z.ZodType> = {
  template: ZCreateFormTemplateRequest,
  entity: ZCreateEntityRequest,
  relationship: ZCreateRelationshipRequest,
  view: ZCreateEntityViewRequest,
  email_template: ZEmailTemplateCreate,
  form: ZCreateFormBuilderRequest,
  workflow: ZWorkflowWrite,
  dashboard: ZDashboardCreate,
};

/** What a component of each kind may refer to (templates may name entities and relationships: their fields are completed after). */
const MAY_NAME: Record<TAppComponentKind | 'menu' | 'record', readonly string[]> = {
  template: ['template', 'entity', 'relationship'],
  entity: ['template'],
  relationship: ['entity'],
  view: ['entity', 'template'],
  email_template: ['entity', 'template'],
  form: ['template', 'entity'],
  workflow: ['form'],
  dashboard: ['entity', 'template', 'view'],
  menu: ['entity', 'view', 'template', 'dashboard'],
  record: ['entity', 'template', 'record'],
};

/** The parsed manifest, or a 422 with every problem. */
export function checkManifest(input: unknown, prefix = ''): TAppManifest {
  const join = (...parts: (string | number)[]) => [prefix, ...parts].filter((p) => p !== '').join('.');
  const parsed = ZAppManifest.safeParse(input);
  if (!parsed.success) {
    const problems = zodDetails(parsed.error, prefix);
    throw validationError(problems, problems[0]?.message ?? 'Not an app manifest');
  }
  const manifest = parsed.data;
  const problems: TValidationDetail[] = [];
  const known = new Set<string>();

  for (const kind of APP_COMPONENT_KINDS) {
    manifest[APP_SECTIONS[kind]].forEach((component, index) => {
      const ref = appRef(kind, component.key);
      if (known.has(ref))
        problems.push(
          detail(join(APP_SECTIONS[kind], index, 'key'), `Two ${kind}s have the key ${component.key}`),
        );
      known.add(ref);
    });
  }
  manifest.records.forEach((record, index) => {
    const ref = appRef('record', record.key);
    if (known.has(ref))
      problems.push(detail(join('records', index, 'key'), `Two records have the key ${record.key}`));
    known.add(ref);
  });

  const checkRefs = (value: unknown, at: string, kinds: readonly string[]) => {
    for (const { ref, at: where } of refsIn(value, at)) {
      const kind = ref.slice(1, ref.indexOf(':'));
      if (!kinds.includes(kind)) problems.push(detail(where, `A ${kind} cannot be named here`));
      else if (!known.has(ref)) problems.push(detail(where, `${ref} is not in the app`));
    }
  };
  const checkBody = (schema: z.ZodType, body: unknown, at: string) => {
    const result = schema.safeParse(resolveRefs(body, placeholderId));
    if (!result.success) problems.push(...zodDetails(result.error, at));
  };

  for (const kind of APP_COMPONENT_KINDS) {
    manifest[APP_SECTIONS[kind]].forEach((component, index) => {
      const at = join(APP_SECTIONS[kind], index, 'body');
      checkRefs(component.body, at, MAY_NAME[kind]);
      checkBody(BODY_SCHEMAS[kind], component.body, at);
    });
  }
  manifest.relationships.forEach((rel, index) => {
    checkRefs(rel.parent, join('relationships', index, 'parent'), ['entity']);
    if (!rel.parent.startsWith('@entity:'))
      problems.push(
        detail(join('relationships', index, 'parent'), 'Name the parent entity as @entity:<key>'),
      );
  });
  manifest.menus.forEach((menu, index) =>
    menu.items.forEach((item, i) => {
      const at = join('menus', index, 'items', i);
      checkRefs(item, at, MAY_NAME.menu);
      checkBody(ZMenuItemInput, item, at);
    }),
  );
  const seenRecords = new Set<string>();
  manifest.records.forEach((record, index) => {
    checkRefs(record.entity, join('records', index, 'entity'), ['entity']);
    if (!record.entity.startsWith('@entity:'))
      problems.push(detail(join('records', index, 'entity'), 'Name the entity as @entity:<key>'));
    checkRefs(record.values, join('records', index, 'values'), MAY_NAME.record);
    for (const { ref, at } of refsIn(record.values, join('records', index, 'values')))
      if (ref.startsWith('@record:') && !seenRecords.has(ref))
        problems.push(detail(at, 'A record can only name a record listed before it'));
    seenRecords.add(appRef('record', record.key));
  });
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
  return manifest;
}
