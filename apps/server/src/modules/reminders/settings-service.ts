import type { TEffectiveExpirySettings } from '@esigns/contracts/reminders';
import { DEFAULT_EXPIRATIONS_REMINDERS, type TExpirationsReminders } from '@esigns/contracts/settings';
import { isUuid } from '@esigns/contracts/ids';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findCompanyOwnerId, hasMembership } from '../company';
import { overDefaults, readSavedSettings } from '../settings';

async function savedValue(
  platform: Platform,
  companyId: string,
  userId: string | null,
): Promise<Record<string, unknown> | undefined> {
  if (!userId) return undefined;
  return readSavedSettings(platform.database.db, { companyId, userId }, 'expirations_reminders');
}

function effective(
  values: TExpirationsReminders,
  source: TEffectiveExpirySettings['source'],
): TEffectiveExpirySettings {
  return {
    expire_documents: values.expire_documents,
    expire_after_days: values.expire_after_days,
    send_reminders: values.send_reminders,
    reminder_every_days: values.reminder_every_days,
    warn_before_expiry_days: values.warn_before_expiry_days,
    source,
    document_settings: {
      expire_after_days: values.expire_documents ? values.expire_after_days : null,
      reminder_every_days: values.send_reminders ? values.reminder_every_days : null,
      warn_before_expiry_days: values.expire_documents ? values.warn_before_expiry_days : 0,
    },
  };
}

/**
 * `GET /document-settings/default`: the company defaults of new documents, i.e. the
 * `expirations-reminders` saved by the workspace owner over the product defaults.
 */
export async function companyExpiryDefaults(
  platform: Platform,
  companyId: string,
): Promise<TEffectiveExpirySettings> {
  const saved = await savedValue(
    platform,
    companyId,
    await findCompanyOwnerId(platform.database.db, companyId),
  );
  return effective(overDefaults(DEFAULT_EXPIRATIONS_REMINDERS, saved), saved ? 'COMPANY' : 'PRODUCT');
}

/**
 * The settings a member's new documents get: what they saved in `expirations-reminders` over the
 * company defaults, key by key. Used by `documentOwner-user-settings/{userId}` and when a
 * document is created (documents module, `defaultDocumentSettings`, through `hooks.ts`).
 */
export async function memberExpirySettings(
  platform: Platform,
  companyId: string,
  userId: string,
): Promise<TEffectiveExpirySettings> {
  const [company, own] = await Promise.all([
    companyExpiryDefaults(platform, companyId),
    savedValue(platform, companyId, userId),
  ]);
  if (!own) return company;
  const base: TExpirationsReminders = {
    expire_documents: company.expire_documents,
    expire_after_days: company.expire_after_days,
    send_reminders: company.send_reminders,
    reminder_every_days: company.reminder_every_days,
    warn_before_expiry_days: company.warn_before_expiry_days,
  };
  return effective(overDefaults(base, own), 'USER');
}

/**
 * `GET /documentOwner-user-settings/{userId}`: for a member of the caller's company (any status
 * but never another company's user: 404).
 */
export async function documentOwnerSettings(
  platform: Platform,
  companyId: string,
  userId: string,
): Promise<TEffectiveExpirySettings & { user_id: string }> {
  if (!isUuid(userId)) throw notFound('User');
  if (!(await hasMembership(platform.database.db, companyId, userId))) throw notFound('User');
  return { user_id: userId, ...(await memberExpirySettings(platform, companyId, userId)) };
}
