import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TEntityRecordRead, TRecordPage, TRecordQuery } from '@esigns/contracts/entities';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import { contactEntityRule, type ContactEntityRule } from '../application-user-permissions';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { recordLinkCondition } from './hooks';
import type { RecordValues } from './record-values';
import { entityData } from './schema';
import { visibleRecords } from './staged-imports';
import {
  countWhere,
  createRecords,
  deleteRecords,
  findCompanyRecord,
  linkedTitles,
  queryRecords,
  toRecord,
  updateRecord,
  withComputedValues,
  type RecordRow,
} from './service';

/*
 * Records for a contact of the contact area (`/ap`): the same routes as staff, one check before any
 * query. The contact type's rule for the entity (application-user-permissions) must exist and give
 * the action; the record must be in the rule's scope (ALL: every record of the entity in the
 * company; OWN: the contact's account record, records linked to it by a relationship or an ENTITY
 * field, and records the contact created). No rule, or a record outside the scope: 404, exactly
 * like another company's id. An action the rule does not give on a record the contact may read: 403.
 */

/** The entity's ENTITY fields (templates that are not repeatable), with their template id. */
const entityFields = (def: EntityDefinition) =>
  def.templates.flatMap((t) =>
    t.isRepeatable
      ? []
      : t.fields.flatMap((field) => (field.type === 'ENTITY' ? [{ template: t.id, field }] : [])),
  );

export type ContactAction = 'read' | 'create' | 'update' | 'delete';

/** `scope`: the condition on `entity_data` of the records in the contact's scope (none with ALL). */
type ContactEntity = { def: EntityDefinition; rule: ContactEntityRule; scope: SQL | undefined };

/**
 * The records in a contact's OWN scope of `def`, as a condition on `entity_data`: created by them,
 * or (with an account record) that record, records linking it in an ENTITY field, records linked
 * to it by a relationship.
 */
function ownScope(def: EntityDefinition, contact: ContactContext): SQL {
  const ors: SQL[] = [sql`${entityData.createdBy} = ${contact.userId}`];
  const account = contact.accountDataId;
  if (account) {
    ors.push(sql`${entityData.id} = ${account}`);
    for (const { template, field } of entityFields(def)) {
      // One linked record (a string) or several (an array): both probes use the GIN index.
      for (const probe of [account, [account]]) {
        ors.push(
          sql`${entityData.values} @> ${JSON.stringify({ [template]: { [field.key]: probe } })}::jsonb`,
        );
      }
    }
    ors.push(recordLinkCondition(sql`${entityData.id}`, account));
  }
  return sql`(${sql.join(ors, sql` or `)})`;
}

/**
 * The entity for a contact's action, with the condition every record they reach must meet. No
 * rule, or a rule giving neither the action nor read: 404; a readable entity whose rule does not
 * give the action: 403.
 */
export async function contactEntity(
  db: Db,
  contact: ContactContext,
  entityId: string,
  action: ContactAction,
): Promise<ContactEntity> {
  const rule = await contactEntityRule(db, contact, entityId);
  if (!rule || (!rule[action] && !rule.read)) throw notFound('Entity');
  if (!rule[action]) {
    throw new AppError('FORBIDDEN', { message: `Your access does not allow this (${action})` });
  }
  const def = await loadEntityDefinition(db, contact.companyId, entityId);
  const scope = rule.scope === 'ALL' ? undefined : ownScope(def, contact);
  return { def, rule, scope };
}

/**
 * The definition of an entity the contact's type has any rule for (a create-only rule needs the
 * form's fields); none: 404, like another company's entity.
 */
export async function contactEntityDefinition(
  db: Db,
  contact: ContactContext,
  entityId: string,
): Promise<EntityDefinition> {
  if (!(await contactEntityRule(db, contact, entityId))) throw notFound('Entity');
  return loadEntityDefinition(db, contact.companyId, entityId);
}

/** The record if the contact may reach it for `action` (404 outside their scope, 403 without the action). */
export async function contactRecord(
  db: Db,
  contact: ContactContext,
  recordId: string,
  action: ContactAction,
  entityId?: string,
): Promise<{ row: RecordRow } & ContactEntity> {
  const found = await findCompanyRecord(db, contact.companyId, recordId);
  if (entityId !== undefined && found.entityId !== entityId) throw notFound('Record');
  // Reading first: a record the contact may not read is 404 whatever the action.
  const readable = await contactEntity(db, contact, found.entityId, 'read').catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'FORBIDDEN') throw notFound('Record');
    throw err;
  });
  const [inScope] = await db
    .select({ id: entityData.id })
    .from(entityData)
    .where(and(eq(entityData.id, found.id), readable.scope))
    .limit(1);
  if (!inScope) throw notFound('Record');
  if (action !== 'read' && !readable.rule[action]) {
    throw new AppError('FORBIDDEN', { message: `Your access does not allow this (${action})` });
  }
  return { row: found, ...readable };
}

/** What the record services need of a caller: a contact acts under their own user id. */
export function actingAs(contact: ContactContext): AccessContext {
  return {
    userId: contact.userId,
    companyId: contact.companyId,
    userType: 'MEMBER',
    planType: 'BUSINESS',
    roleId: null,
    permissions: new Set(),
  };
}

