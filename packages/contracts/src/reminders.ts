import { z } from 'zod';

/*
 * Reminders and expiry (DOMAIN-ESIGN "Reminders and expiry"): the settings that apply to a
 * user's new documents, and what one run of the scheduled sweep did.
 */

/** The three document settings a sent document carries (`ZDocumentSettings` of documents.ts). */
export const ZExpiryDocumentSettings = z.object({
  /** Days from sending until the document expires; null: never. */
  expire_after_days: z.number().int().nullable(),
  /** A pending signer or approver is reminded every this many days; null: never. */
  reminder_every_days: z.number().int().nullable(),
  /** Days before the expiry when the warning goes out; 0: no warning. */
  warn_before_expiry_days: z.number().int(),
});
export type TExpiryDocumentSettings = z.infer<typeof ZExpiryDocumentSettings>;

/**
 * `GET /document-settings/default` and `GET /documentOwner-user-settings/{userId}`: the
 * `expirations-reminders` values in effect, and the same as new documents get them.
 */
export const ZEffectiveExpirySettings = z.object({
  expire_documents: z.boolean(),
  expire_after_days: z.number().int(),
  send_reminders: z.boolean(),
  reminder_every_days: z.number().int(),
  warn_before_expiry_days: z.number().int(),
  /**
   * Where the values come from: `USER` the user saved their own, `COMPANY` the workspace owner's
   * (the company defaults), `PRODUCT` nobody saved any.
   */
  source: z.enum(['USER', 'COMPANY', 'PRODUCT']),
  document_settings: ZExpiryDocumentSettings,
});
export type TEffectiveExpirySettings = z.infer<typeof ZEffectiveExpirySettings>;

/** `GET /documentOwner-user-settings/{userId}`: the settings of that member's documents. */
export const ZDocumentOwnerSettings = ZEffectiveExpirySettings.extend({ user_id: z.string().uuid() });
export type TDocumentOwnerSettings = z.infer<typeof ZDocumentOwnerSettings>;

/** What one sweep did (`POST /cron/create-cron-job` answers it for the caller's company). */
export const ZSweepResult = z.object({
  /** WAITING documents past their expiry that became EXPIRED. */
  expired: z.number().int(),
  /** Documents whose "expires in N days" warning went out (once per expiry date). */
  warned: z.number().int(),
  /** Reminder mails sent to pending signers and approvers. */
  reminded: z.number().int(),
  /** Documents those reminders were about. */
  reminded_documents: z.number().int(),
  ran_at: z.string(),
});
export type TSweepResult = z.infer<typeof ZSweepResult>;
