import { z } from 'zod';
import { ZPageQuery, ZPaged } from './envelope';

/**
 * The company's activity log (`/logDetails`, `GET /activity-log`): an append-only list of what
 * people did in the workspace. The actions, closed: each names what it acted on.
 */
export const ACTIVITY_ACTIONS = [
  'auth.signed_in',
  'auth.signin_failed',
  'user.invited',
  'user.changed',
  'user.removed',
  'document.sent',
  'document.signed',
  'document.declined',
  'document.completed',
  'document.voided',
  'document.deleted',
  'template.created',
  'template.changed',
  'template.deleted',
  'entity.created',
  'entity.changed',
  'entity.deleted',
  'records.imported',
  'records.exported',
  'settings.changed',
  'branding.changed',
  'api_key.created',
  'oauth_app.created',
  'oauth_app.revoked',
  'payment.recorded',
] as const;
export type TActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_ACTION_LABELS: Record<TActivityAction, string> = {
  'auth.signed_in': 'Signed in',
  'auth.signin_failed': 'Sign-in failed',
  'user.invited': 'User invited',
  'user.changed': 'User or role changed',
  'user.removed': 'User removed',
  'document.sent': 'Document sent',
  'document.signed': 'Document signed',
  'document.declined': 'Document declined',
  'document.completed': 'Document completed',
  'document.voided': 'Document voided',
  'document.deleted': 'Document deleted',
  'template.created': 'Template created',
  'template.changed': 'Template changed',
  'template.deleted': 'Template deleted',
  'entity.created': 'Entity created',
  'entity.changed': 'Entity changed',
  'entity.deleted': 'Entity deleted',
  'records.imported': 'Records imported',
  'records.exported': 'Records exported',
  'settings.changed': 'Settings changed',
  'branding.changed': 'Company profile or branding changed',
  'api_key.created': 'API key created',
  'oauth_app.created': 'OAuth app created',
  'oauth_app.revoked': 'OAuth app revoked',
  'payment.recorded': 'Payment recorded',
};

/** What an entry's target is: the client opens it at `ACTIVITY_TARGET_ROUTES`. */
export const ACTIVITY_TARGET_TYPES = [
  'document',
  'template',
  'entity',
  'user',
  'oauth_app',
  'payment',
  'company',
] as const;
export type TActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number];

export const ZActivityEntry = z
  .object({
    _id: z.string(),
    action: z.enum(ACTIVITY_ACTIONS),
    /** Who did it: null for a signer outside the company or a failed sign-in. */
    actor: z
      .object({ _id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() })
      .nullable(),
    target_type: z.enum(ACTIVITY_TARGET_TYPES).nullable(),
    target_id: z.string().nullable(),
    /** The target's name when the action knew it (a document's, a signer's email...). */
    target_name: z.string().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    occurred_at: z.string(),
  })
  .meta({ id: 'ActivityEntry' });
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

const optionalDate = (what: string) =>
  z.iso.datetime({ offset: true, error: `Give ${what} as an ISO date-time` }).optional();

export const ZActivityLogQuery = ZPageQuery.extend({
  actor: z.uuid('Choose a user').optional(),
  action: z.enum(ACTIVITY_ACTIONS, { error: 'Unknown action' }).optional(),
  from: optionalDate('from'),
  to: optionalDate('to'),
}).refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
  message: '"from" must come before "to"',
  path: ['to'],
});
export type TActivityLogQuery = z.input<typeof ZActivityLogQuery>;

export const ZActivityLogPage = ZPaged(ZActivityEntry);
export type TActivityLogPage = z.infer<typeof ZActivityLogPage>;

/** Entries are kept this long (the daily clean-up deletes older ones). */
export const ACTIVITY_RETENTION_DAYS = 365;
