import type { TDocumentListItem } from '@esigns/contracts/document-lists';

/** The document screen (staff): status, recipients, timeline, preview, notes. */
export const documentDetailPath = (id: string) => `/emp-documents/custom/${encodeURIComponent(id)}`;

/** The field editor of a one-off draft, by its company document. */
export const draftEditorPath = (companyDocumentId: string) =>
  `/company-documents/${encodeURIComponent(companyDocumentId)}/configure/document`;

/** Where a row opens: a draft in the editor (it has nothing to track yet), anything else on its screen. */
export function documentPathOf(
  row: Pick<TDocumentListItem, '_id' | 'status' | 'company_document_id'>,
): string {
  if (row.status === 'DRAFT' && row.company_document_id) return draftEditorPath(row.company_document_id);
  return documentDetailPath(row._id);
}
