import type { CSSProperties } from 'react';
import {
  IconAddressBook,
  IconAdjustments,
  IconApps,
  IconBolt,
  IconBuilding,
  IconBuildingStore,
  IconCategory,
  IconChartPie,
  IconChecklist,
  IconCreditCard,
  IconDatabase,
  IconExternalLink,
  IconFileImport,
  IconFileText,
  IconFiles,
  IconFolder,
  IconForms,
  IconGitBranch,
  IconHome,
  IconLayoutDashboard,
  IconLayoutList,
  IconLink,
  IconLock,
  IconMail,
  IconMenu2,
  IconPalette,
  IconPlug,
  IconPoint,
  IconSettings,
  IconShield,
  IconStack2,
  IconStar,
  IconTemplate,
  IconUpload,
  IconUsers,
  IconUsersGroup,
  IconVariable,
  type Icon,
} from '@tabler/icons-react';
import { findIcon, svgDataUrl, useIconLibrary } from './icon-library';

/**
 * Icons by stored name (`layout-dashboard`, `home-filled`): the Tabler components bundled with
 * the app for the default menu's names and a few common ones; any other name of the icon library
 * is drawn from its SVG (loaded once per session) through a CSS mask, so it takes the text colour
 * like the components do.
 */
export const BUNDLED_ICONS: Readonly<Record<string, Icon>> = {
  'address-book': IconAddressBook,
  adjustments: IconAdjustments,
  apps: IconApps,
  bolt: IconBolt,
  building: IconBuilding,
  'building-store': IconBuildingStore,
  category: IconCategory,
  'chart-pie': IconChartPie,
  checklist: IconChecklist,
  'credit-card': IconCreditCard,
  database: IconDatabase,
  'external-link': IconExternalLink,
  'file-import': IconFileImport,
  'file-text': IconFileText,
  files: IconFiles,
  folder: IconFolder,
  forms: IconForms,
  'git-branch': IconGitBranch,
  home: IconHome,
  'layout-dashboard': IconLayoutDashboard,
  'layout-list': IconLayoutList,
  link: IconLink,
  lock: IconLock,
  mail: IconMail,
  'menu-2': IconMenu2,
  palette: IconPalette,
  plug: IconPlug,
  settings: IconSettings,
  shield: IconShield,
  'stack-2': IconStack2,
  star: IconStar,
  template: IconTemplate,
  upload: IconUpload,
  users: IconUsers,
  'users-group': IconUsersGroup,
  variable: IconVariable,
};

export type NamedIconProps = {
  name: string | null | undefined;
  size?: number;
  stroke?: number;
  color?: string | undefined;
};

export function NamedIcon({ name, size = 20, stroke = 1.6, color }: NamedIconProps) {
  const Bundled = name ? BUNDLED_ICONS[name] : undefined;
  const library = useIconLibrary({ enabled: Boolean(name) && !Bundled });
  if (Bundled) return <Bundled size={size} stroke={stroke} color={color} data-icon={name} aria-hidden />;
  const url = svgDataUrl(findIcon(library.data, name)?.content);
  if (!url)
    return <IconPoint size={size} stroke={stroke} color={color} data-icon={name ?? 'none'} aria-hidden />;
  const mask = `url("${url}") center / contain no-repeat`;
  const style: CSSProperties = {
    display: 'inline-block',
    flex: 'none',
    width: size,
    height: size,
    backgroundColor: color ?? 'currentColor',
    mask,
    WebkitMask: mask,
  };
  return <span aria-hidden data-icon={name} style={style} />;
}
