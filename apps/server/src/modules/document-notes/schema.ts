import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { employeeDocuments } from '../documents/schema';

/** A note staff write on a sent document (`/documents/{employee_document_id}/notes`). */
export const documentNotes = pgTable(
  'document_notes',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeDocumentId: uuid()
      .notNull()
      .references(() => employeeDocuments.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_notes_document_idx').on(t.employeeDocumentId, t.createdAt),
    index('document_notes_company_created_idx').on(t.companyId, t.createdAt),
  ],
);
