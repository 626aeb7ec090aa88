import type { Db } from '../../platform/db/database';
import type { ContactContext } from '../application-users';

/*
 * What the modules above entities keep about an entity. Entities come before records,
 * relationships and views (module-order.json), so this module cannot read their tables: each
 * registers here at start-up (app.ts, before any route runs), and the entity calls consult them.
 */

/** The records of entities, kept by entity-data. */
export type EntityRecordStore = {
  /** Records of each entity, counted exactly up to `cap` (entity lists). */
  count(db: Db, entityIds: readonly string[], cap: number): Promise<Map<string, number>>;
  /**
   * The records of the entity a signed-in contact may read (their type's rule and scope; 0 without
   * `read`): a contact's `records_count`, never the entity's whole count.
   */
  countForContact(db: Db, contact: ContactContext, entityId: string): Promise<number>;
  /** Whether the entity has any record (its primary template may then not change). */
  hasAny(db: Db, entityId: string): Promise<boolean>;
  /** Sets every record's title from the display field of the primary template, in one statement. */
  retitle(tx: Db, entityId: string, primaryTemplateId: string, displayField: string | null): Promise<void>;
};

/** What deleting an entity takes along: counted first (a delete that takes anything needs `force`). */
export type EntityDependents = { records: number; relationships: number };

export type EntityDeletionGuard = {
  /** Who registers it (one guard per name). */
  name: string;
  /** How many of its rows the delete would take along, counted in the delete's transaction. */
  count?: (tx: Db, entityId: string) => Promise<Partial<EntityDependents>>;
  /** Removes what no foreign key removes, in the delete's transaction before the entity row goes. */
  beforeDelete?: (tx: Db, companyId: string, entityId: string) => Promise<void>;
};

let recordStore: EntityRecordStore | null = null;
const deletionGuards = new Map<string, EntityDeletionGuard>();

/** entity-data registers the record store. */
export function registerEntityRecordStore(store: EntityRecordStore): void {
  recordStore = store;
}

/** Adds (or replaces, by name) a deletion guard. */
export function registerEntityDeletionGuard(guard: EntityDeletionGuard): void {
  deletionGuards.set(guard.name, guard);
}

export function entityRecords(): EntityRecordStore {
  if (!recordStore) throw new Error('No module registered the entity record store (app.ts)');
  return recordStore;
}

/** Every guard's count, added up. */
export async function countDependents(tx: Db, entityId: string): Promise<EntityDependents> {
  const found: EntityDependents = { records: 0, relationships: 0 };
  for (const guard of deletionGuards.values()) {
    const counted = (await guard.count?.(tx, entityId)) ?? {};
    found.records += counted.records ?? 0;
    found.relationships += counted.relationships ?? 0;
  }
  return found;
}

export async function beforeEntityDelete(tx: Db, companyId: string, entityId: string): Promise<void> {
  for (const guard of deletionGuards.values()) await guard.beforeDelete?.(tx, companyId, entityId);
}

/**
 * Whether a signed-in contact's type may use an entity at all (a rule for it in
 * application-user-permissions): the contact area's `GET /entities/{id}`.
 */
export type ContactEntityCheck = (db: Db, contact: ContactContext, entityId: string) => Promise<boolean>;

let contactCheck: ContactEntityCheck | null = null;

export function registerContactEntityCheck(check: ContactEntityCheck): void {
  contactCheck = check;
}

export function contactMayUseEntity(db: Db, contact: ContactContext, entityId: string): Promise<boolean> {
  if (!contactCheck) throw new Error('No module registered the contact entity check with entities (app.ts)');
  return contactCheck(db, contact, entityId);
}
