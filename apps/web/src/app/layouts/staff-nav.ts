import {
  IconAddressBook,
  IconApps,
  IconBolt,
  IconDatabase,
  IconFileText,
  IconFolder,
  IconForms,
  IconGitBranch,
  IconLayoutDashboard,
  IconLayoutList,
  IconSettings,
  IconTemplate,
  IconVariable,
  type Icon,
} from '@tabler/icons-react';
import type { PermissionSlug } from '@esigns/contracts/permissions';

export type StaffNavItem = {
  label: string;
  to: string;
  icon: Icon;
  /** Route areas (routes.ts) in which this item shows as active. */
  areas: readonly string[];
  /** Shown only to users with this permission (every signed-in user when absent). */
  permission?: PermissionSlug;
};

/** The main areas of the staff sidebar, in order. */
export const STAFF_NAV: readonly StaffNavItem[] = [
  {
    label: 'Dashboard',
    to: '/dashboard',
    permission: 'dashboards:view',
    icon: IconLayoutDashboard,
    areas: ['dashboards', 'custom-dashboards'],
  },
  {
    label: 'Documents',
    to: '/documents/all',
    permission: 'documents:view',
    icon: IconFileText,
    areas: ['documents', 'request-documents', 'employee-documents', 'company-documents'],
  },
  {
    label: 'Templates',
    to: '/templates',
    permission: 'templates:view',
    icon: IconTemplate,
    areas: ['templates', 'form-templates', 'email-templates'],
  },
  {
    label: 'Files',
    to: '/files',
    permission: 'files:view',
    icon: IconFolder,
    areas: ['files'],
  },
  {
    label: 'Contacts',
    to: '/contacts',
    icon: IconAddressBook,
    areas: ['contacts', 'contact-types'],
    permission: 'contacts:view',
  },
  {
    label: 'Workflows',
    to: '/workflows',
    icon: IconGitBranch,
    areas: ['workflows'],
    permission: 'workflows:view',
  },
  {
    label: 'Forms',
    to: '/formBuilders',
    icon: IconForms,
    areas: ['form-builders'],
    permission: 'form-builders:view',
  },
  {
    label: 'Entities',
    to: '/entity',
    icon: IconDatabase,
    areas: ['entities', 'entity-groups'],
    permission: 'entities:view',
  },
  {
    label: 'Entity views',
    to: '/entity-views',
    icon: IconLayoutList,
    areas: ['entity-views'],
    permission: 'entity-views:view',
  },
  {
    label: 'Global variables',
    to: '/global-variables',
    icon: IconVariable,
    areas: ['global-variables'],
    permission: 'global-variables:view',
  },
  {
    label: 'Automation',
    to: '/automation-pipelines',
    icon: IconBolt,
    areas: ['pipelines'],
    permission: 'pipelines:view',
  },
  { label: 'Apps', to: '/apps', icon: IconApps, areas: ['apps'], permission: 'apps:view' },
  {
    label: 'Settings',
    to: '/profilesettings',
    icon: IconSettings,
    areas: [
      'settings',
      'profile',
      'branding',
      'configuration',
      'company-users',
      'roles',
      'menus',
      'payments',
      'subscriptions',
      'iframe-links',
      'logs',
      'scanner',
      'outbox',
      'email-log',
    ],
  },
];

/**
 * The items a user sees: those their permissions allow. While the permissions are loading every
 * item shows (most users have them all), so the sidebar does not flicker on start-up.
 */
export function visibleNavItems(can: ((slug: PermissionSlug) => boolean) | null): readonly StaffNavItem[] {
  if (!can) return STAFF_NAV;
  return STAFF_NAV.filter((item) => !item.permission || can(item.permission));
}

export function findActiveNavItem(area: string | undefined): StaffNavItem | undefined {
  return area ? STAFF_NAV.find((item) => item.areas.includes(area)) : undefined;
}
