import {
  IconApi,
  IconBell,
  IconCalendar,
  IconFilter,
  IconHourglass,
  IconLayoutDashboard,
  IconToggleLeft,
  IconTransfer,
} from '@tabler/icons-react';
import { SectionLayout, type SectionChildProps, type SectionNavGroup } from '../profile/section-layout';

export const SETTINGS_BASE = '/profilesettings';

/** The children of /profilesettings (spec 1 §2); those not built yet say so. */
export const SETTINGS_NAV: readonly SectionNavGroup[] = [
  {
    label: 'Preferences',
    items: [
      { label: 'Dashboard', path: 'dashboard-settings', icon: IconLayoutDashboard },
      { label: 'Application', path: 'application-settings', icon: IconCalendar },
      { label: 'Expiry and reminders', path: 'document-expiration-reminders', icon: IconHourglass },
      { label: 'Document notifications', path: 'document-notifications', icon: IconBell },
      { label: 'Global filters', path: 'global-filters', icon: IconFilter },
      { label: 'App mode', path: 'app-mode', icon: IconToggleLeft },
    ],
  },
  {
    label: 'Account',
    items: [
      { label: 'My apps credentials', path: 'myapps-credentials', icon: IconApi },
      { label: 'Transfer account', path: 'transferAccount', icon: IconTransfer },
    ],
  },
];

/** A child screen of /profilesettings inside the area's frame. */
export function SettingsArea(props: SectionChildProps) {
  return <SectionLayout areaTitle="Settings" basePath={SETTINGS_BASE} groups={SETTINGS_NAV} {...props} />;
}
