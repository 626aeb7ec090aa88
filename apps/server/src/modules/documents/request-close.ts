import { and, eq, inArray } from 'drizzle-orm';
import { requestStatusChanged } from './hooks';
import type { Tx } from './lookups';
import { documentRequests } from './schema';

/*
 * Closing document requests for another module (a workflow's requested step when its packet
 * ends): a request still waiting for its file (REQUESTED, or REJECTED: asked again) becomes
 * CANCELLED, which is final: no upload (409), no status change by hand (409).
 */

/**
 * CANCELLED for the company's open requests among `ids`, in the caller's transaction, each told to
 * the request status listeners. Answers the ids cancelled (the others are left alone).
 */
export async function cancelDocumentRequests(
  tx: Tx,
  input: { companyId: string; ids: readonly string[] },
): Promise<string[]> {
  if (input.ids.length === 0) return [];
  const rows = await tx
    .update(documentRequests)
    .set({ status: 'CANCELLED', updatedAt: new Date() })
    .where(
      and(
        eq(documentRequests.companyId, input.companyId),
        inArray(documentRequests.id, [...input.ids]),
        inArray(documentRequests.status, ['REQUESTED', 'REJECTED']),
      ),
    )
    .returning({ id: documentRequests.id });
  for (const row of rows) {
    await requestStatusChanged(tx, { requestId: row.id, companyId: input.companyId, status: 'CANCELLED' });
  }
  return rows.map((r) => r.id);
}
