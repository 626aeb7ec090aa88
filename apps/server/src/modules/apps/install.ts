import {
  APP_SECTIONS,
  appRef,
  type TAppComponent,
  type TAppComponentKind,
  type TAppManifest,
  type TAppMenu,
} from '@esigns/contracts/apps';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import { ZMenuItemInput, type TMenuItemParsed } from '@esigns/contracts/menus';
import type { Db } from '../../platform/db/database';
import { AppError, unlessAppError, validationError } from '../../platform/http/app-error';
import { createDashboard } from '../custom-dashboards';
import { createEmailTemplate } from '../email-templates';
import { createEntity, loadEntityDefinition } from '../entities';
import { createRecords } from '../entity-data';
import { createEntityView } from '../entity-views';
import { createFormBuilder } from '../form-builders';
import { createFormTemplate, findReadableTemplate, updateFormTemplate } from '../form-templates';
import { createMenu, getMenu, updateMenu } from '../menus';
import type { AccessContext } from '../permissions';
import { createRelationships } from '../relationships';
import { createWorkflow } from '../workflows';
import { BODY_SCHEMAS } from './check';
import { parsedOr422, refsIn, resolveRefs } from './refs';

/*
 * Installing a checked manifest into a company, inside the caller's transaction: components in
 * dependency order through their modules' own create functions (so every rule of each module
 * holds), each reference replaced by the id just created. A name the company already uses gets
 * " (2)", " (3)"... Template fields that name entities or relationships (ENTITY, AGGREGATE) are
 * added once those exist. Any refusal is re-keyed to the component (`views.0.body.name`) and
 * undoes the whole install (the caller's transaction).
 *
 * With `created` of an earlier install (an update), components already there are kept as the
 * company may have changed them, except templates, which gain the fields the new version adds;
 * new components are created; records are only created on a first install.
 */

export type InstallOutcome = {
  created: Record<string, string>;
  renamed: Record<string, string>;
  recordsCreated: number;
  fieldsAdded: number;
};

const MAX_NAME_TRIES = 20;
const suffixed = (name: string, n: number) => (n === 1 ? name : `${name} (${n})`);

/** Whether `err` refuses a name as taken (a 422 keyed `name`, or 409 naming it). */
const nameTaken = (err: unknown) =>
  err instanceof AppError &&
  ((err.code === 'VALIDATION_FAILED' && (err.details ?? []).some((d) => d.key === 'name')) ||
    (err.code === 'CONFLICT' && /name|called/i.test(err.message)));

/** An error of a module re-keyed under `at` (its details keep their own path after it). */
function rekeyed(err: unknown, at: string): unknown {
  if (!(err instanceof AppError)) return err;
  if (err.code === 'VALIDATION_FAILED') {
    const details: TValidationDetail[] = (err.details ?? [{ key: '', message: err.message, path: [] }]).map(
      (d) => {
        const key = d.key ? `${at}.${d.key}` : at;
        return { key, message: d.message, path: key.split('.') };
      },
    );
    return validationError(details, `${at}: ${details[0]?.message ?? err.message}`);
  }
  if (err.code === 'NOT_FOUND' || err.code === 'CONFLICT' || err.code === 'BAD_REQUEST')
    return validationError([{ key: at, path: at.split('.'), message: err.message }], `${at}: ${err.message}`);
  return err;
}

