/** The document's screen (status, recipients, timeline). */
export const documentDetailPath = (id: string) => `/emp-documents/custom/${encodeURIComponent(id)}`;

/** The correct screen of a document out for signature. */
export const correctDocumentPath = (id: string) => `/emp-documents/custom/${encodeURIComponent(id)}/edit`;

/** The field editor of a draft, by its company document (spec client route). */
export const draftEditorPath = (companyDocumentId: string) =>
  `/company-documents/${encodeURIComponent(companyDocumentId)}/configure/document`;
