import { api } from '../../shared/api/api-client';

/* The visitors' calls of a published template (public, no sign-in): documents module, `public-routes.ts`. */

/** `GET /published-templates/{token}`: what the public page shows. */
export type TPublishedTemplate = {
  name: string;
  company_name: string;
  secure_access: boolean;
  page_count: number;
  /** The role the visitor takes ('' when the role is unnamed). */
  role_name: string;
};

export type TPublishedStartInput = { email: string; first_name: string; last_name: string };

/** `POST /published-templates/{token}/start`. */
export type TPublishedStart = {
  secure_access: boolean;
  /**
   * Only without secure access, when the visitor signs first: their recipient id, the link's
   * secret and the document, so the signing screen opens at once (spec 2 §4).
   */
  user_details?: { _id: string; password: string; document_id: string };
};

export const PUBLISHED_KEYS = {
  template: (token: string) => ['published-template', token] as const,
};

const path = (token: string) => `/published-templates/${encodeURIComponent(token)}`;

// A 401 here is an answer for the visitor, not a session to refresh (a staff session may be open in the tab).
export async function fetchPublishedTemplate(
  token: string,
  signal?: AbortSignal,
): Promise<TPublishedTemplate> {
  return (await api.get<TPublishedTemplate>(path(token), undefined, { signal, skipAuthRefresh: true })).data;
}

export async function startPublishedTemplate(
  token: string,
  input: TPublishedStartInput,
): Promise<TPublishedStart> {
  return (await api.post<TPublishedStart>(`${path(token)}/start`, input, { skipAuthRefresh: true })).data;
}
