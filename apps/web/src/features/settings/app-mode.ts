import type { TMenuItem } from '@esigns/contracts/menus';
import {
  APP_MODES,
  COLOR_SCHEMES,
  DEFAULT_APP_MODE_SETTINGS,
  appModeAreaOf,
  showsInAppMode,
  type TAppMode,
  type TAppModeSettings,
} from '@esigns/contracts/settings';

/** Whether a screen (a route, with or without its query) shows in this app mode. */
export const routeShowsInAppMode = (mode: TAppMode, route: string | null | undefined): boolean =>
  route ? showsInAppMode(mode, appModeAreaOf(route)) : true;

/**
 * The sidebar's items in this app mode: links to the other mode's screens are left out, and a
 * group all of whose links are is left out too (a group that had no links stays).
 */
export function menuForAppMode(items: readonly TMenuItem[], mode: TAppMode): TMenuItem[] {
  if (mode === 'everything') return [...items];
  return items.flatMap((item) => {
    if (item.kind !== 'GROUP') return routeShowsInAppMode(mode, item.route) ? [item] : [];
    const children = item.children.filter((child) => routeShowsInAppMode(mode, child.route));
    return children.length > 0 || item.children.length === 0 ? [{ ...item, children }] : [];
  });
}

/** A saved value read back (localStorage, an older answer): unknown parts become the defaults. */
export function appModeOf(value: unknown): TAppModeSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const mode = (APP_MODES as readonly unknown[]).includes(v.mode)
    ? (v.mode as TAppModeSettings['mode'])
    : DEFAULT_APP_MODE_SETTINGS.mode;
  const scheme = (COLOR_SCHEMES as readonly unknown[]).includes(v.color_scheme)
    ? (v.color_scheme as TAppModeSettings['color_scheme'])
    : DEFAULT_APP_MODE_SETTINGS.color_scheme;
  return { mode, color_scheme: scheme };
}

export const APP_MODE_LABELS: Record<TAppMode, { label: string; description: string }> = {
  everything: { label: 'Everything', description: 'Documents and no-code apps side by side.' },
  esign: { label: 'E-signature', description: 'Documents, templates and contacts.' },
  nocode: { label: 'No-code apps', description: 'Entities, forms, workflows and dashboards.' },
};
