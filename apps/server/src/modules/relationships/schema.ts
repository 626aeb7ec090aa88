import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { entities } from '../entities/schema';
import { entityData } from '../entity-data/schema';

export type TRelationshipType = 'ONE_TO_ONE' | 'ONE_TO_MANY' | 'MANY_TO_MANY';

/**
 * A relationship between two entities (parent -> child). ONE_TO_MANY: a child record has at most
 * one parent record; ONE_TO_ONE: also a parent at most one child. Nested relationships are the
 * child entity's own relationships, followed from the parent.
 */
export const entityRelationships = pgTable(
  'entity_relationships',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentEntityId: uuid()
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    childEntityId: uuid()
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    relationshipType: text().$type<TRelationshipType>().notNull(),
    /** Tab label on the parent's record page ("Leads"), and on the child's ("Property"). */
    parentLabel: text().notNull(),
    childLabel: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entity_relationships_pair_idx').on(t.parentEntityId, t.childEntityId),
    index('entity_relationships_child_idx').on(t.childEntityId),
    index('entity_relationships_company_idx').on(t.companyId),
  ],
);

/**
 * One link between two records of a relationship. The relationship type is copied here so the
 * partial unique indexes hold the cardinality even under concurrent assigns.
 */
export const entityRelationshipData = pgTable(
  'entity_relationship_data',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    relationshipId: uuid()
      .notNull()
      .references(() => entityRelationships.id, { onDelete: 'cascade' }),
    relationshipType: text().$type<TRelationshipType>().notNull(),
    parentDataId: uuid()
      .notNull()
      .references(() => entityData.id, { onDelete: 'cascade' }),
    childDataId: uuid()
      .notNull()
      .references(() => entityData.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entity_relationship_data_pair_idx').on(t.relationshipId, t.parentDataId, t.childDataId),
    uniqueIndex('entity_relationship_data_one_parent_idx')
      .on(t.relationshipId, t.childDataId)
      .where(sql`${t.relationshipType} in ('ONE_TO_ONE', 'ONE_TO_MANY')`),
    uniqueIndex('entity_relationship_data_one_child_idx')
      .on(t.relationshipId, t.parentDataId)
      .where(sql`${t.relationshipType} = 'ONE_TO_ONE'`),
    index('entity_relationship_data_child_idx').on(t.childDataId),
  ],
);
