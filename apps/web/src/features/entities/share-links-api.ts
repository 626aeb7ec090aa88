import type { TPaged } from '@esigns/contracts/envelope';
import type { TRecordShareLink } from '@esigns/contracts/record-share-links';
import { api } from '../../shared/api/api-client';

/** A record's public links (`record_share_links`): list and revoke. Making one is `createPublicLink`. */

export const SHARE_LINK_KEYS = {
  all: (recordId: string) => ['entities', 'public-links', recordId] as const,
  page: (recordId: string, page: number, limit: number) =>
    ['entities', 'public-links', recordId, page, limit] as const,
};

export async function fetchRecordShareLinks(
  params: { entity_data_id: string; page: number; limit: number },
  signal?: AbortSignal,
): Promise<TPaged<TRecordShareLink>> {
  return (await api.get<TPaged<TRecordShareLink>>('/entities-data/public-links', params, { signal })).data;
}

export async function revokeRecordShareLink(id: string): Promise<TRecordShareLink> {
  return (await api.post<TRecordShareLink>(`/entities-data/public-link/${encodeURIComponent(id)}/revoke`))
    .data;
}
