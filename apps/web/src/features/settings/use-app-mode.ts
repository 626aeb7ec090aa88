import { useEffect } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { DEFAULT_APP_MODE_SETTINGS, type TAppModeSettings } from '@esigns/contracts/settings';
import { appModeOf } from './app-mode';
import { useRememberedStaffSetting } from './remembered-setting';
import { fetchAppMode } from './settings-api';

const parseAppMode = (value: unknown): TAppModeSettings | null =>
  typeof value === 'object' && value !== null ? appModeOf(value) : null;

/**
 * The signed-in staff user's app mode and colour scheme (GET /app-mode-settings; the screen's
 * save updates the same cache entry, so a new choice applies at once everywhere that reads this).
 * Signed out or a contact: the defaults.
 */
export function useAppMode(): TAppModeSettings {
  const saved = useRememberedStaffSetting({
    group: 'app-mode',
    storagePrefix: 'esigns.app-mode',
    fetch: fetchAppMode,
    parse: parseAppMode,
  });
  return saved ?? DEFAULT_APP_MODE_SETTINGS;
}

/**
 * Applies the user's colour scheme to Mantine while mounted (the staff layout); the public pages
 * go back to the light scheme when it unmounts (sign-out).
 */
export function ApplyAppMode() {
  const { color_scheme: scheme } = useAppMode();
  const { setColorScheme, clearColorScheme } = useMantineColorScheme();
  useEffect(() => {
    setColorScheme(scheme);
  }, [scheme, setColorScheme]);
  useEffect(() => () => clearColorScheme(), [clearColorScheme]);
  return null;
}