export async function installManifest(
  tx: Db,
  access: AccessContext,
  manifest: TAppManifest,
  options: { previous?: Record<string, string>; includeRecords: boolean },
): Promise<InstallOutcome> {
  const ids = new Map<string, string>(Object.entries(options.previous ?? {}));
  const renamed: Record<string, string> = {};
  const resolve = (ref: string) => {
    const id = ids.get(ref);
    if (!id)
      throw new Error(`${ref} used before it was created (the manifest check lets no such order through)`);
    return id;
  };

  /** Creates under a free name: the manifest's, else with a suffix. Savepoint per try. */
  async function named<T extends { _id: string }>(
    ref: string,
    at: string,
    name: string,
    create: (db: Db, name: string) => Promise<T>,
  ): Promise<T> {
    for (let n = 1; ; n += 1) {
      const candidate = suffixed(name, n);
      try {
        const made = await tx.transaction((sp) => create(sp as unknown as Db, candidate));
        if (n > 1) renamed[ref] = candidate;
        return made;
      } catch (err) {
        if (!nameTaken(err) || n >= MAX_NAME_TRIES) throw rekeyed(err, at);
      }
    }
  }

  const parse = (kind: TAppComponentKind, body: unknown, at: string) =>
    parsedOr422(BODY_SCHEMAS[kind], body, at) as Record<string, unknown>;

  const fresh = (kind: TAppComponentKind) =>
    manifest[APP_SECTIONS[kind]]
      .map((component, index) => ({ component, index, ref: appRef(kind, component.key) }))
      .filter(({ ref }) => !ids.has(ref));

  // 1. Templates, without the fields that name entities or relationships (added in 4).
  const laterFields = (fields: unknown[]) =>
    fields.filter((f) =>
      refsIn(f, '').some((r) => r.ref.startsWith('@entity:') || r.ref.startsWith('@relationship:')),
    );
  let fieldsAdded = 0;
  const templatesToComplete: { id: string; fields: unknown[]; at: string; merge: boolean }[] = [];
  for (const { component, index, ref } of manifest.templates.map((component, index) => ({
    component,
    index,
    ref: appRef('template', component.key),
  }))) {
    const at = `templates.${index}.body`;
    const allFields = Array.isArray(component.body.fields) ? (component.body.fields as unknown[]) : [];
    const later = new Set(laterFields(allFields));
    const existing = ids.get(ref);
    if (existing) {
      templatesToComplete.push({ id: existing, fields: allFields, at, merge: true });
      continue;
    }
    const body = parse(
      'template',
      { ...component.body, code: undefined, fields: allFields.filter((f) => !later.has(f)) },
      at,
    );
    const made = await named(ref, at, String(body.name), (db, name) =>
      createFormTemplate(db, access, { ...body, name } as Parameters<typeof createFormTemplate>[2]),
    );
    ids.set(ref, made._id);
    if (later.size > 0) templatesToComplete.push({ id: made._id, fields: allFields, at, merge: false });
  }

  // 2. Entities.
  for (const { component, index, ref } of fresh('entity')) {
    const at = `entities.${index}.body`;
    const body = parse('entity', resolveRefs(component.body, resolve), at);
    const made = await named(ref, at, String(body.name), (db, name) =>
      createEntity(db, access, { ...body, name } as Parameters<typeof createEntity>[2]),
    );
    ids.set(ref, made._id);
  }

  // 3. Relationships.
  for (const { component, index, ref } of fresh('relationship')) {
    const at = `relationships.${index}`;
    const body = parse('relationship', resolveRefs(component.body, resolve), `${at}.body`);
    const parentId = resolve((component as TAppComponent & { parent: string }).parent);
    try {
      const [made] = await tx.transaction((sp) =>
        createRelationships(
          sp as unknown as Db,
          access,
          [{ parent_entity_id: parentId, ...body } as never],
          (_i, field) => (field === 'parent_entity_id' ? 'parent' : `body.${field}`),
        ),
      );
      ids.set(ref, made!._id);
    } catch (err) {
      throw rekeyed(err, at);
    }
  }

  // 4. Template fields naming entities and relationships; new fields of an updated template.
  for (const item of templatesToComplete) {
    const wanted = resolveRefs(item.fields, resolve) as TFormField[];
    const current = await unlessAppError(findReadableTemplate(tx, access.companyId, item.id));
    if (!current) continue; // removed by the company since: left out
    const have = current.fields as TFormField[];
    const keys = new Set(have.map((f) => f.key));
    const added = wanted.filter((f) => !keys.has(f.key));
    if (added.length === 0) continue;
    if (item.merge) fieldsAdded += added.length;
    const fields = item.merge ? [...have, ...added] : wanted;
    const parsedFields = parsedOr422(ZFormFields, fields, `${item.at}.fields`);
    try {
      await tx.transaction((sp) =>
        updateFormTemplate(sp as unknown as Db, access, {
          _id: item.id,
          fields: parsedFields as never,
        }),
      );
    } catch (err) {
      throw rekeyed(err, item.at);
    }
  }

  // 5. Views, email templates, forms, workflows, dashboards.
  const creators: [TAppComponentKind, (db: Db, body: Record<string, unknown>) => Promise<{ _id: string }>][] =
    [
      ['view', (db, body) => createEntityView(db, access, body as never)],
      ['email_template', (db, body) => createEmailTemplate(db, access, body as never)],
      ['form', (db, body) => createFormBuilder(db, access, body as never)],
      ['workflow', (db, body) => createWorkflow(db, access, body as never)],
      ['dashboard', (db, body) => createDashboard(db, access, body as never)],
    ];
  for (const [kind, create] of creators) {
    for (const { component, index, ref } of fresh(kind)) {
      const at = `${APP_SECTIONS[kind]}.${index}.body`;
      const body = parse(kind, resolveRefs(component.body, resolve), at);
      const made = await named(ref, at, String(body.name), (db, name) => create(db, { ...body, name }));
      ids.set(ref, made._id);
    }
  }

  // 6. Menu groups.
  for (const [index, menu] of manifest.menus.entries()) {
    const ref = `@menu:${menu.key}`;
    if (ids.has(ref)) continue;
    const key = await addMenuGroup(tx, access, menu, resolveRefs(menu.items, resolve), `menus.${index}`);
    ids.set(ref, `${menu.user_type}/${key}`);
  }

  // 7. Sample records (first install only), in manifest order (a record names earlier ones only).
  let recordsCreated = 0;
  if (options.includeRecords && !options.previous) {
    for (const [index, record] of manifest.records.entries()) {
      const at = `records.${index}.values`;
      const def = await loadEntityDefinition(tx, access.companyId, resolve(record.entity));
      const values = resolveRefs(record.values, resolve);
      try {
        const [row] = await tx.transaction((sp) =>
          createRecords(sp as unknown as Db, access, def, [{ [def.primary.id]: values }], () => []),
        );
        ids.set(appRef('record', record.key), row!.id);
        recordsCreated += 1;
      } catch (err) {
        throw rekeyed(err, at);
      }
    }
  }

  return { created: Object.fromEntries(ids), renamed, recordsCreated, fieldsAdded };
}

