import { and, eq, inArray } from 'drizzle-orm';
import { previousStatuses, statusChangeRefusal } from '@esigns/contracts/document-status';
import type { TDocumentStatus } from '@esigns/contracts/documents';
import { AppError, notFound } from '../../platform/http/app-error';
import { documentStatusesChanged } from './hooks';
import type { Tx } from './lookups';
import { employeeDocuments } from './schema';
import type { EmployeeRow } from './serializers';

/*
 * The one writer of `employee_documents.status` after a document row is created: every change
 * goes through `changeDocumentStatus` (one document, row locked) or `changeDocumentStatuses` (a
 * batch claimed by a conditional UPDATE), and both follow the lifecycle table
 * `DOCUMENT_STATUS_CHANGES` of `@esigns/contracts/document-status`. A new row starts in one of
 * `NEW_DOCUMENT_STATUSES` (DRAFT, or WAITING when sent straight away).
 */

/** The columns that change together with the status (its dates, the void reason, a send's values...). */
export type StatusChangeColumns = Partial<
  Omit<typeof employeeDocuments.$inferInsert, 'id' | 'companyId' | 'status' | 'createdAt'>
>;

export type StatusChangeOptions = {
  /**
   * The statuses the caller acts from (its own check made under the same lock): another one is a
   * 409 even when the table would allow the change.
   */
  expectedFrom?: TDocumentStatus | readonly TDocumentStatus[];
  /** Written in the same UPDATE; `updatedAt` is now unless given. */
  set?: StatusChangeColumns;
};

const listOf = (from: StatusChangeOptions['expectedFrom']): readonly TDocumentStatus[] | null =>
  from === undefined ? null : typeof from === 'string' ? [from] : from;

/** The document row, locked for the rest of the caller's transaction (`FOR UPDATE`); undefined when gone. */
export async function lockEmployeeDocument(tx: Tx, documentId: string): Promise<EmployeeRow | undefined> {
  const [row] = await tx
    .select()
    .from(employeeDocuments)
    .where(eq(employeeDocuments.id, documentId))
    .for('update');
  return row;
}

/**
 * Changes one document's status in the caller's transaction: locks the row (a caller that locked
 * it already keeps its lock), checks the change against the lifecycle table and `expectedFrom`,
 * and writes the status with `set`. 404 when the document is gone, 409 (CONFLICT, with the
 * table's reason) when the change is not allowed. Answers the updated row.
 */
export async function changeDocumentStatus(
  tx: Tx,
  documentId: string,
  to: TDocumentStatus,
  options: StatusChangeOptions = {},
): Promise<EmployeeRow> {
  const row = await lockEmployeeDocument(tx, documentId);
  if (!row) throw notFound('Document');
  const expected = listOf(options.expectedFrom);
  if (expected && !expected.includes(row.status)) {
    throw new AppError('CONFLICT', {
      message: `The document is ${row.status}, not ${expected.join(' or ')}: it cannot become ${to}`,
    });
  }
  const refusal = statusChangeRefusal(row.status, to);
  if (refusal) throw new AppError('CONFLICT', { message: refusal });
  const [updated] = await tx
    .update(employeeDocuments)
    .set({ updatedAt: new Date(), ...options.set, status: to })
    .where(eq(employeeDocuments.id, row.id))
    .returning();
  await documentStatusesChanged(tx, [{ documentId: row.id, companyId: row.companyId, status: to }]);
  return updated!;
}

/**
 * The batch form, for sweeps that claim rows: one conditional UPDATE of those of `documentIds`
 * whose status may still change into `to` (and is one of `expectedFrom`), so two sweeps at once
 * never change a document twice. The others are skipped without error. Answers the changed rows.
 */
export async function changeDocumentStatuses(
  tx: Tx,
  documentIds: readonly string[],
  to: TDocumentStatus,
  options: StatusChangeOptions = {},
): Promise<EmployeeRow[]> {
  const expected = listOf(options.expectedFrom);
  const from = previousStatuses(to).filter((s) => !expected || expected.includes(s));
  if (documentIds.length === 0 || from.length === 0) return [];
  const changed = await tx
    .update(employeeDocuments)
    .set({ updatedAt: new Date(), ...options.set, status: to })
    .where(
      and(
        inArray(employeeDocuments.id, [...documentIds]),
        from.length === 1 ? eq(employeeDocuments.status, from[0]!) : inArray(employeeDocuments.status, from),
      ),
    )
    .returning();
  await documentStatusesChanged(
    tx,
    changed.map((row) => ({ documentId: row.id, companyId: row.companyId, status: to })),
  );
  return changed;
}
