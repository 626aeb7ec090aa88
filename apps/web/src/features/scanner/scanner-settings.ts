import { useCallback, useState } from 'react';
import { z } from 'zod';

/**
 * The scanner's choices, kept per browser (localStorage): what a scan does and, per mode, the
 * entity and fields it works on. Field references are `<template_id>#<key>` or `title`.
 */
export const SCAN_MODES = ['open', 'find', 'checkin'] as const;
export type ScanMode = (typeof SCAN_MODES)[number];

const ZId = z.string().max(200).nullable().catch(null);

const ZScannerSettings = z.object({
  mode: z.enum(SCAN_MODES).catch('open'),
  find: z.object({ entityId: ZId, lookupRef: ZId }).catch({ entityId: null, lookupRef: null }),
  checkin: z
    .object({ entityId: ZId, lookupRef: ZId, stampRef: ZId })
    .catch({ entityId: null, lookupRef: null, stampRef: null }),
});
export type ScannerSettings = z.infer<typeof ZScannerSettings>;

export const DEFAULT_SCANNER_SETTINGS: ScannerSettings = {
  mode: 'open',
  find: { entityId: null, lookupRef: null },
  checkin: { entityId: null, lookupRef: null, stampRef: null },
};

export const SCANNER_SETTINGS_KEY = 'esigns.scanner';

export function loadScannerSettings(): ScannerSettings {
  try {
    const raw = window.localStorage.getItem(SCANNER_SETTINGS_KEY);
    if (!raw) return DEFAULT_SCANNER_SETTINGS;
    const parsed = ZScannerSettings.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_SCANNER_SETTINGS;
  } catch {
    // Storage turned off or a broken value: the defaults.
    return DEFAULT_SCANNER_SETTINGS;
  }
}

function saveScannerSettings(settings: ScannerSettings): void {
  try {
    window.localStorage.setItem(SCANNER_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or turned off: the choice lasts for this page only.
  }
}

/** The settings and a setter that keeps them in this browser. */
export function useScannerSettings(): [ScannerSettings, (next: ScannerSettings) => void] {
  const [settings, setSettings] = useState(loadScannerSettings);
  const update = useCallback((next: ScannerSettings) => {
    setSettings(next);
    saveScannerSettings(next);
  }, []);
  return [settings, update];
}
