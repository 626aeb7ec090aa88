import { useQuery } from '@tanstack/react-query';
import type { UserType } from '@esigns/contracts/auth';
import type { TDashboardSummary } from '@esigns/contracts/custom-dashboards';
import type { TPaged } from '@esigns/contracts/envelope';
import type { TMenu, TMenuItemInput } from '@esigns/contracts/menus';
import { api } from '../../shared/api/api-client';
import {
  isContactSession,
  isSignedIn,
  useSession,
  userTypeOf,
  workspaceIdOf,
} from '../../shared/session/session-store';

/**
 * The menu calls of spec 3 §7 ("Menus", v2) and the lists the menu editor picks targets from.
 * Each answers the envelope's `data`.
 */

export const MENU_KEYS = {
  all: ['menus'] as const,
  /** The signed-in user's sidebar. */
  sidebar: (userId: string | null, workspaceId: string | null, userType: UserType | null) =>
    ['menus', 'sidebar', userId, workspaceId, userType] as const,
  /** A user type's or contact type's menu as the editor shows it (every item). */
  edit: (userType: string) => ['menus', 'edit', userType] as const,
  targets: (kind: 'entities' | 'views' | 'templates' | 'dashboards') => ['menus', 'targets', kind] as const,
};

const segment = encodeURIComponent;

export async function fetchMenu(userType: string, edit: boolean, signal?: AbortSignal): Promise<TMenu> {
  const params = edit ? { edit: true } : undefined;
  return (await api.get<TMenu>(`/menu/v2/${segment(userType)}`, params, { signal })).data;
}

/** "MANAGER", or "Buyer (contact type)" for an application users' menu. */
export function menuOwnerName(menu: Pick<TMenu, 'user_type' | 'contact_type'>): string {
  return menu.contact_type ? `${menu.contact_type.name} (contact type)` : menu.user_type;
}

/** `userType`: a staff user type, or a contact type's `_id` (its application users' menu). */
export async function createMenu(userType: string, items: TMenuItemInput[]): Promise<TMenu> {
  return (await api.post<TMenu>('/menu/v2', { user_type: userType, items })).data;
}

export async function updateMenu(userType: string, items: TMenuItemInput[], version: number): Promise<TMenu> {
  return (await api.put<TMenu>('/menu/v2', { user_type: userType, items, version })).data;
}

/** Saves: the first save of a user type creates its menu, later ones replace it. */
export function saveMenu(menu: Pick<TMenu, 'user_type' | 'version' | 'is_default'>, items: TMenuItemInput[]) {
  return menu.is_default
    ? createMenu(menu.user_type, items)
    : updateMenu(menu.user_type, items, menu.version);
}

export async function resetMenu(userType: string): Promise<TMenu> {
  return (await api.delete<TMenu>(`/menu/v2/${segment(userType)}`)).data;
}

/** The signed-in staff user's sidebar (`GET /menu/v2/{own user type}`), once per session. */
export function useSidebarMenu() {
  const session = useSession();
  const isStaff = isSignedIn(session) && !isContactSession(session);
  const userType = userTypeOf(session);
  return useQuery({
    queryKey: MENU_KEYS.sidebar(session.user?._id ?? null, workspaceIdOf(session), userType),
    queryFn: ({ signal }) => fetchMenu(userType!, false, signal),
    enabled: isStaff && userType !== null,
    staleTime: Infinity,
  });
}

/**
 * A row the editor can point an item at. A dashboard carries whom it is assigned to (`audience`:
 * user types and contact type ids): a menu shows its item only to them (and to those who see
 * every dashboard).
 */
export type MenuTarget = {
  _id: string;
  name: string;
  icon?: string | null;
  hint?: string;
  audience?: readonly string[];
};

const LIST_LIMIT = 500;

type Named = { _id: string; name: string; icon?: string | null };

/** The company's entities (first 500 by name). */
export async function fetchEntityTargets(signal?: AbortSignal): Promise<MenuTarget[]> {
  const page = (await api.get<TPaged<Named>>('/entities', { page: 1, limit: LIST_LIMIT }, { signal })).data;
  return page.data.map((e) => ({ _id: e._id, name: e.name, icon: e.icon ?? null }));
}

/** The company's entity views. */
export async function fetchViewTargets(signal?: AbortSignal): Promise<MenuTarget[]> {
  const page = (
    await api.get<TPaged<Named & { entity_name?: string }>>(
      '/entity-view-configuration',
      { page: 1, limit: LIST_LIMIT },
      { signal },
    )
  ).data;
  return page.data.map((v) => ({
    _id: v._id,
    name: v.name,
    ...(v.entity_name ? { hint: v.entity_name } : {}),
  }));
}

/** The company's form templates and the standard ones. */
export async function fetchTemplateTargets(signal?: AbortSignal): Promise<MenuTarget[]> {
  const page = (
    await api.get<TPaged<Named & { type?: string }>>(
      '/template/list',
      { page: 1, limit: LIST_LIMIT, include_standard: true },
      { signal },
    )
  ).data;
  return page.data.map((t) => ({
    _id: t._id,
    name: t.name,
    icon: t.icon ?? null,
    ...(t.type === 'STANDARD' ? { hint: 'Standard' } : {}),
  }));
}

/** The company's custom dashboards (first 500 by name), each with whom it is assigned to. */
export async function fetchDashboardTargets(signal?: AbortSignal): Promise<MenuTarget[]> {
  const page = (
    await api.get<TPaged<TDashboardSummary>>('/custom-dashboard', { page: 1, limit: LIST_LIMIT }, { signal })
  ).data;
  return page.data.map((d) => ({
    _id: d._id,
    name: d.name,
    icon: 'chart-pie',
    audience: [...d.user_types, ...d.contact_type_ids],
  }));
}
