import {
  APP_MANIFEST_FORMAT,
  APP_MANIFEST_VERSION,
  APP_SAMPLE_RECORDS_PER_ENTITY,
  appRef,
  type TAppComponent,
  type TAppInfo,
  type TAppManifestInput,
  type TAppRecord,
  type TAppRelationship,
} from '@esigns/contracts/apps';
import { ZRecordQuery } from '@esigns/contracts/entities';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { toFieldKey } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { getDashboard, listDashboards } from '../custom-dashboards';
import { entityEmailTemplates, findEmailTemplate } from '../email-templates';
import { loadDefinitions, type EntityDefinition } from '../entities';
import { queryRecords } from '../entity-data';
import { findEntityGroup } from '../entity-groups';
import { listEntityViews } from '../entity-views';
import { listFormBuilders } from '../form-builders';
import { findReadableTemplate } from '../form-templates';
import type { AccessContext } from '../permissions';
import { listEntityRelationships } from '../relationships';
import { loadWorkflow, presentWorkflow } from '../workflows';
import { refsIn, toRefs } from './refs';

/*
 * Packaging an entity group as a manifest, through the owning modules' reads: its entities and
 * their templates (standard templates stay as they are: every company has them), the group's form
 * templates, relationships between its entities, views and dashboards over them, forms whose
 * steps use them, the group's workflows, and optionally up to APP_SAMPLE_RECORDS_PER_ENTITY
 * records of each entity. Ids become references; an id of something outside the group is a 422
 * keyed to where it is written.
 */

/** A key from a name, unique among `taken`. */
function keyFor(name: string, taken: Set<string>): string {
  const base = toFieldKey(name).replace(/^f_/, 'c_').slice(0, 50) || 'item';
  let key = base;
  for (let n = 2; taken.has(key); n += 1) key = `${base}_${n}`;
  taken.add(key);
  return key;
}

const pick = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]]));

