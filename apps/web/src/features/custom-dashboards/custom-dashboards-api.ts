import type { UserType } from '@esigns/contracts/auth';
import type {
  TDashboard,
  TDashboardCreate,
  TDashboardSummary,
  TDashboardUpdate,
} from '@esigns/contracts/custom-dashboards';
import type { TPaged } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';

/**
 * The custom dashboard calls (packages/contracts/src/custom-dashboards.ts; server:
 * apps/server/src/modules/custom-dashboards). Each answers the envelope's `data`.
 */

export type DashboardListQuery = { page: number; limit: number; search?: string | undefined };

export const DASHBOARD_KEYS = {
  all: ['custom-dashboards'] as const,
  page: (query: DashboardListQuery) => ['custom-dashboards', 'list', query] as const,
  every: ['custom-dashboards', 'every'] as const,
  one: (id: string) => ['custom-dashboards', 'one', id] as const,
  ofUserType: (type: string) => ['custom-dashboards', 'user-type', type] as const,
  contactOne: (id: string) => ['custom-dashboards', 'ap', id] as const,
  ofContactType: (type: string) => ['custom-dashboards', 'ap-type', type] as const,
};

/** The server pages lists by at most this many rows (the startup cache's size). */
export const DASHBOARD_PAGE_LIMIT = 50;

const segment = encodeURIComponent;

export async function fetchDashboards(
  query: DashboardListQuery,
  signal?: AbortSignal,
): Promise<TPaged<TDashboardSummary>> {
  const params = { page: query.page, limit: query.limit, search: query.search || undefined };
  return (await api.get<TPaged<TDashboardSummary>>('/custom-dashboard', params, { signal })).data;
}

/**
 * Every dashboard the caller sees, page after page (a company has at most 500): the matrix and
 * the contact type's screen show them all at once.
 */
export async function fetchAllDashboards(signal?: AbortSignal): Promise<TDashboardSummary[]> {
  const rows: TDashboardSummary[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchDashboards({ page, limit: DASHBOARD_PAGE_LIMIT }, signal);
    rows.push(...answer.data);
    if (page >= answer.total_pages || answer.data.length === 0) return rows;
  }
}

export async function fetchDashboard(id: string, signal?: AbortSignal): Promise<TDashboard> {
  return (await api.get<TDashboard>(`/custom-dashboard/${segment(id)}`, undefined, { signal })).data;
}

export async function createDashboard(body: TDashboardCreate): Promise<TDashboard> {
  return (await api.post<TDashboard>('/custom-dashboard/create', body)).data;
}

export async function updateDashboard(id: string, body: TDashboardUpdate): Promise<TDashboard> {
  return (await api.post<TDashboard>(`/custom-dashboard/${segment(id)}`, body)).data;
}

export async function deleteDashboard(id: string): Promise<unknown> {
  return (await api.delete<unknown>(`/custom-dashboard/${segment(id)}`)).data;
}

/** A list answered whole or paged: the rows either way. */
const rowsOf = <T>(answer: T[] | TPaged<T>): T[] => (Array.isArray(answer) ? answer : answer.data);

/** `GET /custom-dashboard/user-type/{type}`: the dashboards assigned to a staff user type. */
export async function fetchUserTypeDashboards(type: UserType, signal?: AbortSignal) {
  const path = `/custom-dashboard/user-type/${segment(type)}`;
  return rowsOf(
    (await api.get<TDashboardSummary[] | TPaged<TDashboardSummary>>(path, undefined, { signal })).data,
  );
}

/** `GET /ap/custom-dashboard/{id}`: a dashboard as a contact opens it. */
export async function fetchContactDashboard(id: string, signal?: AbortSignal): Promise<TDashboard> {
  return (await api.get<TDashboard>(`/ap/custom-dashboard/${segment(id)}`, undefined, { signal })).data;
}

/** `GET /ap/custom-dashboard/entity-type/{type}`: the dashboards of the contact's own contact type. */
export async function fetchContactTypeDashboards(type: string, signal?: AbortSignal) {
  const path = `/ap/custom-dashboard/entity-type/${segment(type)}`;
  return rowsOf(
    (await api.get<TDashboardSummary[] | TPaged<TDashboardSummary>>(path, undefined, { signal })).data,
  );
}

export type SavedFilterChoice = { _id: string; filter_name: string };

/** `GET /entity-filter?entity_id=`: the entity's saved filters the caller sees (for a widget's source). */
export async function fetchSavedFilters(
  entityId: string,
  signal?: AbortSignal,
): Promise<SavedFilterChoice[]> {
  return (await api.get<SavedFilterChoice[]>('/entity-filter', { entity_id: entityId }, { signal })).data;
}
