import { NavLink, Skeleton, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { TMenuItem } from '@esigns/contracts/menus';
import {
  findActiveKey,
  MenuNav,
  NAV_ACTIVE_STYLE,
  NAV_ITEM_STYLE,
} from '../../features/menu-management/menu-nav';
import { useSidebarMenu } from '../../features/menu-management/menus-api';
import { AssignedDashboardsNav } from '../../features/custom-dashboards/assigned-dashboards-nav';
import { useCan } from '../../shared/permissions/use-can';
import { menuForAppMode, routeShowsInAppMode } from '../../features/settings/app-mode';
import { useAppMode } from '../../features/settings/use-app-mode';
import { useRouteHandle } from '../route-handle';
import { STAFF_ROUTES } from '../routes';
import { findActiveNavItem, visibleNavItems } from './staff-nav';

/** The dashboards a menu's DASHBOARD items open ("My dashboards" leaves them out). */
const dashboardsLinkedBy = (items: readonly TMenuItem[]): Set<string> =>
  new Set(
    items
      .flatMap((item) => [item, ...item.children])
      .flatMap((leaf) => (leaf.dashboard_id ? [leaf.dashboard_id] : [])),
  );

const AREA_OF_PATTERN: ReadonlyMap<string, string> = new Map(STAFF_ROUTES.map((r) => [r.pattern, r.area]));
const areaOf = (route: string) => AREA_OF_PATTERN.get(route);

/**
 * The built-in list of the main areas, shown when the menu cannot be loaded, so that a failing
 * menu call never leaves a user without navigation.
 */
function FallbackNav({ area, onNavigate }: { area: string | undefined; onNavigate: () => void }) {
  const active = findActiveNavItem(area);
  const { can, overview } = useCan();
  const { mode } = useAppMode();
  const items = visibleNavItems(overview ? can : null).filter((item) => routeShowsInAppMode(mode, item.to));
  return items.map((item) => {
    const isActive = item === active;
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={
          <item.icon
            size={20}
            stroke={1.6}
            color={isActive ? 'var(--mantine-primary-color-filled)' : undefined}
          />
        }
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        onClick={onNavigate}
        fw={isActive ? 600 : 500}
        mb={2}
        style={isActive ? NAV_ACTIVE_STYLE : NAV_ITEM_STYLE}
      />
    );
  });
}

/**
 * The staff sidebar: the menu of the signed-in user's type (`GET /menu/v2/{userType}`: the
 * company's own menu for that type, else the default one, filtered by permissions on the server),
 * with the link of the current page highlighted.
 */
export function StaffSidebar({ onNavigate }: { onNavigate: () => void }) {
  const menu = useSidebarMenu();
  const { pathname } = useLocation();
  const { area } = useRouteHandle();
  const { mode } = useAppMode();
  // An answer without a list of items (a proxy's error page, an older server) falls back too.
  if (menu.data && Array.isArray(menu.data.items)) {
    // The app mode (settings) leaves out the other part of the app's links.
    const items = menuForAppMode(menu.data.items, mode);
    const activeKey = findActiveKey(items, pathname, area, areaOf);
    return (
      <>
        <MenuNav items={items} activeKey={activeKey} onNavigate={onNavigate} />
        <AssignedDashboardsNav onNavigate={onNavigate} linked={dashboardsLinkedBy(menu.data.items)} />
      </>
    );
  }
  if (menu.isError || menu.data) return <FallbackNav area={area} onNavigate={onNavigate} />;
  return (
    <Stack gap={10} p={4} aria-label="Loading the menu" aria-busy>
      {Array.from({ length: 7 }, (_, i) => (
        <Skeleton key={i} h={28} radius="md" />
      ))}
    </Stack>
  );
}
