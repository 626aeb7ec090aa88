import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * The settings screens by route pattern (routes.ts), for the router's SCREENS map. /profilesettings
 * itself redirects in routes.ts; the other children are not built yet.
 */
export const SETTINGS_SCREENS: Readonly<Record<string, LazyComponent>> = {
  '/profilesettings/dashboard-settings': () =>
    import('./dashboard-settings-screen').then((m) => ({ Component: m.DashboardSettingsScreen })),
  '/profilesettings/application-settings': () =>
    import('./application-settings-screen').then((m) => ({ Component: m.ApplicationSettingsScreen })),
  '/profilesettings/document-expiration-reminders': () =>
    import('./expiration-reminders-screen').then((m) => ({ Component: m.ExpirationRemindersScreen })),
  '/profilesettings/document-notifications': () =>
    import('./notification-settings-screen').then((m) => ({ Component: m.NotificationSettingsScreen })),
  '/profilesettings/myapps-credentials': () =>
    import('./api-keys-screen').then((m) => ({ Component: m.ApiKeysScreen })),
  '/profilesettings/app-mode': () =>
    import('./app-mode-screen').then((m) => ({ Component: m.AppModeScreen })),
  '/profilesettings/transferAccount': () =>
    import('./transfer-account-screen').then((m) => ({ Component: m.TransferAccountScreen })),
  '/profilesettings/transferAccount/{requestId}': () =>
    import('./transfer-confirm-screen').then((m) => ({ Component: m.TransferConfirmScreen })),
};
