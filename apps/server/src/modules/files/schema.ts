import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TLibraryFileStatus } from '@esigns/contracts/file-library';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { contacts } from '../contacts/schema';

/** A folder of a company's file library; `parentId` null: at the top. Never its own ancestor (checked on move). */
export const fileFolders = pgTable(
  'file_folders',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => fileFolders.id),
    name: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_folders_company_idx').on(t.companyId, t.parentId)],
);

/**
 * A file of the library: its bytes in platform storage under `storageKey`
 * (`companies/{company}/files/{id}/{slug}`), the type recognised from its content and its SHA-256
 * (checked before every download). Staff uploads are APPROVED at once; a contact's wait (PENDING)
 * until staff approve or reject them (with a reason).
 */
export const libraryFiles = pgTable(
  'library_files',
  {
    id: uuid().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    folderId: uuid().references(() => fileFolders.id),
    name: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    mimeType: text().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    status: text().$type<TLibraryFileStatus>().notNull(),
    rejectionReason: text(),
    /** The login that uploaded it (staff, or the contact's own login). */
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Set when a contact of the contact area uploaded it: whose file it is. */
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_files_company_folder_idx').on(t.companyId, t.folderId, t.createdAt),
    index('library_files_company_status_idx').on(t.companyId, t.status),
    index('library_files_contact_idx').on(t.contactId, t.createdAt),
    check('library_files_status_ck', sql`${t.status} in ('APPROVED', 'PENDING', 'REJECTED')`),
  ],
);