export async function packageGroup(
  db: Db,
  access: AccessContext,
  groupId: string,
  info: TAppInfo,
  includeRecords: boolean,
): Promise<TAppManifestInput> {
  const { companyId } = access;
  const group = await findEntityGroup(db, companyId, groupId);
  if (group.entity_ids.length === 0)
    throw validationError([
      { key: 'entity_group_id', path: ['entity_group_id'], message: 'The group has no entities' },
    ]);
  const loaded = await loadDefinitions(db, companyId, group.entity_ids);
  const defs: EntityDefinition[] = group.entity_ids.flatMap((id) => loaded.get(id) ?? []);
  const refOf = new Map<string, string>();
  const keep = new Set<string>();
  const taken = new Set<string>();
  const name = (kind: Parameters<typeof appRef>[0], id: string, label: string) => {
    const key = keyFor(label, taken);
    refOf.set(id, appRef(kind, key));
    return key;
  };

  // Templates: the entities' own, then the group's; standard ones (no company) are kept as ids.
  const templateIds = [
    ...new Set([...defs.flatMap((d) => d.templates.map((t) => t.id)), ...group.form_template_ids]),
  ];
  const templates: { key: string; body: Record<string, unknown> }[] = [];
  for (const id of templateIds) {
    const row = await findReadableTemplate(db, companyId, id);
    if (row.companyId === null) {
      keep.add(id);
      continue;
    }
    templates.push({
      key: name('template', id, row.name),
      body: {
        name: row.name,
        description: row.description,
        fields: row.fields,
        is_repeatable: row.isRepeatable,
        max_entries: row.maxEntries,
        icon: row.icon,
      },
    });
  }
  const entities = defs.map((def) => ({
    key: name('entity', def.row.id, def.row.name),
    body: {
      name: def.row.name,
      description: def.row.description,
      entity_type: def.row.entityType,
      icon: def.row.icon,
      templates: def.row.templates,
      display_field: def.row.displayField,
      duplicate_rules: def.row.duplicateRules,
    } as Record<string, unknown>,
  }));

  const inGroup = new Set(group.entity_ids);
  const relationships: TAppRelationship[] = [];
  const seenRels = new Set<string>();
  for (const def of defs) {
    for (const rel of await listEntityRelationships(db, companyId, def.row.id)) {
      if (seenRels.has(rel._id) || !inGroup.has(rel.parent_entity_id) || !inGroup.has(rel.child_entity_id))
        continue;
      seenRels.add(rel._id);
      const key = name('relationship', rel._id, `${rel.parent_label} ${rel.child_label}`);
      relationships.push({
        key,
        parent: rel.parent_entity_id,
        body: pick(rel as unknown as Record<string, unknown>, [
          'child_entity_id',
          'relationship_type',
          'parent_label',
          'child_label',
        ]),
      });
    }
  }

  const views: TAppComponent[] = [];
  const seenViews = new Set<string>();
  for (const def of defs) {
    const { rows } = await listEntityViews(db, companyId, {
      entity_id: def.row.id,
      page: 1,
      limit: 100,
    } as never);
    for (const view of rows) {
      if (seenViews.has(view._id)) continue;
      seenViews.add(view._id);
      if (!view.config.entities.every((e) => inGroup.has(e.entity_id))) continue;
      views.push({
        key: name('view', view._id, view.name),
        body: pick(view, ['name', 'description', 'config']),
      });
    }
  }

  const emailTemplates: TAppComponent[] = [];
  for (const def of defs) {
    for (const { id } of await entityEmailTemplates(db, companyId, def.row.id)) {
      const row = await findEmailTemplate(db, companyId, id, 'ENTITY');
      emailTemplates.push({
        key: name('email_template', id, row.name),
        body: {
          type: 'ENTITY',
          name: row.name,
          entity_id: def.row.id,
          subject: row.subject,
          body_html: row.bodyHtml,
        },
      });
    }
  }

  // Forms whose steps name only what the app holds (at least one thing of it).
  const forms: TAppComponent[] = [];
  const { rows: allForms } = await listFormBuilders(db, access, {
    page: 1,
    limit: 500,
    sort: 'name',
  } as never);
  for (const form of allForms) {
    const named = form.steps.flatMap((s) =>
      s.type === 'TEMPLATE'
        ? [s.template_id]
        : s.type === 'ENTITY'
          ? [s.entity_id]
          : s.type === 'DOCUMENT'
            ? ['-']
            : [],
    );
    if (named.length === 0 || !named.every((id) => refOf.has(id) || keep.has(id))) continue;
    if (!named.some((id) => refOf.has(id))) continue;
    forms.push({
      key: name('form', form._id, form.name),
      body: pick(form as unknown as Record<string, unknown>, [
        'name',
        'description',
        'owner_type',
        'status',
        'steps',
        'settings',
      ]),
    });
  }

  const workflows: TAppComponent[] = [];
  for (const id of group.workflow_ids) {
    const workflow = await presentWorkflow(db, await loadWorkflow(db, companyId, id));
    workflows.push({
      key: name('workflow', id, workflow.name),
      body: pick(workflow as unknown as Record<string, unknown>, [
        'name',
        'description',
        'contact_type_id',
        'steps',
        'timing',
      ]),
    });
  }

  const dashboards: TAppComponent[] = [];
  const { data: summaries } = await listDashboards(db, access, { page: 1, limit: 100 } as never);
  for (const summary of summaries) {
    const dashboard = await getDashboard(db, access, summary._id);
    const body = pick(dashboard as unknown as Record<string, unknown>, [
      'name',
      'description',
      'user_types',
      'widgets',
    ]);
    const probe: TValidationDetail[] = [];
    toRefs(body, refOf, keep, '', probe);
    const named = refsIn(toRefs(body, refOf, keep, '', []), '');
    if (probe.length > 0 || named.length === 0) continue;
    dashboards.push({ key: name('dashboard', dashboard._id, dashboard.name), body });
  }

  const records: TAppRecord[] = [];
  if (includeRecords) {
    for (const [index, def] of defs.entries()) {
      const page = await queryRecords(
        db,
        access,
        def,
        ZRecordQuery.parse({ entity_id: def.row.id, limit: APP_SAMPLE_RECORDS_PER_ENTITY }),
      );
      for (const record of page.data) {
        const key = keyFor(`${entities[index]!.key}_${record.title || 'record'}`, taken);
        refOf.set(record._id, appRef('record', key));
        records.push({ key, entity: def.row.id, values: record.values[def.primary.id] ?? {} });
      }
    }
    // A record may name only records before it: ones linking later records lose those links.
  }

  const problems: TValidationDetail[] = [];
  const converted = <T>(items: T[], section: string) =>
    items.map((item, index) => toRefs(item, refOf, keep, `${section}.${index}`, problems));
  const manifest: TAppManifestInput = {
    format: APP_MANIFEST_FORMAT,
    manifest_version: APP_MANIFEST_VERSION,
    app: info,
    templates: converted(templates, 'templates'),
    entities: converted(entities, 'entities'),
    relationships: converted(relationships, 'relationships'),
    views: converted(views, 'views'),
    email_templates: converted(emailTemplates, 'email_templates'),
    forms: converted(forms, 'forms'),
    workflows: converted(workflows, 'workflows'),
    dashboards: converted(dashboards, 'dashboards'),
    menus: [],
    records: dropForwardLinks(converted(records, 'records')),
  };
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
  return manifest;
}

/** Record values naming a record not listed before them: those links are left out. */
function dropForwardLinks(records: TAppRecord[]): TAppRecord[] {
  const seen = new Set<string>();
  return records.map((record) => {
    const values = Object.fromEntries(
      Object.entries(record.values).flatMap(([k, v]) => {
        const refs = refsIn(v, '').filter((r) => r.ref.startsWith('@record:'));
        return refs.every((r) => seen.has(r.ref)) ? [[k, v]] : [];
      }),
    );
    seen.add(appRef('record', record.key));
    return { ...record, values };
  });
}
