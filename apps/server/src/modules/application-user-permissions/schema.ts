import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TContactRecordScope } from '@esigns/contracts/application-users';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { contactTypes } from '../contacts/schema';
import { entities } from '../entities/schema';

/**
 * What the contacts of one contact type may do with one entity's records in the contact area:
 * read, create, update, delete, on their own records (`OWN`: linked to their account record or
 * created by them) or on all the entity's records (`ALL`). No row: no access to the entity.
 */
export const applicationUserPermissions = pgTable(
  'application_user_permissions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactTypeId: uuid()
      .notNull()
      .references(() => contactTypes.id, { onDelete: 'cascade' }),
    entityId: uuid()
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    canRead: boolean().notNull().default(false),
    canCreate: boolean().notNull().default(false),
    canUpdate: boolean().notNull().default(false),
    canDelete: boolean().notNull().default(false),
    scope: text().$type<TContactRecordScope>().notNull().default('OWN'),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('application_user_permissions_type_entity_idx').on(t.contactTypeId, t.entityId),
    index('application_user_permissions_company_entity_idx').on(t.companyId, t.entityId),
  ],
);
