import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TPageSize } from '@esigns/contracts/files';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Every PDF the document service stored (`companies/{company_id}/documents/{uuid}.pdf`), with
 * what `TFileInfo` reports about it, so that `files` and `retrieveUnsignedFile` answer without
 * reading the PDF again. Files are immutable: a row is written once and never updated.
 */
export const documentFiles = pgTable(
  'document_files',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The storage key; always starts with `companies/{companyId}/`. */
    fileRefId: text().notNull().unique(),
    name: text().notNull(),
    originalName: text().notNull(),
    size: integer().notNull(),
    pageCount: integer().notNull(),
    pages: jsonb().$type<TPageSize[]>().notNull(),
    sha256: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_files_company_idx').on(t.companyId, t.createdAt)],
);
