import { bigserial, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The changes of a company's documents, as the lists count and cache them (README "Totals and
 * search snapshots"). Written only by statement triggers (migration 0018): every statement that
 * changes `employee_documents` adds, per company, status and archived flag, how many documents it
 * added (+) or took away (-), and a zero row marks a change that moved none; `document_users`
 * and `configurable_documents` changes add a marker row (status null). Rows are only inserted, so
 * concurrent writers never wait on one another; the compaction job folds a company's rows into
 * one per status. The sum of `delta` is a tab's total; `count(*)` and `max(id)` together change
 * whenever anything committed, which is what validates a cached search.
 */
export const documentListChanges = pgTable(
  'document_list_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    // No foreign key: deleting a company deletes its documents, whose trigger then writes rows
    // for the company being deleted; the compaction job drops rows of companies that are gone.
    companyId: uuid().notNull(),
    status: text(),
    archived: boolean(),
    delta: integer().notNull().default(0),
  },
  (t) => [index('document_list_changes_company_idx').on(t.companyId, t.id)],
);
