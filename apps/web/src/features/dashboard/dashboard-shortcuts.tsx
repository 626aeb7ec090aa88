import { Button } from '@mantine/core';
import { IconDatabase, IconForms, IconScan, IconUpload, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import type { TAppMode } from '@esigns/contracts/settings';
import { useCan } from '../../shared/permissions/use-can';
import { routeShowsInAppMode } from '../settings/app-mode';
import { useAppMode } from '../settings/use-app-mode';

/** `fullLoad`: opened as a new page load (the scanner may use the camera only in a page loaded at its address). */
type Shortcut = { label: string; to: string; icon: Icon; permission?: PermissionSlug; fullLoad?: boolean };

/** The dashboard's shortcuts, each shown in the app modes its screen belongs to (settings, app mode). */
export const DASHBOARD_SHORTCUTS: readonly Shortcut[] = [
  { label: 'New document', to: '/documents/upload', icon: IconUpload, permission: 'documents:create' },
  { label: 'Entities', to: '/entity', icon: IconDatabase, permission: 'entities:view' },
  { label: 'Forms', to: '/formBuilders', icon: IconForms, permission: 'form-builders:view' },
  { label: 'Scan', to: '/scanner', icon: IconScan, fullLoad: true },
];

export function shortcutsFor(mode: TAppMode, can: (slug: PermissionSlug) => boolean): readonly Shortcut[] {
  return DASHBOARD_SHORTCUTS.filter(
    (s) => routeShowsInAppMode(mode, s.to) && (!s.permission || can(s.permission)),
  );
}

/** The shortcuts of the user's app mode and permissions; the first one stands out. */
export function DashboardShortcuts() {
  const { mode } = useAppMode();
  const { can } = useCan();
  return shortcutsFor(mode, can).map((s, index) => (
    <Button
      key={s.to}
      component={Link}
      to={s.to}
      reloadDocument={s.fullLoad}
      variant={index === 0 ? 'filled' : 'default'}
      leftSection={<s.icon size={16} />}
    >
      {s.label}
    </Button>
  ));
}
