import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type {
  TApplicationUserPermission,
  TContactEntityAccess,
  TEntityPermissionRule,
} from '@esigns/contracts/application-users';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { notFound, validationError } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import { findContactTypes } from '../contacts';
import { entityNames } from '../entities';
import { applicationUserPermissions as rules } from './schema';

type Rule = typeof rules.$inferSelect;

/** What a contact may do with one entity's records (the `application_user_permissions` row). */
export type ContactEntityRule = {
  entityId: string;
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  scope: 'OWN' | 'ALL';
};

function toRule(row: Rule): ContactEntityRule {
  return {
    entityId: row.entityId,
    read: row.canRead,
    create: row.canCreate,
    update: row.canUpdate,
    delete: row.canDelete,
    scope: row.scope,
  };
}

/**
 * The rule of the contact's type for one entity, or null (no type, no row, or an id that is not a
 * uuid): the one check entity data runs before any query of a contact call.
 */
export async function contactEntityRule(
  db: Pick<Db, 'select'>,
  contact: Pick<ContactContext, 'companyId' | 'contactTypeId'>,
  entityId: string,
): Promise<ContactEntityRule | null> {
  if (!contact.contactTypeId || !isUuid(entityId)) return null;
  const [row] = await db
    .select()
    .from(rules)
    .where(
      and(
        eq(rules.companyId, contact.companyId),
        eq(rules.contactTypeId, contact.contactTypeId),
        eq(rules.entityId, entityId),
      ),
    )
    .limit(1);
  return row ? toRule(row) : null;
}

/** The rules of the contact's type (every entity it may touch), for views and menus over several entities. */
export async function contactEntityRules(
  db: Pick<Db, 'select'>,
  contact: Pick<ContactContext, 'companyId' | 'contactTypeId'>,
): Promise<ContactEntityRule[]> {
  if (!contact.contactTypeId) return [];
  const rows = await db
    .select()
    .from(rules)
    .where(and(eq(rules.companyId, contact.companyId), eq(rules.contactTypeId, contact.contactTypeId)));
  return rows.map(toRule);
}

/** `GET /application-user/permissions/entity/{id}` for a contact: their own rule, 404 when none. */
export async function ownEntityAccess(
  db: Pick<Db, 'select'>,
  contact: ContactContext,
  entityId: string,
): Promise<TContactEntityAccess> {
  const rule = await contactEntityRule(db, contact, entityId);
  if (!rule) throw notFound('Entity permission');
  return {
    entity_id: rule.entityId,
    read: rule.read,
    create: rule.create,
    update: rule.update,
    delete: rule.delete,
    scope: rule.scope,
  };
}

type ListFilter = { contactTypeId?: string; entityId?: string };

/** The company's rules with their type and entity names, by type then entity name. */
async function listRules(db: Pick<Db, 'select'>, companyId: string, filter: ListFilter) {
  const rows = await db
    .select({ rule: rules, entityName: entityNames.name })
    .from(rules)
    .innerJoin(entityNames, eq(entityNames.id, rules.entityId))
    .where(
      and(
        eq(rules.companyId, companyId),
        filter.contactTypeId ? eq(rules.contactTypeId, filter.contactTypeId) : undefined,
        filter.entityId ? eq(rules.entityId, filter.entityId) : undefined,
      ),
    )
    .orderBy(sql`lower(${entityNames.name})`, asc(rules.id));
  const types = new Map(
    (await findContactTypes(db, companyId, [...new Set(rows.map((r) => r.rule.contactTypeId))])).map((t) => [
      t.id,
      t.name,
    ]),
  );
  return rows.map(({ rule, entityName }): TApplicationUserPermission => ({
    _id: rule.id,
    contact_type_id: rule.contactTypeId,
    contact_type_name: types.get(rule.contactTypeId) ?? '',
    entity_id: rule.entityId,
    entity_name: entityName,
    read: rule.canRead,
    create: rule.canCreate,
    update: rule.canUpdate,
    delete: rule.canDelete,
    scope: rule.scope,
    updated_at: rule.updatedAt.toISOString(),
  }));
}

