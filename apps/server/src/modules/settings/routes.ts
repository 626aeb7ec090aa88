import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  DEFAULT_APP_MODE_SETTINGS,
  DEFAULT_APPLICATION_SETTINGS,
  DEFAULT_DASHBOARD_STATS,
  DEFAULT_EXPIRATIONS_REMINDERS,
  DEFAULT_NOTIFICATION_SETTINGS,
  ZApiKeyInfo,
  ZAppModeSettings,
  ZApiKeySecret,
  ZApplicationSettings,
  ZDashboardStatsSettings,
  ZExpirationsReminders,
  ZNotificationSettings,
} from '@esigns/contracts/settings';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { getApiKey, issueApiKey, readSettings, writeSettings, type SettingsGroup } from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody };

export function registerSettingsRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const security = [{ bearer: [] }];
  // Personal preferences: any member of the workspace, for themselves.
  const member = requirePermission(platform);

  const group = <S extends z.ZodType<object>>(
    path: string,
    key: SettingsGroup,
    schema: S,
    defaults: z.infer<S>,
    what: string,
  ) => {
    // Generic over the schema: registered without the type provider (the zod compilers still apply).
    api.get(
      path,
      {
        onRequest: member,
        schema: {
          tags,
          security,
          summary: `The caller's ${what}`,
          response: { 200: ZSuccess(schema), ...ERRORS },
        },
      },
      async (request) => ok(await readSettings(platform, accessOf(request), key, defaults)),
    );
    api.post(
      path,
      {
        onRequest: member,
        schema: {
          tags,
          security,
          summary: `Save the caller's ${what}`,
          body: schema,
          response: { 200: ZSuccess(schema), ...ERRORS },
        },
      },
      async (request) =>
        ok(
          await writeSettings(platform, accessOf(request), key, request.body as z.infer<S>),
          'Settings saved',
        ),
    );
  };

  group(
    '/application-settings',
    'application',
    ZApplicationSettings,
    DEFAULT_APPLICATION_SETTINGS,
    'application settings (date format used by every date on screen)',
  );
  group(
    '/expirations-reminders',
    'expirations_reminders',
    ZExpirationsReminders,
    DEFAULT_EXPIRATIONS_REMINDERS,
    'document expiry and reminder defaults',
  );
  group(
    '/dashboard-stats-settings',
    'dashboard_stats',
    ZDashboardStatsSettings,
    DEFAULT_DASHBOARD_STATS,
    'dashboard cards',
  );

  group(
    '/notifications',
    'notifications',
    ZNotificationSettings,
    DEFAULT_NOTIFICATION_SETTINGS,
    'notification choices (which document events reach them by email and in the app)',
  );
  group(
    '/app-mode-settings',
    'app_mode',
    ZAppModeSettings,
    DEFAULT_APP_MODE_SETTINGS,
    'app mode (e-signature, no-code apps or everything) and colour scheme',
  );

  r.get(
    '/Get-keys',
    {
      onRequest: requirePermission(platform, 'oauth:view'),
      schema: {
        tags,
        security,
        summary: "The workspace's API client id (the secret is never shown again)",
        response: { 200: ZSuccess(ZApiKeyInfo.nullable()), ...ERRORS },
      },
    },
    async (request) => ok(await getApiKey(platform, accessOf(request))),
  );
  for (const [path, mode] of [
    ['/generate-keys', 'generate'],
    ['/regenerate-keys', 'regenerate'],
  ] as const) {
    r.post(
      path,
      {
        onRequest: requirePermission(platform, 'oauth:manage-clients'),
        schema: {
          tags,
          security,
          summary:
            mode === 'generate'
              ? 'Make the API keys (409 when they exist); the secret is shown this once'
              : 'Replace the API keys: the old secret stops working; the new one is shown this once',
          response: { 200: ZSuccess(ZApiKeySecret), ...ERRORS },
        },
      },
      async (request) => ok(await issueApiKey(platform, accessOf(request), mode)),
    );
  }
}
