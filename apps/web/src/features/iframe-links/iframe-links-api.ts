import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TIframeLink,
  TIframeLinkCreate,
  TIframeLinkDataUpdate,
  TIframeLinkDocument,
  TIframeLinkKind,
  TIframeLinkPublic,
  TIframeLinkRecords,
  TIframeLinkStatus,
  TIframeLinkUpdate,
} from '@esigns/contracts/iframe-links';
import { api } from '../../shared/api/api-client';
import { pageOrEmpty } from '../../shared/api/paged';
import { errorText } from '../../shared/ui/page-kit';

/*
 * The iframe-links calls (apps/server/src/modules/iframe-links/README.md). As the spec says: a
 * failed list is an empty page (data [], total 0, page 0), a failed create answers `data: false`
 * with the reason, a failed delete `deleted: false` with the formatted error.
 */

export const IFRAME_KEYS = {
  all: ['iframe-links'] as const,
  list: (params: object) => ['iframe-links', 'list', params] as const,
  one: (id: string) => ['iframe-links', 'one', id] as const,
  screen: (token: string) => ['iframe-link-screen', token] as const,
};

export type LinkListParams = {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: TIframeLinkStatus | undefined;
  kind?: TIframeLinkKind | undefined;
};

export async function fetchLinks(
  params: LinkListParams,
  signal?: AbortSignal,
  onError?: (error: unknown) => void,
): Promise<TPaged<TIframeLink>> {
  const page = await pageOrEmpty(
    async () => (await api.get<TPaged<TIframeLink>>('/iframe/get', params, { signal })).data,
    onError,
  );
  return { ...page, total_pages: page.total_pages ?? 0 };
}

export async function fetchLink(id: string, signal?: AbortSignal): Promise<TIframeLink> {
  return (await api.get<TIframeLink>('/iframe/getIframeLink', { id }, { signal })).data;
}

export type CreateAnswer = { data: TIframeLink; error: null } | { data: false; error: string };

export async function createLink(body: TIframeLinkCreate): Promise<CreateAnswer> {
  try {
    return { data: (await api.post<TIframeLink>('/iframe/create', body)).data, error: null };
  } catch (error) {
    return { data: false, error: errorText(error) };
  }
}

export async function updateLink(body: TIframeLinkUpdate): Promise<TIframeLink> {
  return (await api.put<TIframeLink>('/iframe/updateIframeLink', body)).data;
}

export async function updateLinkData(body: TIframeLinkDataUpdate): Promise<TIframeLink> {
  return (await api.put<TIframeLink>('/iframe/updateIframeDataLink', body)).data;
}

export type DeleteAnswer = { deleted: true; error: null } | { deleted: false; error: string };

export async function revokeLink(id: string): Promise<DeleteAnswer> {
  try {
    await api.delete(`/iframe/deleteIframeLink/${encodeURIComponent(id)}`);
    return { deleted: true, error: null };
  } catch (error) {
    return { deleted: false, error: errorText(error) };
  }
}

/* The link screen's own calls: the token is the only credential (no session headers matter). */
const tokenPath = (token: string) => `/iframe-link/${encodeURIComponent(token)}`;

/** `preview`: the staff preview's marker (not counted as an open when the server accepts it). */
export async function fetchLinkScreen(
  token: string,
  signal?: AbortSignal,
  preview?: string,
): Promise<TIframeLinkPublic> {
  const params = preview ? { preview } : undefined;
  return (await api.get<TIframeLinkPublic>(tokenPath(token), params, { signal, skipAuthRefresh: true })).data;
}

export async function fetchLinkRecords(
  token: string,
  params: { page: number; limit: number; entity_id?: string | undefined },
  signal?: AbortSignal,
): Promise<TIframeLinkRecords> {
  return (
    await api.get<TIframeLinkRecords>(`${tokenPath(token)}/records`, params, {
      signal,
      skipAuthRefresh: true,
    })
  ).data;
}

export async function fetchLinkDocuments(
  token: string,
  params: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<TPaged<TIframeLinkDocument>> {
  return (
    await api.get<TPaged<TIframeLinkDocument>>(`${tokenPath(token)}/documents`, params, {
      signal,
      skipAuthRefresh: true,
    })
  ).data;
}

export const KIND_LABELS: Record<TIframeLinkKind, string> = {
  FORM: 'Form',
  ENTITY_VIEW: 'Entity view',
  DOCUMENT_LIST: 'Documents list',
};

export const STATUS_COLORS: Record<TIframeLinkStatus, string> = {
  ACTIVE: 'teal',
  EXPIRED: 'gray',
  REVOKED: 'red',
};