/** A contact type of the company, or 404 (in a body: 422 keyed `contact_type_id`). */
async function assertContactType(
  db: Pick<Db, 'select'>,
  companyId: string,
  contactTypeId: string,
  inBody: boolean,
): Promise<void> {
  const [type] = await findContactTypes(db, companyId, [contactTypeId]);
  if (type) return;
  if (inBody) {
    throw validationError([
      { key: 'contact_type_id', path: ['contact_type_id'], message: 'Unknown contact type' },
    ]);
  }
  throw notFound('Contact type');
}

/** `GET /application-user/permissions[?contact_type_id=]`: the company's rules (one type's when given). */
export async function listPermissions(
  db: Pick<Db, 'select'>,
  companyId: string,
  contactTypeId?: string,
): Promise<TApplicationUserPermission[]> {
  if (contactTypeId) await assertContactType(db, companyId, contactTypeId, false);
  return listRules(db, companyId, { contactTypeId });
}

/** `GET /application-user/permissions/entity/{id}` for staff: every type's rule for the entity. */
export async function entityPermissions(
  db: Pick<Db, 'select'>,
  companyId: string,
  entityId: string,
): Promise<TApplicationUserPermission[]> {
  if (!isUuid(entityId)) throw notFound('Entity');
  const [entity] = await db
    .select({ id: entityNames.id })
    .from(entityNames)
    .where(and(eq(entityNames.companyId, companyId), eq(entityNames.id, entityId)))
    .limit(1);
  if (!entity) throw notFound('Entity');
  return listRules(db, companyId, { entityId });
}

/**
 * `POST|PUT /application-user/permissions[/{id}]`: writes the type's rules in one transaction.
 * POST adds or changes the listed entities' rules; PUT makes the list the type's whole set (rules
 * of entities not listed go). A rule that allows nothing is stored as no rule. Unknown or another
 * company's entities: 422 keyed `permissions.{i}.entity_id`.
 */
export async function setPermissions(
  db: Db,
  input: {
    companyId: string;
    userId: string;
    contactTypeId: string;
    permissions: TEntityPermissionRule[];
    replace: boolean;
    /** The contact type came in the body (422) rather than the path (404). */
    typeInBody: boolean;
  },
): Promise<TApplicationUserPermission[]> {
  const { companyId, contactTypeId, permissions } = input;
  await assertContactType(db, companyId, contactTypeId, input.typeInBody);
  const ids = permissions.map((p) => p.entity_id);
  const known =
    ids.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ id: entityNames.id })
              .from(entityNames)
              .where(and(eq(entityNames.companyId, companyId), inArray(entityNames.id, ids)))
          ).map((row) => row.id),
        );
  const unknown = permissions.flatMap((p, i) =>
    known.has(p.entity_id)
      ? []
      : [
          {
            key: `permissions.${i}.entity_id`,
            path: ['permissions', i, 'entity_id'],
            message: 'Unknown entity',
          },
        ],
  );
  if (unknown.length > 0) throw validationError(unknown);

  const granting = permissions.filter((p) => p.read || p.create || p.update || p.delete);
  const empty = permissions
    .filter((p) => !(p.read || p.create || p.update || p.delete))
    .map((p) => p.entity_id);
  const ofType = and(eq(rules.companyId, companyId), eq(rules.contactTypeId, contactTypeId));
  await db.transaction(async (tx) => {
    if (input.replace) {
      const keep = granting.map((p) => p.entity_id);
      await tx
        .delete(rules)
        .where(and(ofType, keep.length > 0 ? notInArray(rules.entityId, keep) : undefined));
    } else if (empty.length > 0) {
      await tx.delete(rules).where(and(ofType, inArray(rules.entityId, empty)));
    }
    if (granting.length === 0) return;
    const now = new Date();
    await tx
      .insert(rules)
      .values(
        granting.map((p) => ({
          companyId,
          contactTypeId,
          entityId: p.entity_id,
          canRead: p.read,
          canCreate: p.create,
          canUpdate: p.update,
          canDelete: p.delete,
          scope: p.scope,
          updatedBy: input.userId,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [rules.contactTypeId, rules.entityId],
        set: {
          canRead: sql`excluded.can_read`,
          canCreate: sql`excluded.can_create`,
          canUpdate: sql`excluded.can_update`,
          canDelete: sql`excluded.can_delete`,
          scope: sql`excluded.scope`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  });
  return listRules(db, companyId, { contactTypeId });
}
