import type { ReactNode } from 'react';
import { AppShell, Group, ScrollArea, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { useBranding } from '../../shared/branding/branding-provider';
import { useProfileSync } from '../../features/auth/use-profile-sync';
import { WorkspaceSwitcher } from '../../features/auth/workspace-switcher';
import { useStartupCache } from '../use-startup-cache';
import { BrandMark } from './brand-mark';
import { ShellFrame } from './shell-frame';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { StaffSidebar } from './staff-sidebar';
import { UserMenu } from './user-menu';
import { SavedDateFormat } from '../../features/settings/use-apply-saved-date-format';
import { ApplyAppMode } from '../../features/settings/use-app-mode';
import { DocumentCacheFreshness } from '../../features/document-lists/document-cache-freshness';

export type StaffLayoutProps = {
  /** Top-bar slots; each area that builds one passes its component here. */
  workspaceSwitcher?: ReactNode;
  notifications?: ReactNode;
  userMenu?: ReactNode;
  /** Page content; the matched child route by default. */
  children?: ReactNode;
};

/** The staff shell: top bar, sidebar (the menu of the user's type), and the page. */
export function StaffLayout({
  workspaceSwitcher = <WorkspaceSwitcher />,
  notifications = <NotificationBell />,
  userMenu = <UserMenu />,
  children,
}: StaffLayoutProps) {
  const branding = useBranding();
  useStartupCache();
  useProfileSync();

  return (
    <ShellFrame
      testId="staff-layout"
      breakpoint="sm"
      navbarWidth={252}
      start={
        <>
          <BrandMark />
          {workspaceSwitcher}
        </>
      }
      startGap="md"
      end={
        <Group gap="sm" wrap="nowrap">
          {notifications}
          {userMenu}
        </Group>
      }
      navbarLabel="Main navigation"
      navbar={(close) => (
        <>
          <AppShell.Section grow component={ScrollArea} scrollbars="y">
            <StaffSidebar onNavigate={close} />
          </AppShell.Section>
          <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Text size="xs" c="dimmed" ta="center">
              {branding.powered_by}
            </Text>
          </AppShell.Section>
        </>
      )}
    >
      <DocumentCacheFreshness />
      {/* The user's colour scheme (app mode settings). */}
      <ApplyAppMode />
      {/* Every date on screen follows the user's saved date format. */}
      <SavedDateFormat>{children ?? <Outlet />}</SavedDateFormat>
    </ShellFrame>
  );
}