/**
 * `POST /entities-data/entity/data` for a contact: the grid's own query (`queryRecords`: filters,
 * sort, search, paging, the total capped as any grid's) with the contact's scope ANDed to it, so no
 * filter, base filter or view can widen it. Saved and global filters are the staff's: not applied.
 */
export async function contactRecordsPage(
  db: Db,
  contact: ContactContext,
  query: TRecordQuery,
): Promise<TRecordPage> {
  const { def, scope } = await contactEntity(db, contact, query.entity_id, 'read');
  return queryRecords(
    db,
    actingAs(contact),
    def,
    { ...query, filter_id: undefined, apply_global_filters: false },
    undefined,
    { scope },
  );
}

/**
 * How many records of the entity the contact may read (0 without `read`), exact up to
 * `RECORD_COUNT_CAP`: the contact's `records_count` of `GET /entities/{id}`.
 */
export async function contactRecordCount(db: Db, contact: ContactContext, entityId: string): Promise<number> {
  const rule = await contactEntityRule(db, contact, entityId);
  if (!rule?.read) return 0;
  const def = await loadEntityDefinition(db, contact.companyId, entityId);
  const scope = rule.scope === 'ALL' ? undefined : ownScope(def, contact);
  const where = and(eq(entityData.entityId, def.row.id), scope, visibleRecords());
  return (await countWhere(db, where ?? sql`true`)).total;
}

/** `GET /entity-data/{id}` for a contact. */
export async function contactReadRecord(
  db: Db,
  contact: ContactContext,
  id: string,
): Promise<TEntityRecordRead> {
  const { row, def } = await contactRecord(db, contact, id, 'read');
  const [[computed], titles] = await Promise.all([
    withComputedValues(db, def, [row]),
    linkedTitles(db, def, [row]),
  ]);
  return { ...toRecord(computed!), linked_titles: titles };
}

/**
 * The ENTITY fields of `def` that link records of the contact's account record's entity: a record
 * a contact creates is linked to their account record through them (set when empty; with an OWN
 * rule always, so a contact never files a record under another account).
 */
async function linkToAccount(
  db: Db,
  contact: ContactContext,
  def: EntityDefinition,
  rule: ContactEntityRule,
  input: unknown,
): Promise<unknown> {
  if (!contact.accountDataId || typeof input !== 'object' || input === null || Array.isArray(input))
    return input;
  const fields = entityFields(def);
  if (fields.length === 0) return input;
  const account = await findCompanyRecord(db, contact.companyId, contact.accountDataId);
  const values = { ...(input as RecordValues) };
  for (const { template, field } of fields) {
    if (field.entity_id !== account.entityId) continue;
    const own = { ...(values[template] ?? {}) };
    const current = own[field.key];
    const empty =
      current === undefined ||
      current === null ||
      current === '' ||
      (Array.isArray(current) && current.length === 0);
    if (!empty && rule.scope === 'ALL') continue;
    own[field.key] = field.allow_multiple ? [account.id] : account.id;
    values[template] = own;
  }
  return values;
}

/** A record created by the contact, linked to their account record; `inputOf` builds its values. */
async function createAsContact(
  db: Db,
  contact: ContactContext,
  entityId: string,
  inputOf: (def: EntityDefinition) => unknown,
): Promise<RecordRow> {
  const { def, rule } = await contactEntity(db, contact, entityId, 'create');
  const values = await linkToAccount(db, contact, def, rule, inputOf(def));
  const [row] = await createRecords(db, actingAs(contact), def, [values], () => ['values']);
  return row!;
}

/** `POST /entities-data` for a contact: created by them, linked to their account record. */
export function contactCreateRecord(
  db: Db,
  contact: ContactContext,
  entityId: string,
  input: unknown,
): Promise<RecordRow> {
  return createAsContact(db, contact, entityId, () => input);
}

/** `POST /templates-primaryData` for a contact (the grid's quick add): the primary template's values. */
export function contactCreatePrimaryRecord(
  db: Db,
  contact: ContactContext,
  entityId: string,
  values: Record<string, unknown>,
): Promise<RecordRow> {
  return createAsContact(db, contact, entityId, (def) => ({ [def.primary.id]: values }));
}

/** `PATCH /templates-data/{id}/{template_id}` for a contact (the caller rekeys errors). */
export async function contactUpdateRecord(
  db: Db,
  contact: ContactContext,
  id: string,
  input: RecordValues,
): Promise<RecordRow> {
  const { row, def } = await contactRecord(db, contact, id, 'update');
  return updateRecord(db, actingAs(contact), def, row.id, input, []);
}

/** `POST /entity-data/{id}/{entity_id}` for a contact. */
export async function contactDeleteRecord(
  db: Db,
  contact: ContactContext,
  id: string,
  entityId: string,
): Promise<number> {
  const { def } = await contactRecord(db, contact, id, 'delete', entityId);
  return deleteRecords(db, def, [id]);
}

/** `POST /entities-data/delete-many` for a contact: only records in their scope go. */
export async function contactDeleteRecords(
  db: Db,
  contact: ContactContext,
  entityId: string,
  ids: readonly string[],
): Promise<number> {
  const { def, scope } = await contactEntity(db, contact, entityId, 'delete');
  const inScope = await db
    .select({ id: entityData.id })
    .from(entityData)
    .where(and(eq(entityData.entityId, def.row.id), sql`${entityData.id} in ${ids}`, scope));
  return deleteRecords(
    db,
    def,
    inScope.map((r) => r.id),
  );
}
