import type { TConfigurableDocument, TDocumentLayout, TRecipient } from '@esigns/contracts/documents';
import type { TPageEdit } from '@esigns/contracts/files';
import { api } from '../../shared/api/api-client';

/** The calls of the editor screens (helper brief, "The document API contract"). */

export type TPageOpResult = { document: TConfigurableDocument; all_document_fields_removed: boolean };

export const EDITOR_KEYS = {
  configure: (companyDocumentId: string, isTemplate: boolean) =>
    ['editor', 'configure', companyDocumentId, isTemplate] as const,
  template: (templateId: string) => ['editor', 'template', templateId] as const,
};

/** `POST /document-templates/{id}/configure`: the configurable document of a company document. */
export async function configureDocument(companyDocumentId: string, isTemplate: boolean) {
  return (
    await api.post<TConfigurableDocument>(
      `/document-templates/${encodeURIComponent(companyDocumentId)}/configure`,
      {
        is_template: isTemplate,
      },
    )
  ).data;
}

/** `GET /configurable-documents/{id}?include_download_url=true`: with a fresh signed file address. */
export async function fetchConfigurableDocument(id: string, signal?: AbortSignal) {
  return (
    await api.get<TConfigurableDocument>(
      `/configurable-documents/${encodeURIComponent(id)}`,
      { include_download_url: true },
      { signal },
    )
  ).data;
}

/** The PUT body of an autosave. */
export type TSaveDraftRequest = TDocumentLayout & { configurable_document_id: string };

export async function saveDraft(body: TSaveDraftRequest) {
  return (await api.put<TConfigurableDocument>('/document-templates/documents/draft', body)).data;
}

/**
 * The autosave of one document. A representative password is sent once; later saves say
 * `has_representative_password: true` so the server keeps the stored hash instead of hashing the
 * same password again on every save.
 */
export function createLayoutSaver(configurableDocumentId: string) {
  const sentPasswords = new Map<string, string>();
  return async (layout: TDocumentLayout) => {
    const document_users: TRecipient[] = layout.document_users.map((r) => {
      const password = r.representative_password;
      if (!password) return r;
      if (sentPasswords.get(r.key) === password) {
        const { representative_password: _sent, ...rest } = r;
        return { ...rest, has_representative_password: true };
      }
      return r;
    });
    // An option being typed may be empty for a moment; the API accepts only filled-in options.
    const fields = layout.fields.map((f) =>
      f.options.some((o) => !o.trim()) ? { ...f, options: f.options.filter((o) => o.trim()) } : f,
    );
    const saved = await saveDraft({
      configurable_document_id: configurableDocumentId,
      ...layout,
      fields,
      document_users,
    });
    for (const r of layout.document_users) {
      if (r.representative_password) sentPasswords.set(r.key, r.representative_password);
    }
    return saved;
  };
}

/** The page operations of the editor; each answers the changed document (its file address refreshed). */
export function createPageOps(configurableDocumentId: string) {
  const withUrl = async (result: TPageOpResult): Promise<TPageOpResult> => {
    if (result.document.file.url) return result;
    return { ...result, document: await fetchConfigurableDocument(result.document._id) };
  };
  const edit = async (edits: TPageEdit[]) =>
    withUrl(
      (
        await api.post<TPageOpResult>('/documents/editFile', {
          configurable_document_id: configurableDocumentId,
          edits,
        })
      ).data,
    );
  return {
    addPage: async (afterPage: number) =>
      withUrl(
        (
          await api.post<TPageOpResult>('/documents/addNewPage', {
            configurable_document_id: configurableDocumentId,
            after_page: afterPage,
          })
        ).data,
      ),
    deletePage: (page: number) => edit([{ op: 'delete', page }]),
    rotatePage: (page: number, degrees: 90 | -90) => edit([{ op: 'rotate', page, degrees }]),
  };
}

export type EditorPageOps = ReturnType<typeof createPageOps>;
