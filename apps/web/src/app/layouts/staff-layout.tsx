import type { CSSProperties, ReactNode } from 'react';
import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { useBranding } from '../../shared/branding/branding-provider';
import { useProfileSync } from '../../features/auth/use-profile-sync';
import { WorkspaceSwitcher } from '../../features/auth/workspace-switcher';
import { useRouteHandle } from '../route-handle';
import { useStartupCache } from '../use-startup-cache';
import { BrandMark } from './brand-mark';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useCan } from '../../features/team/use-can';
import { findActiveNavItem, visibleNavItems } from './staff-nav';
import { UserMenu } from './user-menu';
import { SavedDateFormat } from '../../features/settings/use-apply-saved-date-format';

export type StaffLayoutProps = {
  /** Top-bar slots; each area that builds one passes its component here. */
  workspaceSwitcher?: ReactNode;
  notifications?: ReactNode;
  userMenu?: ReactNode;
  /** Page content; the matched child route by default. */
  children?: ReactNode;
};

const ITEM_STYLE: CSSProperties = { borderRadius: 'var(--mantine-radius-md)' };
/** Active item: brand tint behind brand-coloured text, icon and a bar on the left. */
const ACTIVE_ITEM_STYLE = {
  ...ITEM_STYLE,
  '--nl-color': 'var(--mantine-primary-color-filled)',
  boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)',
} as CSSProperties;

/** The staff shell: top bar, sidebar of the main areas, and the page. */
export function StaffLayout({
  workspaceSwitcher = <WorkspaceSwitcher />,
  notifications = <NotificationBell />,
  userMenu = <UserMenu />,
  children,
}: StaffLayoutProps) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const { area } = useRouteHandle();
  const active = findActiveNavItem(area);
  const { can, overview } = useCan();
  const navItems = visibleNavItems(overview ? can : null);
  const branding = useBranding();
  useStartupCache();
  useProfileSync();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 252, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding="lg"
      data-testid="staff-layout"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <BrandMark />
            {workspaceSwitcher}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {notifications}
            {userMenu}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea} scrollbars="y">
          {navItems.map((item) => {
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
                onClick={close}
                fw={isActive ? 600 : 500}
                mb={2}
                style={isActive ? ACTIVE_ITEM_STYLE : ITEM_STYLE}
              />
            );
          })}
        </AppShell.Section>
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Text size="xs" c="dimmed" ta="center">
            {branding.powered_by}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        {/* Every date on screen follows the user's saved date format. */}
        <SavedDateFormat>{children ?? <Outlet />}</SavedDateFormat>
      </AppShell.Main>
    </AppShell>
  );
}
