import { z } from 'zod';
import { isTimeZone } from './dates';

/** Date formats offered in application settings; every date on screen follows the user's choice. */
export const DATE_FORMATS = [
  'MM-DD-YYYY',
  'DD-MM-YYYY',
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD MMM YYYY',
] as const;

export const ZApplicationSettings = z.object({
  /** The spec's field name (spec 2 "Application settings includes a date format field named date"). */
  date: z.enum(DATE_FORMATS),
  time: z.enum(['hh:mm A', 'HH:mm']),
  /**
   * The user's IANA time zone (`Asia/Kolkata`): mails to them and, for the company's owner, the
   * sealed PDF and its certificate read dates in it (ARCHITECTURE.md "Dates"). Unset: UTC. The app
   * saves the browser's zone with the settings.
   */
  time_zone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
});
export type TApplicationSettings = z.infer<typeof ZApplicationSettings>;
export const DEFAULT_APPLICATION_SETTINGS: TApplicationSettings = { date: 'MM-DD-YYYY', time: 'hh:mm A' };

/** Defaults of new documents: expiry and reminders (DOMAIN-ESIGN "Reminders and expiry"). */
export const ZExpirationsReminders = z
  .object({
    expire_documents: z.boolean(),
    expire_after_days: z.number().int().min(1, 'At least 1 day').max(365, 'At most 365 days'),
    send_reminders: z.boolean(),
    reminder_every_days: z.number().int().min(1, 'At least 1 day').max(60, 'At most 60 days'),
    warn_before_expiry_days: z.number().int().min(0).max(30, 'At most 30 days'),
  })
  .refine((v) => !v.expire_documents || v.warn_before_expiry_days < v.expire_after_days, {
    message: 'The warning must come before the expiry',
    path: ['warn_before_expiry_days'],
  });
export type TExpirationsReminders = z.infer<typeof ZExpirationsReminders>;
export const DEFAULT_EXPIRATIONS_REMINDERS: TExpirationsReminders = {
  expire_documents: true,
  expire_after_days: 30,
  send_reminders: true,
  reminder_every_days: 3,
  warn_before_expiry_days: 2,
};

/** Stat cards of the dashboard (spec 2 dashboards), in display order; the user picks which show. */
export const DASHBOARD_CARDS = [
  'waiting-for-me',
  'waiting-for-others',
  'completed',
  'drafts',
  'expiring-soon',
  'declined',
  'rejected',
  'voided',
  'expired',
] as const;
export type TDashboardCard = (typeof DASHBOARD_CARDS)[number];
export const ZDashboardStatsSettings = z.object({
  cards: z.array(z.enum(DASHBOARD_CARDS)).max(DASHBOARD_CARDS.length),
});
export type TDashboardStatsSettings = z.infer<typeof ZDashboardStatsSettings>;
export const DEFAULT_DASHBOARD_STATS: TDashboardStatsSettings = {
  cards: ['waiting-for-me', 'waiting-for-others', 'completed', 'drafts', 'expiring-soon'],
};

export const ZApiKeyInfo = z.object({
  client_id: z.string(),
  secret_last4: z.string(),
  created_at: z.string(),
});
export const ZApiKeySecret = ZApiKeyInfo.extend({ client_secret: z.string() });

/**
 * What a user is told about, by email and in the app (`GET/POST /notifications`, the
 * /profilesettings/document-notifications screen). Mails a signer needs to act (a document to
 * sign, a verification code) are always sent: these choices cover the rest.
 */
export const NOTIFICATION_EVENTS = [
  'document_viewed',
  'document_signed',
  'document_completed',
  'document_declined',
  'document_expiring',
  'document_shared',
  'reminders_sent',
] as const;
export type TNotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_LABELS: Record<TNotificationEvent, { label: string; description: string }> = {
  document_viewed: { label: 'Viewed', description: 'A recipient opened a document you sent' },
  document_signed: {
    label: 'Signed or approved',
    description: 'A recipient signed or approved a document you sent',
  },
  document_completed: { label: 'Completed', description: 'Everyone finished a document you sent or signed' },
  document_declined: {
    label: 'Declined or rejected',
    description: 'A recipient declined or rejected a document',
  },
  document_expiring: {
    label: 'Expiring soon',
    description: 'A document you sent expires in the coming days',
  },
  document_shared: { label: 'Shared with me', description: 'Someone shared a document or template with you' },
  reminders_sent: {
    label: 'Reminders sent',
    description: 'Reminders went out to recipients of your documents',
  },
};

const ZChannels = z.object({ email: z.boolean(), in_app: z.boolean() });
export const ZNotificationSettings = z.object({
  events: z.object(
    Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, ZChannels])) as Record<
      TNotificationEvent,
      typeof ZChannels
    >,
  ),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;
export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  events: {
    document_viewed: { email: false, in_app: true },
    document_signed: { email: true, in_app: true },
    document_completed: { email: true, in_app: true },
    document_declined: { email: true, in_app: true },
    document_expiring: { email: true, in_app: true },
    document_shared: { email: true, in_app: true },
    reminders_sent: { email: false, in_app: true },
  },
};

/**
 * The session's "app-mode flag" (spec 1 §Session, /profilesettings/app-mode): what the staff app
 * shows this user. `esign`: documents, templates, contacts; `nocode`: entities, forms, workflows,
 * dashboards; `everything` (default). Plus the colour scheme (`auto` follows the system).
 */
export const APP_MODES = ['everything', 'esign', 'nocode'] as const;
export type TAppMode = (typeof APP_MODES)[number];
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;
export type TColorScheme = (typeof COLOR_SCHEMES)[number];
export const ZAppModeSettings = z.object({
  mode: z.enum(APP_MODES),
  color_scheme: z.enum(COLOR_SCHEMES),
});
export type TAppModeSettings = z.infer<typeof ZAppModeSettings>;
export const DEFAULT_APP_MODE_SETTINGS: TAppModeSettings = { mode: 'everything', color_scheme: 'light' };

/**
 * The part of the app a screen (route) belongs to for the app mode: `esign` and `nocode` screens
 * hide in the other mode; `common` ones (dashboard, settings, profile...) always show.
 */
export function appModeAreaOf(route: string): 'esign' | 'nocode' | 'common' {
  const path = route.split(/[?#]/)[0] ?? '';
  const under = (prefixes: readonly string[]) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));
  if (
    under([
      '/documents',
      '/request-documents',
      '/templates',
      '/contacts',
      '/contact-types',
      '/email-template',
    ])
  )
    return 'esign';
  if (
    under([
      '/entity',
      '/entity-views',
      '/company-entity-groups',
      '/entity-data',
      '/formBuilders',
      '/forms',
      '/template',
      '/workflows',
      '/global-variables',
      '/custom',
      '/page-dashboard',
      '/automation-pipelines',
      '/apps',
      '/scanner',
    ])
  )
    return 'nocode';
  return 'common';
}

/** Whether a screen of this area shows in this mode. */
export const showsInAppMode = (mode: TAppMode, area: 'esign' | 'nocode' | 'common'): boolean =>
  mode === 'everything' || area === 'common' || area === mode;
