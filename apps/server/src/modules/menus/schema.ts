import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * A company's own sidebar for one user type (/menu-management, `menu/v2`). No row: the default
 * menu. `items` is checked by the menu item schema; entity, view and dashboard items carry the id
 * they open, so `menu/v2/entity/{id}` can find every menu that shows an entity.
 */
export const companyMenus = pgTable(
  'company_menus',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** OWNER, ADMIN, MANAGER, MEMBER, or a contact type id (application users' menus). */
    userType: text().notNull(),
    items: jsonb().$type<unknown[]>().notNull(),
    version: integer().notNull().default(1),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_menus_company_type_idx').on(t.companyId, t.userType),
    index('company_menus_items_gin_idx').using('gin', sql`${t.items} jsonb_path_ops`),
  ],
);
