import { useState } from 'react';
import { Box, NavLink } from '@mantine/core';
import { IconChartPie, IconLayoutDashboard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { NAV_ACTIVE_STYLE, NAV_ITEM_STYLE } from '../menu-management/menu-nav';
import { useCan } from '../../shared/permissions/use-can';
import { DASHBOARD_KEYS, fetchUserTypeDashboards } from './custom-dashboards-api';
import { pagePath } from './paths';

/** Dashboards listed in the sidebar at most; the rest are on the dashboards list. */
const SHOWN = 10;

/**
 * The staff sidebar's "My dashboards": the custom dashboards assigned to the user's type
 * (`GET /custom-dashboard/user-type/{type}`), each a link to its page, but those the stored menu
 * already links (`linked`: its DASHBOARD items). Nothing when none is left.
 */
export function AssignedDashboardsNav({
  onNavigate,
  linked = new Set(),
}: {
  onNavigate: () => void;
  linked?: ReadonlySet<string>;
}) {
  const { can, userType } = useCan();
  const { pathname } = useLocation();
  const allowed = Boolean(userType) && can('custom-dashboards:view');
  const query = useQuery({
    queryKey: DASHBOARD_KEYS.ofUserType(userType ?? ''),
    queryFn: ({ signal }) => fetchUserTypeDashboards(userType!, signal),
    enabled: allowed,
    staleTime: 60_000,
  });
  const rows = (query.data ?? []).filter((row) => !linked.has(row._id));
  const holdsActive = rows.some((row) => pathname === pagePath(row._id));
  const [choice, setOpen] = useState<boolean | null>(null);
  if (!allowed || rows.length === 0) return null;
  return (
    <Box data-testid="my-dashboards-nav">
      <NavLink
        label="My dashboards"
        leftSection={<IconChartPie size={20} stroke={1.6} />}
        opened={choice ?? true}
        onChange={setOpen}
        fw={holdsActive ? 600 : 500}
        mb={2}
        style={NAV_ITEM_STYLE}
        childrenOffset={20}
      >
        {rows.slice(0, SHOWN).map((row) => {
          const active = pathname === pagePath(row._id);
          return (
            <NavLink
              key={row._id}
              component={Link}
              to={pagePath(row._id)}
              label={row.name}
              leftSection={<IconLayoutDashboard size={16} stroke={1.6} />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              style={active ? NAV_ACTIVE_STYLE : NAV_ITEM_STYLE}
            />
          );
        })}
      </NavLink>
    </Box>
  );
}