/** The app's group appended to a staff user type's sidebar (its stored menu, or the default one); answers the group's key. */
async function addMenuGroup(
  tx: Db,
  access: AccessContext,
  menu: TAppMenu,
  items: Record<string, unknown>[],
  at: string,
): Promise<string> {
  const current = await getMenu(tx, access, menu.user_type, { edit: true });
  const key = `app-${menu.key}-${Date.now().toString(36)}`;
  const kept = current.items.map((item) => ZMenuItemInput.parse(item));
  const group = parsedOr422(
    ZMenuItemInput,
    {
      kind: 'GROUP',
      key,
      label: menu.label,
      icon: menu.icon,
      children: items,
    },
    at,
  );
  const next: TMenuItemParsed[] = [...kept, group];
  try {
    await tx.transaction((sp) =>
      current.is_default
        ? createMenu(sp as unknown as Db, access, { user_type: menu.user_type, items: next })
        : updateMenu(sp as unknown as Db, access, {
            user_type: menu.user_type,
            items: next,
            version: current.version,
          }),
    );
  } catch (err) {
    throw rekeyed(err, at);
  }
  return key;
}

/** Takes an app's group out of a sidebar (nothing when it is gone already). */
export async function removeMenuGroup(
  tx: Db,
  access: AccessContext,
  userType: string,
  key: string,
): Promise<void> {
  const current = await getMenu(tx, access, userType, { edit: true });
  if (current.is_default || !current.items.some((item) => item.key === key)) return;
  const items = current.items.filter((item) => item.key !== key).map((item) => ZMenuItemInput.parse(item));
  await updateMenu(tx, access, { user_type: userType, items, version: current.version });
}
