import type {
  TAppModeSettings,
  TApplicationSettings,
  TDashboardStatsSettings,
  TExpirationsReminders,
  TNotificationSettings,
} from '@esigns/contracts/settings';
import { api } from '../../shared/api/api-client';
import { workspaceIdOf, type SessionState } from '../../shared/session/session-store';

/** Personal settings belong to a user in a workspace: the cache is keyed by both. */
export function settingsKey(group: string, session: SessionState) {
  return ['settings', group, session.user?._id ?? null, workspaceIdOf(session)] as const;
}

export async function fetchApplicationSettings(): Promise<TApplicationSettings> {
  return (await api.get<TApplicationSettings>('/application-settings')).data;
}

export async function saveApplicationSettings(body: TApplicationSettings): Promise<TApplicationSettings> {
  return (await api.post<TApplicationSettings>('/application-settings', body)).data;
}

export async function fetchExpirationsReminders(): Promise<TExpirationsReminders> {
  return (await api.get<TExpirationsReminders>('/expirations-reminders')).data;
}

export async function saveExpirationsReminders(body: TExpirationsReminders): Promise<TExpirationsReminders> {
  return (await api.post<TExpirationsReminders>('/expirations-reminders', body)).data;
}

export async function fetchDashboardStats(): Promise<TDashboardStatsSettings> {
  return (await api.get<TDashboardStatsSettings>('/dashboard-stats-settings')).data;
}

export async function saveDashboardStats(body: TDashboardStatsSettings): Promise<TDashboardStatsSettings> {
  return (await api.post<TDashboardStatsSettings>('/dashboard-stats-settings', body)).data;
}

/** The workspace's API client (the secret itself is only ever answered when it is made). */
export type TApiKeyInfo = { client_id: string; secret_last4: string; created_at: string };
export type TApiKeySecret = TApiKeyInfo & { client_secret: string };

export async function fetchApiKey(): Promise<TApiKeyInfo | null> {
  return (await api.get<TApiKeyInfo | null>('/Get-keys')).data ?? null;
}

export async function issueApiKey(mode: 'generate' | 'regenerate'): Promise<TApiKeySecret> {
  return (await api.post<TApiKeySecret>(mode === 'generate' ? '/generate-keys' : '/regenerate-keys')).data;
}

export async function fetchNotificationSettings(): Promise<TNotificationSettings> {
  return (await api.get<TNotificationSettings>('/notifications')).data;
}

export async function saveNotificationSettings(body: TNotificationSettings): Promise<TNotificationSettings> {
  return (await api.post<TNotificationSettings>('/notifications', body)).data;
}

export async function fetchAppMode(): Promise<TAppModeSettings> {
  return (await api.get<TAppModeSettings>('/app-mode-settings')).data;
}

export async function saveAppMode(body: TAppModeSettings): Promise<TAppModeSettings> {
  return (await api.post<TAppModeSettings>('/app-mode-settings', body)).data;
}
