import {
  IconAddressBook,
  IconApps,
  IconDatabase,
  IconFileText,
  IconForms,
  IconGitBranch,
  IconLayoutDashboard,
  IconLayoutList,
  IconSettings,
  IconTemplate,
  IconVariable,
  type Icon,
} from '@tabler/icons-react';

export type StaffNavItem = {
  label: string;
  to: string;
  icon: Icon;
  /** Route areas (routes.ts) in which this item shows as active. */
  areas: readonly string[];
};

/** The main areas of the staff sidebar, in order. */
export const STAFF_NAV: readonly StaffNavItem[] = [
  {
    label: 'Dashboard',
    to: '/dashboard',
    icon: IconLayoutDashboard,
    areas: ['dashboards', 'custom-dashboards'],
  },
  {
    label: 'Documents',
    to: '/documents/all',
    icon: IconFileText,
    areas: ['documents', 'request-documents', 'employee-documents', 'company-documents'],
  },
  {
    label: 'Templates',
    to: '/templates',
    icon: IconTemplate,
    areas: ['templates', 'form-templates', 'email-templates'],
  },
  { label: 'Contacts', to: '/contacts', icon: IconAddressBook, areas: ['contacts', 'contact-types'] },
  { label: 'Workflows', to: '/workflows', icon: IconGitBranch, areas: ['workflows'] },
  { label: 'Forms', to: '/formBuilders', icon: IconForms, areas: ['form-builders'] },
  { label: 'Entities', to: '/entity', icon: IconDatabase, areas: ['entities', 'entity-groups'] },
  { label: 'Entity views', to: '/entity-views', icon: IconLayoutList, areas: ['entity-views'] },
  { label: 'Global variables', to: '/global-variables', icon: IconVariable, areas: ['global-variables'] },
  { label: 'Apps', to: '/apps', icon: IconApps, areas: ['apps'] },
  {
    label: 'Settings',
    to: '/profilesettings',
    icon: IconSettings,
    areas: [
      'settings',
      'profile',
      'configuration',
      'company-users',
      'roles',
      'menus',
      'branding',
      'payments',
      'subscriptions',
      'iframe-links',
      'logs',
      'scanner',
      'outbox',
    ],
  },
];

export function findActiveNavItem(area: string | undefined): StaffNavItem | undefined {
  return area ? STAFF_NAV.find((item) => item.areas.includes(area)) : undefined;
}
